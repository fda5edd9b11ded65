import type { Request } from 'express';
import { records } from '../common/catalogue';
import type { ResponseShape } from '../config/app-config';
import type { Shaped } from '../common/shaped';
import { USER_LEGACY_ADAPTERS } from './adapters/user';

/**
 * The legacy response shape of the older Koa services (Rain120/qq-music-api and its forks): what a client written
 * against them READS. Default: the raw upstream answer under `response`. Where the gateway's upstream call differs from
 * the one those services make (it follows what the upstream answers today), an adapter rebuilds their keys from the
 * raw answer and the normalised body. README "Migrating from qq-music-api" has the table.
 */

/** Query parameter and header that pick the shape per request (they win over RESPONSE_SHAPE). */
export const SHAPE_QUERY = 'shape';
export const SHAPE_HEADER = 'x-response-shape';

/** What `?shape=` and `X-Response-Shape` accept (case-insensitive, trimmed; empty = absent). */
const SHAPE_VALUES: Record<string, ResponseShape> = { legacy: 'legacy', normalised: 'normalised', normalized: 'normalised' };
const ALLOWED_SHAPES = 'legacy, normalised (or normalized)';

/**
 * The 400 message for a shape value that names no shape (`?shape=legacyy`, `X-Response-Shape: weird`), the query's
 * first: a typo must not quietly give the other shape. Undefined when both are absent, empty or known.
 */
export function shapeError(query: string | null | undefined, header: string | string[] | undefined): string | undefined {
  const sources: [string, unknown][] = [['shape', query], ['X-Response-Shape', Array.isArray(header) ? header.join(', ') : header]];
  for (const [name, raw] of sources) {
    const v = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (v && !(v in SHAPE_VALUES)) return `${name} must be one of ${ALLOWED_SHAPES}`;
  }
  return undefined;
}

/** The shape for this request: `?shape=` first, then `X-Response-Shape`, then the deployment default. */
export function requestedShape(req: Request, fallback: ResponseShape): ResponseShape {
  const q = req.query?.[SHAPE_QUERY];
  return requestedShapeOf(typeof q === 'string' ? q : null, req.header(SHAPE_HEADER), fallback);
}

export function requestedShapeOf(query: string | null | undefined, header: string | undefined, fallback: ResponseShape): ResponseShape {
  for (const raw of [query, header]) {
    const v = (raw ?? '').trim().toLowerCase();
    if (Object.hasOwn(SHAPE_VALUES, v)) return SHAPE_VALUES[v];
  }
  return fallback;
}

/**
 * The `shape` query value a request is cached under: `'legacy'` when the answer will be legacy (by query, header or
 * deployment default), `'normalised'` when the query named a shape, else undefined (the plain URL). Both the request
 * rewrite and any cache that keys on the URL before it (the cache fast lane) must use this, so the two shapes never
 * share an entry. An unknown value (shapeError) gets INVALID_SHAPE, a key no answer is stored under, so such a
 * request always reaches the rewrite, which refuses it.
 */
export function cacheShapeParam(
  query: string | null | undefined,
  header: string | string[] | undefined,
  fallback: ResponseShape,
): 'legacy' | 'normalised' | typeof INVALID_SHAPE | undefined {
  if (shapeError(query, header)) return INVALID_SHAPE;
  const shape = requestedShapeOf(query, Array.isArray(header) ? header[0] : header, fallback);
  if (shape === 'legacy') return 'legacy';
  return query !== null && query !== undefined ? 'normalised' : undefined;
}

/** The cache key's shape for a request with an unknown shape value (answered 400, so never stored). */
export const INVALID_SHAPE = 'invalid';

type Raw = any;
export type LegacyAdapter = (shaped: { body: Raw; raw: Raw }, req: Request) => unknown;

const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
const passthrough: LegacyAdapter = (s) => ({ response: s.raw });
/** Routes the Koa services answered at the top level (no `response` wrapper): the body goes out unchanged. */
const asIs: LegacyAdapter = (s) => s.body;
/** The normalised envelope under `response` (where the Koa services' raw answer is something else entirely). */
const wrappedBody: LegacyAdapter = (s) => ({ response: s.body });

/**
 * getRanks: the raw musicu answer (`req_1.data.data`, `req_1.data.songInfoList`). With resolveMid=true the
 * mids the gateway resolved are written into the raw `songInfoList[i]` and `data.song[i]` (as `mid`/`song_mid`, and
 * `songId`/`song_id`), matched by songId, as the Koa services' normalizer does.
 */
const getRanks: LegacyAdapter = (s, req) => {
  const raw = s.raw;
  const entries: Raw[] = records(s.body?.data?.songInfoList);
  const resolve = String(req.query?.resolveMid ?? '') === 'true';
  const detail = raw?.req_1?.data;
  if (resolve && isObj(detail) && entries.length) {
    const mids = new Map<number, string>();
    for (const e of entries) if (e.mid) mids.set(Number(e.songId), String(e.mid));
    const fill = (list: Raw[]) =>
      list.forEach((item) => {
        if (!isObj(item)) return;
        const id = Number(item.song_id ?? item.songId ?? item.id);
        item.song_id = item.songId = id;
        const mid = item.song_mid || item.mid || mids.get(id);
        if (mid) item.song_mid = item.mid = mid;
      });
    fill(records(detail.songInfoList));
    fill(records(detail.data?.song));
  }
  return { response: raw };
};

