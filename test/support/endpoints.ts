import type { FakeHost } from '../../fake-upstream/fake-upstream';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { JAY_MID } from '../../fake-upstream/handlers/singers';

/**
 * The hand-written rows of the endpoint table: method, path, parameters (query or JSON body) with their kinds, a valid
 * example request, and the upstream calls it depends on (host + path, and the musicu module). The hostile-input,
 * faults, security and upstream-schema suites run over ALL_ENDPOINTS (test/support/derived-endpoints.ts): these rows
 * plus a row derived for every other public route from its OpenAPI document (kinds, example) and the fake upstream's
 * log of that example (upstream calls, first call first).
 * A new endpoint needs no row here: only one whose knowledge cannot be derived (documentedErrors, a fallback,
 * aggregate, hostile5xx, a non-retryable step, a login header, a second variant of a route) gets a hand row, which
 * replaces the derived one.
 */

/** What a parameter holds; the hostile-input generators pick attacks per kind. */
export type ParamKind =
  | 'int' // integer with a range
  | 'bool' // true/false/1/0
  | 'enum' // one of a fixed set (numbers or words)
  | 'mid' // QQ Music MID: letters and digits
  | 'numid' // numeric id as a string (songid, disstid)
  | 'idlist' // comma-separated numeric ids
  | 'text' // free text (search key)
  | 'token' // opaque token (qrsig, uuid, k, rootcommentid, size)
  | 'uin' // QQ number
  | 'array'; // JSON array (body)

export interface ParamSpec {
  kind: ParamKind;
  required?: boolean;
}

export type Family =
  | 'charts'
  | 'songInfo'
  | 'playlists'
  | 'singers'
  | 'music'
  | 'mv'
  | 'discover'
  | 'comments'
  | 'search'
  | 'user'
  | 'recommend'
  | 'login';

/** The upstream call a request depends on. */
export interface UpstreamDep {
  host: FakeHost;
  path: string;
  /** musicu `module.method` of the primary key (musicu.fcg calls only). */
  module?: string;
  /** How the body is parsed: musicu JSON, a JSON/JSONP CGI, XML, or a raw HTTP step of a login chain. */
  format: 'musicu' | 'json' | 'xml' | 'http';
}

export interface ExpectedError {
  status: number;
  errorCode: string;
}

export interface Endpoint {
  name: string;
  family: Family;
  method: 'GET' | 'POST';
  path: string;
  /** Query parameters (GET) or JSON body fields (POST). */
  params: Record<string, ParamSpec>;
  /** A valid request: the query (GET) or the JSON body (POST). */
  example: Record<string, unknown>;
  /** Headers every request of the data-driven suites carries for this row (a library write's login cookie). */
  headers?: Record<string, string>;
  /** Upstream calls in order; the first is the one the fault suite breaks. Empty = answers without upstream. */
  upstream: UpstreamDep[];
  /**
   * The documented fallback tried on a business error other than the final account/quota codes
   * (warrantsFallback): upstream code 2000 answers 200 through it; 1000/104400/104401/2001/20274 never reach it.
   */
  fallback?: UpstreamDep;
  /**
   * Faults of the first call (the faults suite's names: 5xx, html…) that the endpoint answers through the call `via`
   * instead of an error: the lyric CGI's unreadable answers go to PlayLyricInfo (docs/upstream/music.md "Lyric").
   */
  answersFaultsVia?: { faults: readonly string[]; via: UpstreamDep };
  /** An aggregate that keeps good parts: a failing upstream call marks items instead of failing the request. */
  aggregate?: boolean;
  /** Read-only and safe to repeat: retried on 5xx/reset when UPSTREAM_RETRIES > 0. */
  idempotent: boolean;
  /** The call that changes the account (a library write): sent exactly once whatever fails, even with retries on. */
  write?: UpstreamDep;
  /**
   * Where the endpoint documents its own mapping of an upstream failure (login steps, user playlists), keyed by
   * fault name (timeout, reset, 5xx, html, truncated, garbage) or business code.
   */
  documentedErrors?: Record<string, ExpectedError>;
  /**
   * Upstream-derived 5xx a hostile but well-formed input can legitimately cause, by errorCode, with the reason.
   * Anything else 5xx on hostile input is a bug.
   */
  hostile5xx?: Record<string, string>;
}

const musicu = (module: string): UpstreamDep => ({ host: 'u', path: '/cgi-bin/musicu.fcg', module, format: 'musicu' });
const cgi = (path: string, host: FakeHost = 'c', format: 'json' | 'xml' = 'json'): UpstreamDep => ({ host, path, format });
const http = (host: FakeHost, path: string): UpstreamDep => ({ host, path, format: 'http' });

export const SONG_MID = '0039MnYb0qxYhV';
export { JAY_MID };

const int: ParamSpec = { kind: 'int' };
const en: ParamSpec = { kind: 'enum' };
const singerMid = { singermid: { kind: 'mid', required: true } as ParamSpec };
const paged = { limit: int, page: int };

/** Login mappings documented in docs/login.md: the steps name their own failures. */
const LOGIN_CHECK_ERRORS: Record<string, ExpectedError> = {
  timeout: { status: 504, errorCode: 'LOGIN_TIMEOUT' },
};

