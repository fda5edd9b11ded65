import { Injectable } from '@nestjs/common';
import { cookieUin, parseCookie } from '../../common/cookie';
import { ANDROID_PARAM_VERSION } from '../identity/comm-profiles';
import { cgiBusinessError } from '../cgi-helpers';
import type { MusicuCall } from '../upstream.types';
import { businessError, requireKey, UpstreamError, warrantsFallback } from '../upstream.errors';
import { decodeLyricPayload } from './lyric-payload';
import { chunk, isKnownAlbum, newVkeyGuid, VKEY_FILES_PER_CALL } from './music.params';
import { UpstreamClient } from './upstream-client';

type Raw = Record<string, any>;

/** Songs asked of AlbumSongList in one call (999, as jsososo/QQMusicApi asks; albums are far shorter). */
const ALBUM_SONGS_NUM = 999;
/** The lyric CGI's "this song has no lyric" (retcode/code/subcode), not a failure. */
const NO_LYRIC_CODE = -1901;
/** The lyric CGI, as its errors and its fallback name it. */
const LYRIC_CGI = 'fcg_query_lyric_new.fcg';

export interface SongDetail {
  /** `songinfo.data` as upstream sent it: `{ track_info, info, extras }`. */
  songinfo: Raw;
  raw: unknown;
}

/** A vkey answer: each file's `midurlinfo` entry (`purl`, `wifiurl`, `result`…) by file name, and the answer's `sip`. */
export interface VkeyBatch {
  byFilename: Map<string, Raw>;
  /** Entries upstream sent without a `filename` (matched by their `songmid`). */
  nameless: Raw[];
  sip: unknown;
  raw: unknown;
}

const SONG_DETAIL_TARGET = 'music.pf_song_detail_svr.get_song_detail_yqq';

/** A song by numeric id or by MID. */
export type SongRef = { id: number } | { mid: string };

const refOf = (by: SongRef): string => ('id' in by ? `id:${by.id}` : `mid:${by.mid}`);

function songDetailCall(by: SongRef): MusicuCall {
  const param = 'id' in by ? { song_id: by.id } : { song_mid: by.mid };
  return { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_type: 0, ...param } };
}

function vkeyBatch(data: Raw | undefined, raw: unknown): VkeyBatch {
  const list: Raw[] = (Array.isArray(data?.midurlinfo) ? data.midurlinfo : []).filter((i: unknown) => typeof i === 'object' && i !== null);
  // An entry without a file name is taken as its song's (keyed by the file name that song was asked with).
  const byFilename = new Map<string, Raw>();
  for (const entry of list) if (typeof entry.filename === 'string') byFilename.set(entry.filename, entry);
  return { byFilename, nameless: list.filter((entry) => typeof entry.filename !== 'string'), sip: data?.sip, raw };
}

/** Several vkey answers as one: every entry, the first `sip` that has hosts, each call's raw answer. */
function mergeVkeyBatches(batches: VkeyBatch[]): VkeyBatch {
  const byFilename = new Map<string, Raw>();
  for (const batch of batches) for (const [name, entry] of batch.byFilename) byFilename.set(name, entry);
  const sip = batches.map((b) => b.sip).find((hosts) => Array.isArray(hosts) && hosts.length > 0) ?? batches[0]?.sip;
  return { byFilename, nameless: batches.flatMap((b) => b.nameless), sip, raw: batches.map((b) => b.raw) };
}

/**
 * The lyric CGI's answer, or the same fields rebuilt from its fallback: `noLyric` when upstream has none (then `code`
 * is its code, or 0).
 */
export interface LyricAnswer {
  raw: Raw;
  noLyric: boolean;
  code: number;
}

/** An album from whichever call answered: musicu's two keys, or the legacy CGI's body (`raw`). */
export type AlbumAnswer =
  | { source: 'musicu'; raw: unknown; detail: Raw | undefined; songs: Raw | undefined }
  | { source: 'cgi'; raw: Raw };

