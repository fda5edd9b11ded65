/** Raw singer payloads → the gateway's records. Pure functions, unit-tested on the recorded fixtures. */
import { withOldNames } from '../common/answer-schema';
import { albumCover, num, records, singerPicture, str } from '../common/catalogue';
import {
  type KeyValue,
  SINGER_ALBUM_RENAMES,
  SINGER_MV_RENAMES,
  type SingerAlbum,
  type SingerDesc,
  type SingerListItem,
  type SingerMv,
  type SingerSong,
} from './singers.answers';

export { parseSingerDescXml, SingerDescXmlError } from '../upstream/clients/singers.parse';

type Raw = Record<string, any>;

// ---------- singer list ----------

/** One `singerlist[]` entry of GetSingerListIndex / get_singer_list: `{singer_id, singer_mid, singer_name, singer_pic}`. */
export function mapSingerListItem(s: Raw): SingerListItem {
  const mid = str(s.singer_mid ?? s.singerMid ?? s.mid);
  return {
    singerName: str(s.singer_name ?? s.singerName ?? s.name),
    singerMID: mid,
    singerPic: str(s.singer_pic ?? s.singerPic) || singerPicture(mid),
  };
}

/** Joins the upstream pages' `singerlist` arrays and cuts the gateway's window out of them. */
export function sliceSingerPages(pages: Raw[], skip: number, limit: number): SingerListItem[] {
  return pages
    .flatMap((p) => records(p?.singerlist))
    .slice(skip, skip + limit)
    .map(mapSingerListItem);
}

// ---------- singer description (XML CGI) ----------

/** Labels of the `basic` items (believed, not recorded: docs/upstream/singers.md "Singer description"). */
export const DESC_KEYS = { birth: '出生日期', birthPlace: '出生地', name: '中文名', foreignName: '外文名' } as const;

const items = (group: unknown): KeyValue[] =>
  group && typeof group === 'object'
    ? records((group as Raw).item).map((i) => ({ key: str(i.key), value: str(i.value) }))
    : [];

/** `info` → the spec's `{desc, birth, birthPlace}` plus the name and every basic/other item. Missing parts are ''. */
export function mapSingerDesc(info: Raw | null): SingerDesc {
  const basic = items(info?.basic);
  const other = items(info?.other);
  const value = (key: string) => basic.find((i) => i.key === key)?.value ?? '';
  return {
    desc: typeof info?.desc === 'string' ? info.desc : '',
    birth: value(DESC_KEYS.birth),
    birthPlace: value(DESC_KEYS.birthPlace),
    name: value(DESC_KEYS.name) || value(DESC_KEYS.foreignName),
    basic,
    other,
  };
}

// ---------- songs ----------

/** A GetSingerSongList `songList[]` entry (`{songInfo: track}`) or a bare track (new or old field names). */
export function mapSingerSong(item: Raw): SingerSong {
  const t: Raw = item?.songInfo ?? item?.musicData ?? item ?? {};
  const album: Raw = t.album && typeof t.album === 'object' ? t.album : {};
  return {
    songmid: str(t.mid ?? t.songmid),
    songid: num(t.id ?? t.songid),
    songname: str(t.name ?? t.title ?? t.songname),
    singer: records(t.singer).map((s) => str(s.name)).filter(Boolean).join('/'),
    albumName: str(album.name ?? t.albumname),
    albumMid: str(album.mid ?? t.albummid),
    interval: num(t.interval),
  };
}

// ---------- albums ----------

/** A GetAlbumList `albumList[]` entry (recorded: fake-upstream/fixtures/musicu-musichallalbum-getalbumlist.albumList.fragment.json). */
export function mapSingerAlbum(a: Raw): SingerAlbum {
  const mid = str(a.albumMid ?? a.album_mid ?? a.mid);
  return withOldNames(
    {
      albumMid: mid,
      albumName: str(a.albumName ?? a.album_name ?? a.name),
      publicTime: str(a.publishDate ?? a.pub_time ?? a.publicTime),
      songCount: num(a.totalNum ?? a.total_num),
      cover: albumCover(mid),
    },
    SINGER_ALBUM_RENAMES,
  );
}

// ---------- MVs ----------

/** A GetSingerMvList `list[]` entry: `{mvid, vid, title, picurl, playcnt, pubdate, duration}` (the Python QQMusicApi project's VideoBrief model). */
export function mapSingerMv(m: Raw): SingerMv {
  return withOldNames(
    {
      vid: str(m.vid),
      mvId: num(m.mvid ?? m.id),
      title: str(m.title ?? m.name),
      cover: str(m.picurl ?? m.pic),
      listen_num: num(m.playcnt ?? m.listenCount ?? m.play_count),
      publishDate: num(m.pubdate ?? m.publish_date),
    },
    SINGER_MV_RENAMES,
  );
}

// ---------- similar singers ----------

/** A GetSimilarSingerList `singerlist[]` entry: `{singerId, singerMid, singerName, singerPic, pic_mid}`. */
export function mapSimilarSinger(s: Raw): SingerListItem {
  const mid = str(s.singerMid ?? s.singer_mid ?? s.mid);
  return {
    singerMID: mid,
    singerName: str(s.singerName ?? s.singer_name ?? s.name),
    singerPic: str(s.singerPic ?? s.singer_pic ?? s.pic) || singerPicture(mid),
  };
}

// ---------- fan count ----------

/**
 * The fan count from `fcg_order_singer_getnum.fcg`. No source confirms the field (docs/upstream/singers.md "Singer fan count"), so the
 * forms seen in third-party code are all accepted, first match wins: `num`, `concernNum`, `data.num`, `data.concernNum`.
 * Returns undefined when none holds a whole number ≥ 0.
 */
export function pickFanCount(body: Raw): number | undefined {
  const candidates = [body?.num, body?.concernNum, body?.data?.num, body?.data?.concernNum];
  for (const c of candidates) {
    if (c === undefined || c === null || c === '') continue;
    const n = Number(c);
    // a whole count only: the answer declares fanCount an integer
    if (Number.isSafeInteger(n) && n >= 0) return n;
  }
  return undefined;
}
