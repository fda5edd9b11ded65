import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleepFor } from 'node:timers/promises';
import { Agent, type Dispatcher, interceptors } from 'undici';
import { type AppConfig, type UpstreamHost, UPSTREAM_HOST_NAMES } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieFileService } from '../config/cookie-file.service';
import { cookieUin, hash33, isHeaderSafe, loginKey, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { requestContext } from '../common/request-context';
import { businessError, describeCode, RequestAbortedError, ShuttingDownError, UPSTREAM_CODE_MESSAGES, UpstreamError } from './upstream.errors';
import { zzcSign } from './zzc-sign';
import { looksLikeRefusal, parseJsonOrJsonp } from './parse';
import { MetricsService } from '../metrics/metrics.service';

export const BROWSER_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

type QueryValue = string | number | boolean | undefined | null;

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
  /** Fields merged over the web `comm` profile (CONTRACT §12.1). */
  comm?: Record<string, unknown>;
  /**
   * Builds the whole `comm` from the cookie this very call carries, replacing the web profile (and `comm`): for calls
   * whose working clients send a minimal comm (CONTRACT §12 search, §12.1 Android retry).
   */
  ownComm?: (cookie: string) => Record<string, unknown>;
  /** POST a JSON body (default, CONTRACT §12.1) or GET with `data=<JSON string>` (the refs' style). */
  via?: 'POST' | 'GET';
  /** Sign from the first try: POST to musics.fcg with the zzc `sign` (CONTRACT §12.2), for calls known to need it. */
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
  /** Referer for the first try; on a refusal the call is retried once with https://y.qq.com (CONTRACT §1.3). */
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
   * a JSON answer whose top-level `code` is not 0 fails here as a business error, like a musicu key's (CONTRACT §1.4).
   */
  ownCodes?: boolean;
}

export interface CgiResponse<T = any> {
  raw: T;
  text: string;
}

/** Answers meaning "this login is no longer valid" (CONTRACT §12 expiry row, §12.3). */
export const AUTH_FAILURE_CODES: ReadonlySet<number> = new Set([1000, 104400, 104401]);

/**
 * The stored login (src/credentials), plugged in at start-up. UpstreamHttp only asks it for the cookie to fall back
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

/** musicu's "signature required" (CONTRACT §10 item 3): the call is asked again on musics.fcg, signed. */
const SIGNATURE_REQUIRED = 2000;

/** One upstream call as its failure line reports it (UpstreamHttp.failed). */
interface CallRecord {
  host: UpstreamHost;
  target: string;
  attempts: number;
  durationMs: number;
  /** Set once its failure is logged: callers sharing the answer (coalesce) or a later check of it log nothing more. */
  logged: boolean;
}

/** A read in flight that identical calls join (UpstreamHttp.coalesce). */
interface SharedCall<T> {
  promise: Promise<T>;
  waiters: WaitingCallers;
}

/**
 * The callers waiting on one shared call. Its signal fires once every one of them has hung up; a caller without a
 * signal (work outside a request) can never hang up, so it keeps the call alive.
 */
