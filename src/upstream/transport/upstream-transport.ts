import { Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { setTimeout as sleepFor } from 'node:timers/promises';
import type { Dispatcher } from 'undici';
import { type AppConfig, UPSTREAM_HOST_NAMES } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.constants';
import { isHeaderSafe } from '../../common/cookie';
import { GatewayError } from '../../common/http-error';
import { reduceMemoryNow } from '../../common/startup-memory';
import { requestContext } from '../../common/request-context';
import { MetricsService } from '../../metrics/metrics.service';
import { CookieChoice } from '../credential/cookie-choice';
import { RequestAbortedError, ShuttingDownError } from '../../common/upstream-failures';
import { UpstreamError } from '../upstream.errors';
import { BROWSER_UA, type QueryValue, type UpstreamRequest, type UpstreamResponse } from '../upstream.types';
import { attemptSignal, HANG_UP_GRACE_MS } from './attempt-signal';
import { announcedLength, BodyBudget, BodyBudgetExceeded, BodyTooLarge, TOO_LARGE_CODE } from './body-budget';
import { HostBreakers } from './breakers';
import { Coalescer } from './coalescer';
import { type CallRecord, FailureLog, logTargetOf, metricTarget } from './failure-log';
import { ProxyFailure, UpstreamPools } from './upstream-pools';
import { UpstreamReachability } from './upstream-reachability';

/**
 * The HTTP side of every upstream call: pooled sockets per host, deadlines, retries, circuit breakers, sharing of
 * identical reads, the body cap and budget, and a log line and metrics per call. Knows nothing of musicu or CGIs
 * (docs/upstream/README.md "Transport policies").
 */
@Injectable()
export class UpstreamTransport implements OnApplicationShutdown {
  private readonly logger = new Logger('Upstream');
  private readonly breakers: HostBreakers;
  private readonly coalescer: Coalescer;
  private readonly failures = new FailureLog();
  /** Bytes of answers held across all calls; never below one answer's cap, or a lone answer could never fit. */
  private readonly bodyBudget: BodyBudget;
  /**
   * Keep-alive pools per upstream origin, direct or through UPSTREAM_PROXY: `connections` per origin is also the
   * per-host concurrency cap, so a burst queues here instead of getting the server's IP rate-limited upstream.
   */
  private readonly pools: UpstreamPools;
  /** The per-call debug line is only built when LOG_LEVEL would print it. */
  private readonly logsEachCall: boolean;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: CookieChoice,
    private readonly metrics: MetricsService,
    private readonly reachability: UpstreamReachability,
  ) {
    this.logsEachCall = config.logLevel === 'debug' || config.logLevel === 'trace';
    this.breakers = new HostBreakers(metrics);
    this.coalescer = new Coalescer(metrics);
    this.bodyBudget = new BodyBudget(Math.max(config.upstreamBodyBudgetBytes, config.upstreamMaxBodyBytes), config.upstreamMaxBodyBytes);
    metrics.observeUpstreamBodyBytes(() => this.bodyBudget.bytesInFlight);
    // After a burst that took a quarter of the budget, memory is given back once no answer has been held for a while.
    this.bodyBudget.onQuietAfterBurst(this.bodyBudget.limitBytes / 4, QUIET_AFTER_BURST_MS, reduceMemoryNow);
    this.pools = new UpstreamPools(config);
  }

  /**
   * Sends one request and returns whatever came back; throws only on timeout, network failure, abort or an open
   * circuit. `idempotent` reads are retried (UPSTREAM_RETRIES, exponential backoff with jitter) after a transport
   * failure or 5xx; login steps never are.
   */
  async send(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    const cookie = this.cookies.cookieFor(req.cookie);
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
    const pools = this.pools.for(req.host);
    const dispatcher = req.longPoll ? pools.longPoll : req.redirects === 'follow' ? pools.following : pools.pool;
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
      // socket of the host, a queued call must not wait its turn and then a full timeout more. A long poll ends as
      // soon as its caller hangs up; a read gets HANG_UP_GRACE_MS to finish and keep its socket.
      const tried = attemptSignal(signal, timeoutMs, req.longPoll ? 0 : HANG_UP_GRACE_MS);
      let answer: UpstreamResponse;
      try {
        const res = await dispatcher.request({ ...options, signal: tried.signal });
        const setCookie = res.headers['set-cookie'];
        // The bytes count against UPSTREAM_BODY_BUDGET_MB until decoded.
        answer = await this.bodyBudget.read(res.body, announcedLength(res.headers['content-length']), (bytes): UpstreamResponse => ({
          status: res.statusCode,
          headers: res.headers,
          text: bytes.toString('utf8'),
          setCookies: Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [],
          body: req.responseType === 'buffer' ? bytes : undefined,
        }));
      } finally {
        tried.dispose();
      }
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
    // Long polls idle upstream for ~35 s each: they must not put off the quiet time after a burst.
    const callEnded = req.longPoll ? undefined : this.bodyBudget.callStarted();
    try {
      // The caller stops waiting the moment it hangs up; the call itself goes on as attemptSignal allows.
      const call = req.longPoll ? withRetries() : this.breakers.for(req.host).fire(withRetries);
      if (callEnded) void call.then(callEnded, callEnded);
      res = await untilHungUp(call, signal);
    } catch (err) {
      if (err instanceof UpstreamStatusFailure) {
        res = err.response;
      } else {
        const failure = this.failureOf(err, req, target, timeoutMs, clientSignal?.aborted === true);
        const outcome = failure instanceof UpstreamError ? failure.kind : 'aborted';
        this.metrics.upstreamCalls.inc({ host: req.host, target: metricTarget(logTargetOf(req)), outcome });
        // A long poll ending without news is how WeChat answers "nothing yet", not a sign of trouble.
        if (failure instanceof UpstreamError && !(req.longPoll && failure.kind === 'timeout')) this.reachability.failedWith(failure.kind);
        if (failure instanceof UpstreamError) this.failures.log(record(), failure, (err as { code?: string }).code, req.longPoll);
        throw failure;
      }
    }
    const elapsed = Date.now() - started;
    this.metrics.upstreamDuration.observe({ host: req.host }, elapsed / 1000);
    this.metrics.upstreamCalls.inc({ host: req.host, target: metricTarget(logTargetOf(req)), outcome: String(res.status) });
    if (res.status >= 500) this.reachability.failedWith('bad_status');
    else this.reachability.answeredNow();
    if (this.logsEachCall) this.logger.debug(`${req.method ?? 'GET'} ${req.host} ${target} → ${res.status} in ${elapsed} ms`);
    this.failures.remember(res, record());
    // A 5xx that survived the retries failed whoever called (send callers included); fetch() will not log it again.
    if (res.status >= 500) this.failed(res, new UpstreamError('bad_status', `Upstream ${target} answered HTTP ${res.status}`, req.host, { status: res.status, target }));
    return res;
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

  /** fetch() of a read (retried), shared with identical reads already in flight. */
  fetchShared(req: UpstreamRequest): Promise<UpstreamResponse> {
    return this.coalescer.run(this.readKey(req), () => this.fetch(req, true));
  }

  /** Logs the failure of the call behind `answer` (once: a shared answer is one call) and hands `error` back for `throw`. */
  failed(answer: object, error: UpstreamError): UpstreamError {
    return this.failures.failed(answer, error);
  }

  /** `parsed` (e.g. the JSON body of `answer`) fails as the call behind `answer`. */
  sameCall(answer: object, parsed: object): void {
    this.failures.carry(answer, parsed);
  }

  /**
   * Counts `bytes` of an answer being written whole (the legacy shape's copy of upstream answers) against
   * UPSTREAM_BODY_BUDGET_MB until the returned function is called, so new reads are refused meanwhile.
   */
  holdAnswerBytes(bytes: number): () => void {
    return this.bodyBudget.hold(bytes);
  }

  /** The 503 UPSTREAM_BUSY message: the budget is full. */
  private busyMessage(): string {
    return `The gateway already holds ${this.bodyBudget.limitBytes / 2 ** 20} MB of upstream answers (UPSTREAM_BODY_BUDGET_MB); retry shortly`;
  }

  /** After the HTTP server has drained (in-flight requests may still need a breaker until then). */
  async onApplicationShutdown(): Promise<void> {
    await this.pools.destroy();
    this.breakers.shutdown();
  }

  /** What makes two reads identical: target, parameters (minus the cache-buster `_`), body and cookie. */
  private readKey(req: UpstreamRequest): string {
    const { _: _ignored, ...query } = req.query ?? {};
    const cookie = this.cookies.cookieFor(req.cookie);
    // The key lives only while the call is in flight: no need to hash it.
    return JSON.stringify([req.host, req.method ?? 'GET', req.path, query, req.body ?? '', req.headers?.Referer ?? '', cookie]);
  }

  private failureOf(
    err: unknown,
    req: UpstreamRequest,
    target: string,
    timeoutMs: number,
    clientGone: boolean,
  ): UpstreamError | RequestAbortedError | ShuttingDownError {
    const code = (err as { code?: string }).code ?? 'ERROR';
    if (err instanceof ProxyFailure) return err.toUpstreamError(req.host, target);
    if (code === 'EOPENBREAKER') {
      return new UpstreamError('circuit_open', `Upstream ${UPSTREAM_HOST_NAMES[req.host]} is failing; calls are paused briefly`, req.host, { target });
    }
    if (code === TOO_LARGE_CODE || err instanceof BodyTooLarge) {
      const mb = this.config.upstreamMaxBodyBytes / 2 ** 20;
      return new UpstreamError('bad_body', `Upstream ${target} answered more than ${mb} MB (UPSTREAM_MAX_BODY_MB)`, req.host, { target });
    }
    if (err instanceof BodyBudgetExceeded) return new UpstreamError('busy', this.busyMessage(), req.host, { target });
    if (TIMEOUT_CODES.has(code) || isDeadline(err)) return new UpstreamError('timeout', `Upstream ${target} did not answer within ${timeoutMs} ms`, req.host, { target });
    if (requestContext.getStore()?.shuttingDown?.aborted) return new ShuttingDownError();
    if (clientGone) return new RequestAbortedError();
    return new UpstreamError('network', `Upstream ${target} is unreachable (${code})`, req.host, { target });
  }
}

/** `call`'s outcome, or a rejection with the abort reason as soon as `signal` aborts. */
function untilHungUp<T>(call: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return call;
  return new Promise<T>((resolve, reject) => {
    const hungUp = () => {
      call.catch(() => undefined);
      reject(signal.reason instanceof Error ? signal.reason : new DOMException('The caller hung up', 'AbortError'));
    };
    if (signal.aborted) return hungUp();
    signal.addEventListener('abort', hungUp, { once: true });
    call.then(
      (value) => {
        signal.removeEventListener('abort', hungUp);
        resolve(value);
      },
      (err: Error) => {
        signal.removeEventListener('abort', hungUp);
        reject(err);
      },
    );
  });
}

/** `path` plus the query's non-empty parameters (a path may already carry a byte-exact query of its own). */
function withQuery(path: string, query: Record<string, QueryValue> | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

/** How long the body budget must stay empty after a burst before memory is given back (decision 018). */
const QUIET_AFTER_BURST_MS = 5000;
/** The per-try deadline (attemptSignal) fired. */
const isDeadline = (err: unknown): boolean => (err as { name?: string } | null)?.name === 'TimeoutError';
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
  if (err instanceof ProxyFailure) return err.retriable;
  const code = (err as { code?: string }).code ?? '';
  // An oversized answer would be just as large again; a retry past the budget would only add to the crowd.
  if (err instanceof BodyBudgetExceeded || err instanceof BodyTooLarge) return false;
  return (err as { name?: string }).name !== 'AbortError' && !isDeadline(err) && code !== 'UND_ERR_ABORTED' && code !== TOO_LARGE_CODE && !TIMEOUT_CODES.has(code);
}

/** Exponential backoff from 100 ms with up to 20 % jitter, so retries from many requests do not arrive in step. */
const backoffMs = (retry: number): number => {
  const delay = 100 * 2 ** retry;
  return delay + delay * 0.2 * Math.random();
};

/** Waits `ms`, cut short (rejecting) when `signal` aborts. */
const sleep = (ms: number, signal?: AbortSignal): Promise<void> => sleepFor(ms, undefined, { signal });