const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
/** The user profile routes (UserExtraController) and the CGI each calls. */
const USER_PROFILE_ROUTES: [string, string][] = [
  ['getUserDetail', HOMEPAGE],
  ['getUserLikedSongs', HOMEPAGE],
  ['getUserCollectedSongLists', '/fav/fcgi-bin/fcg_get_profile_order_asset.fcg'],
  ['getUserCollectedAlbums', '/fav/fcgi-bin/fcg_get_profile_order_asset.fcg'],
  ['getUserFollowSingers', '/rsc/fcgi-bin/fcg_order_singer_getlist.fcg'],
  ['getUserFollowUsers', '/rsc/fcgi-bin/friend_follow_or_listen_list.fcg'],
  ['getUserFans', '/rsc/fcgi-bin/friend_follow_or_listen_list.fcg'],
];

/**
 * The routes on the caller's own account (docs/library.md): a library write, or a state read when the row names no
 * `write`. A request without the caller's login is refused before upstream (WriteLoginGuard), so each row sends one:
 * 10001 in the fake, with the p_skey a follow needs, owning playlists 7000001…7000035 (dirids 2…36), so the examples
 * rename, fill and delete playlists of its own. A write looks up what it needs first (the song's id, the playlist's
 * dirid on the homepage, the album's id), so the fault suite breaks that read; the `write` call is faulted on its own.
 * A lost write answer is WRITE_OUTCOME_UNKNOWN (docs/library.md "Errors").
 */
export const WRITE_LOGIN = { 'X-Custom-Cookie': 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_robustWrite; p_skey=robustWritePskey' };
export const LOST_WRITE: Record<string, ExpectedError> = {
  timeout: { status: 504, errorCode: 'WRITE_OUTCOME_UNKNOWN' },
  reset: { status: 504, errorCode: 'WRITE_OUTCOME_UNKNOWN' },
};

/** One row of OWN_ACCOUNT_ROUTES: what cannot be derived from the OpenAPI document for a route on the caller's account. */
export interface OwnAccountRow {
  /** POST (a write) unless said. */
  method?: 'GET' | 'POST';
  path: string;
  /** The body fields (POST) or query parameters (GET), each with its kind. */
  params: Record<string, ParamSpec>;
  /** A valid request the fake applies for account 10001. */
  example: Record<string, unknown>;
  /** Upstream calls in order, first call first: the faults suite breaks the first. */
  upstream: UpstreamDep[];
  /** The call that changes the account, sent exactly once whatever fails. None: a state read (retried like any read). */
  write?: UpstreamDep;
  /** The documented fallback of the first call (see Endpoint.fallback). */
  fallback?: UpstreamDep;
  /** The route's own answers to upstream faults (LOST_WRITE where the write itself is the first call). */
  documentedErrors?: Record<string, ExpectedError>;
}

/** The Endpoint of an own-account row: named by its path's last segment, sent with WRITE_LOGIN, never retried if a write. */
export const ownAccount = ({ method = 'POST', path, write, ...row }: OwnAccountRow): Endpoint => ({
  name: path.split('/').pop() as string,
  family: 'user',
  method,
  path,
  headers: WRITE_LOGIN,
  idempotent: !write,
  ...(write ? { write } : {}),
  ...row,
});

const specText = (spec: ParamSpec): string => (spec.required ? `required('${spec.kind}')` : `{ kind: '${spec.kind}' }`);
const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const objectText = (entries: [string, string][]): string =>
  entries.length ? `{ ${entries.map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : quoted(k)}: ${v}`).join(', ')} }` : '{}';
/** A JSON value as TypeScript source, strings in single quotes. */
const literal = (value: unknown): string => {
  if (typeof value === 'string') return quoted(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value && typeof value === 'object') return objectText(Object.entries(value).map(([k, v]) => [k, literal(v)]));
  return JSON.stringify(value);
};

/**
 * What to add for a route whose example request is refused for want of the caller's login (WriteLoginGuard): its row
 * cannot be derived, since the derivation sends no login and cannot tell which upstream call is the write. The row,
 * its params and example filled in from the document, the calls left to the author.
 */
export function ownAccountRowAdvice(d: Endpoint): string {
  const params = objectText(Object.entries(d.params).map(([name, spec]) => [name, specText(spec)]));
  const example = literal(d.example);
  const method = d.method === 'GET' ? "method: 'GET', " : '';
  const write = d.method === 'GET' ? '' : ", write: musicu('<module.method of the call that changes the account>')";
  return [
    `${d.method} ${d.path}: acts on the caller's own account (its example request is refused 401 LOGIN_REQUIRED without a login), so its row cannot be derived.`,
    'Add its row to OWN_ACCOUNT_ROUTES in test/support/endpoints.ts, with an example the fake applies for account 10001 (sent with WRITE_LOGIN; a write is then checked to be sent exactly once):',
    `  ownAccount({ ${method}path: '${d.path}', params: ${params}, example: ${example}, upstream: [<every upstream call, first call first>]${write} }),`,
    'with `fallback` for a documented fallback of the first call, and `documentedErrors: LOST_WRITE` when the write itself is the first call.',
  ].join('\n');
}