class WaitingCallers {
  private readonly controller = new AbortController();
  private waiting = 0;
  private unbounded = false;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  join(signal: AbortSignal | undefined): void {
    if (!signal) {
      this.unbounded = true;
      return;
    }
    this.waiting++;
    const leave = () => {
      if (--this.waiting === 0 && !this.unbounded) this.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }
}

/**
 * The one door to QQ Music. Feature services say what to ask (a musicu module/method/param or a CGI path)
 * and get parsed answers back; only this class knows origins, comm, cookies, headers, timeouts and how
 * failures map to UpstreamError.
 */
@Injectable()
export class UpstreamHttp implements OnApplicationShutdown {
  private readonly logger = new Logger('Upstream');
  private readonly breakers = new Map<UpstreamHost, CircuitBreaker<[() => Promise<UpstreamResponse>], UpstreamResponse>>();
  private readonly inFlight = new Map<string, SharedCall<unknown>>();
  /** Each answer's (and parsed musicu body's) call record, for a failure found after send() returned. */
  private readonly calls = new WeakMap<object, CallRecord>();
  private stored?: StoredCredentialProvider;
  /**
   * Keep-alive pools (undici: one pool per upstream origin). `connections` is per origin, so it is also the per-host
   * concurrency cap: a burst queues here instead of getting the server's IP rate-limited upstream. undici never reads
   * proxy variables from the environment, so upstream URLs come from config only.
   */
  private readonly pool: Agent;
  /** The same pools, following redirects (the few calls that ask for it). */
  private readonly followingPool: Dispatcher;
  /** Long polls hold a socket for ~35 s each: their own pools, so they never queue behind (or starve) reads. */
  private readonly longPollPool: Agent;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookieFile: CookieFileService,
    private readonly metrics: MetricsService,
  ) {
    // maxResponseSize: an answer larger than UPSTREAM_MAX_BODY_MB fails as it arrives instead of filling memory.
    this.pool = new Agent({ connections: config.upstreamMaxConcurrency, maxResponseSize: config.upstreamMaxBodyBytes });
    this.longPollPool = new Agent({ maxResponseSize: config.upstreamMaxBodyBytes });
    this.followingPool = this.pool.compose(interceptors.redirect({ maxRedirections: 5 }));
  }

  /**
   * The cookie an upstream call carries by default: the caller's own, else the stored login's (cookie file / Redis).
   * Within a request the stored one is read once and pinned (a cached route's first read makes its cache key, before
   * the handler runs): a login stored while the request is in flight (QR login, /user/setCookie, another instance's
   * sync) must not make an answer that is cached, or shared with coalesced requests, under the old account's key.
   * Outside a request (credential refresh, detached login chains) it is the login stored now.
   */
  effectiveCookie(): string {
    const context = requestContext.getStore();
    if (!context) return this.storedCookie();
    return context.callerCookie ?? (context.storedCookie ??= this.storedCookie());
  }

  private storedCookie(): string {
    return (this.stored ? this.stored.cookie() : this.cookieFile.get()?.cookie) ?? '';
  }

  /**
   * Takes `cookie` (the stored login's now, e.g. just refreshed) as the request's pinned cookie when it logs in the
   * same account: that account's answer may still be cached under the key its old key named. Another account's is refused
   * (false): the request goes on, or fails, as the account it was keyed under. Outside a request: always taken.
   */
  private adopt(cookie: string): boolean {
    const context = requestContext.getStore();
    if (!context) return true;
    if (context.storedCookie !== undefined && !sameAccount(context.storedCookie, cookie)) return false;
    context.storedCookie = cookie;
    return true;
  }

  /** Plugs in the stored-login provider (CredentialsModule does this at start-up). */
  useStoredCredential(provider: StoredCredentialProvider): void {
    this.stored = provider;
  }

  /**
   * Runs `call` with the stored login's cookie when that is the one in play; on an auth-failure answer
   * (`authCode` of the result, or of the thrown UpstreamError) asks the provider once for a fresh cookie and retries
   * once with it, unless it is another account's (a login stored meanwhile: see adopt). Anything else (caller cookie,
   * explicit cookie) runs `call` as is.
   */
  private async withStoredCredential<T>(
    cookieOption: string | false | undefined,
    call: (cookie: string | false | undefined) => Promise<T>,
    authCode: (result: T) => number | undefined,
  ): Promise<T> {
    // Only calls that fall back on the stored login (no caller cookie, no explicit cookie) are its business.
    if (!this.stored || cookieOption !== undefined || requestContext.getStore()?.callerCookie !== undefined) return call(cookieOption);
    await this.stored.beforeCall();
    // A key refreshed just now (or by another instance) is used if it is the pinned account's.
    this.adopt(this.storedCookie());
    const cookie = this.effectiveCookie();
    if (!cookie) return call(undefined);
    let result: T;
    try {
      result = await call(cookie);
    } catch (err) {
      const code = err instanceof UpstreamError && err.kind === 'business' ? err.details.upstreamCode : undefined;
      if (code === undefined || !AUTH_FAILURE_CODES.has(code)) throw err;
      const fresh = await this.stored.onAuthFailure(cookie, code);
      if (!fresh || fresh === cookie || !this.adopt(fresh)) throw err;
      return call(fresh);
    }
    const code = authCode(result);
    if (code === undefined) return result;
    const fresh = await this.stored.onAuthFailure(cookie, code);
    return fresh && fresh !== cookie && this.adopt(fresh) ? call(fresh) : result;
  }

