import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { classicTrack } from './util';
import type { LegacyAdapter, Raw } from './util';

/** getSearchByKey: the CGI's `data.<section>.list` (`data.song.list[].songmid`…), rebuilt from the musicu primary. */
const SEARCH_SECTION: Record<string, string> = { song: 'song', singer: 'singer', album: 'album', playlist: 'songlist', mv: 'mv', lyric: 'lyric' };

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
  const list = records(d.list).map((h: Raw) => {
    if (tracks) return { ...h, ...classicTrack(tracks.get(String(h.songmid)) ?? {}, h) };
    return Array.isArray(h.singers) ? { ...h, singer: h.singers } : h;
  });
  return {
    response: {
      code: 0,
      data: { keyword: d.key, [section]: { list, curnum: list.length, curpage: d.page, totalnum: d.total } },
      raw,
    },
  };
};

/**
 * getSearchByType: the fork answers `{ response: <musicu answer> }` with its one call under the key `req_search`; the
 * gateway's call is keyed `req`, so the key is renamed. A fallback's answer (Mobile, CGI) is passed on as it is.
 */
export const getSearchByType: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (!isRecord(raw) || !Object.hasOwn(raw, 'req')) return { response: raw };
  const { req, ...rest } = raw;
  return { response: { ...rest, req_search: req } };
};
