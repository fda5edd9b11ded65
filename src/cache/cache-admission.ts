import type { RateLimitBlocks } from '../common/rate-limit-blocks';

/** The client's address is not known yet: behind a trusted proxy only Express works it out, after the fast lane. */
export const CLIENT_NOT_KNOWN_YET = Symbol('client not known yet');

/** What the response cache may do for a request to a cached route. */
export type CacheAdmission =
  /** The rate limit blocks the client: no hit either. `retryAfter` when the client is known. */
  | { verdict: 'blocked'; retryAfter?: number }
  /** The caller asked for a fresh answer: fetched from upstream, then stored. */
  | { verdict: 'bypass' }
  | { verdict: 'lookup' };

/**
 * The one decision the cache fast lane and ResponseCacheMiddleware both make on a cached route's request. A client
 * the rate limit blocked gets no hit (hits are answered before the limiter's guard); with its address not known yet,
 * any block stops the fast lane, and the middleware decides. `Cache-Control: no-cache|no-store` or `?nocache=1` asks
 * for a fresh answer (docs/operations.md "Caching").
 */
export function admitToCache(
  blocks: RateLimitBlocks,
  cacheControl: string | undefined,
  nocache: unknown,
  client: string | undefined | typeof CLIENT_NOT_KNOWN_YET,
): CacheAdmission {
  if (client === CLIENT_NOT_KNOWN_YET) {
    if (blocks.any()) return { verdict: 'blocked' };
  } else {
    const retryAfter = blocks.secondsLeft(client);
    if (retryAfter > 0) return { verdict: 'blocked', retryAfter };
  }
  if ((cacheControl && /no-cache|no-store/i.test(cacheControl)) || nocache === '1') return { verdict: 'bypass' };
  return { verdict: 'lookup' };
}