/** One page of an album's song list: `songList[].songInfo` and the album's `totalNum`. */
export interface AlbumSongsAnswer {
  raw: unknown;
  songs: Raw | undefined;
}

/** QQ Music's song detail, play-URL keys, lyrics and albums (docs/upstream/music.md). */
@Injectable()
export class MusicClient extends UpstreamClient {
  /** One song by numeric id or MID. docs/upstream/music.md "Song detail". */
  async songDetail(by: SongRef): Promise<SongDetail> {
    const { raw, data } = await this.musicu({ songinfo: songDetailCall(by) });
    return this.sampleShape('song', { songinfo: data.songinfo ?? {}, raw });
  }

  /**
   * Many songs in ONE musicu request: one detail key per distinct song, so a batch costs one round trip. Each element
   * is its song's detail (with `raw` shaped like a single call's answer) or the error its key answered.
   * docs/upstream/music.md "Song detail".
   */
  async songDetails(songs: readonly SongRef[]): Promise<(SongDetail | Error)[]> {
    const keyOf = new Map<string, string>();
    const calls: Record<string, MusicuCall> = {};
    for (const by of songs) {
      const ref = refOf(by);
      if (keyOf.has(ref)) continue;
      const key = `songinfo_${keyOf.size}`;
      keyOf.set(ref, key);
      calls[key] = songDetailCall(by);
    }
    if (!keyOf.size) return [];
    const { raw, results } = await this.musicuPartial(calls);
    // The envelope's own fields (code, ts, traceid…) without the other songs' keys, as a single call's answer has them.
    const head = Object.fromEntries(Object.entries(raw).filter(([k]) => !(k in calls)));
    return songs.map((by) => {
      const key = keyOf.get(refOf(by))!;
      try {
        const data = requireKey(results[key], SONG_DETAIL_TARGET);
        return { songinfo: data ?? {}, raw: { ...head, songinfo: raw[key] } };
      } catch (err) {
        return err as Error;
      }
    });
  }

  /**
   * The play keys of `filenames` (one per MID of `songmids`), asked as the caller's (or the stored) login when there
   * is one, VKEY_FILES_PER_CALL files per call (several calls run together, their entries merged).
   * docs/upstream/music.md "Play URL" (UrlGetVkey, then CgiGetVkey on a business error) and "Batch play URLs".
   */
  async vkeys(filenames: string[], songmids: string[]): Promise<VkeyBatch> {
    const mids = chunk(songmids, VKEY_FILES_PER_CALL);
    const batches = await Promise.all(chunk(filenames, VKEY_FILES_PER_CALL).map((names, i) => this.vkeyCall(names, mids[i])));
    return batches.length === 1 ? batches[0] : mergeVkeyBatches(batches);
  }

  private async vkeyCall(filenames: string[], songmids: string[]): Promise<VkeyBatch> {
    const calls = this.vkeyCalls(filenames, songmids);
    try {
      const { raw, data } = await this.musicu({ req_0: calls.primary });
      return this.sampleShape('playUrl', vkeyBatch(data.req_0, raw));
    } catch (err) {
      // Account and quota codes (1000, 2001, 20274…) would fail the fallback the same way: answered as they are.
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.vkey.GetVkey.UrlGetVkey');
      const { raw, data } = await this.musicu({ req_0: calls.fallback });
      return vkeyBatch(data.req_0, raw);
    }
  }

