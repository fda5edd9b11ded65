import { findLikedEntry } from '../../user/user-extra.mapper';
import type { LegacyAdapter } from './util';

/**
 * Legacy bodies of the user routes (docs/legacy.md), registered in LEGACY_ADAPTERS. Routes not named here
 * (getUserDetail, the collected / followed / fan lists) get the default `{ response: <upstream answer> }`.
 */

type Raw = any;

/** The song count in a homepage `subtitle` such as "12首" (the only count some mydiss items carry). */
export function countFromSubtitle(subtitle: unknown): number | undefined {
  const m = typeof subtitle === 'string' ? /^\s*(\d{1,9})\s*首/.exec(subtitle) : null;
  return m ? Number(m[1]) : undefined;
}

/**
 * getUserPlaylists: the normalised list, each playlist also carrying upstream's raw `subtitle` ("N首") and its song
 * count under the names client apps read (`songnum`, `song_cnt`; RubenCampoa/Beta-music-player and
 * WQTY-MASTER/tiaolv-music read those, not `songCount`). Items without a count field get it from `subtitle`.
 */
const getUserPlaylists: LegacyAdapter = (s) => {
  const data = s.body?.data ?? {};
  const subtitles: Record<string, string> = s.raw?.subtitles ?? {};
  const playlists = (Array.isArray(data.playlists) ? data.playlists : []).map((p: Raw) => {
    const subtitle = Object.hasOwn(subtitles, String(p?.dissid)) ? subtitles[String(p?.dissid)] : undefined;
    const count = typeof p?.songCount === 'number' ? p.songCount : countFromSubtitle(subtitle);
    return {
      ...p,
      ...(subtitle !== undefined ? { subtitle } : {}),
      ...(count !== undefined ? { songnum: count, song_cnt: count } : {}),
    };
  });
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

/** getRelationList: the Koa project's fork answers `{ response: { code: <the key's code>, req_0 } }`. */
const getRelationList: LegacyAdapter = (s) => {
  const req0 = s.raw?.req_0;
  return { response: { code: req0?.code ?? s.raw?.code ?? 0, req_0: req0 } };
};

export const USER_LEGACY_ADAPTERS: Record<string, LegacyAdapter> = {
  getUserPlaylists,
  getRelationList,
  getUserLikedSongs,
};
