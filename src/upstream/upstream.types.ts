import type { UpstreamHost } from '../config/app-config';
import type { CommOverrides, CommProfile } from './identity/comm-profiles';

/** What every upstream call sends as its User-Agent unless it names its own: a current desktop Chrome. */
export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

/** A query parameter's value; undefined and null ones are left out of the URL. */
export type QueryValue = string | number | boolean | undefined | null;

export interface UpstreamRequest {
  host: UpstreamHost;
  /** Path plus, optionally, a pre-built query string kept byte-exact (e.g. ptsigx). */
  path: string;
  method?: 'GET' | 'POST';
  query?: Record<string, QueryValue>;
  body?: string;
  headers?: Record<string, string>;
  /** undefined = the caller's cookie, else the cookie file's; a string = exactly that; false = none. */
  cookie?: string | false;
  timeoutMs?: number;
  /** Hand back a 3xx as is (default; upstream APIs do not redirect, login chains need it) or follow it. */
  redirects?: 'follow' | 'manual';
  /** A short name for logs and errors, e.g. the musicu module or the CGI name. */
  label?: string;
  /**
   * A long poll: ends early (503 SHUTTING_DOWN) when the server shuts down, does not count towards the host's
   * circuit breaker (a poll timing out is normal), and uses its own uncapped socket pool.
   */
  longPoll?: boolean;
  /** `buffer` keeps a binary body (QR images) intact in `body`. */
  responseType?: 'text' | 'buffer';
}

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Each Set-Cookie header on its own (never split on commas, so Expires dates survive). */
  setCookies: string[];
  /** The raw bytes, when the request asked for `responseType: 'buffer'`. */
  body?: Buffer;
}

export interface MusicuCall {
  module: string;
  method: string;
  param: Record<string, unknown>;
}

export interface MusicuOptions {
  /** The comm profile (identity/comm-profiles.ts; default `web`), built from the cookie this very call carries. */
  profile?: CommProfile;
  /** What a login or a refresh sets in its comm: the login type, the exchange's g_tk. */
  overrides?: CommOverrides;
  /** POST a JSON body (default) or GET with `data=<JSON string>` (docs/upstream/README.md "Musicu envelope"). */
  via?: 'POST' | 'GET';
  /** Sign from the first try: POST to musics.fcg with the zzc `sign` (docs/upstream/README.md "Signing"). */
  signed?: boolean;
  headers?: Record<string, string>;
  cookie?: string | false;
  /** false for calls with side effects (a single-use login code): no retry and no sharing of in-flight calls. */
  idempotent?: boolean;
}

/** One key's answer inside a musicu envelope. */
export interface MusicuKeyResult<T = any> {
  code: number;
  data: T;
}

export interface MusicuResponse<K extends string = string> {
  /** The upstream body as received (for the legacy response shape). */
  raw: Record<string, any>;
  /** `data` of each key; every key's code was 0. */
  data: Record<K, any>;
}

export interface MusicuPartialResponse<K extends string = string> {
  raw: Record<string, any>;
  /** Each key's result, good or bad, for aggregate calls that keep the good parts. */
  results: Record<K, MusicuKeyResult | { code: number; data: null; error: string }>;
}

export interface CgiOptions extends Omit<UpstreamRequest, 'host' | 'label' | 'path' | 'query'> {
  host?: UpstreamHost;
  /** json (JSON or JSONP accepted) or xml (text returned as is). */
  format?: 'json' | 'xml';
  /**
   * Referer for the first try; on a refusal the call is retried once with https://y.qq.com
   * (docs/upstream/README.md "Referer retry").
   */
  referer?: string;
  /** Skip the y.qq.com Referer retry. */
  noRefererRetry?: boolean;
  /**
   * Add `g_tk` and `g_tk_new_20200303` (hash33 of the login key) computed from the cookie this very call carries, so a
   * retry after a credential refresh is signed with the fresh key, not the failed one.
   */
  gtk?: boolean;
  /**
   * The caller reads the answer's codes itself (the lyric CGI's retcode/subcode, the homepage's login codes). Otherwise
   * a JSON answer whose top-level `code` is not 0 fails here as a business error, like a musicu key's.
   */
  ownCodes?: boolean;
}

export interface CgiResponse<T = any> {
  raw: T;
  text: string;
}

/**
 * The stored login (src/credentials), plugged in at start-up. CookieChoice only asks it for the cookie to fall back
 * on, lets it get ready before a call made with it (refresh when expired), and tells it when such a call got an
 * auth-failure code; a fresh cookie in return means "retry once with this". Never consulted for a caller's own cookie.
 */
export interface StoredCredentialProvider {
  /** The stored login's cookie, or undefined when there is none (anonymous). Synchronous: served from memory. */
  cookie(): string | undefined;
  /** Before a call that will carry the stored cookie: resolves at once unless the key has expired and is being refreshed. */
  beforeCall(): Promise<void>;
  /** A call made with `cookie` (the stored one) was answered `code`; resolves to a fresh cookie to retry with, or null. */
  onAuthFailure(cookie: string, code: number): Promise<string | null>;
}