  /**
   * The details of `detailMids` and the play keys of `filenames` in ONE musicu request, so a play URL costs one round
   * trip when the file names are right (they are built from the song MID, which is the media MID of most songs).
   * At most VKEY_FILES_PER_CALL file names (the caller asks more with `vkeys`). A detail whose key failed is its
   * Error; `vkeys` is undefined when the key call failed with a code the CgiGetVkey fallback may fix (see `vkeys`).
   * docs/upstream/music.md "Play URL".
   */
  async songsWithVkeys(detailMids: string[], filenames: string[], songmids: string[]): Promise<{ details: (SongDetail | Error)[]; vkeys: VkeyBatch | undefined }> {
    const calls: Record<string, MusicuCall> = {};
    detailMids.forEach((mid, i) => (calls[`songinfo_${i}`] = songDetailCall({ mid })));
    calls.req_0 = this.vkeyCalls(filenames, songmids).primary;
    const { raw, results } = await this.musicuPartial(calls);
    const details = detailMids.map((_mid, i): SongDetail | Error => {
      try {
        return { songinfo: requireKey(results[`songinfo_${i}`], SONG_DETAIL_TARGET) ?? {}, raw };
      } catch (err) {
        return err as Error;
      }
    });
    const keys = results.req_0;
    if (keys.code === 0) return { details, vkeys: this.sampleShape('playUrl', vkeyBatch(keys.data, raw)) };
    const err: Error = businessError(keys.code, 'music.vkey.GetVkey.UrlGetVkey');
    if (!warrantsFallback(err)) throw err;
    this.fellBack('music.vkey.GetVkey.UrlGetVkey');
    return { details, vkeys: undefined };
  }

  private vkeyCalls(filenames: string[], songmids: string[]): { primary: MusicuCall; fallback: MusicuCall } {
    const uin = cookieUin(parseCookie(this.effectiveCookie()));
    const base = { filename: filenames, guid: newVkeyGuid(), songmid: songmids, songtype: songmids.map(() => 0), uin };
    return {
      primary: { module: 'music.vkey.GetVkey', method: 'UrlGetVkey', param: { ...base, ctx: 0, ...(uin !== '0' ? { loginflag: 1 } : {}) } },
      fallback: { module: 'vkey.GetVkeyServer', method: 'CgiGetVkey', param: { ...base, loginflag: 1, platform: '20' } },
    };
  }

  /**
   * A song's lyric (base64 LRC in `lyric`/`trans`) from the lyric CGI. "No lyric" (−1901, or no `lyric` string) is
   * `noLyric`, not a failure. When the CGI fails in a way `warrantsLyricFallback` accepts, the same fields come from
   * PlayLyricInfo instead (`options.fallback: false` leaves that out, for a caller that saw PlayLyricInfo fail just
   * now). An answer that succeeds is never checked against PlayLyricInfo, translation or not: one call per lyric.
   * docs/upstream/music.md "Lyric".
   */
  async lyric(songmid: string, options: { fallback?: boolean } = {}): Promise<LyricAnswer> {
    try {
      return await this.lyricFromCgi(songmid);
    } catch (err) {
      if (options.fallback === false || !warrantsLyricFallback(err)) throw err;
      this.fellBack(LYRIC_CGI);
      return this.lyricFromPlayLyric(songmid);
    }
  }

  private async lyricFromCgi(songmid: string): Promise<LyricAnswer> {
    const { raw } = await this.cgi<Raw>(
      '/lyric/fcgi-bin/fcg_query_lyric_new.fcg',
      { songmid, format: 'json', g_tk: 5381, pcachetime: Date.now() },
      // The codes (retcode/code/subcode, −1901 = no lyric) are read below.
      { referer: 'https://y.qq.com/', ownCodes: true },
    );
    const code = [raw?.retcode, raw?.code, raw?.subcode].map(Number).find((c) => Number.isFinite(c) && c !== 0) ?? 0;
    if (code === 0) this.sampleShape('lyric', { raw });
    if (code === NO_LYRIC_CODE || (code === 0 && typeof raw?.lyric !== 'string')) return { raw, noLyric: true, code };
    const failed = cgiBusinessError({ code }, LYRIC_CGI);
    if (failed) throw failed;
    return { raw, noLyric: false, code };
  }

