import type { NestExpressApplication } from '@nestjs/platform-express';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { ClientIdentity } from '../../src/upstream/identity/client-identity.service';
import { FakeRoutes, FakeUpstream } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';

export interface Harness {
  fake: FakeUpstream;
  app: NestExpressApplication;
  /** Base URL of the running gateway. */
  url: string;
  /** supertest bound to the running gateway. */
  http: () => ReturnType<typeof request>;
  /** Path of this harness's cookie file (absent until writeCookieFile). */
  cookieFile: string;
  writeCookieFile: (content: string | object) => void;
  close: () => Promise<void>;
}

export interface HarnessOptions {
  /** Settings over the harness's own; a function when they depend on the fake's origins (e.g. UPSTREAM_NO_PROXY). */
  env?: Record<string, string> | ((fake: FakeUpstream) => Record<string, string>);
  /** Initial cookie file content; omitted = no file (anonymous). */
  cookieFile?: string | object;
  /** Extra fake routes for this suite. */
  routes?: FakeRoutes[];
  /** Capture the structured logs (one JSON object per line) instead of discarding them. */
  logs?: string[];
  /**
   * How often Node looks for requests past their timeout (default 30 s): read when the server starts listening, so a
   * test of a request timeout sets it here rather than waiting half a minute.
   */
  connectionsCheckingIntervalMs?: number;
  /**
   * The device identity (QIMEI and session) is obtained before the test starts and those two calls are cleared from
   * the fake's log, so a suite sees only its own calls; `false` leaves it to the first Android-comm call, as in
   * production (the identity suites).
   */
  warmIdentity?: boolean;
  /**
   * Without it, close() fails the suite when the fake refused an Android-comm call for want of the identity it
   * issued (104009): every Android-comm request of the suites must carry an issued QIMEI and session.
   */
  allowIdentityRefusals?: boolean;
}

/**
 * Boots the fake upstream and the real gateway (listening on a loopback port) wired to it.
 * Settings are explicit: the machine's environment never leaks into a test.
 */
