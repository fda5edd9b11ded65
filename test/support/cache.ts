import { ResponseCache } from '../../src/cache/response-cache.service';
import { parseQueryFirstValue } from '../../src/common/query-parser';
import type { Harness } from './harness';

/**
 * A caller cookie of a test run's own. Entries in a shared Redis outlive a run (TTL plus the stale window); a cookie
 * gives the answer a key no other run (nor an anonymous request) shares, as only declared parameters reach the key.
 */
export const runCookie = (run: string, tag = ''): string => `run=${run}${tag ? `-${tag}` : ''}`;

/** The response cache's key of a GET `url` (path and query) asked with `cookie`: what the gateway stores in Redis. */
export function cacheKeyOf(h: Harness, url: string, cookie: string): string {
  const q = url.indexOf('?');
  return h.app.get(ResponseCache).keyOf(q < 0 ? url : url.slice(0, q), q < 0 ? {} : parseQueryFirstValue(url.slice(q + 1)), cookie).key;
}
