import { findLikedEntry } from '../../user/user-extra.mapper';
import type { LegacyAdapter } from '../legacy-shape';

/**
 * Legacy bodies of the user and login-check routes (docs/legacy.md), registered in LEGACY_ADAPTERS. Routes not named
 * here (getUserDetail, the collected / followed / fan lists) get the default `{ response: <upstream answer> }`.
 */

type Raw = any;
const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * getUserPlaylists: the normalised list, each playlist also carrying its song count under the names client apps read
 * (`songnum`, `song_cnt`; RubenCampoa/Beta-music-player and WQTY-MASTER/tiaolv-music read those, not `songCount`).
 */
const getUserPlaylists: LegacyAdapter = (s) => {
  const data = s.body?.data ?? {};
  const playlists = (Array.isArray(data.playlists) ? data.playlists : []).map((p: Raw) =>
    typeof p?.songCount === 'number' ? { ...p, songnum: p.songCount, song_cnt: p.songCount } : p,
  );
  return { response: { code: 0, data: { ...data, playlists } } };
};

/**
 * getUserLikedSongs: sansenjian/qq-music-api's answer, built from the homepage answer: the liked entry as the one
 * "song", its counts under `info` (tiaolv-music reads `response.data.info.id`).
 */
const getUserLikedSongs: LegacyAdapter = (s) => {
  const entry = findLikedEntry(s.raw?.data);
  if (!entry) return { response: { code: 0, data: { songs: [], total: 0, hasMore: false } } };
  const info = { title: entry.title, songCount: entry.num0, albumCount: entry.num1, playlistCount: entry.num2, id: entry.id };
  return { response: { code: 0, data: { songs: [entry], total: entry.num0 || 0, hasMore: false, info } } };
};

/**
 * The QR login checks: the gateway's top-level body (`isOk`, `refresh`, `session.cookie`, as sansenjian/Luo-Music and
 * the older services' clients read it), plus the same poll state under `response` with `session` and `cookie` as the
 * cookie string: RubenCampoa/Beta-music-player reads `(body.response || body).session` as that string, and
 * Luo-Music's plugin, which unwraps `response`, falls back to its `cookie`.
 */
const checkLoginQr: LegacyAdapter = (s) => {
  const body = isObj(s.body) ? s.body : {};
  const cookie = isObj(body.session) && typeof body.session.cookie === 'string' ? body.session.cookie : undefined;
  return { ...body, response: cookie === undefined ? { ...body } : { ...body, session: cookie, cookie } };
};

export const USER_LEGACY_ADAPTERS: Record<string, LegacyAdapter> = {
  getUserPlaylists,
  getUserLikedSongs,
  checkMainLoginQr: checkLoginQr,
  checkQQLoginQr: checkLoginQr,
  checkAltLoginQr: checkLoginQr,
  checkWXLoginQr: checkLoginQr,
};