  /**
   * Sends one request and returns whatever came back; throws only on timeout, network failure, abort or an open
   * circuit. `idempotent` reads are retried (UPSTREAM_RETRIES, exponential backoff with jitter) after a transport
   * failure or 5xx; login steps never are.
   */
  async send(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    const cookie = req.cookie === false ? '' : (req.cookie ?? this.effectiveCookie());
    // Callers' cookies are checked at the door; this catches a stored one (a hand-edited Redis record). Sent anyway,
    // undici refuses the header and, in 7.x, never frees the pool slot: the host's calls then hang for good.
    if (cookie && !isHeaderSafe(cookie)) {
      throw new GatewayError(500, 'STORED_COOKIE_INVALID', 'The stored login cookie holds characters that cannot be sent in a header; set it again');
    }
    const headers: Record<string, string> = { 'User-Agent': BROWSER_UA, ...req.headers };
    if (cookie) headers.Cookie = cookie;
    const target = req.label ?? req.path.split('?')[0];
    const timeoutMs = req.timeoutMs ?? this.config.upstreamTimeoutMs;
    const context = requestContext.getStore();
    const clientSignal = context?.signal;
    const signal = req.longPoll && context?.shuttingDown && clientSignal ? AbortSignal.any([clientSignal, context.shuttingDown]) : clientSignal;
    const retries = idempotent ? this.config.upstreamRetries : 0;
    const dispatcher = req.longPoll ? this.longPollPool : req.redirects === 'follow' ? this.followingPool : this.pool;
    const options: Dispatcher.RequestOptions = {
      origin: this.config.origins[req.host],
      path: withQuery(req.path.startsWith('/') ? req.path : `/${req.path}`, req.query),
      method: req.method ?? 'GET',
      headers,
      body: req.body,
      // Besides the deadline below: the wait for the answer's headers and any stall while its body arrives.
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    };
    const started = Date.now();
    let attempts = 0;
    const record = (): CallRecord => ({ host: req.host, target: logTargetOf(req), attempts, durationMs: Date.now() - started, logged: false });
    const attempt = async (): Promise<UpstreamResponse> => {
      attempts++;
      // The deadline covers the whole try, the wait for a free socket included: when a hung upstream holds every
      // socket of the host, a queued call must not wait its turn and then a full timeout more.
      const deadline = AbortSignal.timeout(timeoutMs);
      const res = await dispatcher.request({ ...options, signal: signal ? AbortSignal.any([signal, deadline]) : deadline });
      const bytes = Buffer.from(await res.body.arrayBuffer());
      const setCookie = res.headers['set-cookie'];
      const answer: UpstreamResponse = {
        status: res.statusCode,
        headers: res.headers,
        text: bytes.toString('utf8'),
        setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
        body: req.responseType === 'buffer' ? bytes : undefined,
      };
      // A 5xx rejects here so the retries and the breaker see it; it is handed back as an answer below.
      if (answer.status >= 500) throw new UpstreamStatusFailure(answer);
      return answer;
    };
    const withRetries = async (): Promise<UpstreamResponse> => {
      for (let retry = 0; ; retry++) {
        try {
          return await attempt();
        } catch (err) {
          if (retry >= retries || signal?.aborted || !isRetriable(err)) throw err;
          await sleep(backoffMs(retry), signal);
        }
      }
    };
    let res: UpstreamResponse;
    try {
      res = req.longPoll ? await withRetries() : await this.breakerFor(req.host).fire(withRetries);
    } catch (err) {
      if (err instanceof UpstreamStatusFailure) {
        res = err.response;
      } else {
        const failure = this.failureOf(err, req, target, timeoutMs, clientSignal?.aborted === true);
        const outcome = failure instanceof UpstreamError ? failure.kind : 'aborted';
        this.metrics.upstreamCalls.inc({ host: req.host, target: metricTarget(logTargetOf(req)), outcome });
        if (failure instanceof UpstreamError) this.logFailure(record(), failure, (err as { code?: string }).code, req.longPoll);
        throw failure;
      }
    }
    const elapsed = Date.now() - started;
    this.metrics.upstreamDuration.observe({ host: req.host }, elapsed / 1000);
    this.metrics.upstreamCalls.inc({ host: req.host, target: metricTarget(logTargetOf(req)), outcome: String(res.status) });
    this.logger.debug(`${req.method ?? 'GET'} ${req.host} ${target} → ${res.status} in ${elapsed} ms`);
    this.calls.set(res, record());
    // A 5xx that survived the retries failed whoever called (send callers included); fetch() will not log it again.
    if (res.status >= 500) this.failed(res, new UpstreamError('bad_status', `Upstream ${target} answered HTTP ${res.status}`, req.host, { status: res.status, target }));
    return res;
  }

