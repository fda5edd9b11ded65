import { withOldNames } from '../common/answer-schema';
import { records, singerNames } from '../common/catalogue';
import { CHART_RENAMES, type ChartEntry, type ChartGroup, type ChartPage } from './charts.answers';
/** Raw chart payloads → the spec's records. Pure; unit-tested on the recorded fixtures. */

type Raw = Record<string, any>;


/**
 * `detail` is the GetDetail answer's `data`: `{ data: { topId, title, period, song[] }, songInfoList[] }`.
 * Rows come from `data.song[]`; a MID is taken from the index-aligned `songInfoList[i]` only when its id matches.
 */
export function mapChartDetail(detail: Raw, offset: number): ChartPage {
  const summary: Raw = detail?.data ?? {};
  const infos: Raw[] = Array.isArray(detail?.songInfoList) ? detail.songInfoList : [];
  const rows: Raw[] = Array.isArray(summary.song) && summary.song.length ? summary.song : infos;
  // flatMap, not filter + map: a row that is no object is skipped without shifting the ranks and the alignment.
  const songInfoList = rows.flatMap((row, i): ChartEntry[] => {
    if (!row || typeof row !== 'object') return [];
    const info: Raw | undefined = infos[i] && typeof infos[i] === 'object' ? infos[i] : undefined;
    const songId = Number(row.songId ?? row.song_id ?? row.id ?? 0);
    const entry: ChartEntry = {
      songId,
      song_id: songId,
      songName: String(row.title ?? row.name ?? row.songName ?? info?.name ?? ''),
      singerName: String(row.singerName ?? (singerNames(row.singer) || singerNames(info?.singer))),
      rank: Number(row.rank ?? offset + i + 1),
    };
    const mid = row.mid ?? row.song_mid ?? (info && Number(info.id) === songId ? info.mid : undefined);
    if (typeof mid === 'string' && mid) entry.song_mid = entry.mid = mid;
    return [entry];
  });
  return {
    topList: { id: Number(summary.topId ?? 0), name: String(summary.title ?? ''), period: String(summary.period ?? '') },
    songInfoList,
  };
}

/**
 * GetDetail knows the chart: upstream names it and says which period it served (it serves the latest period whatever
 * is asked: docs/upstream/charts.md "Chart detail"). For an unknown topId both are empty on every page, so this never
 * depends on `offset`.
 */
export function chartExists(detail: Raw): boolean {
  const summary: Raw = detail?.data ?? {};
  return Boolean(String(summary.title ?? '') || String(summary.period ?? ''));
}

/** The GetAll answer's `data.group[]` → groups of charts. */
export function mapChartGroups(data: Raw): ChartGroup[] {
  return records(data?.group).map((g) => ({
    id: Number(g.groupId ?? 0),
    name: String(g.groupName ?? ''),
    charts: records(g.toplist).map((t) =>
      withOldNames(
        {
          id: Number(t.topId ?? 0),
          name: String(t.title ?? ''),
          period: String(t.period ?? ''),
          updateTime: String(t.updateTime ?? ''),
          listen_num: Number(t.listenNum ?? 0),
          cover: String(t.headPicUrl ?? t.frontPicUrl ?? ''),
          desc: String(t.intro ?? ''),
        },
        CHART_RENAMES,
      ),
    ),
  }));
}
