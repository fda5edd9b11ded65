import type { Request } from 'express';
import type { ResponseShape } from '../config/app-config';
import type { Shaped } from '../common/shaped';
import { APP_ROUTES_LEGACY_ROUTES } from './adapters/app-routes';
import { CHARTS_LEGACY_ROUTES } from './adapters/charts';
import { COMMENTS_LEGACY_ROUTES } from './adapters/comments';
import { DISCOVER_LEGACY_ROUTES } from './adapters/discover';
import { LIBRARY_LEGACY_ROUTES } from './adapters/library';
import { MUSIC_LEGACY_ROUTES } from './adapters/music';
import { MV_LEGACY_ROUTES } from './adapters/mv';
import { PLAYLISTS_LEGACY_ROUTES } from './adapters/playlists';
import { RECOMMEND_LEGACY_ROUTES } from './adapters/recommend';
import { SEARCH_LEGACY_ROUTES } from './adapters/search';
import { SINGERS_LEGACY_ROUTES } from './adapters/singers';
import { USER_LEGACY_ROUTES } from './adapters/user';
import { asIs, passthrough, referenceOrRaw, wrappedBody } from './adapters/util';
import type { LegacyRoute, LegacySchema, Raw } from './adapters/util';

/**
 * The legacy response shape of the older Koa services (Rain120/qq-music-api and its forks): what a client written
 * against them READS. Default: the raw upstream answer under `response`. Where the gateway's upstream call differs from
 * the one those services make (it follows what the upstream answers today), an adapter rebuilds their keys from the
 * raw answer and the normalised body. docs/legacy.md "What each endpoint returns in the legacy shape" has the table.
 */

/** Query parameter and header that pick the shape per request (they win over RESPONSE_SHAPE). */
export const SHAPE_QUERY = 'shape';
export const SHAPE_HEADER = 'x-response-shape';

/** What `?shape=` and `X-Response-Shape` accept (case-insensitive, trimmed; empty = absent). */
const SHAPE_VALUES: Record<string, ResponseShape> = { legacy: 'legacy', normalised: 'normalised', normalized: 'normalised' };
const ALLOWED_SHAPES = 'legacy, normalised (or normalized)';

/**
 * The 400 message for a shape value that names no shape (`?shape=legacyy`, `X-Response-Shape: weird`), the query's
 * first: a typo must not quietly give the other shape. Undefined when both are absent, empty or known.
 */
export function shapeError(query: string | null | undefined, header: string | string[] | undefined): string | undefined {
  const sources: [string, unknown][] = [['shape', query], ['X-Response-Shape', Array.isArray(header) ? header.join(', ') : header]];
  for (const [name, raw] of sources) {
    const v = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (v && !(v in SHAPE_VALUES)) return `${name} must be one of ${ALLOWED_SHAPES}`;
  }
  return undefined;
}

/** The shape for this request: `?shape=` first, then `X-Response-Shape`, then the deployment default. */
export function requestedShape(req: Request, fallback: ResponseShape): ResponseShape {
  const q = req.query?.[SHAPE_QUERY];
  return requestedShapeOf(typeof q === 'string' ? q : null, req.header(SHAPE_HEADER), fallback);
}

export function requestedShapeOf(query: string | null | undefined, header: string | undefined, fallback: ResponseShape): ResponseShape {
  for (const raw of [query, header]) {
    const v = (raw ?? '').trim().toLowerCase();
    if (Object.hasOwn(SHAPE_VALUES, v)) return SHAPE_VALUES[v];
  }
  return fallback;
}

/**
 * The `shape` query value a request is cached under: `'legacy'` when the answer will be legacy (by query, header or
 * deployment default), `'normalised'` when the query named a shape, else undefined (the plain URL). Both the request
 * rewrite and any cache that keys on the URL before it (the cache fast lane) must use this, so the two shapes never
 * share an entry. An unknown value (shapeError) gets INVALID_SHAPE, a key no answer is stored under, so such a
 * request always reaches the rewrite, which refuses it.
 */
