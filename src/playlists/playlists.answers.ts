import { AnyOf, Arr, Enum, Int, Obj, Optional, type Static, Str, WithOldNames } from '../common/answer-schema';
import { SORT_IDS } from './dto/get-song-lists.dto';
import { NEW_ALBUM_AREAS } from './dto/get-new-disks.dto';

/** What the playlist routes answer (decision 021: each schema is also the type its mapper returns). */

/** The old names of a playlist item's renamed fields (src/common/glossary.ts). */
export const PLAYLIST_ITEM_RENAMES = { imgurl: 'cover', introduction: 'desc' } as const;

export const PlaylistItem = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (a numeric string).' }),
      dissname: Str(),
      creator: Str({ description: 'Creator\'s nickname; \'\' when upstream gave none.' }),
      listen_num: Int(),
      cover: Str({ description: 'Cover image URL (upstream `imgurl`).' }),
      createTime: Str({ description: 'As upstream writes it, e.g. 2021-05-01.' }),
      desc: Str({ description: 'The playlist\'s description (upstream `introduction`).' }),
    },
    PLAYLIST_ITEM_RENAMES,
  ),
);
export type PlaylistItem = Static<typeof PlaylistItem>;

/** /getSongLists, and a category element of /batchGetSongLists. */
export const PlaylistPage = Obj(
  {
    categoryId: Int(),
    sortId: Enum(SORT_IDS, { description: '5 recommended, 2 newest, 3 hottest, 4 rating, 1 default.' }),
    page: Int({ description: '0-based.' }),
    limit: Int(),
    total: Int({ description: 'How many playlists the category holds (upstream `sum`).' }),
    playlists: Arr(PlaylistItem),
  },
  { title: 'PlaylistPage' },
);
export type PlaylistPage = Static<typeof PlaylistPage>;

export const Category = Obj({
  id: Int(),
  name: Str(),
  group: Str({ description: 'The group the category is listed under (热门, 语种, …).' }),
});
export type Category = Static<typeof Category>;

export const CategoriesAnswer = Obj({ categories: Arr(Category) });
export type CategoriesAnswer = Static<typeof CategoriesAnswer>;

/** A song row of a playlist (also the song record of the recommendation routes). */
export const PlaylistSong = Obj({
  songname: Str(),
  singer: Str({ description: 'Singer names joined with "/".' }),
  songmid: Str(),
  songid: Int(),
  albumName: Str(),
  albumMid: Str(),
  interval: Int({ description: 'Duration in seconds.' }),
});
export type PlaylistSong = Static<typeof PlaylistSong>;

/** The old names of a playlist detail's renamed fields (src/common/glossary.ts). */
export const PLAYLIST_DETAIL_RENAMES = { disstid: 'dissid', logo: 'cover' } as const;

export const PlaylistDetail = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (a numeric string).' }),
      dissname: Str(),
      desc: Str(),
      cover: Str({ description: 'Cover image URL.' }),
      creator: Str({ description: 'Creator\'s nickname.' }),
      listen_num: Int(),
      tags: Arr(Obj({ id: Int(), name: Str() })),
      total: Int({ description: 'Songs in the whole playlist (not only this page).' }),
      songlist: Arr(PlaylistSong),
    },
    PLAYLIST_DETAIL_RENAMES,
  ),
  { title: 'PlaylistDetail' },
);
export type PlaylistDetail = Static<typeof PlaylistDetail>;

/** The error body every failed route answers, as one element of a batch. */
const failure = {
  status: Int({ description: 'The HTTP status this id alone would have answered.' }),
  error: Str(),
  errorCode: Str(),
  upstreamCode: Optional(Int({ description: 'Upstream\'s business code, when upstream answered one.' })),
};

export const CategoryFailure = Obj({ categoryId: Int(), ...failure }, { title: 'CategoryFailure' });
export type CategoryFailure = Static<typeof CategoryFailure>;

export const PLAYLIST_FAILURE_RENAMES = { disstid: 'dissid' } as const;

export const PlaylistFailure = Obj(WithOldNames({ dissid: Str(), ...failure }, PLAYLIST_FAILURE_RENAMES), { title: 'PlaylistFailure' });
export type PlaylistFailure = Static<typeof PlaylistFailure>;

/** With `categoryIds` (or neither): one page or failure per category, in request order. */
export const CategoryBatch = Obj(
  { status: Enum([200] as const), data: Arr(AnyOf([PlaylistPage, CategoryFailure])) },
  { title: 'CategoryBatch' },
);
export type CategoryBatch = Static<typeof CategoryBatch>;

/** With `disstid`: one playlist or failure per id, in request order. */
export const PlaylistBatch = Obj(
  { status: Enum([200] as const), data: Arr(AnyOf([PlaylistDetail, PlaylistFailure])) },
  { title: 'PlaylistBatch' },
);
export type PlaylistBatch = Static<typeof PlaylistBatch>;

export const BatchAnswer = AnyOf([CategoryBatch, PlaylistBatch]);

export const NewAlbum = Obj({
  albumName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  publicTime: Str({ description: '`YYYY-MM-DD`, or \'\' when upstream gave no usable date.' }),
  albumMid: Str(),
  albumId: Int(),
  cover: Str({ description: 'Cover image URL (T002 of the picture mid); \'\' without one.' }),
  singers: Arr(Obj({ id: Int(), mid: Str(), name: Str() })),
});
export type NewAlbum = Static<typeof NewAlbum>;

export const NewAlbumsPage = Obj({
  area: Enum(NEW_ALBUM_AREAS, { description: '1 内地, 2 港台, 3 欧美, 4 韩国, 5 日本, 6 其他.' }),
  page: Int({ description: '0-based.' }),
  limit: Int(),
  total: Int({ description: 'Upstream\'s count of new albums of the area.' }),
  albums: Arr(NewAlbum),
});
export type NewAlbumsPage = Static<typeof NewAlbumsPage>;