  /** Logs the failure of the call behind `answer` (once) and hands `error` back for `throw`. */
  private failed(answer: object, error: UpstreamError): UpstreamError {
    const call = this.calls.get(answer);
    if (call) this.logFailure(call, error);
    return error;
  }

  /**
   * One warn line per failed upstream call (retries included, not one per try), so an operator sees why a request
   * failed: host, target, kind, tries, time. Never the cookie, query values or the URL's query string. Not logged at
   * warn: an open circuit (its opening is logged once) and a long poll ending without news (that is normal).
   */
  private logFailure(call: CallRecord, error: UpstreamError, transportCode?: string, longPoll = false): void {
    if (call.logged) return;
    call.logged = true;
    const { status, upstreamCode } = error.details;
    const code = error.kind === 'network' ? transportCode : undefined;
    const what = failureWords(error, code);
    const tries = `${call.attempts} attempt${call.attempts === 1 ? '' : 's'}`;
    const line = {
      msg: `Upstream call failed: ${UPSTREAM_HOST_NAMES[call.host]} ${call.target}: ${what} after ${tries} in ${call.durationMs} ms`,
      upstream: { host: call.host, target: call.target, kind: error.kind, status, code, upstreamCode, attempts: call.attempts, durationMs: call.durationMs },
    };
    if (error.kind === 'circuit_open' || (longPoll && error.kind === 'timeout')) this.logger.debug(line);
    else this.logger.warn(line);
  }

  private failureOf(
    err: unknown,
    req: UpstreamRequest,
    target: string,
    timeoutMs: number,
    clientGone: boolean,
  ): UpstreamError | RequestAbortedError | ShuttingDownError {
    const code = (err as { code?: string }).code ?? 'ERROR';
    if (code === 'EOPENBREAKER') {
      return new UpstreamError('circuit_open', `Upstream ${UPSTREAM_HOST_NAMES[req.host]} is failing; calls are paused briefly`, req.host, { target });
    }
    if (code === TOO_LARGE_CODE) {
      const mb = this.config.upstreamMaxBodyBytes / 2 ** 20;
      return new UpstreamError('bad_body', `Upstream ${target} answered more than ${mb} MB (UPSTREAM_MAX_BODY_MB)`, req.host, { target });
    }
    if (TIMEOUT_CODES.has(code) || isDeadline(err)) return new UpstreamError('timeout', `Upstream ${target} did not answer within ${timeoutMs} ms`, req.host, { target });
    if (requestContext.getStore()?.shuttingDown?.aborted) return new ShuttingDownError();
    if (clientGone) return new RequestAbortedError();
    return new UpstreamError('network', `Upstream ${target} is unreachable (${code})`, req.host, { target });
  }