/** getMusicPlay: `data.playUrl[<songmid>].url` (and `.error` when there is none), as the Koa services answer. */
const getMusicPlay: LegacyAdapter = (s, req) => {
  const mid = String(req.query?.songmid ?? '');
  return { data: { playUrl: { [mid]: { url: s.body?.data?.url ?? '' } } } };
};

/**
 * getSongListDetail: `response.cdlist[0]` with dissname/desc/logo/songlist. From the CGI fallback the raw answer
 * already is that; from the musicu CgiGetDiss primary it is rebuilt: dirinfo fields plus the raw track objects,
 * each given the old names (`songname`, `songmid`, `songid`) beside the new ones.
 */
const getSongListDetail: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (Array.isArray(raw?.cdlist)) return { response: raw };
  const d = s.body?.data ?? {};
  const diss = raw?.req_1?.data ?? {};
  const info = diss.dirinfo ?? {};
  const tracks = records(diss.songlist);
  const normalised = records(d.songlist);
  const songs = (tracks.length ? tracks : normalised).map((t: Raw, i: number) => {
    const norm = normalised[i] ?? {};
    return {
      ...t,
      songname: t.songname ?? t.title ?? t.name ?? norm.songname,
      songmid: t.songmid ?? t.mid ?? norm.songmid,
      songid: t.songid ?? t.id ?? norm.songid,
    };
  });
  return {
    response: {
      code: 0,
      subcode: 0,
      cdlist: [
        {
          disstid: d.disstid,
          dissid: d.disstid,
          dissname: d.dissname,
          desc: d.desc,
          logo: d.logo,
          nickname: d.creator,
          nick: d.creator,
          headurl: info.headurl ?? info.creator?.avatarUrl,
          tags: d.tags,
          visitnum: d.listen_num,
          songnum: d.total,
          total_song_num: d.total,
          cur_song_num: songs.length,
          songids: songs.map((x: Raw) => x.songid).join(','),
          songlist: songs,
        },
      ],
    },
  };
};

/** getMvPlay: the Koa services' keys `getMVUrl` / `mvinfo` (+ `other` when present) and `playLists` beside them. */
const getMvPlay: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const { getMvUrl, ...rest } = raw;
  return { response: { ...rest, getMVUrl: raw.getMVUrl ?? getMvUrl, playLists: s.body?.data?.playLists } };
};

/** getRecommend: the gateway's keys renamed to the Koa services' (`recomPlaylist`, `new_song`, `new_album`, `toplist`, `focus`). */
const RECOMMEND_KEYS: Record<string, string> = {
  playlists: 'recomPlaylist',
  newSongs: 'new_song',
  newAlbums: 'new_album',
  charts: 'toplist',
  focus: 'focus',
};
const getRecommend: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) out[RECOMMEND_KEYS[k] ?? k] = v;
  // The Koa services' `playlist` key (PlayListPlazaServer) is not called; its `v_playlist` comes from the feed.
  if (isObj(out.recomPlaylist) && !out.playlist) {
    const feed = (out.recomPlaylist as Raw).data ?? {};
    const list = records(feed.v_hot ?? feed.List ?? feed.list ?? feed.v_playlist);
    out.playlist = { code: 0, data: { v_playlist: list, total: list.length } };
  }
  return { response: out };
};

/** getSingerHotsong: the Koa services' key `singer` with `data.songlist` / `total_song_num`. */
const getSingerHotsong: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singer)) return { response: raw };
  const { songs, ...rest } = raw;
  const data = songs?.data ?? {};
  return {
    response: {
      ...rest,
      singer: {
        code: songs?.code ?? 0,
        data: { ...data, songlist: records(data.songList), total_song_num: Number(data.totalNum ?? s.body?.data?.total ?? 0) },
      },
    },
  };
};

/** getSingerAlbum: the Koa services' key `singer` (`singer.data.albumList`, `total`). */
const getSingerAlbum: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singer)) return { response: raw };
  const { albums, ...rest } = raw;
  return { response: { ...rest, singer: albums ?? { code: 0, data: { albumList: [], total: 0 } } } };
};

/** getSingerList: the Koa services' key `singerList` (`singerList.data.singerlist`); the gateway may ask for several pages. */
const getSingerList: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  if (isObj(raw.singerList)) return { response: raw };
  const pages = Object.keys(raw).filter((k) => isObj(raw[k]) && isObj(raw[k].data) && Array.isArray(raw[k].data.singerlist));
  if (!pages.length) return { response: raw };
  const first = raw[pages[0]];
  const singerlist = pages.flatMap((k) => raw[k].data.singerlist);
  return { response: { ...raw, singerList: { ...first, data: { ...first.data, singerlist } } } };
};

