import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable, NestMiddleware } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import type { NextFunction, Request, Response } from 'express';
import { createHash } from 'node:crypto';
import { parseCookie } from '../common/cookie';
import { requestContext } from '../common/request-context';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieFileService } from '../config/cookie-file.service';
import { MetricsService } from '../metrics/metrics.service';
import { CACHE_TTL_SECONDS, STALE_WINDOW_SECONDS } from './cache-policy';

/** A stored answer: the exact bytes sent, so a hit is served without re-serialising. */
interface CachedAnswer {
  body: string;
  etag: string;
  storedAt: number;
  ttl: number;
  shared: boolean;
}

/** Query parameters that never change the answer (credentials, cache control). */
const IGNORED_PARAMS = new Set(['cookie', 'nocache']);

/**
 * Response cache for catalogue GETs (CACHE_TTL_SECONDS): hits are answered before the Nest pipeline runs; identical
 * concurrent misses wait for one leader; an answer that failed upstream (5xx) is replaced by a recent stale copy.
 * The key carries a hash of the caller's account (uin + key), never the cookie, so accounts never share answers.
 * Bypass: `Cache-Control: no-cache` (or `?nocache=1`) fetches fresh and refreshes the entry.
 */
@Injectable()
export class ResponseCacheMiddleware implements NestMiddleware {
  private readonly leaders = new Map<string, Promise<CachedAnswer | null>>();

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookieFile: CookieFileService,
    private readonly metrics: MetricsService,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    // req.path is relative to the middleware's mount point; the route is the full path.
    const path = req.originalUrl.split('?')[0];
    const ttl = req.method === 'GET' ? CACHE_TTL_SECONDS[path] : undefined;
    if (!this.config.cacheEnabled || !ttl) return next();
    res.locals.route = path;
    const { key, shared } = this.keyOf(req, path);
    const bypass = /no-cache|no-store/i.test(req.header('cache-control') ?? '') || req.query.nocache === '1';

    let stale: CachedAnswer | undefined;
    if (!bypass) {
      const stored = await this.cache.get<CachedAnswer>(key).catch(() => undefined);
      if (stored && Date.now() - stored.storedAt < stored.ttl * 1000) return this.serve(res, stored, 'HIT');
      stale = stored ?? undefined;
      const leader = this.leaders.get(key);
      if (leader) {
        const answer = await leader;
        if (answer) {
          this.metrics.coalesced.inc({ level: 'response' });
          return this.serve(res, answer, 'HIT');
        }
      }
    }

    let settle!: (answer: CachedAnswer | null) => void;
    const leader = new Promise<CachedAnswer | null>((resolve) => (settle = resolve));
    if (!this.leaders.has(key)) {
      this.leaders.set(key, leader);
      void leader.then(() => this.leaders.delete(key));
    }
    res.on('close', () => settle(null));
    this.metrics.cacheLookups.inc({ result: bypass ? 'bypass' : 'miss' });

    const send = res.send.bind(res);
    res.send = (body?: unknown): Response => {
      res.send = send;
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
      if (res.statusCode === 200 && text !== undefined) {
        const answer: CachedAnswer = { body: text, etag: etagOf(text), storedAt: Date.now(), ttl, shared };
        void this.cache.set(key, answer, (ttl + STALE_WINDOW_SECONDS) * 1000).catch(() => undefined);
        settle(answer);
        this.setHeaders(res, answer, bypass ? 'BYPASS' : 'MISS');
        return send(body);
      }
      settle(null);
      if (res.statusCode >= 500 && stale) {
        this.metrics.cacheLookups.inc({ result: 'stale' });
        res.status(200);
        res.setHeader('Warning', '110 - "Response is Stale"');
        this.setHeaders(res, stale, 'STALE');
        return send(stale.body);
      }
      return send(body);
    };
    next();
  }

  private serve(res: Response, answer: CachedAnswer, state: 'HIT'): void {
    this.metrics.cacheLookups.inc({ result: 'hit' });
    this.setHeaders(res, answer, state);
    res.status(200).type('application/json; charset=utf-8').send(answer.body);
  }

  private setHeaders(res: Response, answer: CachedAnswer, state: string): void {
    const age = Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000));
    const maxAge = Math.max(0, answer.ttl - age);
    res.setHeader('X-Cache', state);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Age', String(age));
    res.setHeader('Cache-Control', `${answer.shared ? 'public' : 'private'}, max-age=${maxAge}`);
    res.setHeader('Vary', 'Cookie, X-Custom-Cookie');
  }

  /** path + sorted query + the caller's account hash ("anon" without a login key). */
  private keyOf(req: Request, path: string): { key: string; shared: boolean } {
    const query = Object.entries(req.query as Record<string, string>)
      .filter(([name]) => !IGNORED_PARAMS.has(name))
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join('&');
    const cookie = requestContext.getStore()?.callerCookie ?? this.cookieFile.get()?.cookie ?? '';
    const cookies = parseCookie(cookie);
    const secret = cookies.qqmusic_key || cookies.qm_keyst || cookies.p_skey || cookies.skey || '';
    const identity = secret
      ? createHash('sha256').update(`${cookies.uin ?? cookies.qqmusic_uin ?? ''}:${secret}`).digest('base64url').slice(0, 22)
      : 'anon';
    return { key: `resp:v1:${path}?${query}|${identity}`, shared: identity === 'anon' };
  }
}

function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}
