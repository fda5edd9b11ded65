import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { MV_HIT_RENAMES, PLAYLIST_HIT_RENAMES, SINGER_HIT_RENAMES } from '../../search/search.mapper';
import { upstreamWindow } from '../../search/search.service';
import { classicTrack, underOldNames } from './util';
import { Obj, OpenObj, Raw as RawJson, RawObject } from '../../common/answer-schema';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute, Raw } from './util';

/** getSearchByKey: the CGI's `data.<section>.list` (`data.song.list[].songmid`…), rebuilt from the musicu primary. */
const SEARCH_SECTION: Record<string, string> = { song: 'song', singer: 'singer', album: 'album', playlist: 'songlist', mv: 'mv', lyric: 'lyric' };

/** The old names of each type's hits (docs/glossary.md "Renamed fields"): the legacy body keeps them. */
const HIT_RENAMES: Record<string, Readonly<Record<string, string>>> = {
  singer: SINGER_HIT_RENAMES,
  playlist: PLAYLIST_HIT_RENAMES,
  mv: MV_HIT_RENAMES,
};

/** The raw song tracks of a Desktop (`body.song.list`) or Mobile (`body.item_song`) search answer, by mid. */
function rawTracksByMid(raw: Raw): Map<string, Raw> {
  const body = raw?.req?.data?.body ?? {};
  const byMid = new Map<string, Raw>();
  for (const t of [...records(body.song?.list), ...records(body.item_song)]) if (t.mid) byMid.set(String(t.mid), t);
  return byMid;
}

/**
 * Song and lyric hits carry client_search_cp's names beside the normalised ones: `albumname`/`albummid`/`albumid`,
 * `pay.payplay`…, `vid`, `strMediaMid`, built from upstream's track of the same mid (classicTrack).
 */
export const getSearchByKey: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isRecord(raw?.data) && Object.keys(SEARCH_SECTION).some((k) => isRecord(raw.data[SEARCH_SECTION[k]]))) return { response: raw };
  const d = s.body?.data ?? {};
  const section = SEARCH_SECTION[d.type] ?? 'song';
  const tracks = section === 'song' || section === 'lyric' ? rawTracksByMid(raw) : null;
  const renames = HIT_RENAMES[d.type] ?? {};
  const list = records(d.list).map((hit: Raw) => {
    const h = underOldNames(hit, renames);
    if (tracks) return { ...h, ...classicTrack(tracks.get(String(h.songmid)) ?? {}, h) };
    return Array.isArray(h.singers) ? { ...h, singer: h.singers } : h;
  });
  return {
    response: {
      code: 0,
      // The normalised page is 0-based; the CGI's `curpage` counts from 1, as the page the legacy shape was asked.
      data: { keyword: d.key, [section]: { list, curnum: list.length, curpage: typeof d.page === 'number' ? d.page + 1 : d.page, totalnum: d.total } },
      raw,
    },
  };
};

/**
 * The search key's answer cut to the page the client asked: the gateway asks upstream pages of at least 10 items
 * (upstreamWindow), so a smaller `limit` gets a larger upstream page; each section's list (Desktop `body.<type>.list`,
 * Mobile `body.item_<type>`) keeps only the client's window, as an app paging by `limit` expects.
 */
function windowed(req: Raw, page: unknown, limit: unknown): Raw {
  const body = req?.data?.body;
  if (!isRecord(body) || typeof page !== 'number' || typeof limit !== 'number') return req;
  // These routes page from 1 (the older services' way): upstreamWindow takes the 0-based page.
  const { skip } = upstreamWindow(page - 1, limit);
  const cut = (list: unknown[]) => list.slice(skip, skip + limit);
  const sections = Object.fromEntries(
    Object.entries(body).map(([k, v]) => {
      if (Array.isArray(v)) return [k, cut(v)];
      if (isRecord(v) && Array.isArray(v.list)) return [k, { ...v, list: cut(v.list) }];
      return [k, v];
    }),
  );
  return { ...req, data: { ...req.data, body: sections } };
}

/** The raw musicu answer with the gateway's key `req` named as an older service names its call; anything else as it is. */
const renamingReq = (key: string): LegacyAdapter => (s) => {
  const raw = s.raw;
  if (!isRecord(raw) || !Object.hasOwn(raw, 'req')) return { response: raw };
  const { req, ...rest } = raw;
  const d = s.body?.data ?? {};
  return { response: { ...rest, [key]: windowed(req, d.page, d.limit) } };
};

/**
 * getSearchByType: the Koa project's fork answers `{ response: <musicu answer> }` with its one call under the key
 * `req_search`. A fallback's answer (Mobile, CGI) is passed on as it is.
 */
export const getSearchByType = renamingReq('req_search');

/** searchByType: WQTY-MASTER/tiaolv-music reads its server's call under `req_1` (`response.req_1.data.body…`). */
export const searchByType = renamingReq('req_1');

/** The raw musicu answer, its search under `key` (a fallback's answer as it is). */
const renamedSearch = (key: string) =>
  Obj({ response: RawJson({ description: `The search's upstream answer, the musicu call under \`${key}\` (a fallback's answer as received).` }) });

export const SEARCH_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getSearchByKey: legacyRoute(getSearchByKey, Obj({ response: OpenObj({ data: RawObject({ description: 'The CGI\'s `data.<section>.list` (`song`, `singer`, `album`, `songlist`, `mv`, `lyric`).' }) }) })),
  getSearchByType: legacyRoute(getSearchByType, renamedSearch('req_search')),
  searchByType: legacyRoute(searchByType, renamedSearch('req_1')),
};