  /**
   * The lyric CGI's answer rebuilt from PlayLyricInfo's LRC and translation (`qrc: 0`), base64 like the CGI's, so both
   * response shapes read it unchanged. An empty lyric is "no lyric"; a translation that does not decode is left out.
   */
  private async lyricFromPlayLyric(songmid: string): Promise<LyricAnswer> {
    const { data } = await this.musicu({ lyric: playLyricCall(songmid, { qrc: 0, roma: 0 }) });
    const lyric = decodeLyricPayload(data.lyric?.lyric);
    if (!lyric.ok) {
      throw new UpstreamError('bad_body', `Upstream ${PLAY_LYRIC_TARGET} answered a lyric that does not decode: ${lyric.reason}`, 'u', {
        target: PLAY_LYRIC_TARGET,
      });
    }
    const trans = decodeLyricPayload(data.lyric?.trans);
    const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
    const raw = { retcode: 0, code: 0, subcode: 0, lyric: base64(lyric.text), trans: trans.ok ? base64(trans.text) : '' };
    return { raw, noLyric: lyric.text === '', code: 0 };
  }

  /**
   * `num` songs of an album from `begin`, asked again with the Android comm when the web comm answers none.
   * docs/upstream/music.md "Album".
   */
  async albumSongs(mid: string, begin: number, num: number): Promise<AlbumSongsAnswer> {
    const call: MusicuCall = { module: 'music.musichallAlbum.AlbumSongList', method: 'GetAlbumSongList', param: { albumMid: mid, begin, num } };
    const res = await this.musicu({ songs: call });
    if (!isEmptySongList(res.data.songs)) return { raw: res.raw, songs: res.data.songs };
    this.fellBack('music.musichallAlbum.AlbumSongList.GetAlbumSongList');
    const retry = await this.musicu({ songs: call }, { profile: 'android' });
    return { raw: retry.raw, songs: retry.data.songs };
  }

  /**
   * An album and its songs: detail + song list in one POST (Android retry of the song list when a known album came
   * back without songs), else the legacy CGI on a business error. docs/upstream/music.md "Album".
   */
  async album(mid: string): Promise<AlbumAnswer> {
    try {
      const songsCall: MusicuCall = {
        module: 'music.musichallAlbum.AlbumSongList',
        method: 'GetAlbumSongList',
        param: { albumMid: mid, begin: 0, num: ALBUM_SONGS_NUM },
      };
      const res = await this.musicu({
        detail: { module: 'music.musichallAlbum.AlbumInfoServer', method: 'GetAlbumDetail', param: { albumMId: mid } },
        songs: songsCall,
      });
      if (isKnownAlbum(res.data.detail) && isEmptySongList(res.data.songs)) {
        // docs/upstream/README.md "Android retry": only the song list is asked again, with the Android comm.
        this.fellBack('music.musichallAlbum.AlbumSongList.GetAlbumSongList');
        const retry = await this.musicu({ songs: songsCall }, { profile: 'android' });
        return { source: 'musicu', raw: { ...res.raw, songs: retry.raw.songs }, detail: res.data.detail, songs: retry.data.songs };
      }
      return { source: 'musicu', raw: res.raw, detail: res.data.detail, songs: res.data.songs };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.musichallAlbum.AlbumInfoServer.GetAlbumDetail');
      const res = await this.cgi<Raw>('/v8/fcg-bin/fcg_v8_album_info_cp.fcg', {
        albummid: mid,
        format: 'json',
        inCharset: 'utf8',
        outCharset: 'utf-8',
      });
      return { source: 'cgi', raw: res.raw };
    }
  }

  // ---------------------------------------------------------------- word-by-word lyric

  /**
   * A song's word-by-word lyric (QRC), translation and, when asked, romanisation, each an encrypted hex payload
   * (`crypt: 1`), passed on undecoded. A business error that warrants the fallback answers `unavailable` (the caller
   * then reads the LRC CGI); account and quota codes and transport failures throw. docs/upstream/music.md
   * "Word-by-word lyric".
   */
  async playLyric(songmid: string, options: { roma: boolean }): Promise<PlayLyricAnswer> {
    try {
      const { raw, data } = await this.musicu({ lyric: playLyricCall(songmid, { qrc: 1, roma: options.roma ? 1 : 0 }) });
      const d: Raw = data.lyric ?? {};
      return { available: true, raw, lyric: d.lyric, trans: d.trans, roma: d.roma };
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      // The caller reads the LRC CGI instead: a fallback like any other.
      this.fellBack(PLAY_LYRIC_TARGET);
      return { available: false, reason: err.message };
    }
  }

