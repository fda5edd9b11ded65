/**
 * The spec's singer-list filter values and the window of upstream pages a gateway page needs. The upstream codes
 * (docs/upstream/singers.md "Singer list") live with the client: src/upstream/clients/singers.params.ts.
 */
import { UPSTREAM_SINGER_PAGE } from '../upstream/clients/singers.params';

export {
  AREA_CODES,
  GENRE_CODES,
  SEX_CODES,
  type SingerFilter,
  type SingerListModule,
  toUpstreamFilter,
  UPSTREAM_ALL,
  UPSTREAM_SINGER_PAGE,
} from '../upstream/clients/singers.params';

export const SPEC_AREAS = [-1, 2, 3] as const;
export const SPEC_SEXES = [-1, 1, 2] as const;
export const SPEC_GENRES = [-1, 1, 2] as const;

export interface SingerListWindow {
  /** 1-based upstream pages (`cur_page`) holding the requested window, in order (one or two). */
  pages: number[];
  /** How many singers of the first upstream page come before the window. */
  skip: number;
}

/**
 * The gateway's 0-based `page` of `limit` singers covers singers [page·limit, page·limit + limit). Upstream page p
 * (1-based) holds [(p−1)·80, p·80), so with limit ≤ 80 the window spans at most two upstream pages.
 */
export function singerListWindow(page: number, limit: number, pageSize = UPSTREAM_SINGER_PAGE): SingerListWindow {
  const start = page * limit;
  const end = start + limit - 1;
  const first = Math.floor(start / pageSize) + 1;
  const last = Math.floor(end / pageSize) + 1;
  const pages: number[] = [];
  for (let p = first; p <= last; p++) pages.push(p);
  return { pages, skip: start - (first - 1) * pageSize };
}
