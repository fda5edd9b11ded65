import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { ThrottlerException } from '@nestjs/throttler';
import { RateLimitBlocks } from '../common/rate-limit-blocks';
import { requestContext } from '../common/request-context';
import { SHAPE_HEADER } from '../common/response-shape';
import { routedPath } from '../common/route-table';
import { MetricsService } from '../metrics/metrics.service';
import { admitToCache } from './cache-admission';
import type { TaggedMiss } from './cache-tag-index';
import { CachedAnswer, etagOf, ResponseCache } from './response-cache.service';

/**
 * The cache's slow lane (fresh in-memory hits never get here: see cache-fast-lane.ts): the shared Redis tier,
 * coalescing of identical concurrent misses behind one leader, storing fresh answers, and serving a recent stale
 * copy when upstream fails (5xx). Bypass: `Cache-Control: no-cache` or `?nocache=1` fetches fresh and refreshes.
 */

/** How long a leader waits for its answer to be stored before requests stop joining it. */
const LEADER_STORE_WAIT_MS = 5000;
@Injectable()
export class ResponseCacheMiddleware implements NestMiddleware {
  private readonly leaders = new Map<string, Promise<LeaderOutcome | null>>();

  constructor(
    private readonly cache: ResponseCache,
    private readonly metrics: MetricsService,
    private readonly blocks: RateLimitBlocks,
  ) {}

  async use(req: Request, res: Response, next: NextFunction): Promise<void> {
    const path = routedPath(req);
    const ttl = this.cache.ttlOf(req.method, path);
    if (!ttl) return next();
    const admission = admitToCache(this.blocks, req.header('cache-control'), req.query.nocache, req.ip);
    if (admission.verdict === 'blocked') {
      if (admission.retryAfter) res.setHeader('Retry-After', admission.retryAfter);
      return next(new ThrottlerException());
    }
    res.locals.route = path;
    const { key, shared } = this.cache.keyOf(path, req.query as Record<string, string>, requestContext.getStore()?.callerCookie);
    const bypass = admission.verdict === 'bypass';

    // Taken before the lookup: a copy read now and a leader joined now are both older than a write invalidating later.
    const miss = this.cache.startMiss(path, req.query as Record<string, string>);
    let stale: CachedAnswer | undefined;
    if (!bypass) {
      const stored = await this.cache.get(key);
      if (stored && this.cache.isFresh(stored)) return this.serve(res, stored);
      stale = stored && this.cache.mayServeStale(stored, miss) ? stored : undefined;
      const leader = this.leaders.get(key);
      if (leader) {
        const outcome = await leader;
        if (outcome) this.metrics.coalesced.inc({ level: 'response' });
        // A leader's answer (or failure) from before a write invalidated it is not shared: this request asks upstream.
        if (!this.cache.outdated(outcome?.miss)) {
          // Only while fresh: a leader outlives its answer's TTL when storing it stalls (Redis down).
          if (outcome?.answer && this.cache.isFresh(outcome.answer)) return this.serve(res, outcome.answer);
          // The leader's upstream failed: this request would only wait a second timeout for the same failure.
          if (outcome?.failure) {
            if (stale && this.cache.mayServeStale(stale, miss)) this.serveStale(res, stale, res.send.bind(res));
            else this.serveFailure(res, outcome.failure);
            return;
          }
        }
      }
    }

    let settle!: (outcome: LeaderOutcome | null) => void;
    const leader = new Promise<LeaderOutcome | null>((resolve) => (settle = resolve));
    if (!this.leaders.has(key)) {
      this.leaders.set(key, leader);
      // An answer's leader stays until the answer is stored: a request arriving in between joins it, not upstream.
      void leader.then(async (outcome) => {
        // Bounded: a store that never settles (a stalled Redis) must not keep the leader, and its answer, forever.
        await Promise.race([outcome?.stored, new Promise((resolve) => setTimeout(resolve, LEADER_STORE_WAIT_MS).unref())]);
        this.leaders.delete(key);
      });
    }
    res.on('close', () => settle(null));
    this.metrics.cacheLookups.inc({ result: bypass ? 'bypass' : 'miss' });

    const send = res.send.bind(res);
    res.send = (body?: unknown): Response => {
      res.send = send;
      const text = typeof body === 'string' ? body : Buffer.isBuffer(body) ? body.toString('utf8') : undefined;
      if (res.statusCode === 200 && text !== undefined) {
        // Encoded once: the ETag, the cache's size accounting, the first hit and Express all use these bytes.
        const bytes = Buffer.isBuffer(body) ? body : Buffer.from(text);
        const legacy = res.getHeader(SHAPE_HEADER) === 'legacy';
        const answer: CachedAnswer = { body: text, bytes: bytes.length, etag: etagOf(bytes), storedAt: Date.now(), ttl, shared, legacy, ...(miss ? { tagged: true } : {}) };
        settle({ answer, miss, stored: this.cache.store(key, answer, bytes, miss) });
        res.set(this.cache.headersOf(answer, bypass ? 'BYPASS' : 'MISS', res.getHeader('Vary')));
        // Express adds the charset to a text body's type, not to a Buffer's: keep the answer's header as it was.
        const type = res.get('Content-Type');
        if (typeof body === 'string' && type && !/charset=/i.test(type)) res.set('Content-Type', `${type}; charset=utf-8`);
        return send(bytes);
      }
      const failed = res.statusCode >= 500 && isUpstreamFailure(res.locals.errorCode);
      const retryAfter = res.getHeader('Retry-After');
      settle(failed && text !== undefined ? { miss, failure: { status: res.statusCode, errorCode: res.locals.errorCode, body: text, retryAfter } } : null);
      if (stale && failed && this.cache.mayServeStale(stale, miss)) return this.serveStale(res, stale, send);
      return send(body);
    };
    next();
  }

