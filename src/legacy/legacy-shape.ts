import type { Request } from 'express';
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
 * Which shape a request gets is decided in src/common/response-shape.ts (chooseShape).
 */

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
  // Already the Koa services' top-level shapes (batchGetSongLists: in PLAYLISTS_LEGACY_ROUTES, under the old names).
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

/** The legacy answer of a service's result; the extra calls' answers (LegacyExtras) are its supplements by now. */
export function toLegacy(shaped: Shaped<Raw>, req: Request): unknown {
  const name = routeName(req.route?.path);
  return (LEGACY_ROUTES[name] ?? passthrough).adapt({ body: shaped.body, raw: shaped.raw, extra: shaped.supplements }, req);
}

/** Errors the Koa services answered with 200 and a per-song `error` (getMusicPlay). */
export const PLAY_URL_ERRORS = new Set(['NO_PLAY_URL', 'QUALITY_UNAVAILABLE', 'SONG_NOT_FOUND']);
