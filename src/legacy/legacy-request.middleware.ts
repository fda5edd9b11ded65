import { HttpStatus } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { GatewayError } from '../common/http-error';
import { SHAPE_QUERY, type ResponseShaper } from '../common/response-shape';
import type { RouteTable } from '../common/route-table';
import { MID_PATTERN } from '../common/validation';
import { SEARCH_MAX_PAGE } from '../search/dto/get-search-by-key.dto';
import { MAX_PAGE as USER_LIST_MAX_PAGE } from '../user/dto/user-extra.dto';

/**
 * Request rewrites for clients written against the older qq-music-api services (docs/legacy.md). Installed on the
 * Express app itself, ahead of every Nest middleware and route (LegacyModule), because a rewrite must happen before
 * routing and before the response cache computes its key:
 * - a doubled leading slash (`//getSongListDetail`) is collapsed, so the route matches instead of a 404;
 * - the references' path-parameter forms (PATH_FORMS) become the query form of the same route, so the feature's own
 *   controller, DTO validation and errors apply unchanged (a query value of the same name wins over the path's);
 * - `getMusicPlay` / `downloadMainMusic` / `downloadQQMusic`: `type` is a synonym of `quality` (used when quality is absent);
 * - `getSearchByKey` without `type`: `remoteplace` (the Koa services' name) picks it (REMOTEPLACE_TYPES);
 * - `getLyric`: `isFormat=true` / `false` (newer sansenjian/qq-music-api's boolean) is 1 / 0;
 * - `getSingerHotsong` without `singermid`: a `singerid` holding a MID is taken as `singermid`; a numeric one (or
 *   anything else that is no MID) goes to SINGER_ID_ROUTE, which validates it (400 naming singerid) and asks the
 *   by-id CGI;
 * - in the legacy shape, `getSearchByKey` and the /user/ collected, followed and fan lists read `page` 1-based, as the
 *   older services did (ONE_BASED_IN_LEGACY): page n is the gateway's 0-based n − 1;
 * - the response shape chosen by header or deployment default is written into the query (`shape=`), so the response
 *   cache keys legacy and normalised answers apart.
 */
export function legacyRewrite(shaper: Pick<ResponseShaper, 'choose'>, routes: Pick<RouteTable, 'allowed'>) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    let refused: GatewayError | undefined;
    try {
      collapseLeadingSlashes(req);
      rewritePathForms(req);
      refused = rewriteQuery(req, shaper);
    } catch {
      /* a URL we cannot parse is left as it came */
    }
    // The shape only matters to a request a route answers: an unknown path stays a 404, another method a 405. Judged
    // on the rewritten path (`//getRanks`, `/getSongInfo/<mid>` and the by-id singer route are routes).
    if (refused && routes.allowed(req.path)?.includes(req.method)) return next(refused);
    next();
  };
}

/**
 * `?shape=` or `X-Response-Shape` holding no known shape: a 400 naming the allowed values (docs/legacy.md "The
 * response-shape switch"), before any upstream call or cache. A repeated `shape` is judged by its first value, as
 * everywhere.
 */
export const PATH_FORMS: Record<string, string[]> = {
  getSongLists: ['page', 'limit'],
  getSongListDetail: ['disstid'],
  getSearchByKey: ['key'],
  // Yuuz12/qq-music-api's `/getSearchByType/:key?/:limit?/:page?/:t?`
  getSearchByType: ['key', 'limit', 'page', 't'],
  getSongInfo: ['songmid'],
  getRadioTrack: ['id', 'num', 'firstplay'],
};

/** `/getSongListDetail/123?x=1` → `/getSongListDetail?disstid=123&x=1`. Only the routes and arity in PATH_FORMS. */
export function rewritePathForms(req: Request): void {
  const q = req.url.indexOf('?');
  const path = q < 0 ? req.url : req.url.slice(0, q);
  const search = q < 0 ? '' : req.url.slice(q + 1);
  const parts = path.split('/').filter(Boolean);
  const names = PATH_FORMS[parts[0] ?? ''];
  if (!names || parts.length < 2 || parts.length - 1 > names.length) return;
  const params = new URLSearchParams(search);
  const added: string[] = [];
  parts.slice(1).forEach((segment, i) => {
    let value: string;
    try {
      value = decodeURIComponent(segment);
    } catch {
      value = segment;
    }
    if (!params.has(names[i])) added.push(`${encodeURIComponent(names[i])}=${encodeURIComponent(value)}`);
  });
  const query = [search, ...added].filter(Boolean).join('&');
  req.url = `/${parts[0]}${query ? `?${query}` : ''}`;
}

const QUALITY_ROUTES = new Set(['getMusicPlay', 'getMusicVKey', 'downloadMainMusic', 'downloadQQMusic']);

/**
 * `getSearchByKey?remoteplace=`: the Koa services pick the searched type by `client_search_cp`'s remoteplace (`singer`
 * or `txt.yqq.singer`…); the gateway's name for it is `type`. Unknown values are left alone (those services searched songs).
 */
const REMOTEPLACE_TYPES: Record<string, string> = { song: 'song', singer: 'singer', album: 'album', playlist: 'playlist', songlist: 'playlist', mv: 'mv', lyric: 'lyric' };

/**
 * Routes whose normalised `page` is 0-based (PageParam) but which the older services paged from 1: in the legacy shape
 * their `page` is read as those services read it. Each with its last page (1-based) and how a page out of range is
 * refused, in the words these routes used while they paged from 1.
 */
