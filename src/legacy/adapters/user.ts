import type { TObject } from '@sinclair/typebox';
import { Arr, Bool, Enum, Int, Obj, Optional, Raw as RawJson, RawObject, Str, UnderOldNames, underOldNames } from '../../common/answer-schema';
import { USER_PLAYLIST_RENAMES, UserPlaylist, UserPlaylistsPage } from '../../user/user.answers';
import { findLikedEntry } from '../../user/user-extra.mapper';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute } from './util';

/**
 * Legacy bodies of the user routes (docs/legacy.md), registered in LEGACY_ROUTES. Routes not named here
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
 * WQTY-MASTER/tiaolv-music read those, not `songCount`). Items without a count field get it from `subtitle`. Also
 * under `list`.
 */
const getUserPlaylists: LegacyAdapter = (s) => {
  const data = s.body?.data ?? {};
  const subtitles: Record<string, string> = s.raw?.subtitles ?? {};
  const playlists = (Array.isArray(data.playlists) ? data.playlists : []).map((p: Raw) => {
    const subtitle = Object.hasOwn(subtitles, String(p?.dissid)) ? subtitles[String(p?.dissid)] : undefined;
    const count = typeof p?.songCount === 'number' ? p.songCount : countFromSubtitle(subtitle);
    return {
      ...underOldNames(p, USER_PLAYLIST_RENAMES),
      ...(subtitle !== undefined ? { subtitle } : {}),
      ...(count !== undefined ? { songnum: count, song_cnt: count } : {}),
    };
  });
  // `list`: the same playlists where DelicateDuck582/SPlayer reads them (`response.data.disslist || .list`).
  return { response: { code: 0, data: { ...data, playlists, list: playlists } } };
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

const LegacyUserPlaylist = Obj({
  ...(UnderOldNames(UserPlaylist) as TObject).properties,
  subtitle: Optional(Str({ description: 'Upstream\'s `subtitle` ("N首"), when it has one.' })),
  songnum: Optional(Int({ description: 'The song count (songCount, else read from `subtitle`).' })),
  song_cnt: Optional(Int({ description: 'Same as songnum.' })),
});

/** getUserPlaylists' legacy body: the normalised page, each playlist with its raw `subtitle` and count names. */
const LegacyUserPlaylists = Obj({
  response: Obj({
    code: Enum([0] as const),
    data: Obj({
      ...UserPlaylistsPage.properties,
      playlists: Arr(LegacyUserPlaylist),
      list: Arr(LegacyUserPlaylist, { description: 'The same playlists as `playlists`.' }),
    }),
  }),
});

const LegacyLikedSongs = Obj({
  response: Obj({
    code: Enum([0] as const),
    data: Obj({
      songs: Arr(RawObject(), { description: 'The homepage\'s liked entry as the one "song" (empty without one).' }),
      total: RawJson({ description: 'The entry\'s `num0` (0 without one).' }),
      hasMore: Bool(),
      info: Optional(
        Obj({ title: RawJson(), songCount: RawJson(), albumCount: RawJson(), playlistCount: RawJson(), id: RawJson() }, { description: 'The entry\'s counts as upstream sends them.' }),
      ),
    }),
  }),
});

export const USER_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getUserPlaylists: legacyRoute(getUserPlaylists, LegacyUserPlaylists),
  getRelationList: legacyRoute(
    getRelationList,
    Obj({ response: Obj({ code: RawJson({ description: 'The musicu key\'s code.' }), req_0: Optional(RawJson({ description: 'The musicu key\'s answer.' })) }) }),
  ),
  getUserLikedSongs: legacyRoute(getUserLikedSongs, LegacyLikedSongs),
};
