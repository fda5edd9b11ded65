import { records } from '../../common/catalogue';

/** Upstream-facing chart facts the charts client needs: the period label of an edition, the empty answer. */

/** Charts updated daily take a `YYYY-MM-DD` period; the rest are weekly `YYYY_W` (ISO week): docs/upstream/charts.md "Chart detail (fallback)". */
export const DAILY_CHART_IDS = new Set([4, 27, 62]);

const CHINA_OFFSET_MS = 8 * 3600 * 1000;

/** The period QQ Music labels the current edition of a chart with, in China time (UTC+8). */
export function chartPeriod(topId: number, now: Date = new Date()): string {
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  if (DAILY_CHART_IDS.has(topId)) return china.toISOString().slice(0, 10);
  const { year, week } = isoWeek(china);
  return `${year}_${week}`;
}

/** ISO-8601 week number and week-year of a date (read in UTC fields). */
export function isoWeek(date: Date): { year: number; week: number } {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const day = d.getUTCDay() || 7;
  d.setUTCDate(d.getUTCDate() + 4 - day); // the Thursday of this week decides the year
  const yearStart = Date.UTC(d.getUTCFullYear(), 0, 1);
  const week = Math.ceil(((d.getTime() - yearStart) / 86400000 + 1) / 7);
  return { year: d.getUTCFullYear(), week };
}

/** A GetDetail answer with no rows at all and no total: what the Android retry is for (docs/upstream/README.md "Android retry"). */
export function isEmptyChartAnswer(detail: Record<string, any>): boolean {
  const summary: Record<string, any> = detail?.data ?? {};
  return !records(summary.song).length && !records(detail?.songInfoList).length && !Number(summary.totalNum);
}
