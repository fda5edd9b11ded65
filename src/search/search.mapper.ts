/** Raw hot-key / smartbox / chart-list payloads → normalised records. Pure; unit-tested on the fixtures. */
import { num, records, str } from '../common/catalogue';

// The search answers' parsing lives with the client (src/upstream/clients/search.parse.ts).
export {
  type AlbumHit,
  CGI_SEARCH_TYPE,
  mapAlbumHit,
  mapCgiSearch,
  mapMobileSearch,
  mapMusicuSearch,
  mapMusicuUserSearch,
  mapMvHit,
  mapPlaylistHit,
  mapSingerHit,
  mapSongHit,
  type MvHit,
  type PlaylistHit,
  SEARCH_TYPES,
  type SearchHit,
  type SearchResult,
  type SearchType,
  type SingerHit,
  type SongHit,
} from '../upstream/clients/search.parse';

type Raw = Record<string, any>;

export interface Hotkey {
  keyword: string;
  score: number;
}

/** `gethotkey.fcg` answer → hot keys (keywords trimmed: upstream pads them with a space) plus the special key. */
export function mapHotkeys(raw: Raw | undefined): { hotkeys: Hotkey[]; specialKey: string; specialUrl: string } {
  const data = raw?.data ?? {};
  return {
    hotkeys: records(data.hotkey)
      .map((h) => ({ keyword: str(h.k ?? h.query ?? h.title).trim(), score: num(h.n ?? h.score) }))
      .filter((h) => h.keyword),
    specialKey: str(data.special_key).trim(),
    specialUrl: str(data.special_url),
  };
}

export interface SmartboxItem {
  id: number;
  mid: string;
  name: string;
  singer: string;
}
export interface Smartbox {
  songs: SmartboxItem[];
  singers: SmartboxItem[];
  albums: SmartboxItem[];
  mvs: (SmartboxItem & { vid: string })[];
}

/** `smartbox_new.fcg` answer `data.{song,singer,album,mv}.itemlist[{id, mid, name, singer}]` → suggestions. */
export function mapSmartbox(raw: Raw | undefined): Smartbox {
  const data = raw?.data ?? {};
  const items = (key: string): SmartboxItem[] =>
    records(data[key]?.itemlist).map((i) => ({ id: num(i.id ?? i.docid), mid: str(i.mid), name: str(i.name), singer: str(i.singer) }));
  return {
    songs: items('song'),
    singers: items('singer'),
    albums: items('album'),
    mvs: records(data.mv?.itemlist).map((i) => ({
      id: num(i.id),
      mid: str(i.mid ?? i.vid),
      vid: str(i.vid ?? i.mid),
      name: str(i.name),
      singer: str(i.singer),
    })),
  };
}

export interface TopListItem {
  id: number;
  name: string;
  listenCount: number;
  cover: string;
  type: number;
  songs: { songName: string; singerName: string }[];
}

/** `fcg_myqq_toplist.fcg` answer `data.topList[]` → chart list entries with their top songs. */
export function mapTopLists(raw: Raw | undefined): TopListItem[] {
  return records(raw?.data?.topList).map((t) => ({
    id: num(t.id),
    name: str(t.topTitle),
    listenCount: num(t.listenCount),
    cover: str(t.picUrl),
    type: num(t.type),
    songs: records(t.songList).map((s) => ({ songName: str(s.songname), singerName: str(s.singername) })),
  }));
}