  /** A recent copy instead of an upstream failure: a 200, so the failure's Retry-After does not apply to it. */
  private serveStale(res: Response, stale: CachedAnswer, send: (body: string) => Response): Response {
    this.metrics.cacheLookups.inc({ result: 'stale' });
    res.removeHeader('Retry-After');
    res.status(200).set({ ...this.cache.headersOf(stale, 'STALE', res.getHeader('Vary')), Warning: '110 - "Response is Stale"' });
    return send(stale.body);
  }

  /** A follower gets its leader's upstream failure as it was answered (same key: same route, query, account and shape). */
  private serveFailure(res: Response, failure: SharedFailure): void {
    res.locals.errorCode = failure.errorCode;
    if (failure.retryAfter !== undefined) res.setHeader('Retry-After', failure.retryAfter);
    res.status(failure.status).type('application/json; charset=utf-8').send(failure.body);
  }

  private serve(res: Response, answer: CachedAnswer): void {
    this.metrics.cacheLookups.inc({ result: 'hit' });
    // The route (and its interceptor) never runs for a hit: its Vary so far is CORS's, if any.
    res.status(200).set(this.cache.headersOf(answer, 'HIT', res.getHeader('Vary'))).type('application/json; charset=utf-8').send(answer.body);
  }
}

/**
 * What a leader leaves the identical requests waiting on it: its fresh answer, or its upstream failure (so they do not
 * each make the same failing call again); null when it has nothing of theirs to share (it hung up, or answered a 4xx).
 */
interface LeaderOutcome {
  answer?: CachedAnswer;
  /** The leader's tags and start: a write invalidating them since makes its outcome unfit to share. */
  miss?: TaggedMiss;
  /** Settles once the answer is in the cache's tiers. */
  stored?: Promise<void>;
  failure?: SharedFailure;
}

interface SharedFailure {
  status: number;
  errorCode: unknown;
  body: string;
  retryAfter?: string | number | string[];
}

/**
 * Upstream down, slow, broken or refusing (UPSTREAM_TIMEOUT, UPSTREAM_UNREACHABLE, UPSTREAM_CIRCUIT_OPEN, …): a stale
 * copy helps. A 5xx that is the answer itself (e.g. MV_URL_UNAVAILABLE, the spec's 502 for empty MV URL data) is not.
 */
function isUpstreamFailure(errorCode: unknown): boolean {
  return typeof errorCode === 'string' && errorCode.startsWith('UPSTREAM_');
}
