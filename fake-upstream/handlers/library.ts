import { catalog, songById, songByMid, trackCore } from '../catalog';
import type { FakeContext, FakeRoutes, MusicuHandler } from '../fake-upstream';
import { AccountLibrary, FULL_PLAYLIST_RETCODE, librarySongsState, libraryOf, OwnedFakePlaylist, SEED_LIKED, songsOf, writtenLibrary } from '../library-state';
import type { FakeState } from '../state';
import { userState } from './user';

/**
 * The library writes of the fake (docs/upstream/library.md), answering from the per-account state of
 * ../library-state.ts, so the homepage, playlist detail and liked-state reads show each write. NO recording exists of
 * any of these calls: the answers follow the fields that section names (`data.retCode`, `data.result.{dirId, tid,
 * dirName}`, `data.m_fan`). Modelling choices (not verified against the live service):
 * - The account is the cookie's `uin`; no key, or an expired one (expireFakeKey), is key code 1000.
 * - The web comm (`ct` 24) is refused on AddSonglist with 80105, as the .NET notes saw; the Android comm is accepted.
 * - Adding a present song or removing an absent one succeeds (the Python project's reading).
 * - A dirid the account does not have: retCode 10020 on song writes and renames; DelPlaylist answers `dirId` 0.
 * - A playlist over `capacity` songs: retCode FULL_PLAYLIST_RETCODE. A duplicate name gets a suffix, as upstream's timestamp.
 * - `refuseNext` makes the next call of a method answer a given key code (80092, 2001, 500026…).
 */

const NO_SUCH_DIR = 10020;

