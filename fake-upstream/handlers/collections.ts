import { catalog } from '../catalog';
import type { FakeContext, FakeRoutes, MusicuHandler } from '../fake-upstream';
import type { FakeState } from '../state';
import { fakeHash33 } from './login';
import { musicState } from './music';
import { CATEGORY_SIZE, GENUINE_DISSTID } from './playlists';
import { GEM_MID, JAY_MID } from './singers';
import { type FakeUser, userState } from './user';

/**
 * Collect / uncollect playlists and albums, follow / unfollow singers, and the collected-state reads
 * (docs/upstream/library.md). Each account's library lives here, keyed by the uin of the cookie a write carries, so
 * a write changes what the later reads answer: the state reads below and, in ./user.ts, the collected lists
 * (fcg_get_profile_order_asset.fcg) and followed singers (fcg_order_singer_getlist.fcg). An account starts with what
 * ./user.ts seeds for it.
 *
 * Modelled from docs/upstream/library.md, not from recordings (none exist):
 * - no login key, or an expired one → key code 1000 (the follow CGI: top-level code 1000);
 * - a write with the web comm (ct ≠ 11) → key code 80105, as the .NET client and the Koa fork saw;
 * - PlaylistFavWrite with a `uin` that is not the caller's encrypt_uin, or an unknown playlist → code 0 with
 *   `result` 1, `reason` "no valid playlist" and the id in `v_failedPlaylistId` (upstream gives both the same answer;
 *   the `result` value is not recorded anywhere); the account's own playlist → `result` 80184;
 * - an unknown album → `result` 1 and the id in `v_failedAlbumId`; `albumIdFormRefused` makes the v_albumId form
 *   answer key code 10006 (the parameter error the Koa fork saw), so the mid fallback can be tested;
 * - IsPlaylistFan with string ids → key code 10006 (Koa fork);
 * - the follow CGI without p_skey, or with a g_tk that is not hash33(p_skey, 5381) → code 1006; `followCode` forces a
 *   code (104604 "too frequent", …). Collecting what is collected (and the reverse) succeeds: idempotent.
 * - the musicu follow write (cgi_concern_user_v2): any login key, QQ or WeChat; `opertype` 0 follows, 1 unfollows,
 *   anything else or a `userinfo` that is not a singer (`usertype` 1) → key code 10006; `concernCode` forces a key code.
 */

export interface CollectedDiss {
  dissid: number;
  dissname: string;
  logo: string;
  song_cnt: number;
  dir_show: number;
}
export interface CollectedAlbum {
  albumid: number;
  albummid: string;
  albumname: string;
  singername: string;
}
export interface FollowedSinger {
  singerid: number;
  mid: string;
  name: string;
}

export interface AccountLibrary {
  playlists: CollectedDiss[];
  albums: CollectedAlbum[];
  singers: FollowedSinger[];
}

export interface CollectionsFake {
  /** Per uin: the library and the ./user.ts entry it was started from (a test replacing that entry starts it anew). */
  accounts: Map<string, { seed: FakeUser | undefined; library: AccountLibrary }>;
  albumIdFormRefused: boolean;
  followCode?: number;
  concernCode?: number;
}

export const collectionsState = (state: FakeState): CollectionsFake =>
  state.of<CollectionsFake>('library-collections', () => ({ accounts: new Map(), albumIdFormRefused: false }));

/** The library of account `uin`, started from what ./user.ts seeded for it (copies: writes never touch the seed). */
export function libraryOf(state: FakeState, uin: string): AccountLibrary {
  const fake = collectionsState(state);
  const user = userState(state).users.get(uin);
  const known = fake.accounts.get(uin);
  if (known && known.seed === user) return known.library;
  const library = {
    playlists: (user?.collectedDiss ?? []).map((d) => ({ ...d })),
    albums: (user?.collectedAlbums ?? []).map((a) => ({ ...a })),
    singers: (user?.singers ?? []).map((s) => ({ ...s })),
  };
  fake.accounts.set(uin, { seed: user, library });
  return library;
}