export function cacheShapeParam(
  query: string | null | undefined,
  header: string | string[] | undefined,
  fallback: ResponseShape,
): 'legacy' | 'normalised' | typeof INVALID_SHAPE | undefined {
  if (shapeError(query, header)) return INVALID_SHAPE;
  const shape = requestedShapeOf(query, Array.isArray(header) ? header[0] : header, fallback);
  if (shape === 'legacy') return 'legacy';
  return query !== null && query !== undefined ? 'normalised' : undefined;
}

/** The cache key's shape for a request with an unknown shape value (answered 400, so never stored). */
export const INVALID_SHAPE = 'invalid';

export type { LegacyAdapter, LegacyRoute, LegacySchema } from './adapters/util';

/**
 * Legacy answers by route name (the last path segment that is not a parameter), each with its schema, one table per
 * area in ./adapters. Anything else: `{ response: raw }` (passthrough).
 */
export const LEGACY_ROUTES: Record<string, LegacyRoute> = {
  ...CHARTS_LEGACY_ROUTES,
  ...MUSIC_LEGACY_ROUTES,
  ...PLAYLISTS_LEGACY_ROUTES,
  ...MV_LEGACY_ROUTES,
  ...DISCOVER_LEGACY_ROUTES,
  ...SINGERS_LEGACY_ROUTES,
  ...COMMENTS_LEGACY_ROUTES,
  ...SEARCH_LEGACY_ROUTES,
  // The older services' CGI answer, asked in this shape only (LegacyExtras), else the gateway's raw answer.
  getSingerMv: referenceOrRaw,
  getRadioLists: referenceOrRaw,
  // Already the Koa services' top-level shapes.
  batchGetSongLists: asIs,
  getUserAvatar: asIs,
  getMainLoginQr: asIs,
  getQQLoginQr: asIs,
  checkMainLoginQr: asIs,
  checkQQLoginQr: asIs,
  getAltLoginQr: asIs,
  getWXLoginQr: asIs,
  checkAltLoginQr: asIs,
  checkWXLoginQr: asIs,
  // The Koa services' /downloadQQMusic returned the desktop client's download.js; the gateway downloads the song.
  downloadMainMusic: wrappedBody,
  downloadQQMusic: wrappedBody,
  getImageUrl: wrappedBody,
  // The user routes (src/legacy/adapters/user.ts).
  ...USER_LEGACY_ROUTES,
  // The recommendation routes (src/legacy/adapters/recommend.ts).
  ...RECOMMEND_LEGACY_ROUTES,
  // The Koa fork's library routes (src/legacy/adapters/library.ts).
  ...LIBRARY_LEGACY_ROUTES,
  ...APP_ROUTES_LEGACY_ROUTES,
};

/**
 * Routes whose handler answers a plain body (no upstream answer behind it): the legacy shape leaves it as it is
 * (ResponseShaper reshapes only a service's Shaped result).
 */
const PLAIN_ROUTES = new Set(['live', 'ready', 'upstream', 'setCookie', 'getCookie']);

/** The schema of a route's legacy answer (by route name), for the OpenAPI document. */
export function legacySchemaOf(name: string): LegacySchema {
  if (PLAIN_ROUTES.has(name)) return 'normal';
  return (LEGACY_ROUTES[name] ?? passthrough).schema;
}

/** Route name of a matched Express route path: '/getSongLists/:page/:limit' → 'getSongLists'. */
export function routeName(path: unknown): string {
  if (typeof path !== 'string') return '';
  const parts = path.split('/').filter((p) => p && !p.startsWith(':') && !p.startsWith('*'));
  return parts[parts.length - 1] ?? '';
}

export function toLegacy(shaped: Shaped<Raw>, req: Request, extra?: Record<string, Raw>): unknown {
  const name = routeName(req.route?.path);
  return (LEGACY_ROUTES[name] ?? passthrough).adapt({ body: shaped.body, raw: shaped.raw, extra }, req);
}

/** Errors the Koa services answered with 200 and a per-song `error` (getMusicPlay). */
export const PLAY_URL_ERRORS = new Set(['NO_PLAY_URL', 'QUALITY_UNAVAILABLE', 'SONG_NOT_FOUND']);
