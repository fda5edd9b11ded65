import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { records } from '../common/catalogue';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { ANDROID_RETRY } from '../upstream/android-comm';
import { MusicuCall, UpstreamHttp } from '../upstream/upstream-http.service';
import { businessError, UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import {
  GetSingerListQuery,
  GetSingerMvQuery,
  MvOrder,
  SingerMidQuery,
  SingerPagedQuery,
} from './dto/singer-query.dto';
import { singerListWindow, SingerListModule, toUpstreamFilter, UPSTREAM_ALL, UPSTREAM_SINGER_PAGE } from './singer-codes';
import {
  mapSimilarSinger,
  mapSingerAlbum,
  mapSingerDesc,
  mapSingerMv,
  mapSingerSong,
  parseSingerDescXml,
  pickFanCount,
  SingerDescXmlError,
  sliceSingerPages,
} from './singers.mapper';

/** Upstream `order` of GetSingerMvList: 1 = most played (L1's live-tested value), 0 = newest (as GetAllocMvInfo). */
export const MV_ORDER_CODES: Record<MvOrder, number> = { listen: 1, time: 0 };

/** How many similar singers to ask for (L1's default; upstream returns at most 10). */
export const SIMILAR_SINGER_COUNT = 10;

/** A business error another module may answer (account/quota codes are final: warrantsFallback). */
const isBusiness = (err: unknown): err is UpstreamError => warrantsFallback(err);

@Injectable()
export class SingersService {
  private readonly logger = new Logger(SingersService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  /** Filters translated per module, 0-based page of `limit` cut out of upstream's fixed 80-singer pages. */
  async getSingerList(q: GetSingerListQuery): Promise<Shaped> {
    const filter = { area: q.area ?? -1, sex: q.sex ?? -1, genre: q.genre ?? -1 };
    const page = q.page ?? 0;
    const limit = q.limit ?? 20;
    const window = singerListWindow(page, limit);
    const ask = async (module: SingerListModule) => {
      const codes = toUpstreamFilter(filter, module);
      const [mod, method] =
        module === 'musichall'
          ? ['music.musichallSinger.SingerList', 'GetSingerListIndex']
          : ['Music.SingerListServer', 'get_singer_list'];
      const calls: Record<string, MusicuCall> = {};
      for (const p of window.pages) {
        calls[`page_${p}`] = {
          module: mod,
          method,
          param: { ...codes, index: UPSTREAM_ALL, sin: (p - 1) * UPSTREAM_SINGER_PAGE, cur_page: p },
        };
      }
      return this.upstream.musicu(calls);
    };
    let answer;
    try {
      // CONTRACT §12 primary (L1✓ test_singer.py): music.musichallSinger.SingerList/GetSingerListIndex, both pages in one envelope.
      answer = await ask('musichall');
    } catch (err) {
      if (!isBusiness(err)) throw err;
      this.logger.warn(`GetSingerListIndex failed (${err.message}); trying Music.SingerListServer`);
      // CONTRACT §2.8 / §12 fallback: the refs' Music.SingerListServer/get_singer_list (fixture-backed; genre 1/2).
      answer = await ask('legacy');
    }
    const pages = window.pages.map((p) => answer.data[`page_${p}`] ?? {});
    const singers = sliceSingerPages(pages, window.skip, limit);
    const total = Number(pages[0]?.total ?? 0) || 0;
    return envelope({ singers, total }, answer.raw);
  }

  /** `{desc, birth, birthPlace}` (+ name and every basic/other item) from the XML CGI. */
  async getSingerDesc(q: SingerMidQuery): Promise<Shaped> {
    // The spec/issue asks for the XML CGI (CONTRACT §2.8, format=xml is the only form with data, §1.5); §12's JSON
    // GetSingerDetail is not used because its fields carry no birthplace.
    const { text } = await this.upstream.cgi(
      '/splcloud/fcgi-bin/fcg_get_singer_desc.fcg',
      { singermid: q.singermid, format: 'xml', outCharset: 'utf-8', utf8: 1, r: Date.now() },
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
    return envelope({ singerMID: q.singermid, ...mapSingerDesc(parsed.info) }, text);
  }

  async getSingerHotsong(q: SingerPagedQuery): Promise<Shaped> {
    const begin = q.page * q.limit;
    const call: MusicuCall = {
      module: 'musichall.song_list_server',
      method: 'GetSingerSongList',
      param: { singerMid: q.singermid, order: 1, number: q.limit, begin },
    };
    let raw: unknown;
    let songs: any[];
    let total: number;
    try {
      // CONTRACT §12 primary (L1✓ test_get_songs_list): begin = page × limit, never negative (no sin = −5 bug).
      let res = await this.upstream.musicu({ songs: call });
      if (!records(res.data.songs?.songList).length && !Number(res.data.songs?.totalNum)) {
        // CONTRACT §12.1: L1 tests this module with the Android comm only; an empty web-comm answer is retried once with it.
        res = await this.upstream.musicu({ songs: call }, ANDROID_RETRY);
      }
      raw = res.raw;
      songs = records(res.data.songs?.songList);
      total = Number(res.data.songs?.totalNum ?? 0) || 0;
    } catch (err) {
      if (!isBusiness(err)) throw err;
      this.logger.warn(`GetSingerSongList failed (${err.message}); trying get_singer_detail_info`);
      // CONTRACT §12 fallback: the refs' music.web_singer_info_svr/get_singer_detail_info (copws 2025-09 ✓), sin ≥ 0.
      const res = await this.upstream.musicu({
        singer: {
          module: 'music.web_singer_info_svr',
          method: 'get_singer_detail_info',
          param: { sort: 5, singermid: q.singermid, sin: begin, num: q.limit },
        },
      });
      raw = res.raw;
      songs = records(res.data.singer?.songlist);
      total = Number(res.data.singer?.total_song_num ?? 0) || 0;
    }
    return envelope({ singerMID: q.singermid, songs: songs.map(mapSingerSong), total }, raw);
  }

  async getSingerAlbum(q: SingerPagedQuery): Promise<Shaped> {
    const begin = q.page * q.limit;
    const ask = (param: Record<string, unknown>) =>
      this.upstream.musicu({ albums: { module: 'music.musichallAlbum.AlbumListServer', method: 'GetAlbumList', param } });
    let answer;
    try {
      // CONTRACT §12 primary (L1✓ test_get_album_list), with L1's param names singerMid/order/number/begin.
      answer = await ask({ singerMid: q.singermid, order: 1, number: q.limit, begin });
    } catch (err) {
      if (!isBusiness(err)) throw err;
      this.logger.warn(`GetAlbumList (L1 keys) failed (${err.message}); trying the refs' keys`);
      // CONTRACT §2.8 / §11 item 10: the refs' spelling of the same call (fixture-backed), begin = page × limit (not raw page).
      answer = await ask({ sort: 5, singermid: q.singermid, begin, num: q.limit });
    }
    const data = answer.data.albums ?? {};
    const albums = records(data.albumList).map(mapSingerAlbum);
    return envelope({ singerMID: q.singermid, albums, total: Number(data.total ?? 0) || 0 }, answer.raw);
  }

  async getSingerMv(q: GetSingerMvQuery): Promise<Shaped> {
    const order = q.order ?? 'listen';
    // CONTRACT §12 primary (L1✓ test_get_mv_list): count = limit (the refs ignored limit), start = page × limit.
    const { raw, data } = await this.upstream.musicu({
      mvs: {
        module: 'MvService.MvInfoProServer',
        method: 'GetSingerMvList',
        param: { singermid: q.singermid, order: MV_ORDER_CODES[order], count: q.limit, start: q.page * q.limit },
      },
    });
    const answer = data.mvs ?? {};
    const mvs = records(answer.list).map(mapSingerMv);
    return envelope({ singerMID: q.singermid, order, mvs, total: Number(answer.total ?? 0) || 0 }, raw);
  }

  async getSimilarSinger(q: SingerMidQuery): Promise<Shaped> {
    try {
      // CONTRACT §12 primary (L1✓ test_get_similar_with_number).
      const { raw, data } = await this.upstream.musicu({
        similar: {
          module: 'music.SimilarSingerSvr',
          method: 'GetSimilarSingerList',
          param: { singerMid: q.singermid, number: SIMILAR_SINGER_COUNT },
        },
      });
      const singers = records(data.similar?.singerlist).map(mapSimilarSinger);
      return envelope({ singerMID: q.singermid, singers }, raw);
    } catch (err) {
      if (!isBusiness(err)) throw err;
      this.logger.warn(`GetSimilarSingerList failed (${err.message}); trying fcg_v8_simsinger.fcg`);
    }
    // CONTRACT §2.8 / §12 fallback: the refs' CGI fcg_v8_simsinger.fcg → singers.items[] (at most 10 upstream).
    const { raw } = await this.upstream.cgi<Record<string, any>>('/v8/fcg-bin/fcg_v8_simsinger.fcg', {
      singer_mid: q.singermid,
      format: 'json',
      outCharset: 'utf-8',
      utf8: 1,
      start: 0,
      num: SIMILAR_SINGER_COUNT,
    });
    const singers = records(raw?.singers?.items).map(mapSimilarSinger);
    return envelope({ singerMID: q.singermid, singers }, raw);
  }

  async getSingerStarNum(q: SingerMidQuery): Promise<Shaped> {
    // The only known source (CONTRACT §2.8, §12 "singer fans count": unverified, no live evidence of anything better).
    const { raw } = await this.upstream.cgi<Record<string, any>>(
      '/rsc/fcgi-bin/fcg_order_singer_getnum.fcg',
      { singermid: q.singermid, format: 'json', outCharset: 'utf-8', utf8: 1, rnd: Date.now() },
      { referer: 'https://y.qq.com/' },
    );
    const fanCount = pickFanCount(raw);
    if (fanCount === undefined) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'UPSTREAM_BAD_RESPONSE', 'Upstream fcg_order_singer_getnum.fcg answered no fan count');
    }
    return envelope({ singerMID: q.singermid, fanCount }, raw);
  }
}