function cookies(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** The cookie's account and login key ('' when it carries none). */
function caller(ctx: FakeContext): { uin: string; key: string; pSkey: string } {
  const c = cookies(ctx.req.cookie);
  const uin = (c.uin || c.qqmusic_uin || '').replace(/^o0*/, '');
  return { uin, key: c.qqmusic_key || c.qm_keyst || '', pSkey: c.p_skey || '' };
}

const loggedOut = (ctx: FakeContext): boolean => {
  const { key } = caller(ctx);
  return !key || userState(ctx.state).expiredKeys.has(key);
};

const LOGIN = { code: 1000, data: {} };
const WEB_COMM = { code: 80105, data: {} };

/** A playlist the fake can show (playlists.ts): the genuine one and category 10000000's generated ones. */
function knownPlaylist(id: string): { name: string } | undefined {
  if (id === GENUINE_DISSTID) return { name: 'Genuine playlist' };
  const n = Number(id) - 7100000000;
  return Number.isInteger(n) && n >= 10 && n < CATEGORY_SIZE ? { name: `Playlist 10000000-${n}` } : undefined;
}

function knownAlbum(state: FakeState, by: { id?: number; mid?: string }): CollectedAlbum | undefined {
  const custom = [...musicState(state).albums.values()].find((a) => a.id === by.id || a.mid === by.mid);
  if (custom) return { albumid: custom.id, albummid: custom.mid, albumname: custom.name, singername: '' };
  const song = catalog().find((s) => (by.id !== undefined ? s.albumId === by.id : s.albumMid === by.mid) && s.albumMid);
  return song ? { albumid: song.albumId, albummid: song.albumMid, albumname: song.albumName, singername: song.singers[0]?.name ?? '' } : undefined;
}

const setPlaylist = (collect: boolean): MusicuHandler => (param, ctx) => {
  if (loggedOut(ctx)) return LOGIN;
  if (Number(ctx.comm?.ct) !== 11) return WEB_COMM;
  const { uin } = caller(ctx);
  const user = userState(ctx.state).users.get(uin);
  const ids: unknown[] = Array.isArray(param.v_playlistId) ? param.v_playlistId : [];
  const id = String(ids[0] ?? '');
  const noValid = { code: 0, data: { result: 1, reason: 'no valid playlist', v_failedPlaylistId: ids } };
  if (!user?.creator || param.uin !== user.creator.encrypt_uin) return noValid;
  if (user.mydiss.some((d) => String(d.dissid) === id)) return { code: 0, data: { result: 80184, reason: 'own playlist', v_failedPlaylistId: ids } };
  const known = knownPlaylist(id);
  if (!known) return noValid;
  const lib = libraryOf(ctx.state, uin);
  lib.playlists = lib.playlists.filter((d) => String(d.dissid) !== id);
  if (collect) lib.playlists.unshift({ dissid: Number(id), dissname: known.name, logo: `https://qpic.y.qq.com/music_cover/fav${id}/300?n=1`, song_cnt: 12, dir_show: 1 });
  return { code: 0, data: { result: 0, reason: '', v_failedPlaylistId: [] } };
};

const setAlbum = (collect: boolean): MusicuHandler => (param, ctx) => {
  if (loggedOut(ctx)) return LOGIN;
  if (Number(ctx.comm?.ct) !== 11) return WEB_COMM;
  const { uin } = caller(ctx);
  const byId = Array.isArray(param.v_albumId);
  if (byId && collectionsState(ctx.state).albumIdFormRefused) return { code: 10006, data: {} };
  const ids: unknown[] = (byId ? param.v_albumId : param.v_albumMid) ?? [];
  const album = byId ? knownAlbum(ctx.state, { id: Number(ids[0]) }) : String(param.uin) === uin ? knownAlbum(ctx.state, { mid: String(ids[0] ?? '') }) : undefined;
  const failedKey = byId ? 'v_failedAlbumId' : 'v_failedAlbumMid';
  if (!album) return { code: 0, data: { result: 1, [failedKey]: ids } };
  const lib = libraryOf(ctx.state, uin);
  lib.albums = lib.albums.filter((a) => a.albummid !== album.albummid);
  if (collect) lib.albums.unshift(album);
  return { code: 0, data: { result: 0, [failedKey]: [] } };
};

const isPlaylistFan: MusicuHandler = (param, ctx) => {
  if (loggedOut(ctx)) return LOGIN;
  const ids: unknown[] = Array.isArray(param.v_tid) ? param.v_tid : [];
  if (ids.some((id) => typeof id !== 'number')) return { code: 10006, data: {} };
  const mine = new Set(libraryOf(ctx.state, caller(ctx).uin).playlists.map((d) => String(d.dissid)));
  return { code: 0, data: { m_fan: Object.fromEntries(ids.map((id) => [String(id), mine.has(String(id)) ? 1 : 0])) } };
};

const isAlbumFan: MusicuHandler = (param, ctx) => {
  if (loggedOut(ctx)) return LOGIN;
  const mids: unknown[] = Array.isArray(param.v_albumMid) ? param.v_albumMid : [];
  const mine = new Set(libraryOf(ctx.state, caller(ctx).uin).albums.map((a) => a.albummid));
  return { code: 0, data: { m_fan: Object.fromEntries(mids.map((mid) => [String(mid), mine.has(String(mid)) ? 1 : 0])) } };
};

const SINGER_NAMES: Record<string, [number, string]> = { [JAY_MID]: [4558, '周杰伦'], [GEM_MID]: [13948, 'G.E.M. 邓紫棋'] };

/** fcg_order_singer_add.fcg / _del.fcg: a form POST (or query) with singermid and g_tk = hash33(p_skey, 5381). */
const followSinger = (follow: boolean) => (ctx: FakeContext) => {
  const form = new URLSearchParams(ctx.req.body);
  const field = (name: string) => form.get(name) ?? ctx.req.query[name] ?? '';
  const forced = collectionsState(ctx.state).followCode;
  if (forced !== undefined) return { json: { code: forced, subcode: forced, msg: `fake code ${forced}` } };
  if (loggedOut(ctx)) return { json: { code: 1000, subcode: 1000, msg: 'not logged in' } };
  const { uin, pSkey } = caller(ctx);
  if (!pSkey || field('g_tk') !== String(fakeHash33(pSkey, 5381))) return { json: { code: 1006, subcode: 1006, msg: 'g_token is wrong' } };
  const mid = field('singermid');
  const lib = libraryOf(ctx.state, uin);
  lib.singers = lib.singers.filter((s) => s.mid !== mid);
  const [singerid, name] = SINGER_NAMES[mid] ?? [0, `歌手${mid}`];
  if (follow) lib.singers.unshift({ singerid, mid, name });
  return { json: { code: 0, subcode: 0, msg: '' } };
};

/** Concern.ConcernSystemServer / cgi_concern_user_v2 `{ opertype, source, userinfo: { usertype: 1, userid: <singermid> } }`. */
const concernWrite: MusicuHandler = (param, ctx) => {
  const forced = collectionsState(ctx.state).concernCode;
  if (forced !== undefined) return { code: forced, data: {} };
  if (loggedOut(ctx)) return LOGIN;
  const mid = String(param.userinfo?.userid ?? '');
  if (param.userinfo?.usertype !== 1 || !mid || (param.opertype !== 0 && param.opertype !== 1)) return { code: 10006, data: {} };
  const lib = libraryOf(ctx.state, caller(ctx).uin);
  lib.singers = lib.singers.filter((s) => s.mid !== mid);
  const [singerid, name] = SINGER_NAMES[mid] ?? [0, `歌手${mid}`];
  if (param.opertype === 0) lib.singers.unshift({ singerid, mid, name });
  return { code: 0, data: { code: 0, msg: '' } };
};

export const collectionsRoutes: FakeRoutes = {
  musicu: {
    'music.musicasset.PlaylistFavWrite.FavPlaylist': setPlaylist(true),
    'music.musicasset.PlaylistFavWrite.CancelFavPlaylist': setPlaylist(false),
    'music.musicasset.AlbumFavWrite.FavAlbum': setAlbum(true),
    'music.musicasset.AlbumFavWrite.CancelFavAlbum': setAlbum(false),
    'music.musicasset.PlaylistFavRead.IsPlaylistFan': isPlaylistFan,
    'music.musicasset.AlbumFavRead.IsAlbumFan': isAlbumFan,
    'Concern.ConcernSystemServer.cgi_concern_user_v2': concernWrite,
  },
  http: {
    'c /rsc/fcgi-bin/fcg_order_singer_add.fcg': followSinger(true),
    'c /rsc/fcgi-bin/fcg_order_singer_del.fcg': followSinger(false),
  },
};