  /** One circuit breaker per upstream host: a dead host is not hammered (opens at ≥ 50 % failures over 20+ calls). */
  private breakerFor(host: UpstreamHost): CircuitBreaker<[() => Promise<UpstreamResponse>], UpstreamResponse> {
    let breaker = this.breakers.get(host);
    if (!breaker) {
      breaker = new CircuitBreaker((call: () => Promise<UpstreamResponse>) => call(), {
        timeout: false,
        errorThresholdPercentage: 50,
        volumeThreshold: 20,
        resetTimeout: 10_000,
        rollingCountTimeout: 10_000,
        // A caller hanging up says nothing about upstream health, but opossum counts a filtered error as a success,
        // and a success while half-open closes the circuit: the half-open probe's hang-up counts as a failure (the
        // circuit stays open another resetTimeout) rather than declaring a host that may still be down healthy.
        errorFilter: () => !breaker!.halfOpen && requestContext.getStore()?.signal?.aborted === true,
      });
      breaker.on('open', () => {
        this.logger.warn(`Circuit for ${UPSTREAM_HOST_NAMES[host]} opened`);
        this.metrics.breakerState.set({ host }, 1);
      });
      breaker.on('halfOpen', () => this.metrics.breakerState.set({ host }, 0.5));
      breaker.on('close', () => this.metrics.breakerState.set({ host }, 0));
      this.metrics.breakerState.set({ host }, 0);
      this.breakers.set(host, breaker);
    }
    return breaker;
  }

  /** After the HTTP server has drained (in-flight requests may still need a breaker until then). */
  async onApplicationShutdown(): Promise<void> {
    await Promise.all([this.pool.destroy(), this.longPollPool.destroy()]);
    for (const breaker of this.breakers.values()) breaker.shutdown();
    this.breakers.clear();
  }

  /**
   * Identical reads already in flight are shared, not repeated: N concurrent identical calls → 1 upstream call.
   * The key covers everything that shapes the answer, including which account's cookie is sent. The shared call
   * runs under a signal that fires only once every caller waiting on it has hung up, so one client's disconnect
   * never cancels (or turns into a 499 for) the others; a caller arriving after that starts a fresh call.
   */
  private coalesce<T>(key: string, call: () => Promise<T>): Promise<T> {
    const context = requestContext.getStore();
    const pending = this.inFlight.get(key) as SharedCall<T> | undefined;
    if (pending && !pending.waiters.signal.aborted) {
      this.metrics.coalesced.inc({ level: 'upstream' });
      pending.waiters.join(context?.signal);
      return pending.promise;
    }
    const waiters = new WaitingCallers();
    waiters.join(context?.signal);
    const shared: SharedCall<T> = {
      waiters,
      promise: requestContext.run({ ...context, signal: waiters.signal }, call).finally(() => {
        if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
      }),
    };
    this.inFlight.set(key, shared);
    return shared.promise;
  }

  /** Like send, but a status outside 2xx (3xx too when redirects are manual) is an UpstreamError. */
  async fetch(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    const res = await this.send(req, idempotent);
    const okMax = req.redirects === 'manual' ? 399 : 299;
    if (res.status < 200 || res.status > okMax) {
      const target = req.label ?? req.path.split('?')[0];
      throw this.failed(res, new UpstreamError('bad_status', `Upstream ${target} answered HTTP ${res.status}`, req.host, {
        status: res.status,
        target,
      }));
    }
    return res;
  }

  /**
   * A c.y.qq.com-style CGI: GET with query, JSON/JSONP (or XML) out. An empty, `{}`, HTML or unparseable answer,
   * a network error, a 5xx or a 429 is retried once with the y.qq.com Referer (CONTRACT §1.3, §10 item 4).
   */
  async cgi<T = any>(path: string, query: Record<string, QueryValue>, options: CgiOptions = {}): Promise<CgiResponse<T>> {
    return this.withStoredCredential(
      options.cookie,
      (cookie) => this.cgiOnce<T>(path, query, { ...options, cookie }),
      (res) => authCodeOfBody(res.raw),
    );
  }

