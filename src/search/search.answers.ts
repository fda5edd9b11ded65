import type { TObject } from '@sinclair/typebox';
import { AnyOf, Arr, Enum, Int, Obj, RawObject, type Static, Str, type TSchema, WithOldNames } from '../common/answer-schema';
import { AlbumHit, HIT_OF, PlaylistHit, SingerHit } from '../upstream/clients/search.parse';

/**
 * What the search routes answer (decision 021: each schema is also the type its mapper or service returns):
 * /getSearchByKey, /searchByType, /getSearchByType, /getHotkey, /getSmartbox, /getTopLists. The hits are declared
 * where the search client builds them (src/upstream/clients/search.parse.ts).
 */

const paging = {
  key: Str({ description: 'The keyword searched (trimmed).' }),
  page: Int({ description: 'As asked: 0-based (/getSearchByType and /searchByType: 1-based).' }),
  limit: Int(),
  total: Int({ description: 'Upstream\'s count of matches (the upstream page\'s length when it gave none).' }),
};

/** One type's page: `type` names what `list` holds. */
const pageOf = <const T extends string, H extends TObject>(type: T, hit: H, title: string) =>
  Obj({ ...paging, type: Enum([type] as const), list: Arr(hit) }, { title });

export const SearchPage = AnyOf([
  pageOf('song', HIT_OF.song, 'SongSearchPage'),
  pageOf('lyric', HIT_OF.lyric, 'LyricSearchPage'),
  pageOf('singer', HIT_OF.singer, 'SingerSearchPage'),
  pageOf('album', HIT_OF.album, 'AlbumSearchPage'),
  pageOf('playlist', HIT_OF.playlist, 'PlaylistSearchPage'),
  pageOf('mv', HIT_OF.mv, 'MvSearchPage'),
]);
export type SearchPage = Static<typeof SearchPage>;

/** /getSearchByType: the page of the type its code `t` names. */
const byCode = <const T extends string, const C extends number, H extends TSchema>(type: T, t: C, hit: H, title: string) =>
  Obj({ ...paging, type: Enum([type] as const), t: Enum([t] as const, { description: 'The upstream search type code asked.' }), list: Arr(hit) }, { title });

export const SearchByCodePage = AnyOf([
  byCode('singer', 1, SingerHit, 'SingerSearchByTypePage'),
  byCode('album', 2, AlbumHit, 'AlbumSearchByTypePage'),
  byCode('playlist', 3, PlaylistHit, 'PlaylistSearchByTypePage'),
  byCode('user', 8, RawObject({ description: 'A user as upstream sends it (no user search answer was ever recorded).' }), 'UserSearchByTypePage'),
]);
export type SearchByCodePage = Static<typeof SearchByCodePage>;

// ---------------------------------------------------------------- hot keys, smartbox, chart list

export const Hotkey = Obj({ keyword: Str({ description: 'Trimmed (upstream pads it with a space).' }), score: Int({ description: 'Upstream\'s `score` (the CGI\'s `n`).' }) });
export type Hotkey = Static<typeof Hotkey>;

export const HotkeysAnswer = Obj({
  hotkeys: Arr(Hotkey),
  specialKey: Str({ description: 'The highlighted keyword; \'\' when none (the musicu call never gives one, only the CGI fallback).' }),
  specialUrl: Str({ description: 'Where the highlighted keyword leads; \'\' when none (only the CGI fallback gives one).' }),
});
export type HotkeysAnswer = Static<typeof HotkeysAnswer>;

const smartboxFields = { id: Int(), mid: Str(), name: Str(), singer: Str({ description: 'Singer names as upstream joins them.' }) };

export const SmartboxItem = Obj(smartboxFields);
export type SmartboxItem = Static<typeof SmartboxItem>;

export const SmartboxMv = Obj({ ...smartboxFields, vid: Str({ description: 'MV vid (what /getMvPlay takes).' }) });
export type SmartboxMv = Static<typeof SmartboxMv>;

export const Smartbox = Obj({ songs: Arr(SmartboxItem), singers: Arr(SmartboxItem), albums: Arr(SmartboxItem), mvs: Arr(SmartboxMv) });
export type Smartbox = Static<typeof Smartbox>;

export const SmartboxAnswer = Obj({ key: Str({ description: 'The keyword asked (trimmed).' }), ...Smartbox.properties });
export type SmartboxAnswer = Static<typeof SmartboxAnswer>;

export const TOP_LIST_RENAMES = { listenCount: 'listen_num' } as const;

export const TopListItem = Obj(
  WithOldNames(
    {
      id: Int({ description: 'Chart id (what /getRanks takes as topId).' }),
      name: Str(),
      listen_num: Int(),
      cover: Str(),
      type: Int({ description: 'Upstream\'s chart type.' }),
      songs: Arr(Obj({ songName: Str(), singerName: Str() }), { description: 'The chart\'s first songs, as upstream lists them.' }),
    },
    TOP_LIST_RENAMES,
  ),
);
export type TopListItem = Static<typeof TopListItem>;

export const TopListsAnswer = Obj({ topLists: Arr(TopListItem) });
export type TopListsAnswer = Static<typeof TopListsAnswer>;
