/**
 * Search answers (musicu Desktop and Mobile searches, the legacy CGI) → typed hits: what the search client reads to
 * choose its fallbacks (docs/upstream/search.md). Pure; unit-tested through src/search/search.mapper.ts.
 */
import { Arr, Int, Obj, type Static, Str, type TSchema, WithOldNames, withOldNames } from '../../common/answer-schema';
import { albumCover, num, records, str } from '../../common/catalogue';

type Raw = Record<string, any>;

export const SEARCH_TYPES = ['song', 'album', 'playlist', 'singer', 'mv', 'lyric'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/** Where each type's list sits in the musicu answer's `body`. */
const MUSICU_SECTION: Record<SearchType, string[]> = {
  song: ['song'],
  singer: ['singer'],
  album: ['album'],
  playlist: ['songlist'],
  mv: ['mv'],
  lyric: ['lyric', 'song'],
};
/**
 * Where each type's list sits in the Mobile search's `body` (docs/upstream/search.md "Mobile search"): arrays named
 * `item_<type>`, the singers under `singer`; a lyric search lists songs.
 */
const MOBILE_SECTION: Record<SearchType, string[]> = {
  song: ['item_song'],
  singer: ['singer', 'item_singer'],
  album: ['item_album'],
  playlist: ['item_songlist'],
  mv: ['item_mv'],
  lyric: ['item_song'],
};
/** `client_search_cp` type codes (`t`) and remoteplace names (docs/upstream/search.md "Search CGI (last resort)"). */
export const CGI_SEARCH_TYPE: Record<SearchType, { t: number; place: string; section: string[] }> = {
  song: { t: 0, place: 'song', section: ['song'] },
  playlist: { t: 2, place: 'playlist', section: ['songlist', 'list'] },
  lyric: { t: 7, place: 'lyric', section: ['lyric', 'song'] },
  album: { t: 8, place: 'album', section: ['album'] },
  singer: { t: 9, place: 'singer', section: ['singer'] },
  mv: { t: 12, place: 'mv', section: ['mv'] },
};

/*
 * The hit shapes are answer schemas (decision 021) declared here, not in src/search/search.answers.ts: the search
 * client builds them to choose its fallbacks, and src/upstream may not import from a feature folder.
 */

const SearchSinger = Obj({ id: Int(), mid: Str(), name: Str({ description: 'Highlight tags stripped.' }) });

/** The old names of the hits' renamed fields (src/common/glossary.ts), per hit type. */
export const SINGER_HIT_RENAMES = { singerMid: 'singerMID', songNum: 'songCount', albumNum: 'albumCount', mvNum: 'mvCount' } as const;
export const PLAYLIST_HIT_RENAMES = { imgurl: 'cover' } as const;
export const MV_HIT_RENAMES = { mvName: 'title', publishDate: 'publicTime', playCount: 'listen_num', duration: 'interval' } as const;

const songHitFields = {
  songid: Int(),
  songmid: Str(),
  songname: Str({ description: 'Highlight tags (`<em>`) stripped, as in every name of a hit.' }),
  singer: Str({ description: 'Singer names joined with "/".' }),
  singers: Arr(SearchSinger),
  albumName: Str(),
  albumMid: Str(),
  albumId: Int(),
  interval: Int({ description: 'Duration in seconds.' }),
};

export const SongHit = Obj(songHitFields);
export type SongHit = Static<typeof SongHit>;

/** A song found by its lyric: the song hit plus the matching lyric text. */
export const LyricHit = Obj({ ...songHitFields, lyric: Str({ description: 'The matching lyric text as upstream sent it (highlights kept).' }) });
export type LyricHit = Static<typeof LyricHit>;

export const SingerHit = Obj(
  WithOldNames(
    {
      singerId: Int(),
      singerMID: Str(),
      singerName: Str(),
      singerPic: Str({ description: 'Picture URL as upstream sent it; \'\' without one.' }),
      songCount: Int(),
      albumCount: Int(),
      mvCount: Int(),
    },
    SINGER_HIT_RENAMES,
  ),
);
export type SingerHit = Static<typeof SingerHit>;

export const AlbumHit = Obj({
  albumId: Int(),
  albumMid: Str(),
  albumName: Str(),
  singerName: Str({ description: 'Singer names joined with "/".' }),
  publicTime: Str({ description: 'As upstream writes it, e.g. 2003-07-31; \'\' when unknown.' }),
  cover: Str({ description: 'Upstream\'s picture, else the T002 cover of the mid.' }),
  songCount: Int(),
});
export type AlbumHit = Static<typeof AlbumHit>;

export const PlaylistHit = Obj(
  WithOldNames(
    {
      dissid: Str({ description: 'Playlist id (a numeric string).' }),
      dissname: Str(),
      creator: Str({ description: 'Creator\'s nickname.' }),
      listen_num: Int(),
      cover: Str({ description: 'Cover image URL.' }),
      songCount: Int(),
    },
    PLAYLIST_HIT_RENAMES,
  ),
);
export type PlaylistHit = Static<typeof PlaylistHit>;

export const MvHit = Obj(
  WithOldNames(
    {
      vid: Str({ description: 'MV vid (what /getMvPlay takes).' }),
      mvId: Int(),
      title: Str(),
      singerName: Str({ description: 'Singer names joined with "/".' }),
      cover: Str(),
      listen_num: Int({ description: 'How many times it was played.' }),
      interval: Int({ description: 'Its length, in seconds.' }),
      publicTime: Str({ description: 'As upstream writes it, as text (e.g. 2020-02-02).' }),
    },
    MV_HIT_RENAMES,
  ),
);
export type MvHit = Static<typeof MvHit>;

/** What one search type's list holds. */
export const HIT_OF = { song: SongHit, lyric: LyricHit, singer: SingerHit, album: AlbumHit, playlist: PlaylistHit, mv: MvHit } satisfies Record<SearchType, TSchema>;
type HitOf = { [T in SearchType]: Static<(typeof HIT_OF)[T]> };
export type SearchHit = HitOf[SearchType];

/** One type's search result: its list holds that type's hits only. */
export interface SearchResultOf<T extends SearchType> {
  type: T;
  total: number;
  list: HitOf[T][];
}
export type SearchResult = { [T in SearchType]: SearchResultOf<T> }[SearchType];

const stripTags = (v: unknown): string => str(v).replace(/<\/?em>/g, '');
const first = (...vals: unknown[]): unknown => vals.find((v) => v !== undefined && v !== null && v !== '');

const singersOf = (s: unknown): { id: number; mid: string; name: string }[] =>
  records(s).map((x) => ({ id: num(x.id), mid: str(x.mid), name: stripTags(x.name) }));

export function mapSongHit(s: Raw): SongHit {
  const album: Raw = s.album ?? {};
  const singers = singersOf(s.singer);
  return {
    songid: num(first(s.songid, s.id)),
    songmid: str(first(s.songmid, s.mid)),
    songname: stripTags(first(s.songname, s.title, s.name)),
    singer: singers.map((x) => x.name).filter(Boolean).join('/'),
    singers,
    albumName: stripTags(first(s.albumname, album.name, album.title)),
    albumMid: str(first(s.albummid, album.mid)),
    albumId: num(first(s.albumid, album.id)),
    interval: num(s.interval),
  };
}

export function mapLyricHit(s: Raw): LyricHit {
  return { ...mapSongHit(s), lyric: str(first(s.content, s.lyric, s.lyric_hilight)) };
}

export function mapSingerHit(s: Raw): SingerHit {
  return withOldNames(
    {
      singerId: num(first(s.singerID, s.singerId, s.singer_id, s.id)),
      singerMID: str(first(s.singerMID, s.singerMid, s.singer_mid, s.mid)),
      singerName: stripTags(first(s.singerName, s.singer_name, s.name)),
      singerPic: str(first(s.singerPic, s.singer_pic, s.pic)),
      songCount: num(first(s.songNum, s.song_num)),
      albumCount: num(first(s.albumNum, s.album_num)),
      mvCount: num(first(s.mvNum, s.mv_num)),
    },
    SINGER_HIT_RENAMES,
  );
}

export function mapAlbumHit(a: Raw): AlbumHit {
  const mid = str(first(a.albumMID, a.albumMid, a.album_mid, a.mid));
  return {
    albumId: num(first(a.albumID, a.albumId, a.album_id, a.id)),
    albumMid: mid,
    albumName: stripTags(first(a.albumName, a.album_name, a.name)),
    singerName: stripTags(first(a.singerName, a.singer_name, records(a.singer_list).map((s) => s.name).join('/'))),
    publicTime: str(first(a.publicTime, a.public_time, a.time_public, a.publish_date)),
    cover: str(first(a.albumPic, a.album_pic, a.pic)) || albumCover(mid),
    songCount: num(first(a.song_count, a.songCount, a.song_num)),
  };
}

export function mapPlaylistHit(p: Raw): PlaylistHit {
  return withOldNames(
    {
      dissid: str(first(p.dissid, p.dissID, p.id, p.tid)),
      dissname: stripTags(first(p.dissname, p.dissName, p.title)),
      creator: stripTags(first(p.creator?.name, p.creator?.nick, p.nickname)),
      listen_num: num(first(p.listennum, p.listenum, p.listen_num)),
      cover: str(first(p.imgurl, p.logo, p.picurl, p.cover_url)),
      songCount: num(first(p.song_count, p.songnum, p.song_num)),
    },
    PLAYLIST_HIT_RENAMES,
  );
}

export function mapMvHit(m: Raw): MvHit {
  return withOldNames(
    {
      vid: str(first(m.v_id, m.vid, m.mv_vid)),
      mvId: num(first(m.mv_id, m.mvid, m.id)),
      title: stripTags(first(m.mv_name, m.mvname, m.title, m.name)),
      singerName: stripTags(first(m.singer_name, m.singerName, m.singername, records(m.singer_list).map((s) => s.name).join('/'))),
      cover: str(first(m.mv_pic_url, m.pic, m.picurl, m.cover)),
      listen_num: num(first(m.play_count, m.playCount, m.listennum, m.playcnt)),
      interval: num(m.duration),
      publicTime: str(first(m.publish_date, m.publishDate, m.pubdate)),
    },
    MV_HIT_RENAMES,
  );
}

const HIT_MAPPERS: { [T in SearchType]: (item: Raw) => HitOf[T] } = {
  song: mapSongHit,
  lyric: mapLyricHit,
  singer: mapSingerHit,
  album: mapAlbumHit,
  playlist: mapPlaylistHit,
  mv: mapMvHit,
};

/**
 * A type's result from upstream's items; `total` falls back on the list's length when upstream gave none. (The
 * overload states what TypeScript cannot follow through a generic key: a result of type T is one of the union.)
 */
function resultOf(type: SearchType, items: Raw[], total: number): SearchResult;
function resultOf<T extends SearchType>(type: T, items: Raw[], total: number): SearchResultOf<T> {
  const list = items.map((item) => HIT_MAPPERS[type](item));
  return { type, total: total || list.length, list };
}

/** The result with only the hits [start, end) of its list (a client's window out of an upstream page). */
export function sliceResult(result: SearchResult, start: number, end: number): SearchResult;
export function sliceResult<T extends SearchType>(result: SearchResultOf<T>, start: number, end: number): SearchResultOf<T> {
  return { ...result, list: result.list.slice(start, end) };
}

const pick = (container: Raw | undefined, keys: string[]): Raw | undefined =>
  keys.map((k) => container?.[k]).find((v) => v && typeof v === 'object');

/** The musicu Desktop search answer (`req.data` = `{ body, meta }`) → `{ total, list }`. */
export function mapMusicuSearch(data: Raw | undefined, type: SearchType): SearchResult {
  const section = pick(data?.body, MUSICU_SECTION[type]);
  return resultOf(type, records(section?.list ?? section?.itemlist), num(first(data?.meta?.sum, data?.meta?.estimate_sum, section?.totalnum)));
}

/**
 * A Desktop search for users (search_type 8) → `{ total, list }`. No answer was ever recorded: the section is taken
 * from `body.user` and its items are passed on as upstream sends them (docs/upstream/search.md "Search by type").
 */
export function mapMusicuUserSearch(data: Raw | undefined): { total: number; list: Raw[] } {
  const section = pick(data?.body, ['user', 'users']);
  const list = records(section?.list ?? section?.itemlist);
  return { total: num(first(data?.meta?.sum, data?.meta?.estimate_sum, section?.totalnum)) || list.length, list };
}

/**
 * The Mobile search answer (`req.data` = `{ body: { item_song: [...], ... }, meta: { sum } }`) → `{ total, list }`.
 * Item fields differ from the Desktop's (`mid`/`name`/`pic`…); the item mappers read both.
 */
export function mapMobileSearch(data: Raw | undefined, type: SearchType): SearchResult {
  const section = MOBILE_SECTION[type].map((k) => data?.body?.[k]).find((v) => v && typeof v === 'object');
  return resultOf(type, records(Array.isArray(section) ? section : (section?.list ?? section?.itemlist)), num(first(data?.meta?.sum, data?.meta?.estimate_sum)));
}

/** The legacy `client_search_cp` answer (whole body) → `{ total, list }`. */
export function mapCgiSearch(raw: Raw | undefined, type: SearchType): SearchResult {
  const data = raw?.data ?? {};
  const section = pick(data, CGI_SEARCH_TYPE[type].section);
  return resultOf(type, records(section?.list ?? section?.itemlist), num(first(section?.totalnum, section?.sum)));
}

/** The hot keys whichever call gave them (docs/upstream/search.md "Hot keys"); /getHotkey's answer. */
export interface HotkeyList {
  hotkeys: { keyword: string; score: number }[];
  specialKey: string;
  specialUrl: string;
}

/** `gethotkey.fcg` answer → hot keys (keywords trimmed: upstream pads them with a space) plus the special key. */
export function mapCgiHotkeys(raw: Raw | undefined): HotkeyList {
  const data = raw?.data ?? {};
  return {
    hotkeys: records(data.hotkey)
      .map((h) => ({ keyword: str(h.k ?? h.query ?? h.title).trim(), score: num(h.n ?? h.score) }))
      .filter((h) => h.keyword),
    specialKey: str(data.special_key).trim(),
    specialUrl: str(data.special_url),
  };
}

/**
 * `GetHotkeyForQQMusicMobile` data `{ vec_hotkey[{ query, title, score, … }] }` → hot keys: `query` is what a search
 * should send (`title` is the label shown, used when `query` is missing). It has no special key.
 */
export function mapMusicuHotkeys(data: Raw | undefined): HotkeyList {
  return {
    hotkeys: records(data?.vec_hotkey)
      .map((h) => ({ keyword: str(h.query || h.title).trim(), score: num(h.score) }))
      .filter((h) => h.keyword),
    specialKey: '',
    specialUrl: '',
  };
}