export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const fake = new FakeUpstream([...ROUTES, ...(options.routes ?? [])]);
  await fake.start();
  const dir = mkdtempSync(join(tmpdir(), 'qqgw-'));
  const cookieFile = join(dir, 'user-info.json');
  const writeCookieFile = (content: string | object) =>
    writeFileSync(cookieFile, typeof content === 'string' ? content : JSON.stringify(content));
  if (options.cookieFile !== undefined) writeCookieFile(options.cookieFile);
  let app: NestExpressApplication;
  // nestjs-pino sends logs made outside a request to the first app's destination in the process; a test process
  // starts many apps, so the newest one (the one under test) takes them over, as the only app of a real process does.
  __resetOutOfContextForTests();
  try {
    app = await createApp({
      ...fake.env(),
      COOKIE_FILE: cookieFile,
      COOKIE_FILE_CHECK_MS: '0',
      LOG_LEVEL: 'silent',
      // Generous: at a load of 18 on 2 cores an ordinary call took over 2 s. A hang test waits this out (or lowers it
      // around its one call with withUpstreamTimeout).
      UPSTREAM_TIMEOUT_MS: '10000',
      // The same for the identity calls, so no suite starts on the fallback identity because the machine was busy.
      UPSTREAM_IDENTITY_TIMEOUT_MS: '10000',
      // Suites that test caching, rate limiting or retries turn them on; the rest assert every upstream call.
      CACHE_ENABLED: 'false',
      // Play URLs ask the song detail every time unless a suite turns the song-files memory on.
      SONG_FILES_KEPT: '0',
      RATE_LIMIT: '0',
      // Likewise the SMS budgets of the phone login: the suites that test them set their own.
      PHONE_CODE_INTERVAL_S: '0',
      PHONE_CODE_PER_NUMBER_HOURLY: '100',
      PHONE_CODE_PER_IP_HOURLY: '10000',
      UPSTREAM_RETRIES: '0',
      // The upstream canary's calls would land in every suite's fake log: only the canary suites turn it on.
      CANARY_INTERVAL_S: '0',
      ...(typeof options.env === 'function' ? options.env(fake) : options.env),
    }, options.logs ? { logDestination: lineCollector(options.logs) } : {});
  } catch (err) {
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  if (options.connectionsCheckingIntervalMs !== undefined) {
    (app.getHttpServer() as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = options.connectionsCheckingIntervalMs;
  }
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  if (options.warmIdentity !== false) {
    const identity = app.get(ClientIdentity);
    await identity.ready();
    // On a loaded machine an identity call can outlast its 5 s bound: ask again as the canary's probe does (which adopts
    // what it gets while on the fallback), so no suite starts on the fallback identity by bad luck.
    for (let attempt = 0; attempt < 3 && identity.status().fallback; attempt++) await identity.check().catch(() => undefined);
    fake.requests.length = 0;
  }
  return {
    fake,
    app,
    url,
    http: () => request(url),
    cookieFile,
    writeCookieFile,
    close: async () => {
      await app.close();
      await fake.stop();
      rmSync(dir, { recursive: true, force: true });
      if (fake.identityRefusals.length && !options.allowIdentityRefusals) {
        throw new Error(`The fake refused Android-comm calls without an issued identity: ${fake.identityRefusals.slice(0, 3).join('; ')}`);
      }
    },
  };
}

function lineCollector(lines: string[]): NodeJS.WritableStream {
  return new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
}

/**
 * A deadline only detects a condition that never comes, so it is never shorter than this: on a busy 2-core machine a
 * request took seconds to reach the fake, and a passing test never waits for the deadline.
 */
const WAIT_FLOOR_MS = 30_000;

/**
 * Polls `check` (sync or async) until it holds, failing after `timeoutMs` (at least WAIT_FLOOR_MS; a deadline, not a
 * sleep). The deadline is on the monotonic clock: tests that mock Date.now (to age cache entries) still get it.
 */
export async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 3000, what = 'condition'): Promise<void> {
  const deadline = performance.now() + Math.max(timeoutMs, WAIT_FLOOR_MS);
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Waits until every harness answers /health/ready with 200 (its Redis connection up, when REDIS_URL is set). */
export function waitForReady(what: string, ...harnesses: Harness[]): Promise<void> {
  return waitFor(async () => {
    for (const h of harnesses) if ((await h.http().get('/health/ready')).status !== 200) return false;
    return true;
  }, undefined, what);
}

/** The bound to give a call whose upstream hangs: only a bound ends it, so a short one proves the same, sooner. */
export const HUNG_CALL_BOUND_MS = 300;

/**
 * Runs `call` under a short UPSTREAM_TIMEOUT_MS, then restores the suite's own. For a call whose upstream hangs (or is
 * far slower than `ms`): everything else in the suite keeps a bound that CPU load cannot trip (docs/testing.md).
 */
export async function withUpstreamTimeout<T>(h: Harness, ms: number, call: () => PromiseLike<T>): Promise<T> {
  const config = h.app.get<AppConfig>(APP_CONFIG);
  const saved = config.upstreamTimeoutMs;
  config.upstreamTimeoutMs = ms;
  try {
    return await call();
  } finally {
    config.upstreamTimeoutMs = saved;
  }
}

/**
 * A GET (or, given `json`, a POST of it) from a client that will hang up before the answer: `leave()` drops its
 * connection and resolves once the gateway has seen it go (no more than `stillOpen` client connections left), so what
 * follows cannot race the abort.
 */
export function clientThatLeaves(h: Harness, path: string, json?: object): { leave: (stillOpen?: number) => Promise<void> } {
  const req = json
    ? httpRequest(new URL(path, h.url), { method: 'POST', headers: { 'Content-Type': 'application/json' } })
    : httpRequest(new URL(path, h.url));
  req.on('error', () => undefined);
  req.end(json ? JSON.stringify(json) : undefined);
  const server = h.app.getHttpServer();
  const openConnections = () => new Promise<number>((resolve) => server.getConnections((_err, n) => resolve(n)));
  return {
    leave: async (stillOpen = 0) => {
      req.destroy();
      await waitFor(async () => (await openConnections()) <= stillOpen, 3000, 'the gateway to see the client go');
    },
  };
}
