import { HttpStatus, Injectable } from '@nestjs/common';
import { describeError } from '../common/all-exceptions.filter';
import { mapSettled } from '../common/concurrency';
import { cookieUin, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { ANDROID_RETRY } from '../upstream/android-comm';
import { cgiBusinessError } from '../upstream/cgi-helpers';
import { MusicuCall, UpstreamHttp } from '../upstream/upstream-http.service';
import { RequestAbortedError, UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import { AlbumInfo, mapAlbumFromCgi, mapAlbumFromMusicu } from './album.mapper';
import { BatchGetSongInfoBody } from './dto/batch-get-song-info.dto';
import { GetAlbumInfoQuery } from './dto/get-album-info.dto';
import { GetLyricQuery } from './dto/get-lyric.dto';
import { GetSongInfoQuery } from './dto/get-song-info.dto';
import { DownloadMainMusicQuery, GetMusicPlayQuery } from './dto/music-play.dto';
import { decodeBase64Text, parseLrc } from './lyric';
import { mapTrack, SongSummary } from './music.mapper';
import {
  availableQualities,
  buildFilename,
  joinUrl,
  newVkeyGuid,
  pickStreamHost,
  Quality,
  QUALITIES,
} from './play-url';

/** Song-detail lookups in flight at once for POST /batchGetSongInfo. */
export const BATCH_CONCURRENCY = 5;
/** Songs asked of AlbumSongList in one call (the refs' 999; albums are far shorter). */
const ALBUM_SONGS_NUM = 999;
/** The lyric CGI's "this song has no lyric" (retcode/code/subcode; seen in public client tests), not a failure. */
const NO_LYRIC_CODE = -1901;

interface PlayableFile {
  url: string;
  size: number;
  quality: string;
  filename: string;
  raw: unknown;
}

export interface SongDetail {
  /** `songinfo.data` as upstream sent it: `{ track_info, info, extras }`. */
  songinfo: Record<string, any>;
  raw: unknown;
}

@Injectable()
export class MusicService {
  constructor(private readonly upstream: UpstreamHttp) {}

  /**
   * `music.pf_song_detail_svr`/`get_song_detail_yqq` with only song_id or only song_mid: L1 live-tests exactly
   * that (CONTRACT §12), and the empty companion key the refs send is not needed.
   */
  async getSongDetail(by: { id: number } | { mid: string }): Promise<SongDetail> {
    const param = 'id' in by ? { song_id: by.id } : { song_mid: by.mid };
    const { raw, data } = await this.upstream.musicu({
      songinfo: { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_type: 0, ...param } },
    });
    return { songinfo: data.songinfo ?? {}, raw };
  }

  /** The MID of a numeric song id, or undefined when upstream has none. */
  async findMidById(id: number): Promise<string | undefined> {
    const { songinfo } = await this.getSongDetail({ id });
    const track = songinfo.track_info ?? songinfo.trackInfo;
    return typeof track?.mid === 'string' && track.mid ? track.mid : undefined;
  }

  /**
   * `{ code, msg, data: <summary>, songinfo: { code, data } }`: the spec's path `songinfo.data.track_info.mid`
   * resolves on the answer, and `data` is the normalised summary.
   */
  async getSongInfo(query: GetSongInfoQuery): Promise<Shaped> {
    if (!query.songid && !query.songmid) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'songid or songmid is required');
    }
    const detail = await this.getSongDetail(query.songid ? { id: Number(query.songid) } : { mid: query.songmid! });
    const summary: SongSummary | null = mapTrack(detail.songinfo.track_info);
    if (!summary) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for ${query.songid ? `songid ${query.songid}` : `songmid ${query.songmid}`}`);
    }
    return new Shaped({ code: 0, msg: 'ok', data: summary, songinfo: { code: 0, data: detail.songinfo } }, detail.raw);
  }

  // ---------------------------------------------------------------- play URL / download

  /** GET /getMusicPlay → `{ url, size, quality }`. */
  async getMusicPlay(query: GetMusicPlayQuery): Promise<Shaped> {
    const file = await this.resolveFile(query.songmid, query.quality ?? '128');
    return envelope({ url: file.url, size: file.size, quality: file.quality }, file.raw);
  }

  /** GET /downloadMainMusic → `{ url, size, quality, filename }`: the same vkey flow, plus the file name to save as. */
  async downloadMainMusic(query: DownloadMainMusicQuery): Promise<Shaped> {
    const file = await this.resolveFile(query.songmid, query.quality ?? '128');
    return envelope({ url: file.url, size: file.size, quality: file.quality, filename: file.filename }, file.raw);
  }

  /**
   * Song detail (media_mid + size of the quality) first, then the vkey for that one file.
   * 404 SONG_NOT_FOUND / QUALITY_UNAVAILABLE, 403 NO_PLAY_URL when upstream gives no purl (VIP, region, login).
   */
  private async resolveFile(songmid: string, quality: Quality): Promise<PlayableFile> {
    const detail = await this.getSongDetail({ mid: songmid });
    const track = detail.songinfo.track_info;
    const summary = mapTrack(track);
    if (!summary) throw new GatewayError(HttpStatus.NOT_FOUND, 'SONG_NOT_FOUND', `No song found for songmid ${songmid}`);
    const q = QUALITIES[quality];
    const size = Number(track.file?.[q.sizeField] ?? 0);
    if (!(size > 0)) {
      const available = availableQualities(track.file);
      throw new GatewayError(
        HttpStatus.NOT_FOUND,
        'QUALITY_UNAVAILABLE',
        `Quality ${quality} is not available for this song; available: ${available.join(', ') || 'none'}`,
        { available },
      );
    }
    const filename = buildFilename(quality, summary.mid, summary.mediaMid);
    const uin = cookieUin(parseCookie(this.upstream.effectiveCookie()));
    const guid = newVkeyGuid();
    const { info, sip, raw } = await this.getVkey(filename, guid, summary.mid, uin);
    const path = String(info?.purl || info?.wifiurl || '');
    if (!path) {
      const upstreamResult = Number(info?.result ?? -1);
      throw new GatewayError(
        HttpStatus.FORBIDDEN,
        'NO_PLAY_URL',
        'No play URL for this song (VIP/paid, region or login required)',
        { upstreamResult },
      );
    }
    return { url: joinUrl(pickStreamHost(sip), path), size, quality: q.label, filename, raw: { songinfo: detail.raw, vkey: raw } };
  }

  /** One file's `midurlinfo` entry and the answer's `sip`, via UrlGetVkey with the CgiGetVkey fallback. */
  private async getVkey(filename: string, guid: string, songmid: string, uin: string) {
    const base = { filename: [filename], guid, songmid: [songmid], songtype: [0], uin };
    const primary: MusicuCall = {
      // CONTRACT §12 "play URL / vkey" primary (L1 live-tested): music.vkey.GetVkey/UrlGetVkey, POST.
      module: 'music.vkey.GetVkey',
      method: 'UrlGetVkey',
      param: { ...base, ctx: 0, ...(uin !== '0' ? { loginflag: 1 } : {}) },
    };
    let result;
    try {
      result = await this.upstream.musicu({ req_0: primary });
    } catch (err) {
      // Account and quota codes (1000, 2001, 20274…) would fail the fallback the same way: answered as they are.
      if (!warrantsFallback(err)) throw err;
      // CONTRACT §12 fallback (2): SJ's vkey.GetVkeyServer/CgiGetVkey as a POST JSON body (copws 2025-09).
      result = await this.upstream.musicu({
        req_0: { module: 'vkey.GetVkeyServer', method: 'CgiGetVkey', param: { ...base, loginflag: 1, platform: '20' } },
      });
    }
    const data = result.data.req_0 ?? {};
    const list: any[] = Array.isArray(data.midurlinfo) ? data.midurlinfo : [];
    const info = list.find((i) => i?.filename === filename) ?? list[0];
    return { info, sip: data.sip, raw: result.raw };
  }

  // ---------------------------------------------------------------- lyric

  /** GET /getLyric → `{ lyric, trans }` decoded; with isFormat=1 each becomes `{ lyric, tags, lines }`. */
  async getLyric(query: GetLyricQuery): Promise<Shaped> {
    // CONTRACT §12 "lyric" primary: the CGI answers base64 plain LRC (the musicu fallback needs QRC decryption).
    const { raw } = await this.upstream.cgi<Record<string, any>>(
      '/lyric/fcgi-bin/fcg_query_lyric_new.fcg',
      { songmid: query.songmid, format: 'json', g_tk: 5381, pcachetime: Date.now() },
      // retcode/code/subcode, and −1901 means "no lyric", not a failure: read below.
      { referer: 'https://y.qq.com/', ownCodes: true },
    );
    const code = [raw?.retcode, raw?.code, raw?.subcode].map(Number).find((c) => Number.isFinite(c) && c !== 0) ?? 0;
    if (code === NO_LYRIC_CODE || (code === 0 && typeof raw?.lyric !== 'string')) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'LYRIC_NOT_FOUND', `No lyric found for songmid ${query.songmid}`, {
        upstreamCode: code || null,
      });
    }
    // Any other code is a failure, mapped like every business code (1000 → 401 login required).
    const failed = cgiBusinessError({ code }, 'fcg_query_lyric_new.fcg');
    if (failed) throw failed;
    const lyric = decodeBase64Text(raw.lyric);
    const trans = decodeBase64Text(raw.trans);
    if (Number(query.isFormat) === 1) return envelope({ lyric: parseLrc(lyric), trans: parseLrc(trans) }, raw);
    return envelope({ lyric, trans }, raw);
  }

  // ---------------------------------------------------------------- album

  /** GET /getAlbumInfo → album record with its songs. */
  async getAlbumInfo(query: GetAlbumInfoQuery): Promise<Shaped> {
    const mid = query.albummid;
    let album: AlbumInfo | null;
    let raw: unknown;
    try {
      const songsCall: MusicuCall = {
        module: 'music.musichallAlbum.AlbumSongList',
        method: 'GetAlbumSongList',
        param: { albumMid: mid, begin: 0, num: ALBUM_SONGS_NUM },
      };
      // CONTRACT §12 "album info / songs" primary: one POST, detail + song list (L1 modules/album.py).
      const res = await this.upstream.musicu({
        detail: { module: 'music.musichallAlbum.AlbumInfoServer', method: 'GetAlbumDetail', param: { albumMId: mid } },
        songs: songsCall,
      });
      raw = res.raw;
      album = mapAlbumFromMusicu(res.data.detail, res.data.songs);
      // A known album whose song list came back empty: only then is the Android retry worth a call.
      if (album && isEmptySongList(res.data.songs)) {
        // CONTRACT §12.1: L1 tests AlbumSongList with the Android comm only; an empty web-comm answer is retried once with it.
        const retry = await this.upstream.musicu({ songs: songsCall }, ANDROID_RETRY);
        raw = { ...res.raw, songs: retry.raw.songs };
        album = mapAlbumFromMusicu(res.data.detail, retry.data.songs);
      }
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      // CONTRACT §12 fallback: SJ's legacy CGI on c.y.qq.com (copws 2025-09 ✓).
      const res = await this.upstream.cgi<Record<string, any>>('/v8/fcg-bin/fcg_v8_album_info_cp.fcg', {
        albummid: mid,
        format: 'json',
        inCharset: 'utf8',
        outCharset: 'utf-8',
      });
      album = mapAlbumFromCgi(res.raw);
      raw = res.raw;
    }
    if (!album) throw new GatewayError(HttpStatus.NOT_FOUND, 'ALBUM_NOT_FOUND', `No album found for albummid ${mid}`);
    return envelope(album, raw);
  }

  // ---------------------------------------------------------------- batch song info

  /**
   * POST /batchGetSongInfo: one song-detail lookup per element, at most BATCH_CONCURRENCY in flight; a failed or
   * unknown song becomes `{ ok: false, error, errorCode }` and the others are kept.
   */
  async batchGetSongInfo(body: BatchGetSongInfoBody): Promise<Shaped> {
    const items = (body.songs ?? []).map(([mid, id]) => ({ song_mid: mid.trim(), song_id: (id ?? '').trim() }));
    const outcomes = await mapSettled(items, BATCH_CONCURRENCY, (item) =>
      this.getSongDetail(item.song_mid ? { mid: item.song_mid } : { id: Number(item.song_id) }),
    );
    const raws: unknown[] = [];
    const data = items.map((item, i) => {
      const outcome = outcomes[i];
      if (outcome.status === 'rejected') {
        if (outcome.reason instanceof RequestAbortedError) throw outcome.reason;
        raws.push(null);
        return { ...item, ok: false as const, ...describeFailure(outcome.reason) };
      }
      raws.push(outcome.value.raw);
      const summary = mapTrack(outcome.value.songinfo.track_info);
      if (!summary) {
        return { ...item, ok: false as const, error: `No song found for ${item.song_mid ? `songmid ${item.song_mid}` : `songid ${item.song_id}`}`, errorCode: 'SONG_NOT_FOUND' };
      }
      return { ...item, ok: true as const, data: summary, songinfo: { code: 0, data: outcome.value.songinfo } };
    });
    return envelope(data, raws);
  }
}


/** AlbumSongList answered no songs and no total. */
const isEmptySongList = (songs: Record<string, any> | undefined): boolean =>
  !(Array.isArray(songs?.songList) && songs.songList.length) && !Number(songs?.totalNum);

/** errorCode for one failed lookup inside an aggregate: the very mapping a single call gets (account codes stay distinct). */
function describeFailure(reason: unknown): { error: string; errorCode: string; upstreamCode?: number } {
  if (reason instanceof UpstreamError) {
    const [, body] = describeError(reason);
    const out: { error: string; errorCode: string; upstreamCode?: number } = { error: body.error, errorCode: body.errorCode };
    if (reason.details.upstreamCode !== undefined) out.upstreamCode = reason.details.upstreamCode;
    return out;
  }
  return { error: 'Internal error', errorCode: 'INTERNAL' };
}