  private async cgiOnce<T>(path: string, query: Record<string, QueryValue>, options: CgiOptions): Promise<CgiResponse<T>> {
    const { format = 'json', referer = 'https://c.y.qq.com/', noRefererRetry, host = 'c', gtk, ownCodes, ...rest } = options;
    const label = path.split('/').pop()?.split('?')[0] ?? path;
    const cookie = rest.cookie === false ? '' : (rest.cookie ?? this.effectiveCookie());
    if (gtk) {
      const signed = gtkOf(cookie);
      query = { ...query, g_tk_new_20200303: signed, g_tk: signed };
    }
    // commonParams' loginUin (sent as 0) is the account of the cookie sent, '0' when anonymous (CONTRACT §1.2); a call
    // naming another uin there (the homepage of the user asked for) keeps it.
    if (query.loginUin === 0) query = { ...query, loginUin: cookieUin(parseCookie(cookie)) };
    const attempt = async (ref: string): Promise<CgiResponse<T>> => {
      const request: UpstreamRequest = { ...rest, host, path, query, label, headers: { Referer: ref, ...rest.headers } };
      const res = await this.coalesce(this.readKey(request), () => this.fetch(request, true));
      if (format === 'xml') {
        if (!res.text.trim().startsWith('<')) {
          throw this.failed(res, new UpstreamError('bad_body', `Upstream ${label} did not answer XML`, host, { target: label }));
        }
        return { raw: res.text as T, text: res.text };
      }
      if (looksLikeRefusal(res.text)) {
        throw this.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered an empty or HTML body`, host, { target: label }));
      }
      let raw: unknown;
      try {
        raw = parseJsonOrJsonp(res.text);
      } catch {
        throw this.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered a body that is not JSON`, host, { target: label }));
      }
      const code = raw && typeof raw === 'object' ? Number((raw as { code?: unknown }).code ?? 0) : 0;
      if (!ownCodes && Number.isFinite(code) && code !== 0) throw this.failed(res, businessError(code, label, host));
      return { raw: raw as T, text: res.text };
    };
    try {
      return await attempt(referer);
    } catch (err) {
      if (noRefererRetry || !isRetriableForReferer(err)) throw err;
      return attempt('https://y.qq.com/');
    }
  }

  /** A musicu.fcg call; every key must answer code 0, else UpstreamError('business') with that code. */
  async musicu<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions = {}): Promise<MusicuResponse<K>> {
    const { raw, results } = await this.musicuPartial(calls, options);
    const data = {} as Record<K, any>;
    for (const key of Object.keys(calls) as K[]) {
      const result = results[key];
      if (result.code !== 0) {
        const call = calls[key];
        throw this.failed(raw, businessError(result.code, `${call.module}.${call.method}`));
      }
      data[key] = result.data;
    }
    return { raw, data };
  }

  /**
   * A musicu.fcg call that keeps each key's outcome (aggregate endpoints keep the good parts).
   * Still throws when the envelope itself fails (transport, non-JSON, top-level code ≠ 0).
   */
  async musicuPartial<K extends string>(
    calls: Record<K, MusicuCall>,
    options: MusicuOptions = {},
  ): Promise<MusicuPartialResponse<K>> {
    return this.withStoredCredential(
      options.cookie,
      (cookie) => this.musicuOnce(calls, { ...options, cookie }, options.signed === true),
      (res) => Object.values<MusicuPartialResponse['results'][string]>(res.results).map((r) => r.code).find((c) => AUTH_FAILURE_CODES.has(c)),
    );
  }

  /**
   * One musicu call. `signed`: the same envelope POSTed to musics.fcg with its zzc `sign` (CONTRACT §12.2), used from
   * the start when `options.signed` asks for it, else once when the unsigned call answers code 2000 ("signature
   * required"); the signed bytes are exactly the sent body.
   */
  private async musicuOnce<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions, signed = false): Promise<MusicuPartialResponse<K>> {
    const cookie = options.cookie === false ? '' : (options.cookie ?? this.effectiveCookie());
    const comm = options.ownComm ? options.ownComm(cookie) : { ...this.webComm(cookie), ...options.comm };
    const payload = JSON.stringify({ comm, ...calls });
    const label = Object.values<MusicuCall>(calls).map((c) => `${c.module}.${c.method}`).join(',');
    const via = signed ? 'POST' : (options.via ?? 'POST');
    const request: UpstreamRequest = {
      host: 'u',
      path: signed ? '/cgi-bin/musics.fcg' : '/cgi-bin/musicu.fcg',
      method: via,
      query: signed ? { _: Date.now(), sign: zzcSign(payload) } : musicuQuery(via, payload),
      body: via === 'POST' ? payload : undefined,
      headers: {
        Referer: 'https://y.qq.com/',
        Origin: 'https://y.qq.com',
        ...(via === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        ...options.headers,
      },
      cookie: options.cookie === false ? false : cookie,
      label,
    };
    const idempotent = options.idempotent !== false;
    const res = idempotent
      ? await this.coalesce(this.readKey(request), () => this.fetch(request, true))
      : await this.fetch(request, false);
    let raw: Record<string, any>;
    try {
      raw = JSON.parse(res.text);
    } catch {
      throw this.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered a body that is not JSON`, 'u', { target: label }));
    }
    if (!raw || typeof raw !== 'object') {
      throw this.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered an unexpected body`, 'u', { target: label }));
    }
    // Signature required, on the envelope or on one of its keys: ask once more, signed (never for a single-use call).
    const wantsSignature = Number(raw.code) === SIGNATURE_REQUIRED || Object.keys(calls).some((key) => Number(raw[key]?.code) === SIGNATURE_REQUIRED);
    if (wantsSignature && !signed && idempotent) return this.musicuOnce(calls, options, true);
    if (raw.code !== undefined && Number(raw.code) !== 0) throw this.failed(res, businessError(Number(raw.code), label));
    const call = this.calls.get(res);
    if (call) this.calls.set(raw, call);
    const results = {} as MusicuPartialResponse<K>['results'];
    for (const key of Object.keys(calls) as K[]) {
      const part = raw[key];
      if (!part || typeof part !== 'object') {
        results[key] = { code: -1, data: null, error: `missing "${key}" in the upstream answer` };
      } else if (Number(part.code) !== 0) {
        const code = Number(part.code);
        results[key] = { code, data: null, error: describeCode(code) };
      } else {
        results[key] = { code: 0, data: part.data };
      }
    }
    return { raw, results };
  }

  /** What makes two reads identical: target, parameters (minus the cache-buster `_`), body and cookie. */
  private readKey(req: UpstreamRequest): string {
    const { _: _ignored, ...query } = req.query ?? {};
    const cookie = req.cookie === false ? '' : (req.cookie ?? this.effectiveCookie());
    // The key lives only while the call is in flight: no need to hash it.
    return JSON.stringify([req.host, req.method ?? 'GET', req.path, query, req.body ?? '', req.headers?.Referer ?? '', cookie]);
  }

  /** The web comm profile (CONTRACT §12.1): anonymous, or carrying the account and key of the cookie. */
  private webComm(cookie: string): Record<string, unknown> {
    const cookies = parseCookie(cookie);
    const comm: Record<string, unknown> = {
      ct: 24,
      cv: 4747474,
      platform: 'yqq.json',
      chid: '0',
      uin: cookieUin(cookies),
      g_tk: gtkOf(cookie),
      format: 'json',
      inCharset: 'utf-8',
      outCharset: 'utf-8',
      notice: 0,
      needNewCode: 1,
    };
    return { ...comm, ...loginFields(cookies) };
  }
}

