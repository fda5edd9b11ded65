/**
 * Search answers (musicu Desktop and Mobile searches, the legacy CGI) → typed hits: what the search client reads to
 * choose its fallbacks (docs/upstream/search.md). Pure; unit-tested through src/search/search.mapper.ts.
 */
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

export interface SongHit {
  songid: number;
  songmid: string;
  songname: string;
  singer: string;
  singers: { id: number; mid: string; name: string }[];
  albumName: string;
  albumMid: string;
  albumId: number;
  interval: number;
  /** Only for type=lyric: the matching lyric text as upstream sent it. */
  lyric?: string;
}
export interface SingerHit {
  singerId: number;
  singerMid: string;
  singerName: string;
  singerPic: string;
  songNum: number;
  albumNum: number;
  mvNum: number;
}
export interface AlbumHit {
  albumId: number;
  albumMid: string;
  albumName: string;
  singerName: string;
  publicTime: string;
  cover: string;
  songCount: number;
}
export interface PlaylistHit {
  dissid: string;
  dissname: string;
  creator: string;
  listen_num: number;
  imgurl: string;
  songCount: number;
}
export interface MvHit {
  vid: string;
  mvId: number;
  mvName: string;
  singerName: string;
  cover: string;
  playCount: number;
  duration: number;
  publishDate: string;
}
export type SearchHit = SongHit | SingerHit | AlbumHit | PlaylistHit | MvHit;

export interface SearchResult {
  type: SearchType;
  total: number;
  list: SearchHit[];
}

const stripTags = (v: unknown): string => str(v).replace(/<\/?em>/g, '');
const first = (...vals: unknown[]): unknown => vals.find((v) => v !== undefined && v !== null && v !== '');

const singersOf = (s: unknown): { id: number; mid: string; name: string }[] =>
  records(s).map((x) => ({ id: num(x.id), mid: str(x.mid), name: stripTags(x.name) }));

export function mapSongHit(s: Raw, withLyric = false): SongHit {
  const album: Raw = s.album ?? {};
  const singers = singersOf(s.singer);
  const hit: SongHit = {
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
  if (withLyric) hit.lyric = str(first(s.content, s.lyric, s.lyric_hilight));
  return hit;
}

export function mapSingerHit(s: Raw): SingerHit {
  return {
    singerId: num(first(s.singerID, s.singerId, s.singer_id, s.id)),
    singerMid: str(first(s.singerMID, s.singerMid, s.singer_mid, s.mid)),
    singerName: stripTags(first(s.singerName, s.singer_name, s.name)),
    singerPic: str(first(s.singerPic, s.singer_pic, s.pic)),
    songNum: num(first(s.songNum, s.song_num)),
    albumNum: num(first(s.albumNum, s.album_num)),
    mvNum: num(first(s.mvNum, s.mv_num)),
  };
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
  return {
    dissid: str(first(p.dissid, p.dissID, p.id, p.tid)),
    dissname: stripTags(first(p.dissname, p.dissName, p.title)),
    creator: stripTags(first(p.creator?.name, p.creator?.nick, p.nickname)),
    listen_num: num(first(p.listennum, p.listenum, p.listen_num)),
    imgurl: str(first(p.imgurl, p.logo, p.picurl, p.cover_url)),
    songCount: num(first(p.song_count, p.songnum, p.song_num)),
  };
}

export function mapMvHit(m: Raw): MvHit {
  return {
    vid: str(first(m.v_id, m.vid, m.mv_vid)),
    mvId: num(first(m.mv_id, m.mvid, m.id)),
    mvName: stripTags(first(m.mv_name, m.mvname, m.title, m.name)),
    singerName: stripTags(first(m.singer_name, m.singerName, m.singername, records(m.singer_list).map((s) => s.name).join('/'))),
    cover: str(first(m.mv_pic_url, m.pic, m.picurl, m.cover)),
    playCount: num(first(m.play_count, m.playCount, m.listennum, m.playcnt)),
    duration: num(m.duration),
    publishDate: str(first(m.publish_date, m.publishDate, m.pubdate)),
  };
}

function mapHits(type: SearchType, list: Raw[]): SearchHit[] {
  switch (type) {
    case 'song':
      return list.map((s) => mapSongHit(s));
    case 'lyric':
      return list.map((s) => mapSongHit(s, true));
    case 'singer':
      return list.map(mapSingerHit);
    case 'album':
      return list.map(mapAlbumHit);
    case 'playlist':
      return list.map(mapPlaylistHit);
    case 'mv':
      return list.map(mapMvHit);
  }
}

const pick = (container: Raw | undefined, keys: string[]): Raw | undefined =>
  keys.map((k) => container?.[k]).find((v) => v && typeof v === 'object');

/** The musicu Desktop search answer (`req.data` = `{ body, meta }`) → `{ total, list }`. */
export function mapMusicuSearch(data: Raw | undefined, type: SearchType): SearchResult {
  const section = pick(data?.body, MUSICU_SECTION[type]);
  const list = mapHits(type, records(section?.list ?? section?.itemlist));
  return { type, total: num(first(data?.meta?.sum, data?.meta?.estimate_sum, section?.totalnum)) || list.length, list };
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
  const list = mapHits(type, records(Array.isArray(section) ? section : (section?.list ?? section?.itemlist)));
  return { type, total: num(first(data?.meta?.sum, data?.meta?.estimate_sum)) || list.length, list };
}

/** The legacy `client_search_cp` answer (whole body) → `{ total, list }`. */
export function mapCgiSearch(raw: Raw | undefined, type: SearchType): SearchResult {
  const data = raw?.data ?? {};
  const section = pick(data, CGI_SEARCH_TYPE[type].section);
  const list = mapHits(type, records(section?.list ?? section?.itemlist));
  return { type, total: num(first(section?.totalnum, section?.sum)) || list.length, list };
}
