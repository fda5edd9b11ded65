import { Arr, Enum, Int, Nullable, Obj, Optional, type Static, Str, WithOldNames } from '../common/answer-schema';
import { PlaylistSong } from '../playlists/playlists.answers';

/**
 * What the /user/ read routes answer (decision 021: each schema is also the type its mapper returns):
 * getUserPlaylists, getUserAvatar, getUserDetail, getUserLikedSongs, getLikedSongs, the collected, followed and fan lists.
 */

const total = (what: string) => Int({ description: `How many ${what} upstream names (its total field, else the items' count).` });

/** The old names of the user routes' renamed fields (src/common/glossary.ts), per record. */
export const USER_PLAYLIST_RENAMES = { picurl: 'cover' } as const;
export const USER_RENAMES = { nickname: 'nick' } as const;
export const FOLLOWED_SINGER_RENAMES = { singerMid: 'singerMID' } as const;

export const UserPlaylist = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (digits, as a string).' }),
      dissname: Str(),
      cover: Optional(Str({ description: 'Cover image URL, when upstream gives one.' })),
      songCount: Optional(Int({ description: 'Number of songs, when upstream gives a numeric count.' })),
    },
    USER_PLAYLIST_RENAMES,
  ),
);
export type UserPlaylist = Static<typeof UserPlaylist>;

export const UserPlaylistsPage = Obj({
  playlists: Arr(UserPlaylist, { description: 'The page asked (offset / limit).' }),
  total: Int({ description: 'How many playlists the user created (all pages).' }),
  message: Optional(Str({ description: 'Only when the user has no visible playlist: says why the list may be empty.' })),
});
export type UserPlaylistsPage = Static<typeof UserPlaylistsPage>;

/** Not the envelope: the older services' `{ response: { code: 0, data } }`, in both shapes. */
export const UserAvatarAnswer = Obj({
  response: Obj({
    code: Enum([0] as const),
    data: Obj({
      avatarUrl: Str({ description: 'The CDN URL of the avatar in the size served.' }),
      message: Str({ description: 'Says when the size asked was snapped to a supported one.' }),
    }),
  }),
});
export type UserAvatarAnswer = Static<typeof UserAvatarAnswer>;

/** The homepage's liked-songs entry, with its counts. */
export const LikedInfo = Obj({
  id: Str({ description: 'The liked list\'s id inside the account (its dirid, 201), not a playlist id: list its songs with /user/getLikedSongs.' }),
  title: Str(),
  songCount: Int(),
  albumCount: Int(),
  playlistCount: Int(),
});
export type LikedInfo = Static<typeof LikedInfo>;

export const UserDetail = Obj(
  WithOldNames(
    {
      uin: Str({ description: 'The account asked (digits).' }),
      nick: Str({ description: 'The user\'s nickname.' }),
      avatarUrl: Str(),
      encryptUin: Str({ description: 'The account\'s encrypted id (`encrypt_uin`), which some upstream calls take instead of the number.' }),
      createdPlaylistCount: Int(),
      liked: Nullable(LikedInfo),
    },
    USER_RENAMES,
  ),
);
export type UserDetail = Static<typeof UserDetail>;

export const UserLikedSongs = Obj({
  liked: Nullable(LikedInfo),
  total: Int({ description: 'The liked list\'s song count (0 without one).' }),
});
export type UserLikedSongs = Static<typeof UserLikedSongs>;

/** /user/getLikedSongs: a page of the 我喜欢 list, each song a playlist detail's song row. */
export const LikedSongsPage = Obj({
  songs: Arr(PlaylistSong, { description: 'The page asked (page / limit), newest like first as upstream orders it.' }),
  total: Int({ description: 'Songs in the whole liked list (all pages).' }),
});
export type LikedSongsPage = Static<typeof LikedSongsPage>;

export const CollectedPlaylistsPage = Obj({ playlists: Arr(UserPlaylist), total: total('collected playlists') });
export type CollectedPlaylistsPage = Static<typeof CollectedPlaylistsPage>;

export const CollectedAlbum = Obj({
  albumMid: Str(),
  albumName: Str(),
  albumId: Optional(Int()),
  singerName: Optional(Str()),
});
export type CollectedAlbum = Static<typeof CollectedAlbum>;

export const CollectedAlbumsPage = Obj({ albums: Arr(CollectedAlbum), total: total('collected albums') });
export type CollectedAlbumsPage = Static<typeof CollectedAlbumsPage>;

export const FollowedSinger = Obj(WithOldNames({ singerMID: Str(), name: Str(), singerId: Optional(Int()) }, FOLLOWED_SINGER_RENAMES));
export type FollowedSinger = Static<typeof FollowedSinger>;

export const FollowedSingersPage = Obj({ singers: Arr(FollowedSinger), total: total('followed singers') });
export type FollowedSingersPage = Static<typeof FollowedSingersPage>;

export const SocialUser = Obj(WithOldNames({ nick: Str({ description: 'The user\'s nickname.' }), avatarUrl: Str(), encryptUin: Str() }, USER_RENAMES));
export type SocialUser = Static<typeof SocialUser>;

export const SocialUsersPage = Obj({ users: Arr(SocialUser), total: total('users') });
export type SocialUsersPage = Static<typeof SocialUsersPage>;
