import { AsyncLocalStorage } from 'node:async_hooks';

/** The account a write acts on: the one uin its cookie names (cookieUin, as the upstream comm sends it), and that cookie. */
export interface WriteAccount {
  uin: string;
  cookie: string;
}

/** Per-request facts the upstream client needs without every service passing them along. */
export interface RequestContext {
  /**
   * The caller's own cookie (query `cookie` > header `X-Custom-Cookie` > header `Cookie`), if any, normalised
   * (normaliseCallerCookie): exactly what upstream receives, and what the cache key's account is made of.
   */
  callerCookie?: string;
  /**
   * Without a caller cookie: the stored login's cookie ('' = none) as the request first read it (for a cached route,
   * to make its cache key). Every upstream call of the request carries this account; see CookieChoice.effectiveCookie.
   */
  storedCookie?: string;
  /** A library write's account, resolved once by WriteLoginGuard (read it with writeAccount()). */
  writeAccount?: WriteAccount;
  /** Aborted when the client disconnects, so upstream calls stop with it. */
  signal?: AbortSignal;
  /** Aborted when the server starts shutting down: long polls end then, ordinary calls finish. */
  shuttingDown?: AbortSignal;
  /** A canary probe, not a caller: its answers and fallbacks stay out of the live-traffic shape check and counters. */
  canaryProbe?: boolean;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

/** The caller's own cookie: query `cookie`, then header `X-Custom-Cookie`, then header `Cookie`; first non-empty wins. */
export function resolveCallerCookie(
  queryCookie: unknown,
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const custom = headers['x-custom-cookie'];
  const candidates = [queryCookie, Array.isArray(custom) ? custom[0] : custom, headers.cookie];
  for (const c of candidates) {
    if (typeof c === 'string' && c.trim()) return c.trim();
  }
  return undefined;
}
