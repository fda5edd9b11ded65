import { Arr, Bool, Int, Obj, type Static, Str, WithOldNames } from '../common/answer-schema';
import { MvListItem } from '../mv/mv.answers';
import { PlaylistSong } from '../playlists/playlists.answers';

/**
 * What the recommendation routes answer (decision 021: each schema is also the type its mapper returns):
 * /getDailySongs, /getPersonalRadio, /getRadioTracks, /getSimilarSongs, /getSongRelatedPlaylists, /getSongRelatedMvs.
 * Songs are the playlist detail's song rows, MVs the MV list's items.
 */

/** The old names of a recommended playlist's renamed fields (src/common/glossary.ts). */
export const DAILY_PLAYLIST_RENAMES = { picurl: 'cover' } as const;

export const DailyPlaylist = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Id of the day\'s playlist (a numeric string).' }),
      dissname: Str({ description: 'The playlist\'s title, else the card\'s.' }),
      cover: Str({ description: 'The playlist\'s cover, else the card\'s.' }),
    },
    DAILY_PLAYLIST_RENAMES,
  ),
);
export type DailyPlaylist = Static<typeof DailyPlaylist>;

export const DailySongs = Obj({
  playlist: DailyPlaylist,
  songs: Arr(PlaylistSong, { description: 'The day\'s songs (those with a mid).' }),
  total: Int({ description: 'Songs in the playlist according to upstream.' }),
});
export type DailySongs = Static<typeof DailySongs>;

export const RadioTracks = Obj({ tracks: Arr(PlaylistSong, { description: 'Without songs that have no mid, and without repeats.' }) });
export type RadioTracks = Static<typeof RadioTracks>;

export const SimilarSongs = Obj({ songs: Arr(PlaylistSong, { description: 'Without songs that have no mid, and without repeats.' }) });
export type SimilarSongs = Static<typeof SimilarSongs>;

export const RELATED_PLAYLIST_RENAMES = { picurl: 'cover', listenNum: 'listen_num' } as const;

export const RelatedPlaylist = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (a numeric string); send it in `shown` for the next batch.' }),
      dissname: Str(),
      cover: Str({ description: 'Cover image URL.' }),
      creator: Str({ description: 'Creator\'s nickname; \'\' when upstream gave none.' }),
      songCount: Int(),
      listen_num: Int(),
    },
    RELATED_PLAYLIST_RENAMES,
  ),
);
export type RelatedPlaylist = Static<typeof RelatedPlaylist>;

export const RelatedPlaylists = Obj({
  playlists: Arr(RelatedPlaylist),
  hasMore: Bool({ description: 'Whether upstream has another batch.' }),
});
export type RelatedPlaylists = Static<typeof RelatedPlaylists>;

export const RelatedMvs = Obj({
  mvs: Arr(MvListItem),
  hasMore: Bool({ description: 'Whether upstream has another batch.' }),
  lastMvid: Int({ description: 'The numeric id of the last MV: send it as `lastMvid` for the next batch (0 when the batch is empty).' }),
});
export type RelatedMvs = Static<typeof RelatedMvs>;