function cookieOf(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

/** The account a write acts on, or the key code refusing it. */
function accountOf(ctx: FakeContext & { comm: any }, method: string): AccountLibrary | { code: number } {
  const model = librarySongsState(ctx.state);
  const forced = model.refuseNext.get(method);
  if (forced !== undefined) {
    model.refuseNext.delete(method);
    return { code: forced };
  }
  const cookies = cookieOf(ctx.req.cookie);
  const key = cookies.qqmusic_key || cookies.qm_keyst || '';
  if (!key || userState(ctx.state).expiredKeys.has(key)) return { code: 1000 };
  if (method === 'AddSonglist' && Number(ctx.comm?.ct) === 24) return { code: 80105 };
  const uin = (cookies.uin || cookies.qqmusic_uin || '').replace(/^o0*/, '');
  return accountFor(ctx.state, uin);
}

/** The record of `uin`, seeded from the user model (an unknown account starts with no playlists). */
export function accountFor(state: FakeState, uin: string): AccountLibrary {
  const user = userState(state).users.get(uin);
  return libraryOf(state, { uin, mydiss: user?.mydiss ?? [] });
}

const refused = (r: AccountLibrary | { code: number }): r is { code: number } => 'code' in r;
const ok = (data: Record<string, unknown> = {}) => ({ code: 0, data: { retCode: 0, ...data } });
const retCode = (code: number) => ({ code: 0, data: { retCode: code } });

function songIds(param: any): number[] {
  const list: unknown = param?.v_songInfo;
  return Array.isArray(list) ? list.map((s: any) => Number(s?.songId)).filter((id) => Number.isSafeInteger(id) && id > 0) : [];
}

function songList(lib: AccountLibrary, dirId: number): number[] | OwnedFakePlaylist | undefined {
  if (dirId === 201) return lib.liked;
  const playlist = lib.playlists.find((p) => p.dirid === dirId);
  return playlist;
}

const changeSongs = (method: 'AddSonglist' | 'DelSonglist'): MusicuHandler => (param, ctx) => {
  const lib = accountOf(ctx, method);
  if (refused(lib)) return { code: lib.code, data: {} };
  const target = songList(lib, Number(param?.dirId));
  if (!target) return retCode(NO_SUCH_DIR);
  const songs = Array.isArray(target) ? target : songsOf(target);
  const ids = songIds(param);
  if (method === 'AddSonglist') {
    const fresh = ids.filter((id) => !songs.includes(id));
    if (!Array.isArray(target) && songs.length + fresh.length > librarySongsState(ctx.state).capacity) return retCode(FULL_PLAYLIST_RETCODE);
    songs.push(...fresh);
  } else {
    for (const id of ids) {
      const at = songs.indexOf(id);
      if (at >= 0) songs.splice(at, 1);
    }
  }
  return ok({ result: { updateTime: 1764200000 } });
};

const addPlaylist: MusicuHandler = (param, ctx) => {
  const lib = accountOf(ctx, 'AddPlaylist');
  if (refused(lib)) return { code: lib.code, data: {} };
  const asked = String(param?.dirName ?? '');
  const dirName = lib.playlists.some((p) => p.title === asked) ? `${asked}_1764200000` : asked;
  const model = librarySongsState(ctx.state);
  const playlist: OwnedFakePlaylist = { dissid: model.nextDissid++, dirid: lib.nextDirid++, title: dirName, songs: [], seededCount: 0 };
  lib.playlists.push(playlist);
  return ok({ result: { dirId: playlist.dirid, tid: playlist.dissid, dirName } });
};

const editPlaylist: MusicuHandler = (param, ctx) => {
  const lib = accountOf(ctx, 'EditPlaylist');
  if (refused(lib)) return { code: lib.code, data: {} };
  const playlist = lib.playlists.find((p) => p.dirid === Number(param?.dirId));
  if (!playlist) return retCode(NO_SUCH_DIR);
  playlist.title = String(param?.dirNewName ?? playlist.title);
  return ok({ result: { dirId: playlist.dirid } });
};

const delPlaylist: MusicuHandler = (param, ctx) => {
  const lib = accountOf(ctx, 'DelPlaylist');
  if (refused(lib)) return { code: lib.code, data: {} };
  const at = lib.playlists.findIndex((p) => p.dirid === Number(param?.dirId));
  if (at < 0) return ok({ result: { dirId: 0 } });
  const [gone] = lib.playlists.splice(at, 1);
  return ok({ result: { dirId: gone.dirid } });
};

/** IsSongFanByMid: 1 for each mid whose song the account likes (the seeded likes when it was never written). */
const isSongFan: MusicuHandler = (param, ctx) => {
  const lib = accountOf(ctx, 'IsSongFanByMid');
  if (refused(lib)) return { code: lib.code, data: {} };
  const mids: unknown[] = Array.isArray(param?.v_songMid) ? param.v_songMid : [];
  const m_fan = Object.fromEntries(mids.map((mid) => [String(mid), lib.liked.includes(songByMid(String(mid))?.id ?? -1) ? 1 : 0]));
  return { code: 0, data: { m_fan } };
};

/**
 * CgiGetDiss on dirid 201 with `enc_host_uin` (docs/upstream/library.md "Read the liked songs"): the liked list of the
 * account with that encrypt_uin, from its library state (the seeded twelve until a write), newest like first (the
 * order is a modelling choice: no capture shows it). No login key, or an expired one, is key code 1000; an unknown
 * encrypt_uin an empty dirinfo, as an unknown playlist. Called by ./playlists.ts, which owns CgiGetDiss.
 */
export function likedDiss(param: any, ctx: FakeContext): { code: number; data?: unknown } {
  const cookies = cookieOf(ctx.req.cookie);
  const key = cookies.qqmusic_key || cookies.qm_keyst || '';
  if (!key || userState(ctx.state).expiredKeys.has(key)) return { code: 1000, data: {} };
  const user = [...userState(ctx.state).users.values()].find((u) => u.creator?.encrypt_uin === String(param.enc_host_uin));
  if (!user) return { code: 0, data: { code: 0, dirinfo: {}, songlist: [], total_song_num: 0, hasmore: 0 } };
  const liked = writtenLibrary(ctx.state, user.uin)?.liked ?? catalog().slice(0, SEED_LIKED).map((s) => s.id);
  const ids = [...liked].reverse();
  const begin = Number(param.song_begin ?? 0);
  const songlist = ids.slice(begin, begin + Number(param.song_num ?? 10)).map((id) => ({ ...trackCore(songById(id)), file: { media_mid: songById(id).mediaMid } }));
  const dirinfo = { id: 0, dirid: 201, title: '我喜欢', songnum: ids.length, host_uin: Number(user.uin), host_nick: user.creator?.nick ?? '', tag: [] };
  const hasmore = begin + songlist.length < ids.length ? 1 : 0;
  return { code: 0, data: { code: 0, dirinfo, songlist, total_song_num: ids.length, songlist_size: songlist.length, hasmore } };
}

export const libraryRoutes: FakeRoutes = {
  musicu: {
    'music.musicasset.PlaylistDetailWrite.AddSonglist': changeSongs('AddSonglist'),
    'music.musicasset.PlaylistDetailWrite.DelSonglist': changeSongs('DelSonglist'),
    'music.musicasset.PlaylistBaseWrite.AddPlaylist': addPlaylist,
    'music.musicasset.PlaylistBaseWrite.EditPlaylist': editPlaylist,
    'music.musicasset.PlaylistBaseWrite.DelPlaylist': delPlaylist,
    'music.musicasset.SongFavRead.IsSongFanByMid': isSongFan,
  },
};