const playlistWrite = [musicu('music.musicasset.PlaylistFavWrite.FavPlaylist'), cgi('/rsc/fcgi-bin/fcg_get_profile_homepage.fcg', 'c6')];
// the album's id lookup comes first: the fault suite breaks that read (its own errors), the write is faulted in the spec
const albumWrite = [musicu('music.musichallAlbum.AlbumInfoServer.GetAlbumDetail'), musicu('music.musicasset.AlbumFavWrite.FavAlbum')];
const followWrite = musicu('Concern.ConcernSystemServer.cgi_concern_user_v2');
/** The web-session follow CGI: the follow write's fallback (the rows' login carries the p_skey it needs). */
const followCgi = cgi('/rsc/fcgi-bin/fcg_order_singer_add.fcg');
const SONG_DETAIL = musicu('music.pf_song_detail_svr.get_song_detail_yqq');
const OWN_PLAYLISTS = cgi(HOMEPAGE, 'c6');
const LIKED_STATE = musicu('music.musicasset.SongFavRead.IsSongFanByMid');
const ADD_SONGS = musicu('music.musicasset.PlaylistDetailWrite.AddSonglist');
const DEL_SONGS = musicu('music.musicasset.PlaylistDetailWrite.DelSonglist');
const playlistBaseWrite = (method: string) => musicu(`music.musicasset.PlaylistBaseWrite.${method}`);
const songmids: ParamSpec = { kind: 'array', required: true };
const dissid: ParamSpec = { kind: 'numid', required: true };
const name: ParamSpec = { kind: 'text', required: true };
const required = (kind: ParamKind): ParamSpec => ({ kind, required: true });

/**
 * Every route on the caller's own account except the app routes below: the collect / follow writes
 * (test/library/library-collections.e2e-spec.ts), the song and playlist writes and the liked-state reads
 * (test/library/library-songs*.e2e-spec.ts). `npm run new:endpoint -- <area> <name> --write` appends its row here.
 */
