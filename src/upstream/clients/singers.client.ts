import { Injectable, Logger } from '@nestjs/common';
import { records } from '../../common/catalogue';
import type { MusicuCall } from '../upstream.types';
import { businessError, UpstreamError, warrantsFallback } from '../upstream.errors';
import { type MvOrder, type SingerFilter, type SingerListModule, toUpstreamFilter, UPSTREAM_ALL, UPSTREAM_SINGER_PAGE } from './singers.params';
import { parseSingerDescXml, SingerDescXmlError } from './singers.parse';
import { UpstreamClient } from './upstream-client';

/** Upstream `order` of GetSingerMvList: 1 = most played, 0 = newest. docs/upstream/singers.md "Singer MVs". */
export const MV_ORDER_CODES: Record<MvOrder, number> = { listen: 1, time: 0 };

/** How many similar singers to ask for; upstream returns at most 10. docs/upstream/singers.md "Similar singers". */
export const SIMILAR_SINGER_COUNT = 10;

/** The CGI taking a numeric singer id. docs/upstream/singers.md "Singer songs by numeric id". */
export const SINGER_TRACK_CGI = '/v8/fcg-bin/fcg_v8_singer_track_cp.fcg';
/** The older Koa services' singer MV list (legacy shape only). */
export const SINGER_MV_CGI = '/mv/fcgi-bin/fcg_singer_mv.fcg';

type Raw = Record<string, any>;

/** A musicu or CGI answer: the upstream body as received, and the data the feature maps. */
export interface SingerAnswer<T> {
  raw: unknown;
  data: T;
}

/** QQ Music's singer calls (docs/upstream/singers.md). */
@Injectable()
export class SingersClient extends UpstreamClient {
  private readonly logger = new Logger(SingersClient.name);

  /**
   * Upstream pages `pages` (1-based, 80 singers each) of the singer list for the spec's `filter`, in one envelope,
   * each page's data in order. docs/upstream/singers.md "Singer list" (primary and fallback modules).
   */
  async list(filter: SingerFilter, pages: number[]): Promise<SingerAnswer<Raw[]>> {
    const ask = async (module: SingerListModule) => {
      const codes = toUpstreamFilter(filter, module);
      const [mod, method] =
        module === 'musichall'
          ? ['music.musichallSinger.SingerList', 'GetSingerListIndex']
          : ['Music.SingerListServer', 'get_singer_list'];
      const calls: Record<string, MusicuCall> = {};
      for (const p of pages) {
        calls[`page_${p}`] = {
          module: mod,
          method,
          param: { ...codes, index: UPSTREAM_ALL, sin: (p - 1) * UPSTREAM_SINGER_PAGE, cur_page: p },
        };
      }
      return this.musicu(calls);
    };
    let answer;
    try {
      answer = await ask('musichall');
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.musichallSinger.SingerList.GetSingerListIndex');
      this.logger.warn(`GetSingerListIndex failed (${err.message}); trying Music.SingerListServer`);
      answer = await ask('legacy');
    }
    const data = answer.data;
    return { raw: answer.raw, data: pages.map((p): Raw => data[`page_${p}`] ?? {}) };
  }

  /**
   * The singer's description: the XML CGI's text and its parsed `info` (null when it has none). Unusable XML is a
   * bad_body failure, a non-zero `code` a business error. docs/upstream/singers.md "Singer description".
   */
  async desc(singermid: string): Promise<{ text: string; info: Raw | null }> {
    const { text } = await this.cgi(
      '/splcloud/fcgi-bin/fcg_get_singer_desc.fcg',
      { singermid, format: 'xml', outCharset: 'utf-8', utf8: 1, r: Date.now() },
      { format: 'xml', referer: 'https://y.qq.com/' },
    );
    let parsed;
    try {
      parsed = parseSingerDescXml(text);
    } catch (err) {
      if (!(err instanceof SingerDescXmlError)) throw err;
      throw new UpstreamError('bad_body', `Upstream fcg_get_singer_desc.fcg answered unusable XML (${err.message})`, 'c', {
        target: 'fcg_get_singer_desc.fcg',
      });
    }
    if (parsed.code !== 0) throw businessError(parsed.code, 'fcg_get_singer_desc.fcg', 'c');
    return { text, info: parsed.info };
  }

  /**
   * `num` of the singer's most popular songs from song `begin`: the song items and upstream's total.
   * docs/upstream/singers.md "Singer songs" (Android retry on an empty answer, fallback on a business error).
   */
  async hotSongs(singermid: string, begin: number, num: number): Promise<SingerAnswer<{ songs: Raw[]; total: number }>> {
    const call: MusicuCall = {
      module: 'musichall.song_list_server',
      method: 'GetSingerSongList',
      param: { singerMid: singermid, order: 1, number: num, begin },
    };
    try {
      let res = await this.musicu({ songs: call });
      if (!records(res.data.songs?.songList).length && !Number(res.data.songs?.totalNum)) {
        // docs/upstream/README.md "Android retry": an empty web-comm answer is asked once more with the Android comm.
        this.fellBack('musichall.song_list_server.GetSingerSongList');
        res = await this.musicu({ songs: call }, { profile: 'android' });
      }
      return this.sampleShape('singer', { raw: res.raw, data: { songs: records(res.data.songs?.songList), total: Number(res.data.songs?.totalNum ?? 0) || 0 } });
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('musichall.song_list_server.GetSingerSongList');
      this.logger.warn(`GetSingerSongList failed (${err.message}); trying get_singer_detail_info`);
      const res = await this.musicu({
        singer: {
          module: 'music.web_singer_info_svr',
          method: 'get_singer_detail_info',
          param: { sort: 5, singermid, sin: begin, num },
        },
      });
      return { raw: res.raw, data: { songs: records(res.data.singer?.songlist), total: Number(res.data.singer?.total_song_num ?? 0) || 0 } };
    }
  }

