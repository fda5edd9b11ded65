import { records } from '../../common/catalogue';
import { isObj } from './util';
import type { Raw, LegacyAdapter } from './util';

/** getSearchByKey: the CGI's `data.<section>.list` (`data.song.list[].songmid`…), rebuilt from the musicu primary. */
const SEARCH_SECTION: Record<string, string> = { song: 'song', singer: 'singer', album: 'album', playlist: 'songlist', mv: 'mv', lyric: 'lyric' };
export const getSearchByKey: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isObj(raw?.data) && Object.keys(SEARCH_SECTION).some((k) => isObj(raw.data[SEARCH_SECTION[k]]))) return { response: raw };
  const d = s.body?.data ?? {};
  const section = SEARCH_SECTION[d.type] ?? 'song';
  const list = records(d.list).map((h: Raw) => (Array.isArray(h.singers) ? { ...h, singer: h.singers } : h));
  return {
    response: {
      code: 0,
      data: { keyword: d.key, [section]: { list, curnum: list.length, curpage: d.page, totalnum: d.total } },
      raw,
    },
  };
};
