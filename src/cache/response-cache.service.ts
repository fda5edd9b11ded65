import { CACHE_MANAGER } from '@nestjs/cache-manager';
import { Inject, Injectable } from '@nestjs/common';
import type { Cache } from 'cache-manager';
import { createHash } from 'node:crypto';
import { RouteTable } from '../common/route-table';
import { cookieUin, parseCookie } from '../common/cookie';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieChoice } from '../upstream/credential/cookie-choice';
import { CACHE_NAMESPACE, MEMORY_TIER, MemoryTier, SHARED_TIER, type SharedTier } from './cache-tiers';
import { CacheTagIndex, tagOf, type TaggedMiss } from './cache-tag-index';

export { CACHE_NAMESPACE, MEMORY_TIER, MemoryTier, SHARED_TIER, type MemoryEntry, type SharedTier } from './cache-tiers';

/** A stored answer: the exact bytes sent, so a hit is served without re-serialising. */
export interface CachedAnswer {
  /** JSON text (a string so every tier, Redis included, stores it compactly). */
  body: string;
  /** Its length in UTF-8 bytes (absent in entries stored by older versions). */
  bytes?: number;
  etag: string;
  storedAt: number;
  ttl: number;
  /** No account in the key: `public` for shared caches; else `private`. */
  shared: boolean;
  /** Sent in the legacy shape: a hit repeats `X-Response-Shape: legacy` (the interceptor does not run for it). */
  legacy?: boolean;
  /** Filed under invalidation tags: served stale only while no invalidation can have been missed. */
  tagged?: boolean;
}

/**
 * Request headers a cached answer depends on besides the URL: the account (Cookie, X-Custom-Cookie) and the shape
 * (X-Response-Shape). Merged into the Vary the answer already has (CORS adds Origin), never replacing it: these
 * answers may be `public`, and a shared cache that ignored a Vary would hand one client's variant to another.
 */
const CACHE_VARY = ['X-Response-Shape', 'Cookie', 'X-Custom-Cookie'];

