/** Raw hot-key / smartbox / chart-list payloads → normalised records. Pure; unit-tested on the fixtures. */
import { withOldNames } from '../common/answer-schema';
import { num, records, str } from '../common/catalogue';
import { type HotkeysAnswer, type Smartbox, type SmartboxItem, TOP_LIST_RENAMES, type TopListItem } from './search.answers';

// The search answers' parsing lives with the client (src/upstream/clients/search.parse.ts).
export {
  AlbumHit,
  CGI_SEARCH_TYPE,
  LyricHit,
  mapAlbumHit,
  mapCgiHotkeys as mapHotkeys,
  mapCgiSearch,
  mapMusicuHotkeys,
  mapLyricHit,
  mapMobileSearch,
  mapMusicuSearch,
  mapMusicuUserSearch,
  mapMvHit,
  mapPlaylistHit,
  mapSingerHit,
  mapSongHit,
  MV_HIT_RENAMES,
  PLAYLIST_HIT_RENAMES,
  SINGER_HIT_RENAMES,
  MvHit,
  PlaylistHit,
  SEARCH_TYPES,
  sliceResult,
  type SearchHit,
  type SearchResult,
  type SearchType,
  SingerHit,
  SongHit,
} from '../upstream/clients/search.parse';

type Raw = Record<string, any>;

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

/** `fcg_myqq_toplist.fcg` answer `data.topList[]` → chart list entries with their top songs. */
export function mapTopLists(raw: Raw | undefined): TopListItem[] {
  return records(raw?.data?.topList).map((t) =>
    withOldNames(
      {
        id: num(t.id),
        name: str(t.topTitle),
        listen_num: num(t.listenCount),
        cover: str(t.picUrl),
        type: num(t.type),
        songs: records(t.songList).map((s) => ({ songName: str(s.songname), singerName: str(s.singername) })),
      },
      TOP_LIST_RENAMES,
    ),
  );
}

/** Hot keys → the `gethotkey.fcg` body `{ code, data: { hotkey[{ k, n }], special_key, special_url } }` old clients read. */
export function legacyHotkeyBody(list: HotkeysAnswer): Raw {
  return {
    code: 0,
    data: { hotkey: list.hotkeys.map((h) => ({ k: h.keyword, n: h.score })), special_key: list.specialKey, special_url: list.specialUrl },
  };
}
