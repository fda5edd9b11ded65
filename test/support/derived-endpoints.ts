import type { DerivedRow } from './derive-endpoints';
import { derivedRowsJson } from './derived-endpoints-file';
import { type Endpoint, ENDPOINTS } from './endpoints';

/**
 * ENDPOINTS (the hand rows) plus a derived row for every other public route, so a new endpoint is under the
 * hostile-input, faults, security and upstream-schema suites without a row of its own. Derived rows come from the
 * OpenAPI document and the upstream calls the fake logged for the documented example (test/support/derive-endpoints.ts),
 * derived once per change of the code and cached (test/support/derived-endpoints-file.ts); read synchronously, as
 * describe.each needs them at collection time.
 */

/** Routes that get no row, and why; test/robustness/openapi.e2e-spec.ts checks each is registered and has no hand row. */
export const NO_ROW: Record<string, string> = {
  'GET /health/live': 'probe: no parameters, no upstream call (operations.e2e-spec)',
  'GET /health/ready': 'probe: no parameters; reports upstream and Redis state rather than calling a QQ Music API (operations.e2e-spec)',
  'GET /health/upstream': 'admin-only (ADMIN_TOKEN; 404 without it), no parameters, answers from memory without calling upstream (canary suites)',
  'GET /user/credential/status': 'admin-only (ADMIN_TOKEN; 404 without it), no parameters (credentials suites)',
  'POST /user/setCookie': 'admin-only (ADMIN_TOKEN; 404 without it), no upstream call (legacy.e2e-spec; security.e2e-spec sends it bad JSON)',
  'GET /user/setCookie': 'admin-only (ADMIN_TOKEN; 404 without it), no upstream call, the POST\'s rules (user-extra.e2e-spec)',
  'GET /user/getCookie': 'admin-only (ADMIN_TOKEN; 404 without it), no parameters, no upstream call (legacy.e2e-spec)',
  'GET /downloadQQMusic': 'legacy alias of /downloadMainMusic: a handler of its own with the same DTO and service call (legacy.e2e-spec)',
  'GET /legacy/getSingerHotsongById': 'what /getSingerHotsong?singerid=<digits> is rewritten to: ENDPOINTS\' getSingerHotsongBySingerId row reaches it (legacy-singerid.e2e-spec)',
};

/** A derived row for every documented operation, including those that have a hand row (for comparison). */
export const DERIVED: DerivedRow[] = JSON.parse(derivedRowsJson()) as DerivedRow[];

const routeOf = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
const handRoutes = new Set(ENDPOINTS.map(routeOf));

/** `Controller_method[n]`, n ≥ 1: another path of a handler, covered by the row of its first path. */
export const isAliasPath = (row: DerivedRow): boolean => /\[[1-9]\d*\]$/.test(row.operationId);

/** The derived rows that join ENDPOINTS: routes with no hand row that are neither in NO_ROW nor an alias path. */
export const DERIVED_ROWS: DerivedRow[] = DERIVED.filter((d) => !handRoutes.has(routeOf(d)) && !(routeOf(d) in NO_ROW) && !isAliasPath(d));

/** What the data-driven suites run over: every hand row, then every derived row. */
export const ALL_ENDPOINTS: Endpoint[] = [...ENDPOINTS, ...DERIVED_ROWS];