const OWN_ACCOUNT_ROUTES: Endpoint[] = [
  // collect / follow
  ownAccount({ path: '/user/setPlaylistCollect', params: { dissid: required('numid'), collect: required('bool') }, example: { dissid: '7024415872', collect: true }, upstream: playlistWrite, write: playlistWrite[0], documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/user/setAlbumCollect', params: { albummid: required('mid'), collect: required('bool') }, example: { albummid: '000MkMni19ClKG', collect: true }, upstream: albumWrite, write: albumWrite[1] }),
  ownAccount({ path: '/user/setSingerFollow', params: { singermid: required('mid'), follow: required('bool') }, example: { singermid: JAY_MID, follow: true }, upstream: [followWrite], write: followWrite, fallback: followCgi, documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/setPlaylistFav', params: { disstid: required('numid'), isFan: { kind: 'bool' } }, example: { disstid: '7024415872', isFan: false }, upstream: playlistWrite, write: playlistWrite[0], documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/setAlbumFav', params: { albumMid: required('mid'), isFan: { kind: 'bool' } }, example: { albumMid: '000MkMni19ClKG', isFan: false }, upstream: albumWrite, write: albumWrite[1] }),
  // liked songs and owned playlists
  ownAccount({ path: '/user/setSongLike', params: { songmid: required('mid'), like: required('bool') }, example: { songmid: SONG_MID, like: true }, upstream: [SONG_DETAIL, ADD_SONGS], write: ADD_SONGS }),
  ownAccount({ method: 'GET', path: '/user/getSongLikeState', params: { songmids: required('text') }, example: { songmids: `${SONG_MID},003UkWuI0E8U0l` }, upstream: [LIKED_STATE] }),
  ownAccount({ path: '/user/createPlaylist', params: { name }, example: { name: '夏日歌单' }, upstream: [playlistBaseWrite('AddPlaylist')], write: playlistBaseWrite('AddPlaylist'), documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/user/renamePlaylist', params: { dissid, name }, example: { dissid: '7000001', name: '夏夜歌单' }, upstream: [OWN_PLAYLISTS, playlistBaseWrite('EditPlaylist')], write: playlistBaseWrite('EditPlaylist') }),
  ownAccount({ path: '/user/deletePlaylist', params: { dissid }, example: { dissid: '7000003' }, upstream: [OWN_PLAYLISTS, playlistBaseWrite('DelPlaylist')], write: playlistBaseWrite('DelPlaylist') }),
  ownAccount({ path: '/user/addPlaylistSongs', params: { dissid, songmids }, example: { dissid: '7000002', songmids: [SONG_MID, '003UkWuI0E8U0l'] }, upstream: [OWN_PLAYLISTS, SONG_DETAIL, ADD_SONGS], write: ADD_SONGS }),
  ownAccount({ path: '/user/removePlaylistSongs', params: { dissid, songmids }, example: { dissid: '7000002', songmids: [SONG_MID] }, upstream: [OWN_PLAYLISTS, SONG_DETAIL, DEL_SONGS], write: DEL_SONGS }),
  // the Koa fork's routes: a like by numeric id (no lookup), and the liked-state read as a POST
  ownAccount({ path: '/setFav', params: { dirId: en, songs: required('array'), isFan: required('bool') }, example: { dirId: 201, songs: [{ songId: 97773, songType: 0 }], isFan: false }, upstream: [ADD_SONGS], write: ADD_SONGS, documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/getIsSongFan', params: { songmids }, example: { songmids: [SONG_MID, '003UkWuI0E8U0l'] }, upstream: [LIKED_STATE] }),
];

/** docs/upstream/recommend.md "Daily songs": the home feed's card, else the web page's (the fallback), then the playlist. */
const DAILY_FEED = musicu('music.recommend.RecommendFeed.get_recommend_feed');
const DAILY_PAGE = cgi('/node/musicmac/v6/index.html', 'c', 'xml');
const GUESS_YOU_LIKE = musicu('music.radioProxy.MbTrackRadioSvr.get_radio_track');
/** The personal recommendation routes (docs/recommend.md): the daily ones fall back on the web page when the feed fails. */
const PERSONAL_ROUTES: Endpoint[] = [
  ...['getDailySongs', 'getDailyRecommend'].map((name): Endpoint => ({
    name, family: 'recommend', method: 'GET', path: `/${name}`, params: {}, example: {},
    upstream: [DAILY_FEED, musicu('music.srfDissInfo.DissInfo.CgiGetDiss')], fallback: DAILY_PAGE, idempotent: true,
  })),
  {
    name: 'getDailyPlaylist', family: 'recommend', method: 'GET', path: '/getDailyPlaylist', params: {}, example: {},
    upstream: [DAILY_FEED], fallback: DAILY_PAGE, idempotent: true,
  },
  // Station 99 (guess you like) by default: never cached, the account's next tracks.
  ...['getPersonalRadio', 'getPrivateFM'].map((name): Endpoint => ({
    name, family: 'recommend', method: 'GET', path: `/${name}`, params: name === 'getPersonalRadio' ? { num: int } : {}, example: {},
    upstream: [GUESS_YOU_LIKE], idempotent: true,
  })),
  {
    name: 'getRadioTrack', family: 'recommend', method: 'GET', path: '/getRadioTrack', params: { id: int, num: int, firstplay: en }, example: {},
    upstream: [GUESS_YOU_LIKE], idempotent: true,
  },
];

/** tiaolv-music's write and state routes and jsososo's /song (src/legacy/legacy-app-routes.controller.ts). */
const APP_ROUTES: Endpoint[] = [
  // the song's detail is read first: its faults are a read's (the write is never sent)
  ownAccount({ path: '/user/setSongFavorite', params: { mid: required('mid'), liked: required('bool') }, example: { mid: SONG_MID, liked: true }, upstream: [SONG_DETAIL, ADD_SONGS], write: ADD_SONGS }),
  ownAccount({ path: '/user/setSingerSubscription', params: { singermid: required('mid'), subscribed: required('bool') }, example: { singermid: JAY_MID, subscribed: true }, upstream: [followWrite], write: followWrite, fallback: followCgi, documentedErrors: LOST_WRITE }),
  ownAccount({ path: '/user/setPlaylistSubscription', params: { id: required('numid'), subscribed: required('bool') }, example: { id: '7024415872', subscribed: true }, upstream: playlistWrite, write: playlistWrite[0], documentedErrors: LOST_WRITE }),
  ownAccount({ method: 'GET', path: '/user/getSingerSubscription', params: singerMid, example: { singermid: JAY_MID }, upstream: [cgi('/rsc/fcgi-bin/fcg_order_singer_getlist.fcg')] }),
  {
    name: 'song', family: 'songInfo', method: 'GET', path: '/song',
    params: { songmid: { kind: 'mid', required: true } }, example: { songmid: SONG_MID },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq')], idempotent: true,
  },
];

export const ENDPOINTS: Endpoint[] = [
  // charts
  {
    name: 'getRanks',
    family: 'charts',
    method: 'GET',
    path: '/getRanks',
    params: { topId: int, limit: int, page: int, resolveMid: { kind: 'bool' } },
    example: { topId: '4', limit: '2' },
    upstream: [musicu('music.musicToplist.Toplist.GetDetail')],
    idempotent: true,
  },
  // song info
  {
    name: 'getSongInfo',
    family: 'songInfo',
    method: 'GET',
    path: '/getSongInfo',
    params: { songmid: { kind: 'mid' }, songid: { kind: 'numid' } },
    example: { songmid: SONG_MID },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq')],
    idempotent: true,
    hostile5xx: {},
  },
  {
    name: 'batchGetSongInfo',
    family: 'songInfo',
    method: 'POST',
    path: '/batchGetSongInfo',
    params: { songs: { kind: 'array', required: true } },
    example: { songs: [[SONG_MID]] },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq')],
    aggregate: true,
    idempotent: true,
  },
  // playlists
  {
    name: 'getSongLists',
    family: 'playlists',
    method: 'GET',
    path: '/getSongLists',
    params: { categoryId: int, sortId: en, ...paged },
    example: { limit: '3' },
    upstream: [cgi('/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg')],
    idempotent: true,
  },
  {
    name: 'getSongListCategories',
    family: 'playlists',
    method: 'GET',
    path: '/getSongListCategories',
    params: {},
    example: {},
    upstream: [cgi('/splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg')],
    idempotent: true,
  },
  {
    name: 'getSongListDetail',
    family: 'playlists',
    method: 'GET',
    path: '/getSongListDetail',
    params: { disstid: { kind: 'numid', required: true }, limit: int, page: int },
    example: { disstid: GENUINE_DISSTID, limit: '3' },
    upstream: [musicu('music.srfDissInfo.DissInfo.CgiGetDiss')],
    fallback: cgi('/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg'),
    idempotent: true,
  },
  {
    name: 'batchGetSongLists',
    family: 'playlists',
    method: 'POST',
    path: '/batchGetSongLists',
    params: { categoryIds: { kind: 'array' }, page: int, limit: int, sortId: en, disstid: { kind: 'idlist' } },
    example: { categoryIds: [10000000], limit: 3 },
    upstream: [cgi('/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg')],
    // an aggregate, but when every id fails for a transport reason the call fails like a single one (docs/playlists.md)
    idempotent: true,
  },
  {
    name: 'getNewDisks',
    family: 'playlists',
    method: 'GET',
    path: '/getNewDisks',
    params: { area: int, ...paged },
    example: { limit: '3' },
    upstream: [musicu('newalbum.NewAlbumServer.get_new_album_info')],
    idempotent: true,
  },
  // singers
  {
    name: 'getSingerList',
    family: 'singers',
    method: 'GET',
    path: '/getSingerList',
    params: { area: en, sex: en, genre: en, ...paged },
    example: { limit: '3' },
    upstream: [musicu('music.musichallSinger.SingerList.GetSingerListIndex')],
    idempotent: true,
  },
  {
    name: 'getSingerDesc',
    family: 'singers',
    method: 'GET',
    path: '/getSingerDesc',
    params: singerMid,
    example: { singermid: JAY_MID },
    upstream: [cgi('/splcloud/fcgi-bin/fcg_get_singer_desc.fcg', 'c', 'xml')],
    idempotent: true,
  },
  {
    name: 'getSingerHotsong',
    family: 'singers',
    method: 'GET',
    path: '/getSingerHotsong',
    params: { ...singerMid, ...paged },
    example: { singermid: JAY_MID, limit: '3' },
    upstream: [musicu('musichall.song_list_server.GetSingerSongList')],
    idempotent: true,
  },
  {
    // legacy: a numeric `singerid` (no singermid) is rewritten to /legacy/getSingerHotsongById (by-id CGI)
    name: 'getSingerHotsongBySingerId',
    family: 'singers',
    method: 'GET',
    path: '/getSingerHotsong',
    params: { singerid: { kind: 'numid', required: true }, ...paged },
    example: { singerid: '13948', limit: '3' },
    upstream: [cgi('/v8/fcg-bin/fcg_v8_singer_track_cp.fcg')],
    idempotent: true,
  },
  {
    name: 'getSingerAlbum',
    family: 'singers',
    method: 'GET',
    path: '/getSingerAlbum',
    params: { ...singerMid, ...paged },
    example: { singermid: JAY_MID, limit: '3' },
    upstream: [musicu('music.musichallAlbum.AlbumListServer.GetAlbumList')],
    idempotent: true,
  },
  {
    name: 'getSingerMv',
    family: 'singers',
    method: 'GET',
    path: '/getSingerMv',
    params: { ...singerMid, ...paged, order: en },
    example: { singermid: JAY_MID, limit: '3' },
    upstream: [musicu('MvService.MvInfoProServer.GetSingerMvList')],
    idempotent: true,
  },
  {
    name: 'getSimilarSinger',
    family: 'singers',
    method: 'GET',
    path: '/getSimilarSinger',
    params: singerMid,
    example: { singermid: JAY_MID },
    upstream: [musicu('music.SimilarSingerSvr.GetSimilarSingerList')],
    fallback: cgi('/v8/fcg-bin/fcg_v8_simsinger.fcg'),
    idempotent: true,
  },
  {
    name: 'getSingerStarNum',
    family: 'singers',
    method: 'GET',
    path: '/getSingerStarNum',
    params: singerMid,
    example: { singermid: JAY_MID },
    upstream: [cgi('/rsc/fcgi-bin/fcg_order_singer_getnum.fcg')],
    idempotent: true,
  },
  // music play / lyric / album
  {
    name: 'getMusicPlay',
    family: 'music',
    method: 'GET',
    path: '/getMusicPlay',
    params: { songmid: { kind: 'mid', required: true }, songid: { kind: 'numid' }, quality: en },
    example: { songmid: SONG_MID },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq'), musicu('music.vkey.GetVkey.UrlGetVkey')],
    idempotent: true,
  },
  {
    // quality=best: the detail first (the levels to try come from it), then one key call for every level
    name: 'getMusicPlayBest',
    family: 'music',
    method: 'GET',
    path: '/getMusicPlay',
    params: { songmid: { kind: 'mid', required: true }, quality: en },
    example: { songmid: SONG_MID, quality: 'best' },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq'), musicu('music.vkey.GetVkey.UrlGetVkey')],
    idempotent: true,
  },
  {
    // songs' details and keys in one request; a failing call marks every song (as /batchGetSongInfo)
    name: 'getMusicPlayBatch',
    family: 'music',
    method: 'POST',
    path: '/getMusicPlayBatch',
    params: { songmids: { kind: 'array', required: true }, quality: en },
    example: { songmids: [SONG_MID], quality: 'best' },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq'), musicu('music.vkey.GetVkey.UrlGetVkey')],
    aggregate: true,
    idempotent: true,
  },
  {
    name: 'downloadMainMusic',
    family: 'music',
    method: 'GET',
    path: '/downloadMainMusic',
    params: { songmid: { kind: 'mid', required: true }, quality: en },
    example: { songmid: SONG_MID },
    upstream: [musicu('music.pf_song_detail_svr.get_song_detail_yqq'), musicu('music.vkey.GetVkey.UrlGetVkey')],
    idempotent: true,
  },
  {
    name: 'getLyric',
    family: 'music',
    method: 'GET',
    path: '/getLyric',
    params: { songmid: { kind: 'mid', required: true }, isFormat: en, format: en, roma: { kind: 'bool' } },
    example: { songmid: SONG_MID },
    upstream: [cgi('/lyric/fcgi-bin/fcg_query_lyric_new.fcg')],
    answersFaultsVia: { faults: ['5xx', 'html', 'truncated', 'garbage'], via: musicu('music.musichallSong.PlayLyricInfo.GetPlayLyricInfo') },
    idempotent: true,
  },
  {
    // the word-by-word formats: another call, with the LRC CGI as the fallback (docs/upstream/music.md "Word-by-word lyric")
    name: 'getLyricTimeline',
    family: 'music',
    method: 'GET',
    path: '/getLyric',
    params: { songmid: { kind: 'mid', required: true }, isFormat: en, format: en, roma: { kind: 'bool' } },
    example: { songmid: SONG_MID, format: 'timeline', roma: '1' },
    upstream: [musicu('music.musichallSong.PlayLyricInfo.GetPlayLyricInfo')],
    fallback: cgi('/lyric/fcgi-bin/fcg_query_lyric_new.fcg'),
    idempotent: true,
  },
  {
    name: 'getAlbumInfo',
    family: 'music',
    method: 'GET',
    path: '/getAlbumInfo',
    params: { albummid: { kind: 'mid', required: true } },
    example: { albummid: '000MkMni19ClKG' },
    upstream: [musicu('music.musichallAlbum.AlbumInfoServer.GetAlbumDetail')],
    fallback: cgi('/v8/fcg-bin/fcg_v8_album_info_cp.fcg'),
    idempotent: true,
  },
  // mv
  {
    name: 'getMv',
    family: 'mv',
    method: 'GET',
    path: '/getMv',
    params: { area_id: en, version_id: en, ...paged },
    example: { limit: '3' },
    upstream: [musicu('MvService.MvInfoProServer.GetAllocMvInfo')],
    idempotent: true,
  },
  {
    name: 'getMvPlay',
    family: 'mv',
    method: 'GET',
    path: '/getMvPlay',
    params: { vid: { kind: 'mid', required: true } },
    example: { vid: 'l0031ejo935' },
    upstream: [musicu('music.stream.MvUrlProxy.GetMvUrls')],
    idempotent: true,
    hostile5xx: {
      // An unknown (but well-formed) vid: upstream answers no playable URL; docs/mv.md documents 502.
      MV_URL_UNAVAILABLE: 'upstream has no play URL for an unknown vid (documented in docs/mv.md)',
    },
  },
  {
    name: 'getMvByTag',
    family: 'mv',
    method: 'GET',
    path: '/getMvByTag',
    params: { tag: { kind: 'enum', required: true }, ...paged },
    example: { tag: 'all', limit: '3' },
    upstream: [musicu('MvService.MvInfoProServer.GetAllocMvInfo')],
    idempotent: true,
  },
  // discover
  {
    name: 'getImageUrl',
    family: 'discover',
    method: 'GET',
    path: '/getImageUrl',
    params: { id: { kind: 'mid', required: true }, size: { kind: 'token' }, maxAge: int, type: en },
    example: { id: '002MiVxC2Ibwf1' },
    upstream: [],
    idempotent: true,
  },
  {
    name: 'getDigitalAlbumLists',
    family: 'discover',
    method: 'GET',
    path: '/getDigitalAlbumLists',
    params: paged,
    example: { limit: '3' },
    upstream: [cgi('/v8/fcg-bin/musicmall.fcg')],
    idempotent: true,
  },
  {
    name: 'getRadioLists',
    family: 'discover',
    method: 'GET',
    path: '/getRadioLists',
    params: {},
    example: {},
    upstream: [musicu('pf.radiosvr.GetRadiolist')],
    fallback: cgi('/v8/fcg-bin/fcg_v8_radiolist.fcg'),
    idempotent: true,
  },
  {
    name: 'getRecommend',
    family: 'discover',
    method: 'GET',
    path: '/getRecommend',
    params: {},
    example: {},
    upstream: [musicu('music.playlist.PlaylistSquare.GetRecommendFeed')],
    idempotent: true,
  },
  {
    name: 'getTicketInfo',
    family: 'discover',
    method: 'GET',
    path: '/getTicketInfo',
    params: {},
    example: {},
    upstream: [musicu('mall.ticket_index_page_svr.GetTicketIndexPage')],
    idempotent: true,
  },
  // comments
  {
    name: 'getComments',
    family: 'comments',
    method: 'GET',
    path: '/getComments',
    params: {
      id: { kind: 'token', required: true },
      rootcommentid: { kind: 'token' },
      pagesize: int,
      pagenum: int,
      cmd: int,
      reqtype: en,
      biztype: en,
    },
    example: { id: '97773', pagesize: '5' },
    upstream: [musicu('music.globalComment.CommentRead.GetNewCommentList')],
    fallback: cgi('/base/fcgi-bin/fcg_global_comment_h5.fcg'),
    idempotent: true,
  },
  // search
  {
    name: 'getSearchByKey',
    family: 'search',
    method: 'GET',
    path: '/getSearchByKey',
    params: { key: { kind: 'text', required: true }, limit: int, page: int, type: en },
    example: { key: 'jay', limit: '3' },
    upstream: [musicu('music.search.SearchCgiService.DoSearchForQQMusicDesktop')],
    fallback: cgi('/soso/fcgi-bin/client_search_cp'),
    idempotent: true,
  },
  // /getSearchByKey's search under the Koa fork's and tiaolv-music's names: the same Desktop → Mobile → CGI fallbacks
  {
    name: 'getSearchByType',
    family: 'search',
    method: 'GET',
    path: '/getSearchByType',
    params: { key: { kind: 'text', required: true }, limit: int, page: int, t: en },
    example: { key: 'jay', limit: '3', t: '1' },
    upstream: [musicu('music.search.SearchCgiService.DoSearchForQQMusicDesktop')],
    fallback: cgi('/soso/fcgi-bin/client_search_cp'),
    idempotent: true,
  },
  {
    name: 'searchByType',
    family: 'search',
    method: 'GET',
    path: '/searchByType',
    params: { key: { kind: 'text', required: true }, limit: int, page: int, type: { ...en, required: true } },
    example: { key: 'jay', limit: '3', type: 'singer' },
    upstream: [musicu('music.search.SearchCgiService.DoSearchForQQMusicDesktop')],
    fallback: cgi('/soso/fcgi-bin/client_search_cp'),
    idempotent: true,
  },
  {
    // docs/upstream/search.md "Hot keys": the musicu call, the CGI as its fallback
    name: 'getHotkey',
    family: 'search',
    method: 'GET',
    path: '/getHotkey',
    params: {},
    example: {},
    upstream: [musicu('music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile')],
    fallback: cgi('/splcloud/fcgi-bin/gethotkey.fcg'),
    idempotent: true,
  },
  {
    name: 'getSmartbox',
    family: 'search',
    method: 'GET',
    path: '/getSmartbox',
    params: { key: { kind: 'text', required: true } },
    example: { key: 'jay' },
    upstream: [cgi('/splcloud/fcgi-bin/smartbox_new.fcg')],
    idempotent: true,
  },
  {
    name: 'getTopLists',
    family: 'search',
    method: 'GET',
    path: '/getTopLists',
    params: {},
    example: {},
    upstream: [cgi('/v8/fcg-bin/fcg_myqq_toplist.fcg')],
    idempotent: true,
  },
  // user
  {
    name: 'getUserPlaylists',
    family: 'user',
    method: 'GET',
    path: '/user/getUserPlaylists',
    params: { uin: { kind: 'uin' }, offset: int, limit: int },
    example: { uin: '10001' },
    upstream: [cgi('/rsc/fcgi-bin/fcg_get_profile_homepage.fcg', 'c6')],
    idempotent: true,
  },
  ...USER_PROFILE_ROUTES.map(
    ([name, path]): Endpoint => ({
      name,
      family: 'user',
      method: 'GET',
      path: `/user/${name}`,
      params: { uin: { kind: 'uin' }, ...(path.includes('homepage') ? {} : { page: int, limit: int }) },
      example: { uin: '10001' },
      upstream: [path.includes('homepage') ? cgi(path, 'c6') : cgi(path)],
      idempotent: true,
    }),
  ),
  // the homepage for the account's encrypt_uin, then the 我喜欢 list (docs/upstream/library.md "Read the liked songs")
  {
    name: 'getLikedSongs',
    family: 'user',
    method: 'GET',
    path: '/user/getLikedSongs',
    params: { uin: { kind: 'uin' }, ...paged },
    example: { uin: '10001', limit: '5' },
    upstream: [cgi(HOMEPAGE, 'c6'), musicu('music.srfDissInfo.DissInfo.CgiGetDiss')],
    idempotent: true,
  },
  {
    name: 'getUserAvatar',
    family: 'user',
    method: 'GET',
    path: '/user/getUserAvatar',
    params: { uin: { kind: 'uin' }, k: { kind: 'token' }, size: int },
    example: { uin: '10001' },
    upstream: [],
    idempotent: true,
  },
  // login steps (never retried; they name their own failures, docs/login.md)
  {
    name: 'getMainLoginQr',
    family: 'login',
    method: 'GET',
    path: '/getMainLoginQr',
    params: {},
    example: {},
    upstream: [http('ptlogin', '/ptqrshow')],
    idempotent: false,
  },
  {
    name: 'checkMainLoginQr',
    family: 'login',
    method: 'POST',
    path: '/checkMainLoginQr',
    params: { qrsig: { kind: 'token', required: true }, ptqrtoken: { kind: 'token' }, loginToken: { kind: 'token' }, credential: { kind: 'bool' } },
    example: { qrsig: 'fakeQrsig0001' },
    upstream: [http('ptlogin', '/ptqrlogin')],
    idempotent: false,
    documentedErrors: LOGIN_CHECK_ERRORS,
  },
  {
    name: 'getAltLoginQr',
    family: 'login',
    method: 'GET',
    path: '/getAltLoginQr',
    params: {},
    example: {},
    upstream: [http('wxOpen', '/connect/qrconnect')],
    idempotent: false,
  },
  {
    name: 'checkAltLoginQr',
    family: 'login',
    method: 'POST',
    path: '/checkAltLoginQr',
    params: { uuid: { kind: 'token', required: true }, last: { kind: 'enum' }, loginToken: { kind: 'token' }, credential: { kind: 'bool' } },
    example: { uuid: 'abcdefgh12' },
    upstream: [http('wxLp', '/connect/l/qrconnect')],
    idempotent: false,
    documentedErrors: LOGIN_CHECK_ERRORS,
  },
  // QQ Music app QR login (docs/login.md "QQ Music app QR"): CreateQRCode, then a subscription on the fake broker
  {
    name: 'getAppLoginQr',
    family: 'login',
    method: 'GET',
    path: '/getAppLoginQr',
    params: {},
    example: {},
    upstream: [musicu('music.login.LoginServer.CreateQRCode')],
    idempotent: false,
  },
  {
    name: 'checkAppLoginQr',
    family: 'login',
    method: 'POST',
    path: '/checkAppLoginQr',
    params: { qrcodeId: { kind: 'token', required: true }, loginToken: { kind: 'token' }, credential: { kind: 'bool' } },
    example: { qrcodeId: 'a1b2c3d4e5f60718293a4b5c6d7e8f90' },
    // It reads the states the subscribing instance recorded: upstream is never asked (test/login/app-qr-login.e2e-spec.ts).
    upstream: [],
    idempotent: false,
  },
  // phone number + SMS code login (docs/login.md "Phone number and SMS code"): the demo number, whose code the fake knows
  {
    name: 'sendPhoneLoginCode',
    family: 'login',
    method: 'POST',
    path: '/sendPhoneLoginCode',
    params: { phone: { kind: 'token', required: true }, countryCode: int },
    example: { phone: '13800138000' },
    upstream: [musicu('music.login.LoginServer.SendPhoneAuthCode')],
    idempotent: false,
    documentedErrors: LOGIN_CHECK_ERRORS,
  },
  {
    name: 'checkPhoneLoginCode',
    family: 'login',
    method: 'POST',
    path: '/checkPhoneLoginCode',
    params: { phone: { kind: 'token', required: true }, countryCode: int, code: { kind: 'token', required: true }, loginToken: { kind: 'token' }, credential: { kind: 'bool' } },
    example: { phone: '13800138000', code: '246810' },
    // Without a code sent first the check answers 410 before upstream is asked (test/login/phone-login.e2e-spec.ts).
    upstream: [],
    idempotent: false,
  },
  // a caller's own login renewed (docs/credentials.md "Keeping a caller's login alive"): one refresh call, never retried
  {
    name: 'refreshLogin',
    family: 'login',
    method: 'POST',
    path: '/user/refreshLogin',
    params: {
      musicid: { kind: 'numid', required: true },
      str_musicid: { kind: 'numid' },
      musickey: { kind: 'token', required: true },
      refresh_key: { kind: 'token', required: true },
      refresh_token: { kind: 'token', required: true },
      openid: { kind: 'token', required: true },
      access_token: { kind: 'token' },
      // unionid: the WeChat row below (a QQ credential's refresh does not send it)
      expired_at: int,
      loginType: en,
      musickeyCreateTime: int,
      keyExpiresIn: int,
    },
    example: { musicid: '1503255237', musickey: 'Q_H_L_robustRefresh', refresh_key: 'RKrobust', refresh_token: 'RTrobust', openid: 'OPENIDrobust', access_token: 'ATrobust', loginType: 2 },
    upstream: [musicu('music.login.LoginServer.Login')],
    idempotent: false,
    // the stored login's reading of a refresh's codes: 20274 is a restricted account (docs/credentials.md)
    documentedErrors: { 20274: { status: 403, errorCode: 'LOGIN_RESTRICTED' } },
  },
  {
    name: 'refreshLogin (WeChat)',
    family: 'login',
    method: 'POST',
    path: '/user/refreshLogin',
    params: {
      musicid: { kind: 'numid', required: true },
      musickey: { kind: 'token', required: true },
      refresh_key: { kind: 'token', required: true },
      refresh_token: { kind: 'token', required: true },
      openid: { kind: 'token', required: true },
      unionid: { kind: 'token', required: true },
      loginType: en,
    },
    example: { musicid: '1152921504622223955', musickey: 'W_X_robustRefresh', refresh_key: 'RKrobust', refresh_token: 'RTrobust', openid: 'oOpenRobust', unionid: 'oUnionRobust', loginType: 1 },
    upstream: [musicu('music.login.LoginServer.Login')],
    idempotent: false,
    documentedErrors: { 20274: { status: 403, errorCode: 'LOGIN_RESTRICTED' } },
  },
  // Routes on the caller's own account (library writes and state reads): sent with its login, writes never retried.
  ...OWN_ACCOUNT_ROUTES,
  ...PERSONAL_ROUTES,
  // Routes apps call that no Koa service has (docs/legacy.md "App routes"); the writes are sent with a login.
  ...APP_ROUTES,
];

export const FAMILIES: Family[] = [...new Set(ENDPOINTS.map((e) => e.family))];

/** The example as a query string (GET). */
export function exampleQuery(e: Endpoint, overrides: Record<string, string | undefined> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...e.example, ...overrides })) if (v !== undefined) q.append(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}