/** `existing` (a Vary header value) plus `more`, without duplicates (names compare case-insensitively). */
function mergeVary(existing: unknown, more: readonly string[]): string {
  const names = (Array.isArray(existing) ? existing.join(',') : typeof existing === 'string' ? existing : '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.includes('*')) return '*';
  for (const name of more) if (!names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  return names.join(', ');
}

/** After its TTL an entry is kept this much longer, to be served (marked stale) if upstream fails. */
export const STALE_WINDOW_SECONDS = 3600;

/**
 * Query parameters every cached route takes besides its declared ones: the response shape (in the key: legacy and
 * normalised answers differ), the caller's cookie and the cache bypass (never in the key).
 */
const SHAPE_PARAM = 'shape';
const GATEWAY_WIDE_PARAMS = new Set([SHAPE_PARAM, 'cookie', 'nocache']);

const digest = (text: string): string => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The response cache's rules in one place: which routes, which key, fresh or stale. Keys carry a hash of the cookie
 * upstream receives, never the cookie, so one account's answer never reaches another.
 */
@Injectable()
export class ResponseCache {
  private readonly encoded = new WeakMap<CachedAnswer, Buffer>();

  constructor(
    @Inject(CACHE_MANAGER) private readonly cache: Cache,
    @Inject(MEMORY_TIER) private readonly memory: MemoryTier,
    @Inject(SHARED_TIER) private readonly shared: SharedTier | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookieChoice: CookieChoice,
    private readonly routes: RouteTable,
    private readonly tags: CacheTagIndex,
  ) {}

  /**
   * Called as a miss goes upstream: the tags its answer will be filed under (`@CacheInvalidatedBy`), and the moment
   * it started, so an answer a write made stale meanwhile is not stored. Undefined for routes no write invalidates.
   */
  startMiss(path: string, query: Record<string, string>): TaggedMiss | undefined {
    const params = this.routes.invalidatedBy(path);
    if (!params) return undefined;
    const tags: string[] = [];
    for (const { param, canonical, whenAbsent } of params) {
      const value = typeof query[param] === 'string' ? canonical(query[param]) : whenAbsent ? this.accountUin() : undefined;
      if (value !== undefined) tags.push(tagOf(path, param, value));
    }
    return this.tags.startMiss(tags);
  }

  /** The uin of the cookie in play (the caller's, else the stored login): whose answer a read without `uin` is. */
  private accountUin(): string | undefined {
    const uin = cookieUin(parseCookie(this.cookieChoice.effectiveCookie()));
    return uin === '0' ? undefined : uin;
  }

  /** Whether an answer a miss made (or a copy read before it) may predate a write invalidated since it started. */
  outdated(miss: TaggedMiss | undefined): boolean {
    return this.tags.outdated(miss);
  }

  /** Whether a stale copy may stand in for an upstream failure (never one a write may have invalidated). */
  mayServeStale(answer: CachedAnswer, miss: TaggedMiss | undefined): boolean {
    return !this.tags.outdated(miss) && this.tags.mayServeStale(answer.storedAt, answer.tagged === true);
  }

  /**
   * TTL in seconds when `path` is a cacheable GET (or HEAD) route, else undefined: the route's `@CacheTTL`, read from
   * the controllers at start-up (RouteTable). Called for every request (fast lane and middleware): one Map get.
   */
  ttlOf(method: string | undefined, path: string): number | undefined {
    // HEAD is a GET without the body (Express routes it to the GET handler): same entry, so it costs no upstream call.
    return this.config.cacheEnabled && (method === 'GET' || method === 'HEAD') ? this.routes.ttlOf(path) : undefined;
  }

  /**
   * The entry a request's answer is filed under, and whether that answer may be shared (`Cache-Control: public`).
   * - Query: only the parameters the route declares, plus the shape: an undeclared one (`&x=<n>`) cannot change the
   *   answer, so it must not make a new entry. Sorted, so any order shares the entry. Each value in its declared
   *   canonical form (`topId=004` is `topId=4`), the one the route reads.
   * - Account: whatever cookie upstream receives (the caller's normalised cookie, else the stored login's) decides
   *   it, whatever names it holds (a WeChat cookie carries none of the QQ key names). Only a request that sends
   *   upstream no cookie at all is anonymous, and only its answer is shared.
   * Both are hashed: no value a caller sent (a cookie pasted into a parameter, a token) is stored in clear in a key.
   */
  keyOf(path: string, query: Record<string, string>, callerCookie: string | undefined): { key: string; shared: boolean } {
    const declared = this.routes.queryParamsOf(path);
    const forms = this.routes.queryFormsOf(path);
    const canonical = Object.keys(query)
      .filter((name) => name === SHAPE_PARAM || declared?.has(name))
      .sort()
      // Escaped: a name or value holding '&' or '=' (sent as %26, %3D) must not read as another query's pairs.
      .map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(forms?.get(name)?.(query[name]) ?? query[name])}`)
      .join('&');
    // No caller cookie: the stored login's (cookie file or Redis credential store) decides the account. In a request
    // this read pins it, so the request's upstream calls all carry the account this key names (effectiveCookie).
    const cookie = callerCookie ?? this.cookieChoice.effectiveCookie();
    const identity = cookie ? digest(`account:${cookie}`) : 'anon';
    // v4: the query and the account are hashed; v3 entries (query in clear, account from its key names only) are not read.
    return { key: `resp:v4:${path}|${identity}|${digest(canonical)}`, shared: identity === 'anon' };
  }

  /**
   * Whether every parameter of `query` is one the route declares (or a gateway-wide one). The fast lane answers only
   * such requests: an undeclared name may be one the legacy rewrite turns into a declared one (`type` → `quality`).
   */
  onlyDeclaredParams(path: string, query: Record<string, string>): boolean {
    const declared = this.routes.queryParamsOf(path);
    return Object.keys(query).every((name) => GATEWAY_WIDE_PARAMS.has(name) || declared?.has(name));
  }

  /** The in-memory entry, synchronously (fast lane). */
  peek(key: string): CachedAnswer | undefined {
    const entry = this.memory.get(`${CACHE_NAMESPACE}:${key}`);
    if (!entry || (entry.expires !== undefined && entry.expires < Date.now())) return undefined;
    return entry.value;
  }

  /**
   * Memory tier, then the shared Redis tier when configured and connected. An error of the shared tier, or no answer
   * from it within REDIS_TIMEOUT_MS (its commands are bounded by RedisBreaker), counts as a miss.
   */
  async get(key: string): Promise<CachedAnswer | undefined> {
    const memory = this.peek(key);
    if (memory || !this.shared?.isReady()) return memory;
    return (await this.cache.get<CachedAnswer>(key).catch(() => undefined)) ?? undefined;
  }

  /**
   * Stores the answer in every tier; `bytes`, when the caller has them, spares the first hit an encoding. Settles
   * (never rejects) once the tiers have it: a failing shared tier only means a miss elsewhere.
   */
  store(key: string, answer: CachedAnswer, bytes?: Buffer, miss?: TaggedMiss): Promise<void> {
    // A write invalidated this answer's tags while it was being made: it may show the state before the write.
    if (this.tags.outdated(miss)) return Promise.resolve();
    if (bytes) this.encoded.set(answer, bytes);
    const lifeMs = (answer.ttl + STALE_WINDOW_SECONDS) * 1000;
    const stored = this.cache.set(key, answer, lifeMs).then(
      () => undefined,
      () => undefined,
    );
    // Recorded in the same tick as the set starts: an invalidation from now on waits for it, then purges it.
    return miss ? this.tags.record(key, miss, lifeMs, stored) : stored;
  }

  /** The answer's bytes, encoded once per stored answer (not once per hit). */
  bytesOf(answer: CachedAnswer): Buffer {
    let bytes = this.encoded.get(answer);
    if (!bytes) {
      bytes = Buffer.from(answer.body);
      this.encoded.set(answer, bytes);
    }
    return bytes;
  }

  isFresh(answer: CachedAnswer, now = Date.now()): boolean {
    return now - answer.storedAt < answer.ttl * 1000;
  }

  /**
   * Headers of a cached (or just-stored) answer. `vary` is the Vary the answer already carries (the response's own,
   * e.g. `Origin` from CORS): CACHE_VARY is merged into it.
   */
  headersOf(answer: CachedAnswer, state: 'HIT' | 'MISS' | 'BYPASS' | 'STALE', vary?: unknown): Record<string, string> {
    const age = Math.max(0, Math.floor((Date.now() - answer.storedAt) / 1000));
    return {
      'X-Cache': state,
      ETag: answer.etag,
      Age: String(age),
      'Cache-Control': `${answer.shared ? 'public' : 'private'}, max-age=${Math.max(0, answer.ttl - age)}`,
      Vary: mergeVary(vary, CACHE_VARY),
      ...(answer.legacy ? { 'X-Response-Shape': 'legacy' } : {}),
    };
  }
}

export function etagOf(body: string | Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;
}