/** getComments: the CGI's `comment.commentlist` / `commenttotal` (rebuilt when the musicu CommentRead answered). */
const getComments: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isObj(raw?.comment)) return { response: raw };
  const page = s.body?.data?.comment ?? {};
  const list = records(page.list).map((c: Raw) => ({ ...c, rootcommentcontent: c.content, avatarurl: c.avatar }));
  return { response: { code: 0, subcode: 0, comment: { commentlist: list, commenttotal: page.total ?? 0 }, raw } };
};

/** getAlbumInfo: the CGI's `data.{name, singername, aDate, list[]}` (rebuilt from the musicu primary). */
const getAlbumInfo: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isObj(raw?.data) && 'list' in raw.data) return { response: raw };
  const a = s.body?.data ?? {};
  return {
    response: {
      code: 0,
      data: {
        id: a.albumId,
        mid: a.albumMid,
        name: a.albumName,
        singername: a.singerName,
        aDate: a.publicTime,
        company: a.company,
        desc: a.desc,
        total: a.total,
        list: records(a.songs),
      },
    },
  };
};

/** getSearchByKey: the CGI's `data.<section>.list` (`data.song.list[].songmid`…), rebuilt from the musicu primary. */
const SEARCH_SECTION: Record<string, string> = { song: 'song', singer: 'singer', album: 'album', playlist: 'songlist', mv: 'mv', lyric: 'lyric' };
const getSearchByKey: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isObj(raw?.data) && Object.keys(SEARCH_SECTION).some((k) => isObj(raw.data[SEARCH_SECTION[k]]))) return { response: raw };
  const d = s.body?.data ?? {};
  const section = SEARCH_SECTION[d.type] ?? 'song';
  const list = records(d.list).map((h: Raw) => (Array.isArray(h.singers) ? { ...h, singer: h.singers } : h));
  return {
    response: {
      code: 0,
      data: { keyword: d.key, [section]: { list, curnum: list.length, curpage: d.page, totalnum: d.total } },
      raw,
    },
  };
};

/** getLyric: the CGI answer with `lyric` (and `trans`) decoded, as the Koa services return it. */
const getLyric: LegacyAdapter = (s) => ({ response: { ...(isObj(s.raw) ? s.raw : {}), ...s.body?.data } });

/** batchGetSongInfo: `{ response: { code: 0, data: [<raw musicu bodies>] } }`. */
const batchGetSongInfo: LegacyAdapter = (s) => ({ response: { code: 0, data: records(s.raw) } });

/** getNewDisks: sansenjian/qq-music-api (Koa) answers `{ status: 200, response }`. */
const getNewDisks: LegacyAdapter = (s) => ({ status: 200, response: s.raw });

/** Adapters by route name (the last path segment that is not a parameter). Anything else: `{ response: raw }`. */
export const LEGACY_ADAPTERS: Record<string, LegacyAdapter> = {
  getRanks,
  getMusicPlay,
  getSongListDetail,
  getMvPlay,
  getRecommend,
  getSingerHotsong,
  // `/getSingerHotsong?singerid=<digits>`: the by-id CGI's own answer, `response.data.list[].musicData` (its old clients' read).
  getSingerHotsongById: passthrough,
  getSingerAlbum,
  getSingerList,
  getComments,
  getAlbumInfo,
  getSearchByKey,
  getLyric,
  batchGetSongInfo,
  getNewDisks,
  // Already the Koa services' top-level shapes.
  batchGetSongLists: asIs,
  getUserAvatar: asIs,
  getMainLoginQr: asIs,
  getQQLoginQr: asIs,
  checkMainLoginQr: asIs,
  checkQQLoginQr: asIs,
  getAltLoginQr: asIs,
  getWXLoginQr: asIs,
  checkAltLoginQr: asIs,
  checkWXLoginQr: asIs,
  // The Koa services' /downloadQQMusic returned the desktop client's download.js; the gateway downloads the song.
  downloadMainMusic: wrappedBody,
  downloadQQMusic: wrappedBody,
  getImageUrl: wrappedBody,
  // The user routes (src/legacy/adapters/user.ts).
  ...USER_LEGACY_ADAPTERS,
};

/** Route name of a matched Express route path: '/getSongLists/:page/:limit' → 'getSongLists'. */
export function routeName(path: unknown): string {
  if (typeof path !== 'string') return '';
  const parts = path.split('/').filter((p) => p && !p.startsWith(':') && !p.startsWith('*'));
  return parts[parts.length - 1] ?? '';
}

export function toLegacy(shaped: Shaped<Raw>, req: Request): unknown {
  const name = routeName(req.route?.path);
  return (LEGACY_ADAPTERS[name] ?? passthrough)(shaped, req);
}

/** Errors the Koa services answered with 200 and a per-song `error` (getMusicPlay). */
export const PLAY_URL_ERRORS = new Set(['NO_PLAY_URL', 'QUALITY_UNAVAILABLE', 'SONG_NOT_FOUND']);
