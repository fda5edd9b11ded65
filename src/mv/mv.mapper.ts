import { withOldNames } from '../common/answer-schema';
import { num, records, scalarStr } from '../common/catalogue';
import { type MvInfo, MV_INFO_RENAMES, MV_ITEM_RENAMES, type MvListItem, type MvPage, type MvSinger, type MvTag, type MvTags, type PlayLists } from './mv.answers';
/** Pure mappers for the MV endpoints: upstream answers in, the gateway's documented shapes out. */

/** Other areas list MVs in this shape (recommend, legacy). */
export type { MvListItem } from './mv.answers';

type Raw = Record<string, any>;

/** The four clarity groups of an MV (spec: "groups usually named f10, f20, f30, f40"): the keys of PlayLists. */
export const PLAY_GROUPS = ['f10', 'f20', 'f30', 'f40'] as const satisfies readonly (keyof PlayLists)[];

export function mapSingers(v: unknown): MvSinger[] {
  return records(v).map((s) => ({ mid: scalarStr(s.mid), name: scalarStr(s.name) }));
}

/** `GetAllocMvInfo` data `{ list[], total }` → `{ list, total }`. */
export function mapMvList(data: Raw | null | undefined): MvPage {
  const list = records(data?.list ?? data?.mvlist).map(
    (m): MvListItem =>
      withOldNames(
        {
          vid: scalarStr(m.vid),
          mvId: num(m.mvid ?? m.id),
          title: scalarStr(m.title ?? m.name ?? m.mvtitle),
          cover: scalarStr(m.picurl ?? m.pic ?? m.cover_pic),
          listen_num: num(m.playcnt ?? m.listennum ?? m.play_count),
          interval: num(m.duration),
          publishDate: num(m.pubdate ?? m.publish_date),
          singers: mapSingers(m.singers),
        },
        MV_ITEM_RENAMES,
      ),
  );
  return { list, total: num(data?.total ?? list.length) };
}

/** `GetAllocTag` data `{ area[{id,name}], version[{id,name}] }`. */
export function mapMvTags(data: Raw | null | undefined): MvTags {
  const tags = (v: unknown): MvTag[] => records(v).map((t) => ({ id: num(t.id), name: scalarStr(t.name) }));
  return { area: tags(data?.area), version: tags(data?.version) };
}

/**
 * Groups every play URL of an MV by clarity. Walks the mp4 items, then the hls items, taking each item's
 * `freeflow_url[]` and `url[]`; a URL belongs to fNN when it contains `.fNN.`. Duplicates are dropped and all
 * four keys are always present (possibly empty). URLs of no known clarity are left out.
 */
export function groupPlayLists(entry: Raw | null | undefined): PlayLists {
  const out: PlayLists = { f10: [], f20: [], f30: [], f40: [] };
  const seen = new Set<string>();
  for (const item of [...records(entry?.mp4), ...records(entry?.hls)]) {
    for (const field of [item.freeflow_url, item.url]) {
      const urls = Array.isArray(field) ? field : typeof field === 'string' ? [field] : [];
      for (const url of urls) {
        if (typeof url !== 'string' || !url || seen.has(url)) continue;
        const group = PLAY_GROUPS.find((g) => url.includes(`.${g}.`));
        if (!group) continue;
        seen.add(url);
        out[group].push(url);
      }
    }
  }
  return out;
}

export const countPlayUrls = (lists: PlayLists): number => PLAY_GROUPS.reduce((n, g) => n + lists[g].length, 0);

/**
 * The URL entry of one vid in a `GetMvUrls` answer: `data[vid]`, else (as the Koa projects do) the first entry.
 * undefined when the data is missing, not an object or `{}`.
 */
export function mvUrlEntry(data: unknown, vid: string): Raw | undefined {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Raw;
  const entry = d[vid] ?? Object.values(d)[0];
  return entry && typeof entry === 'object' ? entry : undefined;
}

/** `get_video_info_batch` data `{ <vid>: {name, cover_pic, duration, singers[]} }` → the MV's info (blank when absent). */
export function mapMvInfo(data: unknown, vid: string): MvInfo {
  const v: Raw = (data && typeof data === 'object' ? (data as Raw)[vid] : undefined) ?? {};
  return withOldNames(
    {
      title: scalarStr(v.name ?? v.title),
      cover: scalarStr(v.cover_pic ?? v.picurl),
      interval: num(v.duration),
      singers: mapSingers(v.singers),
    },
    MV_INFO_RENAMES,
  );
}
