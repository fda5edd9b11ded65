import { Arr, Enum, Int, Num, Obj, Optional, type Static, Str, WithOldNames } from '../common/answer-schema';

/**
 * What the discover routes answer (decision 021: each schema is also the type its mapper returns): /getImageUrl,
 * /getDigitalAlbumLists, /getRadioLists, /getRecommend, /getTicketInfo.
 */

export const ImageUrlAnswer = Obj({ imageUrl: Str({ description: 'The CDN picture URL with its `max_age`; built locally, never fetched.' }) });
export type ImageUrlAnswer = Static<typeof ImageUrlAnswer>;

// ---------------------------------------------------------------- digital albums

export const DigitalAlbum = Obj({
  albumMid: Str({ description: '\'\' when upstream gave none.' }),
  albumName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  cover: Str({ description: 'Upstream\'s picture, else the T002 cover of the mid; \'\' without either.' }),
  price: Optional(Num({ description: 'Upstream\'s price, present only when it is a number (it may have decimals).' })),
});
export type DigitalAlbum = Static<typeof DigitalAlbum>;

export const DigitalAlbumsPage = Obj({
  albums: Arr(DigitalAlbum),
  total: Int({ description: 'Digital albums upstream lists (the list is paged here).' }),
});
export type DigitalAlbumsPage = Static<typeof DigitalAlbumsPage>;

// ---------------------------------------------------------------- radio

/** The old names of the listen counts renamed `listen_num` (src/common/glossary.ts): stations, recommended playlists. */
export const LISTEN_NUM_RENAMES = { listenNum: 'listen_num' } as const;

export const Radio = Obj(
  WithOldNames(
    {
      id: Int({ description: 'Station id (what /getRadioTracks takes).' }),
      name: Str(),
      cover: Str({ description: 'Picture URL; \'\' when upstream gave none.' }),
      listen_num: Int(),
    },
    LISTEN_NUM_RENAMES,
  ),
);
export type Radio = Static<typeof Radio>;

export const RadioGroup = Obj({
  id: Int({ description: 'Upstream\'s group id; the group\'s index when the CGI fallback answered (its groups carry no id).' }),
  name: Str(),
  radios: Arr(Radio),
});
export type RadioGroup = Static<typeof RadioGroup>;

export const RadioGroupsAnswer = Obj({ groups: Arr(RadioGroup) });
export type RadioGroupsAnswer = Static<typeof RadioGroupsAnswer>;

// ---------------------------------------------------------------- home-page recommendations

export const RecPlaylist = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (a numeric string).' }),
      dissname: Str(),
      cover: Str({ description: 'Cover image URL.' }),
      listen_num: Int(),
    },
    LISTEN_NUM_RENAMES,
  ),
);
export type RecPlaylist = Static<typeof RecPlaylist>;

export const REC_SONG_RENAMES = { singer: 'singers' } as const;

export const RecSong = Obj(WithOldNames({ songmid: Str(), songid: Int(), songname: Str(), singers: Arr(Obj({ mid: Str(), name: Str() })) }, REC_SONG_RENAMES));
export type RecSong = Static<typeof RecSong>;

export const RecAlbum = Obj({
  albumMid: Str(),
  albumName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  cover: Str({ description: 'T002 cover URL of the album\'s picture mid; \'\' without one.' }),
});
export type RecAlbum = Static<typeof RecAlbum>;

export const REC_CHART_RENAMES = { topId: 'id', title: 'name', listenNum: 'listen_num' } as const;

export const RecChart = Obj(
  WithOldNames(
    {
      id: Int({ description: 'Chart id (what /getRanks takes as topId).' }),
      name: Str(),
      cover: Str(),
      listen_num: Int(),
      period: Str({ description: 'The period upstream served, e.g. 2026-11-21 or 2026_47.' }),
    },
    REC_CHART_RENAMES,
  ),
);
export type RecChart = Static<typeof RecChart>;

export const RecFocus = Obj({ id: Str(), title: Str(), cover: Str(), jumpUrl: Str({ description: 'Where the banner leads.' }) });
export type RecFocus = Static<typeof RecFocus>;

/** The parts of /getRecommend, one upstream key each (docs/upstream/discover.md "Recommendations"). */
export const RECOMMEND_PARTS = ['playlists', 'newSongs', 'newAlbums', 'charts', 'focus'] as const;

export const RecommendError = Obj({
  key: Enum(RECOMMEND_PARTS, { description: 'The part left empty.' }),
  module: Str({ description: 'The upstream `module.method` that failed.' }),
  code: Int({ description: 'Upstream\'s business code.' }),
});
export type RecommendError = Static<typeof RecommendError>;

export const RecommendAnswer = Obj({
  playlists: Arr(RecPlaylist),
  newSongs: Arr(RecSong),
  newAlbums: Arr(RecAlbum),
  charts: Arr(RecChart, { description: 'Every chart of every group, flattened.' }),
  focus: Arr(RecFocus),
  errors: Arr(RecommendError, { description: 'One entry per part whose upstream key failed; that part is then an empty list.' }),
});
export type RecommendAnswer = Static<typeof RecommendAnswer>;

// ---------------------------------------------------------------- tickets

export const TicketShow = Obj({
  id: Str(),
  name: Str(),
  city: Str(),
  time: Str({ description: 'As upstream writes it, e.g. 2026-12-24 19:30.' }),
  cover: Str(),
  price: Str({ description: 'As upstream writes it: a price or a range, e.g. 380-1880.' }),
});
export type TicketShow = Static<typeof TicketShow>;

export const TicketType = Obj({ id: Int(), name: Str() });
export type TicketType = Static<typeof TicketType>;

export const TicketInfoAnswer = Obj({ shows: Arr(TicketShow), types: Arr(TicketType) });
export type TicketInfoAnswer = Static<typeof TicketInfoAnswer>;