const ONE_BASED_IN_LEGACY: Record<string, { last: number; tooLow: string; tooHigh: string }> = {
  getSearchByKey: { last: SEARCH_MAX_PAGE + 1, tooLow: 'page must be 1 or more (search pages are 1-based)', tooHigh: `page must be at most ${SEARCH_MAX_PAGE + 1}` },
  ...Object.fromEntries(
    ['getUserCollectedSongLists', 'getUserCollectedAlbums', 'getUserFollowSingers', 'getUserFollowUsers', 'getUserFans'].map((route) => {
      const between = `page must be between 1 and ${USER_LIST_MAX_PAGE + 1}`;
      return [route, { last: USER_LIST_MAX_PAGE + 1, tooLow: between, tooHigh: between }];
    }),
  ),
};

/** The routes whose `page` the legacy shape reads 1-based (by route name). */
export const LEGACY_ONE_BASED_PAGES: ReadonlySet<string> = new Set(Object.keys(ONE_BASED_IN_LEGACY));

/** A 1-based legacy `page` as the gateway's 0-based one, or the refusal of one out of range; other text is left alone. */
function legacyPage(value: string, route: { last: number; tooLow: string; tooHigh: string }): { page?: string; refusal?: string } {
  const text = value.trim();
  if (!/^-?\d+$/.test(text)) return {};
  const page = Number(text);
  if (page < 1) return { refusal: route.tooLow };
  if (page > route.last) return { refusal: route.tooHigh };
  return { page: String(page - 1) };
}

/** `getLyric?isFormat=true`: newer sansenjian/qq-music-api takes a boolean; the gateway's values are 0 and 1. */
const BOOLEAN_WORDS: Record<string, string> = { true: '1', false: '0' };

export function typeOfRemoteplace(remoteplace: string | null): string | undefined {
  const place = (remoteplace ?? '').trim().toLowerCase().replace(/^txt\.yqq\./, '');
  return Object.hasOwn(REMOTEPLACE_TYPES, place) ? REMOTEPLACE_TYPES[place] : undefined;
}

/** Where `/getSingerHotsong?singerid=<digits>` is answered (LegacyController). */
export const SINGER_ID_ROUTE = '/legacy/getSingerHotsongById';
const DIGITS = /^\s*\d+\s*$/;

const isAbsent = (v: unknown): boolean => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** `//getX?a=1` → `/getX?a=1` (only the start of the path; the query string is left alone). */
export function collapseLeadingSlashes(req: Request): void {
  if (!/^\/{2,}/.test(req.url)) return;
  req.url = req.url.replace(/^\/{2,}/, '/');
}

function pathName(url: string): string {
  const path = url.split('?')[0];
  const parts = path.split('/').filter(Boolean);
  return parts[0] === 'user' ? (parts[1] ?? '') : (parts[0] ?? '');
}

/**
 * The query rewrites above, from one parse of the query. Returns the 400 for a shape value that names no shape, judged
 * on the shape as the caller sent it, before the header's shape is folded into the query (the path rewrites before it
 * never touch `shape`).
 */
function rewriteQuery(req: Request, shaper: Pick<ResponseShaper, 'choose'>): GatewayError | undefined {
  const q = req.url.indexOf('?');
  let path = q < 0 ? req.url : req.url.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : req.url.slice(q + 1));
  const shapeChoice = shaper.choose(req, params.get(SHAPE_QUERY));
  const name = pathName(path);
  let changed = false;
  if (QUALITY_ROUTES.has(name) && isAbsent(params.get('quality')) && !isAbsent(params.get('type'))) {
    params.set('quality', params.get('type')!);
    changed = true;
  }
  const searchType = name === 'getSearchByKey' && isAbsent(params.get('type')) ? typeOfRemoteplace(params.get('remoteplace')) : undefined;
  if (searchType) {
    params.set('type', searchType);
    changed = true;
  }
  const isFormat = (params.get('isFormat') ?? '').trim().toLowerCase();
  if (name === 'getLyric' && Object.hasOwn(BOOLEAN_WORDS, isFormat)) {
    params.set('isFormat', BOOLEAN_WORDS[isFormat]);
    changed = true;
  }
  const singerid = params.get('singerid');
  if (/^\/getSingerHotsong\/?$/.test(path) && isAbsent(params.get('singermid')) && !isAbsent(singerid)) {
    if (!DIGITS.test(singerid!) && MID_PATTERN.test(singerid!.trim())) params.set('singermid', singerid!.trim());
    else path = SINGER_ID_ROUTE;
    changed = true;
  }
  let pageRefusal: string | undefined;
  const oneBased = shapeChoice.shape === 'legacy' && !shapeChoice.refusal && Object.hasOwn(ONE_BASED_IN_LEGACY, name) ? ONE_BASED_IN_LEGACY[name] : undefined;
  const asked = oneBased ? params.get('page') : null;
  if (oneBased && asked !== null && !isAbsent(asked)) {
    const read = legacyPage(asked, oneBased);
    pageRefusal = read.refusal;
    if (read.page !== undefined) {
      params.set('page', read.page);
      changed = true;
    }
  }
  if (shapeChoice.cacheParam && params.get(SHAPE_QUERY) !== shapeChoice.cacheParam) {
    params.set(SHAPE_QUERY, shapeChoice.cacheParam);
    changed = true;
  }
  if (changed) req.url = `${path}?${params.toString()}`;
  const refusal = shapeChoice.refusal ?? pageRefusal;
  return refusal ? new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', refusal) : undefined;
}