  /**
   * The singer block of `get_singer_detail_info` (`singer_info`, `singer_brief`, `total_song`, `total_album`,
   * `total_mv`, `songlist`): the key's code and data, a business code included. Asked only for the legacy shape of
   * /getSingerHotsong. docs/upstream/singers.md "Singer detail block".
   */
  async detailInfo(singermid: string, sin: number, num: number): Promise<{ code: number; data: any }> {
    const { results } = await this.musicuPartial({
      singer: { module: 'music.web_singer_info_svr', method: 'get_singer_detail_info', param: { sort: 5, singermid, sin, num } },
    });
    return { code: results.singer.code, data: results.singer.data };
  }

  /**
   * `num` of the singer's albums from album `begin`: the key's data (`albumList`, `total`).
   * docs/upstream/singers.md "Singer albums" (the same call with the other parameter spelling on a business error).
   */
  async albums(singermid: string, begin: number, num: number): Promise<SingerAnswer<Raw>> {
    const ask = (param: Record<string, unknown>) =>
      this.musicu({ albums: { module: 'music.musichallAlbum.AlbumListServer', method: 'GetAlbumList', param } });
    let answer;
    try {
      answer = await ask({ singerMid: singermid, order: 1, number: num, begin });
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.musichallAlbum.AlbumListServer.GetAlbumList');
      this.logger.warn(`GetAlbumList (singerMid/order/number) failed (${err.message}); trying singermid/sort/num`);
      answer = await ask({ sort: 5, singermid, begin, num });
    }
    return { raw: answer.raw, data: answer.data.albums ?? {} };
  }

  /** `count` of the singer's MVs from MV `start`: the key's data (`list`, `total`). docs/upstream/singers.md "Singer MVs". */
  async mvs(singermid: string, order: MvOrder, count: number, start: number): Promise<SingerAnswer<Raw>> {
    const { raw, data } = await this.musicu({
      mvs: {
        module: 'MvService.MvInfoProServer',
        method: 'GetSingerMvList',
        param: { singermid, order: MV_ORDER_CODES[order], count, start },
      },
    });
    return { raw, data: data.mvs ?? {} };
  }

  /**
   * The older Koa services' MV list CGI, asked only for the legacy shape (docs/upstream/singers.md "Singer MVs (legacy
   * CGI)"): `data.list[]{ vid, title, pic, singer_name, listenCount… }`, the raw body as parsed.
   */
  async mvsByCgi(singermid: string, order: MvOrder, begin: number, num: number): Promise<{ raw: any }> {
    const { raw } = await this.cgi(SINGER_MV_CGI, {
      singermid,
      order,
      begin,
      num,
      cid: 205360581,
      format: 'json',
      outCharset: 'utf-8',
      // the Koa services add cmd=1 for the newest-first order
      ...(order === 'time' ? { cmd: 1 } : {}),
    });
    return { raw };
  }

  /** Singers similar to one: the singer items. docs/upstream/singers.md "Similar singers" (CGI fallback). */
  async similar(singermid: string): Promise<SingerAnswer<Raw[]>> {
    try {
      const { raw, data } = await this.musicu({
        similar: {
          module: 'music.SimilarSingerSvr',
          method: 'GetSimilarSingerList',
          param: { singerMid: singermid, number: SIMILAR_SINGER_COUNT },
        },
      });
      return { raw, data: records(data.similar?.singerlist) };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.SimilarSingerSvr.GetSimilarSingerList');
      this.logger.warn(`GetSimilarSingerList failed (${err.message}); trying fcg_v8_simsinger.fcg`);
    }
    const { raw } = await this.cgi<Raw>('/v8/fcg-bin/fcg_v8_simsinger.fcg', {
      singer_mid: singermid,
      format: 'json',
      outCharset: 'utf-8',
      utf8: 1,
      start: 0,
      num: SIMILAR_SINGER_COUNT,
    });
    return { raw, data: records(raw?.singers?.items) };
  }

  /** The fan-count CGI's answer as parsed (its count field is unconfirmed). docs/upstream/singers.md "Singer fan count". */
  async fanCount(singermid: string): Promise<{ raw: Raw }> {
    const { raw } = await this.cgi<Raw>(
      '/rsc/fcgi-bin/fcg_order_singer_getnum.fcg',
      { singermid, format: 'json', outCharset: 'utf-8', utf8: 1, rnd: Date.now() },
      { referer: 'https://y.qq.com/' },
    );
    return { raw };
  }

  /**
   * `num` of a singer's most-listened songs from `begin`, by numeric singer id: the CGI's answer as parsed
   * (`data.list[].musicData`, `data.total`, `data.singer_mid`). docs/upstream/singers.md "Singer songs by numeric id".
   */
  async hotSongsById(singerid: string, begin: number, num: number): Promise<{ raw: any }> {
    const { raw } = await this.cgi(SINGER_TRACK_CGI, {
      singerid,
      order: 'listen',
      begin,
      num,
      songstatus: 1,
      format: 'json',
      outCharset: 'utf-8',
    });
    return { raw };
  }
}