/** The comm fields of a login (web and Android profiles alike): its key, and 1 for WeChat (W_X keys) or 2 for QQ. */
export function loginFields(cookies: Record<string, string>): { authst?: string; tmeLoginType?: 1 | 2 } {
  const key = loginKey(cookies);
  return key ? { authst: key, tmeLoginType: key.startsWith('W_X') ? 1 : 2 } : {};
}

/** Whether two cookies log in the same account: the same uin (a cookie without one only matches itself). */
function sameAccount(a: string, b: string): boolean {
  if (a === b) return true;
  const uin = cookieUin(parseCookie(a));
  return uin !== '0' && uin === cookieUin(parseCookie(b));
}

/** The web APIs' `g_tk`: hash33 of the cookie's login key, 5381 when anonymous. */
export const gtkOf = (cookie: string): number => {
  const key = loginKey(parseCookie(cookie));
  return key ? hash33(key, 5381) : 5381;
};

/** A v4 UUID for upstream calls that want one (ui, guid). */
export const newUuid = (): string => randomUUID();

/** A CGI body's top-level code when it is an auth failure (c6 homepage answers `{code:1000}` for a dead login). */
function authCodeOfBody(raw: unknown): number | undefined {
  const code = raw && typeof raw === 'object' ? Number((raw as { code?: unknown }).code) : NaN;
  return AUTH_FAILURE_CODES.has(code) ? code : undefined;
}