  /**
   * How many users favourited a song. docs/upstream/music.md "Song favourite count": GetSongFansNumberById takes
   * numeric ids, so the MID's id comes from the song detail first; a MID upstream does not know asks nothing more.
   */
  async songFavCount(params: { songmid: string }): Promise<SongFavCountUpstream> {
    const detail = await this.songDetail({ mid: params.songmid });
    const track: Raw | undefined = detail.songinfo.track_info;
    const songId = track?.mid ? Number(track.id ?? 0) : 0;
    if (!songId) return { raw: detail.raw, songId: 0, data: {} };
    const call: MusicuCall = { module: 'music.musicasset.SongFavRead', method: 'GetSongFansNumberById', param: { v_songId: [songId] } };
    const { raw, data } = await this.musicu({ req: call });
    return { raw, songId, data: data.req ?? {} };
  }
}

/** AlbumSongList answered no songs and no total. */
const isEmptySongList = (songs: Raw | undefined): boolean =>
  !(Array.isArray(songs?.songList) && songs.songList.length) && !Number(songs?.totalNum);

/** What the word-by-word lyric call gave: its three payloads as received, or why it gave none. */
export type PlayLyricAnswer =
  | { available: true; raw: unknown; lyric: unknown; trans: unknown; roma: unknown }
  | { available: false; reason: string };

/**
 * The Python QQMusicApi project's params (`lyric.py`): encrypted payloads, the translation always asked, and the
 * Android app's `ct`/`cv` (its version policy fills them in, as the comm's); `qrc` and `roma` are per call.
 */
const PLAY_LYRIC_PARAMS = { crypt: 1, ...ANDROID_PARAM_VERSION, lrc_t: 0, qrc_t: 0, roma_t: 0, trans: 1, trans_t: 0, type: 1 };

const PLAY_LYRIC_TARGET = 'music.musichallSong.PlayLyricInfo.GetPlayLyricInfo';

/** PlayLyricInfo for one song: `qrc: 1` asks the word-by-word lyric, `qrc: 0` the line-level LRC. */
function playLyricCall(songmid: string, asked: { qrc: 0 | 1; roma: 0 | 1 }): MusicuCall {
  const param = { ...PLAY_LYRIC_PARAMS, qrc: asked.qrc, roma: asked.roma, songMid: songmid };
  return { module: 'music.musichallSong.PlayLyricInfo', method: 'GetPlayLyricInfo', param };
}

/**
 * Whether the lyric CGI's failure warrants asking PlayLyricInfo: the business codes `warrantsFallback` accepts, and
 * also an answer the gateway cannot read or an HTTP error other than 429. PlayLyricInfo is another service on another
 * host (u.y.qq.com), and a retired CGI is likelier to answer a 404 or a page than a code. No answer at all (timeout,
 * connection, open breaker) and 429 (a quota, like code 2001) stay final, as everywhere.
 */
function warrantsLyricFallback(err: unknown): err is UpstreamError {
  if (warrantsFallback(err)) return true;
  if (!(err instanceof UpstreamError)) return false;
  return err.kind === 'bad_body' || (err.kind === 'bad_status' && err.details.status !== 429);
}

/**
 * GetSongFansNumberById's `data` for one song (`{ m_numbers, m_show }`, keyed by the id as text) and the whole answer
 * (`raw`, for the legacy shape). `songId` 0: upstream knows no song of that MID (`raw` is the detail's answer).
 */
export interface SongFavCountUpstream {
  raw: unknown;
  songId: number;
  data: Record<string, any>;
}