function isRetriableForReferer(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.kind === 'bad_body' || err.kind === 'network') return true;
  const status = err.details.status ?? 0;
  return err.kind === 'bad_status' && (status >= 500 || status === 429 || status === 403);
}

/** The query of an unsigned musicu call: GET carries the envelope as `data` (the refs' style), POST a cache-buster. */
function musicuQuery(via: 'GET' | 'POST', payload: string): Record<string, QueryValue> {
  return via === 'GET' ? { format: 'json', data: payload } : { _: Date.now() };
}

/** What went wrong, in the words of a failure log line. */
function failureWords(error: UpstreamError, transportCode: string | undefined): string {
  const { status, upstreamCode } = error.details;
  switch (error.kind) {
    case 'timeout':
      return 'timed out';
    case 'network':
      return `unreachable (${transportCode ?? 'error'})`;
    case 'bad_status':
      return `bad status ${status}`;
    case 'business': {
      const meaning = UPSTREAM_CODE_MESSAGES[upstreamCode ?? 0];
      return `business code ${upstreamCode}${meaning ? ` (${meaning})` : ''}`;
    }
    case 'circuit_open':
      return 'circuit open';
    default:
      return `bad body (${error.message})`;
  }
}

/**
 * A call's name for a log line: its label, else its path without the query, any segment holding a digit (an id or a
 * QR token, e.g. /connect/qrcode/<uuid>) replaced by `:id`.
 */
function logTargetOf(req: UpstreamRequest): string {
  if (req.label) return req.label;
  return req.path.split('?')[0].split('/').map((segment) => (/\d/.test(segment) ? ':id' : segment)).join('/');
}

/** Metric label: several musicu modules joined stay bounded; CGI names are fixed strings. */
const metricTarget = (target: string): string => (target.length > 120 ? `${target.slice(0, 117)}...` : target);

/** `path` plus the query's non-empty parameters (a path may already carry a byte-exact query of its own). */
function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** The per-try deadline (AbortSignal.timeout) fired. */
const isDeadline = (err: unknown): boolean => (err as { name?: string } | null)?.name === 'TimeoutError';
/** undici's code for an answer past maxResponseSize. */
const TOO_LARGE_CODE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';
/** undici's codes for "no answer in time": connecting, waiting for the headers, or a stalled body. */
const TIMEOUT_CODES: ReadonlySet<string> = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** A 5xx answer, thrown inside the breaker (it counts as a failure and may be retried), handed back as an answer after. */
class UpstreamStatusFailure extends Error {
  constructor(readonly response: UpstreamResponse) {
    super(`upstream answered HTTP ${response.status}`);
  }
}

/**
 * Retried: a 5xx, or a transport failure (refused, reset). Not a timeout (the caller has already waited the whole
 * budget), nor an abort by the caller or by shutdown.
 */
function isRetriable(err: unknown): boolean {
  if (err instanceof UpstreamStatusFailure) return true;
  const code = (err as { code?: string }).code ?? '';
  // An oversized answer would be just as large again.
  return (err as { name?: string }).name !== 'AbortError' && !isDeadline(err) && code !== 'UND_ERR_ABORTED' && code !== TOO_LARGE_CODE && !TIMEOUT_CODES.has(code);
}

/** Exponential backoff from 100 ms with up to 20 % jitter, so retries from many requests do not arrive in step. */
const backoffMs = (retry: number): number => {
  const delay = 100 * 2 ** retry;
  return delay + delay * 0.2 * Math.random();
};

/** Waits `ms`, cut short (rejecting) when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal): Promise<void> => sleepFor(ms, undefined, { signal });
