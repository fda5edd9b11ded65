import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import type { FakeRoutes, Fault, FaultMatch } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { songByMid } from '../../fake-upstream/catalog';
import { FAKE_MUSICKEY_QQ, FAKE_QQ, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { musicState } from '../../fake-upstream/handlers/music';
import { Endpoint, type ExpectedError, exampleQuery, SONG_MID } from '../support/endpoints';
import { ALL_ENDPOINTS } from '../support/derived-endpoints';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { issuedQimei36, issuedSid } from '../../fake-upstream/handlers/identity';
import { BackgroundWork } from '../../src/common/background-work';
import { Clock } from '../../src/common/clock';
import { IDENTITY_RETRY_AFTER_MS } from '../../src/upstream/identity/client-identity.service';
import { UpstreamTransport } from '../../src/upstream/transport/upstream-transport';
import type { UpstreamRequest } from '../../src/upstream/upstream.types';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';

/**
 * Upstream faults, data-driven over the endpoint table: every endpoint that calls upstream gets each transport fault
 * and (musicu endpoints) each account/quota business code; the answer is the documented status + errorCode within a
 * bound, and the next request after the fault clears succeeds.
 *
 * The circuit breaker (≥ 20 failing calls, ≥ 50 % per host in 10 s) is per process, and h.fake.reset() does not
 * reset it: each endpoint gets its own harness, and one endpoint causes at most 18 failing calls.
 */

/** The short bound of the timeout cases only: their upstream hangs, so nothing but this bound can end the call. */
const TIMEOUT_MS = 300;
/** Every other case runs under this bound, far above what a loaded machine adds, so it can never turn into a 504. */
const GENEROUS_TIMEOUT_MS = 15_000;
/** A hung call (plus one Referer retry on a CGI) answers within this: its bound fired, not the test's. */
const TIMEOUT_BOUND_MS = 10_000;
/** Budget of one fault case: a few requests, each well under GENEROUS_TIMEOUT_MS on a busy 2-core machine. */
const CASE_BUDGET_MS = 60_000;

interface FaultCase {
  name: string;
  fault: Fault;
  status: number;
  errorCode: string;
  text: RegExp;
}

const BAD_BODY = /not JSON|did not answer XML|unusable XML|empty or HTML body/;

const TRANSPORT_FAULTS: FaultCase[] = [
  { name: 'timeout', fault: { kind: 'hang' }, status: 504, errorCode: 'UPSTREAM_TIMEOUT', text: /did not answer within 300 ms/ },
  { name: 'reset', fault: { kind: 'reset' }, status: 502, errorCode: 'UPSTREAM_UNREACHABLE', text: /unreachable/ },
  { name: '5xx', fault: { kind: 'status', status: 500 }, status: 502, errorCode: 'UPSTREAM_BAD_STATUS', text: /HTTP 500/ },
  { name: 'html', fault: { kind: 'html' }, status: 502, errorCode: 'UPSTREAM_BAD_RESPONSE', text: BAD_BODY },
  { name: 'truncated', fault: { kind: 'truncated' }, status: 502, errorCode: 'UPSTREAM_BAD_RESPONSE', text: BAD_BODY },
  { name: 'garbage', fault: { kind: 'garbage' }, status: 502, errorCode: 'UPSTREAM_BAD_RESPONSE', text: BAD_BODY },
];

const BUSINESS: [number, number, string][] = [
  [1000, 401, 'LOGIN_EXPIRED'],
  [2000, 502, 'UPSTREAM_SIGNATURE_REQUIRED'],
  [2001, 503, 'UPSTREAM_RATE_LIMITED'],
  [104400, 401, 'LOGIN_EXPIRED'],
  [104401, 401, 'LOGIN_EXPIRED'],
  [20274, 403, 'UPSTREAM_DEVICE_LIMIT'],
  [104009, 502, 'UPSTREAM_DEVICE_IDENTITY_REQUIRED'],
];
const DEVICE_IDENTITY_CODE = 104009;

function send(h: Harness, e: Endpoint, overrides: Record<string, unknown> = {}) {
  if (e.method === 'GET') return h.http().get(`${e.path}${exampleQuery(e, overrides as Record<string, string>)}`).set(e.headers ?? {});
  return h.http().post(e.path).set(e.headers ?? {}).send({ ...e.example, ...overrides });
}

/** The codes about the account or the quota: final, on the envelope or on one key alike (no other call is tried). */
const ACCOUNT_OR_QUOTA = BUSINESS.filter(([code]) => code !== 2000);
/** docs/upstream/discover.md "Recommendations": a failing key empties only its own part, listed in `data.errors`. */
const PARTIAL_ANSWERS = new Set(['getRecommend']);
/** docs/upstream/mv.md: the MV URLs fall back on the older module on any code, the account codes included. */
const OLDER_MODULE_ON_ANY_CODE: Record<string, string> = { getMvPlay: 'gosrf.Stream.MvUrlProxy.GetMvUrls' };
const RETRY_REPRESENTATIVES = new Set(['getRanks', 'getHotkey', 'getSingerDesc', 'getUserPlaylists']);
const withUpstream = ALL_ENDPOINTS.filter((e) => e.upstream.length > 0);
/** Fault cases run, by group; the last test compares them with what the endpoint table says each group must have. */
const ran: Record<string, number> = {};
const count = (group: string) => void (ran[group] = (ran[group] ?? 0) + 1);
afterAll(() => {
  const cases = Object.values(ran).reduce((sum, n) => sum + n, 0) - (ran['fallback answered'] ?? 0);
  console.log(`faults: ${cases} fault cases over ${withUpstream.length} endpoints and the two identity services`);
});

describe.each(withUpstream.map((e) => [e.name, e] as const))('%s under upstream faults', (_name, e) => {
  let h: Harness;
  let config: AppConfig;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness({
      env: { UPSTREAM_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS), ALT_LOGIN_POLL_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS) },
      // user playlists need a login cookie to reach upstream at all
      cookieFile: { cookie: 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_fault; qm_keyst=Q_H_L_fault', uin: '10001' },
    });
    config = h.app.get<AppConfig>(APP_CONFIG);
    validate = await answerValidator(h);
  });
  /** A 200 the faults produced (a fallback's, a batch's with failed items, the recovery's) matches the declared schema. */
  const expectDeclaredAnswer = (res: { status: number; body: unknown }) => {
    if (res.status === 200) expect(validate(`${e.method} ${e.path}`, res.body)).toEqual([]);
  };
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    config.upstreamRetries = 0;
    generousBounds();
  });
  const generousBounds = () => {
    config.upstreamTimeoutMs = GENEROUS_TIMEOUT_MS;
    config.altLoginPollTimeoutMs = GENEROUS_TIMEOUT_MS;
  };

  const primary = e.upstream[0];
  const match: FaultMatch = { host: primary.host, path: primary.path };

  const expectRecovers = async () => {
    h.fake.clearFaults();
    const ok = await send(h, e);
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers['content-type']).toMatch(/json/);
    expectDeclaredAnswer(ok);
  };

  it.each(TRANSPORT_FAULTS.map((f) => [f.name, f] as const))('%s → clear error, then recovers', async (_n, f) => {
    count('transport');
    h.fake.fault(f.fault, match);
    // Only the hung call runs under the short bounds (the WeChat long poll has its own); the recovery does not.
    if (f.name === 'timeout') [config.upstreamTimeoutMs, config.altLoginPollTimeoutMs] = [TIMEOUT_MS, TIMEOUT_MS];
    const started = performance.now();
    const res = await send(h, e);
    const elapsed = performance.now() - started;
    generousBounds();
    // A CPU-starved gateway may give up before the fake has logged the call; the timeout's own text names it then.
    if (f.name !== 'timeout') expect(h.fake.requestsTo(primary.host, primary.path).length).toBeGreaterThanOrEqual(1);
    if (f.name === 'timeout') expect(elapsed).toBeLessThan(TIMEOUT_BOUND_MS);
    if (e.name === 'checkAltLoginQr' && f.name === 'timeout') {
      // docs/login.md: a WeChat long poll that sees no change ends at ALT_LOGIN_POLL_TIMEOUT_MS: 200, poll again.
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ isOk: false, errcode: 408, timeout: true });
      return expectRecovers();
    }
    if (e.aggregate) {
      // the batch answers 200 and marks every failed item with the same error a single call would get
      expect(res.status).toBe(200);
      const items = res.body.data as any[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(item).toMatchObject({ error: expect.any(String), errorCode: f.errorCode });
      expectDeclaredAnswer(res);
      return expectRecovers();
    }
    const rescue = e.answersFaultsVia;
    if (rescue?.faults.includes(f.name)) {
      // an unreadable answer of this first call is a reason to ask another (docs/upstream/music.md "Lyric")
      expect(res.status).toBe(200);
      expect(h.fake.requestsTo(rescue.via.host, rescue.via.path).length).toBeGreaterThanOrEqual(1);
      expectDeclaredAnswer(res);
      return expectRecovers();
    }
    if (rescue) expect(h.fake.requestsTo(rescue.via.host, rescue.via.path)).toEqual([]);
    expect(typeof res.body.error).toBe('string');
    expect(res.body.error.length).toBeGreaterThan(0);
    expect(res.body.error).not.toMatch(/at \w+ \(|\.ts:\d+|stack/i);
    const documented = e.documentedErrors?.[f.name];
    if (documented) {
      expect(res.status).toBe(documented.status);
      expect(res.body.errorCode).toBe(documented.errorCode);
    } else if (e.family === 'login') {
      // login steps name their own failure (LOGIN_QR_FETCH_FAILED, LOGIN_NO_QRSIG, ...), docs/login.md
      expect(res.status).toBe(f.status);
      expect(res.body.errorCode).toMatch(/^(LOGIN|UPSTREAM)_[A-Z_]+$/);
    } else {
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual({ status: f.status, errorCode: f.errorCode });
      expect(res.body.error).toMatch(f.text);
    }
    await expectRecovers();
  }, CASE_BUDGET_MS);

  if (primary.format === 'musicu') {
    it.each(BUSINESS)('business code %i → %i %s, then recovers', async (code, status, errorCode) => {
      count('business code on the envelope');
      h.fake.fault({ kind: 'business', code }, { host: 'u' });
      const res = await send(h, e);
      const fb = e.fallback;
      const fallbackCalls = () => (fb ? h.fake.requestsTo(fb.host, fb.path).length : 0);
      expect(h.fake.musicuCalls(primary.module).length).toBeGreaterThanOrEqual(1);
      if (fb && code === 2000) {
        // not an account/quota code: the documented fallback answers
        count('fallback answered');
        expect(res.status).toBe(200);
        expect(fallbackCalls()).toBeGreaterThanOrEqual(1);
        expectDeclaredAnswer(res);
        return expectRecovers();
      }
      expect(fallbackCalls()).toBe(0); // final codes never try the fallback
      if (e.aggregate) {
        expect(res.status).toBe(200);
        const items = res.body.data as any[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(item).toMatchObject({ errorCode, upstreamCode: code });
        expectDeclaredAnswer(res);
        return expectRecovers();
      }
      const expected = e.documentedErrors?.[code] ?? { status, errorCode };
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual(expected);
      expect(res.body.error).toEqual(expect.any(String));
      expect(res.body.upstreamCode).toBe(code);
      if (expected.status === 503) expect(res.headers['retry-after']).toEqual(expect.any(String));
      await expectRecovers();
    }, CASE_BUDGET_MS);

    // The same code on the endpoint's own key only, every other key and the envelope a success: read key by key.
    it.each(ACCOUNT_OR_QUOTA)('account/quota code %i on its own key only → %i %s, then recovers', async (code, status, errorCode) => {
      count('account code on its own key');
      h.fake.fault({ kind: 'business', code }, { module: primary.module });
      const res = await send(h, e);
      expect(h.fake.musicuCalls(primary.module).length).toBeGreaterThanOrEqual(1);
      if (e.fallback) expect(h.fake.requestsTo(e.fallback.host, e.fallback.path)).toEqual([]);
      if (e.aggregate) {
        expect(res.status).toBe(200);
        const items = res.body.data as any[];
        expect(items.length).toBeGreaterThan(0);
        for (const item of items) expect(item).toMatchObject({ errorCode, upstreamCode: code });
        return expectRecovers();
      }
      const olderModule = OLDER_MODULE_ON_ANY_CODE[e.name];
      if (olderModule) {
        expect(res.status).toBe(200);
        expect(h.fake.musicuCalls(olderModule).length).toBeGreaterThanOrEqual(1);
        expectDeclaredAnswer(res);
        return expectRecovers();
      }
      if (PARTIAL_ANSWERS.has(e.name)) {
        expect(res.status).toBe(200);
        expect(res.body.data.errors).toEqual([expect.objectContaining({ module: primary.module, code })]);
        return expectRecovers();
      }
      expect({ status: res.status >= 400, upstreamCode: res.body.upstreamCode }).toEqual({ status: true, upstreamCode: code });
      // One answer per code on every route, a library read or write included (src/common/upstream-codes.ts).
      const expected = e.documentedErrors?.[code] ?? { status, errorCode };
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual(expected);
      if (expected.status === 503) expect(res.headers['retry-after']).toEqual(expect.any(String));
      await expectRecovers();
    }, CASE_BUDGET_MS);
  }

  if (primary.format === 'json' && e.family !== 'login') {
    it('a JSONP answer with nested and unbalanced parentheses inside strings is parsed', async () => {
      count('JSONP');
      const plain = await send(h, e);
      expect(plain.status).toBe(200);
      const [req] = h.fake.requestsTo(primary.host, primary.path);
      expect(req).toBeDefined();
      // Replay the very answer the fake gave, wrapped in a callback with parentheses in a string value.
      const original = h.fake.requests.length;
      h.fake.reset();
      const body = await captureJson(h, e, primary);
      h.fake.reset();
      const wrapped = `MusicJsonCallback(${JSON.stringify(withParens(body))})`;
      h.fake.fault({ kind: 'status', status: 200, body: wrapped }, { ...match, times: 1 });
      const res = await send(h, e);
      expect(original).toBeGreaterThan(0);
      expect(res.status).toBe(200);
      expect(res.body).toEqual(plain.body);
    }, CASE_BUDGET_MS);
  }

  if (primary.format === 'json' && primary.host === 'c6') {
    // 104009 is the musicu key service's refusal: no CGI answers it.
    it.each(BUSINESS.filter(([code]) => code !== DEVICE_IDENTITY_CODE))('CGI code %i → the documented mapping', async (code, status, errorCode) => {
      count('c6 CGI code');
      h.fake.fault({ kind: 'status', status: 200, body: JSON.stringify({ code, subcode: code, msg: 'fail' }) }, match);
      const res = await send(h, e);
      expect({ status: res.status, errorCode: res.body.errorCode }).toEqual(e.documentedErrors?.[code] ?? { status, errorCode });
      await expectRecovers();
    }, CASE_BUDGET_MS);
  }

  if (primary.format === 'xml') {
    it.each([
      ['XML garbage', '<?xml version="1.0" encoding="utf-8"?><result><code>0</code><data><info><desc><![CDATA[broken'],
      ['not XML at all', '\u0000\u00ff%%% )('],
    ])('%s → 502 UPSTREAM_BAD_RESPONSE, then recovers', async (_n, text) => {
      count('XML');
      h.fake.fault({ kind: 'status', status: 200, body: text }, match);
      const res = await send(h, e);
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ error: expect.stringMatching(/XML/), errorCode: 'UPSTREAM_BAD_RESPONSE' });
      await expectRecovers();
    }, CASE_BUDGET_MS);
  }

  if (e.idempotent && e.family !== 'login') {
    it('with UPSTREAM_RETRIES=2 a reset read is retried once and succeeds', async () => {
      count('read retried');
      config.upstreamRetries = 2;
      h.fake.fault({ kind: 'reset' }, { ...match, times: 1 });
      expect((await send(h, e)).status).toBe(200);
      expect(primaryCalls(h, e)).toBe(2);
    }, CASE_BUDGET_MS);
  }

  const write = e.write;
  if (write) {
    // A write may land although its answer was lost: it is never repeated, and says so (docs/library.md "Errors").
    const answers: [string, Fault, ExpectedError][] = [
      ['reset', { kind: 'reset' }, { status: 504, errorCode: 'WRITE_OUTCOME_UNKNOWN' }],
      ['5xx', { kind: 'status', status: 503 }, { status: 502, errorCode: 'UPSTREAM_BAD_STATUS' }],
      ['garbage', { kind: 'garbage' }, { status: 502, errorCode: 'UPSTREAM_BAD_RESPONSE' }],
    ];
    it.each(answers)(
      'with UPSTREAM_RETRIES=2 a %s on the write call is answered, and the write was sent exactly once',
      async (_n, fault, expected) => {
        count('write sent once');
        config.upstreamRetries = 2;
        h.fake.fault(fault, write.module ? { module: write.module } : { host: write.host, path: write.path });
        const res = await send(h, e);
        const writes = write.module ? h.fake.musicuCalls(write.module) : h.fake.requestsTo(write.host, write.path);
        expect({ status: res.status, errorCode: res.body.errorCode, writes: writes.length }).toEqual({ ...expected, writes: 1 });
        expect(JSON.stringify(res.body)).not.toContain('Q_H_L_');
      },
      CASE_BUDGET_MS,
    );
  }

  // The backoff makes these slow (≈ 1 s each): one representative per upstream flavour (musicu, JSON CGI, XML CGI,
  // c6 CGI without the Referer retry) — they all go through the same UpstreamTransport path.
  if (RETRY_REPRESENTATIVES.has(e.name)) {
    it('with UPSTREAM_RETRIES=2 a 5xx read is retried twice and succeeds; a permanent 5xx stops after 3 tries', async () => {
      count('retry backoff');
      config.upstreamRetries = 2;
      h.fake.fault({ kind: 'status', status: 503 }, { ...match, times: 2 });
      expect((await send(h, e)).status).toBe(200);
      expect(primaryCalls(h, e)).toBe(3);
      h.fake.reset();
      h.fake.fault({ kind: 'status', status: 500 }, match);
      expect((await send(h, e)).status).toBe(502);
      // a CGI refusal also gets one retry with the y.qq.com Referer, itself bounded the same way
      expect(primaryCalls(h, e)).toBe(primary.format === 'musicu' || primary.host === 'c6' ? 3 : 6);
    }, CASE_BUDGET_MS);
  }
});

const HOTKEY_MODULE = 'music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile';
const SESSION_MODULE = 'music.getSession.session.GetSession';

/** The identity services (docs/upstream/identity.md), each with its fault match and the request its hang holds. */
const IDENTITY_SERVICES = [
  {
    part: 'qimei',
    name: 'QIMEI service',
    match: { host: 'qimei' } as FaultMatch,
    isCall: (req: UpstreamRequest) => req.host === 'qimei',
    // Not musicu: the service's own refusal, `{code: -1, msg}` (what the fake answers a request it cannot verify).
    business: { kind: 'status', status: 200, body: JSON.stringify({ code: -1, msg: 'refused' }) } as Fault,
  },
  {
    part: 'session',
    name: 'device session',
    match: { module: SESSION_MODULE } as FaultMatch,
    isCall: (req: UpstreamRequest) => req.label === SESSION_MODULE,
    business: { kind: 'business', code: 2001 } as Fault,
  },
] as const;

/** Every fault kind an identity service can show (`latency` under the bound is no fault); the answers past 1 MB fail. */
const identityFaults = (business: Fault): [string, Fault][] => [
  ['timeout', { kind: 'hang' }],
  ['reset', { kind: 'reset' }],
  ['5xx', { kind: 'status', status: 503 }],
  ['html', { kind: 'html' }],
  ['truncated', { kind: 'truncated' }],
  ['garbage', { kind: 'garbage' }],
  ['huge', { kind: 'huge', bytes: 2 * 2 ** 20 }],
  ['padded', { kind: 'padded', bytes: 2 * 2 ** 20 }],
  ['business', business],
  ['shape', { kind: 'shape', data: { session: { uid: [], sid: {} }, data: {} } }],
];
const IDENTITY_FAULT_KINDS = identityFaults({ kind: 'reset' }).length;

/**
 * Runs `call` with the short bound on the hung identity call only (docs/testing.md: a short bound is only for the
 * call whose upstream hangs): the other identity call and the Android-comm call itself keep the suite's generous one.
 */
async function withHungCallBound<T>(h: Harness, isHung: (req: UpstreamRequest) => boolean, call: () => PromiseLike<T>): Promise<T> {
  const transport = h.app.get(UpstreamTransport);
  const fetch = transport.fetch.bind(transport);
  // The identity calls carry their own bound (5 s): the hung one gets the short bound instead.
  const spy = jest.spyOn(transport, 'fetch').mockImplementation((req, idempotent) =>
    fetch(isHung(req) ? { ...req, timeoutMs: Math.min(req.timeoutMs ?? TIMEOUT_MS, TIMEOUT_MS) } : req, idempotent),
  );
  try {
    return await call();
  } finally {
    spy.mockRestore();
  }
}

/**
 * The identity services down (docs/upstream/identity.md "When a service cannot be reached"), with a fresh identity: each case has
 * its own harness (ClientIdentity's state and the circuit breakers are per process; a harness starts in ≈ 0.2 s).
 * The Android-comm calls go out with the fallback identity, which the fake refuses as the live service does (104009:
 * a clean 502, never a 500); the service is asked once and one warning line names it; web-comm calls are untouched;
 * once it answers again (after the retry delay) the identity is issued and the calls go through.
 */
describe.each(IDENTITY_SERVICES.map((s) => [s.name, s] as const))('the %s under upstream faults, with a fresh identity', (_n, service) => {
  const warningsOf = (logs: string[], name: string) =>
    logs.map((line) => JSON.parse(line)).filter((l) => l.context === 'ClientIdentity' && l.level === 40 && String(l.msg).startsWith(`The ${name} (`));
  const metric = async (h: Harness, series: string) => {
    const line = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const hotkey = (h: Harness) => h.http().get('/getHotkey');

  it.each(identityFaults(service.business))('%s → the fallback identity, a clean 502, one warning; web calls unaffected; then recovers', async (kind, fault) => {
    count('identity service fault');
    const logs: string[] = [];
    const h = await startHarness({
      warmIdentity: false,
      allowIdentityRefusals: true,
      logs,
      env: { LOG_LEVEL: 'info', UPSTREAM_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS), UPSTREAM_MAX_BODY_MB: '1' },
    });
    const wall = jest.spyOn(h.app.get(Clock), 'wallNow');
    try {
      h.fake.fault(fault, service.match);
      const started = performance.now();
      const first = await (kind === 'timeout' ? withHungCallBound(h, service.isCall, () => hotkey(h)) : hotkey(h));
      // The first Android-comm call waited for the identity: a hung service for its short bound, not the suite's.
      if (kind === 'timeout') expect(performance.now() - started).toBeLessThan(TIMEOUT_BOUND_MS);
      const second = await hotkey(h);
      // Within the retry delay the service is not asked again, not even in the background.
      expect(h.app.get(BackgroundWork).pending().get('device identity renewal') ?? 0).toBe(0);
      for (const res of [first, second]) {
        expect({ status: res.status, type: res.headers['content-type'], body: res.body }).toEqual({
          status: 502,
          type: expect.stringMatching(/json/),
          body: { error: expect.any(String), errorCode: 'UPSTREAM_DEVICE_IDENTITY_REQUIRED', upstreamCode: 104009 },
        });
      }
      // Sent with the fallback: "0" for the part not issued (a session is never issued without a QIMEI).
      const comm = h.fake.musicuCalls(HOTKEY_MODULE).at(-1)!.request.comm;
      expect({ sid: comm.sid, uid: comm.uid }).toEqual({ sid: '0', uid: '0' });
      if (service.part === 'qimei') expect({ QIMEI: comm.QIMEI, QIMEI36: comm.QIMEI36 }).toEqual({ QIMEI: '0', QIMEI36: '0' });
      else expect(issuedQimei36(comm.QIMEI36)).toBe(true);
      expect(comm.udid).toMatch(/^[0-9a-f]{32}$/);
      // Asked once (counted at the gateway: a hung call may end before the fake logs it), one warning line.
      expect(await metric(h, `gateway_upstream_identity_requests_total{part="${service.part}",outcome="failed"}`)).toBe(1);
      expect(warningsOf(logs, service.name)).toHaveLength(1);
      if (service.part === 'session') expect(warningsOf(logs, 'QIMEI service')).toEqual([]);
      // Calls that need no identity are untouched, and the process keeps serving.
      await h.http().get('/getTopLists').expect(200);
      await h.http().get('/getRanks?topId=4&limit=2').expect(200);
      await h.http().get('/health/live').expect(200);
      // The service answers again: asked in the background after the retry delay, then the calls go through.
      h.fake.clearFaults();
      wall.mockReturnValue(Date.now() + IDENTITY_RETRY_AFTER_MS + 1000);
      await waitFor(async () => (await hotkey(h)).status === 200, 5000, 'a call with the identity issued again');
      const issued = h.fake.musicuCalls(HOTKEY_MODULE).at(-1)!.request.comm;
      expect(issuedQimei36(issued.QIMEI36) && issuedSid(issued.sid, issued.QIMEI36)).toBe(true);
      expect(warningsOf(logs, service.name)).toHaveLength(1);
    } finally {
      wall.mockRestore();
      await h.close();
    }
  }, CASE_BUDGET_MS);
});

/** The rows that answer without calling upstream (they get no fault case); a derived row that lost its calls is not one. */
/**
 * checkPhoneLoginCode: its example has no code sent first, so it answers 410 before upstream is asked; checkAppLoginQr
 * reads recorded states only (403 for a QR no instance issued).
 */
const ANSWERED_WITHOUT_UPSTREAM = ['getImageUrl', 'getUserAvatar', 'checkAppLoginQr', 'checkPhoneLoginCode'];
/** The XML CGI rows (the singer description): the only CGI rows without the JSONP case. */
const XML_ROWS = ['getSingerDesc'];
/** At least this many rows of each kind: the table's size today, so a family that drops out is noticed. */
const AT_LEAST = { musicu: 61, cgi: 23, c6: 7, fallback: 15, write: 15 };

/**
 * The groups above run only for rows of a matching kind, so a row derived or labelled wrongly (no upstream calls, a
 * musicu call read as a CGI) would drop its cases without failing one. Each group's number is worked out from other
 * facts of the table (the host and path of the first call, the named rows) than the filter that selects it.
 */
describe('the fault cases above', () => {
  it('ran as many cases in each group as the endpoint table says', () => {
    const first = (e: Endpoint) => e.upstream[0] as Endpoint['upstream'][0] | undefined;
    const rows = (test: (e: Endpoint) => boolean) => ALL_ENDPOINTS.filter(test).length;
    const musicu = rows((e) => first(e)?.host === 'u' && /^\/cgi-bin\/music[us]\.fcg$/.test(first(e)!.path));
    const cgi = rows((e) => first(e)?.host === 'c' || first(e)?.host === 'c6');
    const c6 = rows((e) => first(e)?.host === 'c6');
    const fallback = rows((e) => e.fallback !== undefined);
    const write = rows((e) => e.write !== undefined);
    expect(ALL_ENDPOINTS.filter((e) => !e.upstream.length).map((e) => e.name)).toEqual(ANSWERED_WITHOUT_UPSTREAM);
    expect({ musicu, cgi, c6, fallback, write }).toEqual({
      musicu: Math.max(musicu, AT_LEAST.musicu),
      cgi: Math.max(cgi, AT_LEAST.cgi),
      c6: Math.max(c6, AT_LEAST.c6),
      fallback: Math.max(fallback, AT_LEAST.fallback),
      write: Math.max(write, AT_LEAST.write),
    });
    const { 'read retried': readRetried, ...exact } = ran;
    expect(exact).toEqual({
      transport: TRANSPORT_FAULTS.length * (ALL_ENDPOINTS.length - ANSWERED_WITHOUT_UPSTREAM.length),
      'business code on the envelope': BUSINESS.length * musicu,
      'account code on its own key': ACCOUNT_OR_QUOTA.length * musicu,
      // code 2000 on the envelope is the one business case that goes to the fallback
      'fallback answered': fallback,
      JSONP: cgi - XML_ROWS.length,
      XML: 2 * XML_ROWS.length,
      'c6 CGI code': (BUSINESS.length - 1) * c6, // no CGI answers 104009
      'write sent once': 3 * write,
      'retry backoff': RETRY_REPRESENTATIVES.size,
      'identity service fault': IDENTITY_SERVICES.length * IDENTITY_FAULT_KINDS,
    });
    // every GET read outside the login steps is retried (a POST read may be too)
    expect(readRetried).toBeGreaterThanOrEqual(rows((e) => e.method === 'GET' && e.upstream.length > 0 && e.family !== 'login'));
  });
});

function primaryCalls(h: Harness, e: Endpoint): number {
  const p = e.upstream[0];
  return p.module ? h.fake.musicuCalls(p.module).length : h.fake.requestsTo(p.host, p.path).length;
}

/** The JSON the fake answers for this endpoint's primary call (fetched directly from the fake). */
async function captureJson(h: Harness, e: Endpoint, p: Endpoint['upstream'][0]): Promise<unknown> {
  await send(h, e);
  const [req] = h.fake.requestsTo(p.host, p.path);
  // asked of a fresh fake: a write (a deleted playlist) changes what the same request answers afterwards
  h.fake.reset();
  const res = await fetch(`${h.fake.origins[p.host]}${req.path}?${req.rawQuery}`, {
    headers: { referer: 'https://y.qq.com/', cookie: req.cookie },
  });
  const text = await res.text();
  const m = /^\s*[\w$.]+\(([\s\S]*)\)\s*;?\s*$/.exec(text);
  return JSON.parse(m ? m[1] : text);
}

function withParens(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body)) return { ...body, zzNote: 'a (nested (paren)) and ) unbalanced ( );' };
  return body;
}

describe('login steps are never retried (UPSTREAM_RETRIES=2)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_RETRIES: '2', UPSTREAM_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS) } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const confirmedQq = async () => {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    return qrsig as string;
  };

  it.each([
    ['ptqrlogin', 'ptlogin', '/ptqrlogin'],
    ['check_sig', 'ptloginGraph', '/check_sig'],
    ['authorize', 'graph', '/oauth2.0/authorize'],
    ['QQLogin exchange', 'u', '/cgi-bin/musicu.fcg'],
  ] as const)('%s: a 503 or reset is answered once, not retried', async (_n, host, path) => {
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'reset' }] as Fault[]) {
      h.fake.reset();
      const qrsig = await confirmedQq();
      h.fake.fault(fault, { host, path });
      const res = await h.http().post('/checkMainLoginQr').send({ qrsig });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.errorCode).toEqual(expect.any(String));
      expect(h.fake.requestsTo(host, path)).toHaveLength(1);
    }
  }, CASE_BUDGET_MS);

  it('WeChat exchange: a 503 or reset is answered once, not retried', async () => {
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'reset' }] as Fault[]) {
      h.fake.reset();
      const { uuid } = (await h.http().get('/getAltLoginQr').expect(200)).body;
      wxConfirm(h.fake.state, uuid);
      h.fake.fault(fault, { host: 'u' });
      const res = await h.http().post('/checkAltLoginQr').send({ uuid });
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(h.fake.musicuCalls('music.login.LoginServer.Login')).toHaveLength(1);
      expect(h.fake.requestsTo('u')).toHaveLength(1);
    }
  }, CASE_BUDGET_MS);

  it('a successful QQ login after the faults still works (no state left behind)', async () => {
    const qrsig = await confirmedQq();
    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body.session.cookie).toContain(FAKE_MUSICKEY_QQ);
    expect(loginFake(h.fake.state).qq.has(qrsig)).toBe(true);
  }, CASE_BUDGET_MS);
});

/** A well-formed loginToken that is not the QR's: what someone who only saw the QR sends. */
const STOLEN_LOGIN_TOKEN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const LOGIN_CHANNELS = [
  { name: 'QQ', get: '/getMainLoginQr', check: '/checkMainLoginQr', id: 'qrsig', poll: { host: 'ptlogin', path: '/ptqrlogin' } },
  { name: 'WeChat', get: '/getAltLoginQr', check: '/checkAltLoginQr', id: 'uuid', poll: { host: 'wxLp', path: '/connect/l/qrconnect' } },
] as const;

describe("a QR's loginToken binding under upstream faults", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS), ALT_LOGIN_POLL_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS) } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it.each(LOGIN_CHANNELS)("$name: while the poll fails, a stolen loginToken is still 403 without reaching upstream; the owner's failed check does not unbind the QR", async (channel) => {
    const qr = (await h.http().get(channel.get).expect(200)).body as Record<string, string>;
    if (channel.name === 'QQ') qqConfirm(h.fake.state, qr.qrsig);
    else wxConfirm(h.fake.state, qr.uuid);
    h.fake.fault({ kind: 'status', status: 503 }, channel.poll);
    expect((await h.http().post(channel.check).send({ [channel.id]: qr[channel.id], loginToken: qr.loginToken })).status).toBe(502);
    expect((await h.http().post(channel.check).send({ [channel.id]: qr[channel.id], loginToken: STOLEN_LOGIN_TOKEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect(h.fake.requestsTo(channel.poll.host, channel.poll.path)).toHaveLength(1);

    h.fake.clearFaults();
    expect((await h.http().post(channel.check).send({ [channel.id]: qr[channel.id], loginToken: STOLEN_LOGIN_TOKEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect((await h.http().post(channel.check).send({ [channel.id]: qr[channel.id], loginToken: qr.loginToken }).expect(200)).body.isOk).toBe(true);
  }, CASE_BUDGET_MS);
});

/**
 * Redis stalled when a QR is issued: the QR is still answered (its record kept by the issuing instance, one warn line
 * naming neither QR nor token); an instance with LOGIN_TOKEN_REQUIRED that cannot read the record refuses the QR
 * rather than trust it, and vouches for it again once Redis is back.
 */
describe("a QR's loginToken binding with Redis stalled (two instances through one link to Redis)", () => {
  const REDIS_TIMEOUT_MS = 1000;
  let a: Harness;
  let bRequired: Harness;
  let link: RedisLink;
  const logs: string[] = [];
  const credentialKey = `test:faults-login:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    requireRedis();
    const target = new URL(TEST_REDIS_URL);
    link = new RedisLink({ host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      REDIS_URL: await link.start(),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      REDIS_RETRY_AFTER_MS: '2000',
      CREDENTIAL_REDIS_KEY: credentialKey,
      UPSTREAM_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS),
      ALT_LOGIN_POLL_TIMEOUT_MS: String(GENEROUS_TIMEOUT_MS),
      LOG_LEVEL: 'info',
    };
    a = await startHarness({ env, logs });
    bRequired = await startHarness({ env: { ...env, LOGIN_TOKEN_REQUIRED: 'true' }, logs });
  });
  afterAll(async () => {
    await a?.close();
    await bRequired?.close();
    await link?.stop();
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${credentialKey}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  beforeEach(async () => {
    link.set('up');
    await waitForReady('Redis to be reachable', a, bRequired);
    a.fake.reset();
    bRequired.fake.reset();
    logs.length = 0;
  });

  it.each(LOGIN_CHANNELS)('$name: issued while Redis stalls, bound on A at once; B refuses it until Redis is back, then admits only the owner', async (channel) => {
    link.freeze();
    const qr = (await a.http().get(channel.get).expect(200)).body as Record<string, string>;
    const qrId = qr[channel.id];
    expect(logs.some((line) => line.includes(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`))).toBe(true);
    expectNoSecretInLogs(logs, [qrId, qr.loginToken]);

    // A holds the record itself: the stolen token is refused without Redis and without upstream.
    const pollsOfA = a.fake.requestsTo(channel.poll.host, channel.poll.path).length;
    expect((await a.http().post(channel.check).send({ [channel.id]: qrId, loginToken: STOLEN_LOGIN_TOKEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect(a.fake.requestsTo(channel.poll.host, channel.poll.path)).toHaveLength(pollsOfA);
    // B cannot read it: with the token required, a QR it cannot vouch for is refused, even to its owner.
    expect((await bRequired.http().post(channel.check).send({ [channel.id]: qrId, loginToken: qr.loginToken }).expect(403)).body.errorCode).toBe('LOGIN_QR_UNKNOWN');
    expect(bRequired.fake.requests).toEqual([]);

    link.set('up');
    await waitFor(async () => (await bRequired.http().get('/health/ready')).status === 200, 10_000, 'B to reach Redis again');
    await waitForReady('A to reach Redis again', a);
    if (channel.name === 'QQ') loginFake(bRequired.fake.state).qq.set(qrId, { state: 'confirmed', qq: FAKE_QQ });
    else {
      loginFake(bRequired.fake.state).wx.set(qrId, { state: 'waiting', listeners: [] });
      wxConfirm(bRequired.fake.state, qrId);
    }
    expect((await bRequired.http().post(channel.check).send({ [channel.id]: qrId, loginToken: STOLEN_LOGIN_TOKEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect(bRequired.fake.requests).toEqual([]);
    expect((await bRequired.http().post(channel.check).send({ [channel.id]: qrId, loginToken: qr.loginToken }).expect(200)).body.isOk).toBe(true);
  }, CASE_BUDGET_MS);
});

const DISS_BY_TAG = 'c /splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg';
/** Category 6 fails at the fake (500), every other category answers as usual: a deterministic partial failure. */
const failingCategory: FakeRoutes = {
  http: {
    [DISS_BY_TAG]: (ctx) =>
      ctx.req.query.categoryId === '6' ? { status: 500, text: 'boom' } : ROUTES.find((r) => r.http?.[DISS_BY_TAG])!.http![DISS_BY_TAG](ctx),
  },
};

describe('partial failure inside aggregates keeps the good parts', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ routes: [failingCategory] });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('getRanks resolveMid: a failed lookup leaves that entry without a MID, the rest are resolved', async () => {
    const full = await h.http().get('/getRanks?topId=4&limit=5&resolveMid=true').expect(200);
    const withMid = (list: any[]) => list.filter((s) => s.mid).length;
    expect(withMid(full.body.data.songInfoList)).toBe(5);
    const lookups = h.fake.musicuCalls('music.pf_song_detail_svr.get_song_detail_yqq');
    expect(lookups.length).toBeGreaterThanOrEqual(2);
    h.fake.reset();
    h.fake.fault({ kind: 'status', status: 500 }, { module: 'music.pf_song_detail_svr', times: 1 });
    const res = await h.http().get('/getRanks?topId=4&limit=5&resolveMid=true').expect(200);
    const list = res.body.data.songInfoList as any[];
    expect(list.map((s) => s.songId)).toEqual(full.body.data.songInfoList.map((s: any) => s.songId));
    expect(withMid(list)).toBe(4);
    expect(list.filter((s) => !s.mid)).toHaveLength(1);
  }, CASE_BUDGET_MS);

  it('batchGetSongInfo: a failing lookup marks its song { ok:false, error, errorCode }, the others are kept', async () => {
    // All songs go in one request, so the failure is one song's key (a module-wide fault would fail them all).
    musicState(h.fake.state).failingSongIds.add(songByMid('003cI52o4daJJL')!.id);
    const res = await h.http().post('/batchGetSongInfo').send({ songs: [[SONG_MID], ['003cI52o4daJJL']] }).expect(200);
    const items = res.body.data as any[];
    expect(items).toHaveLength(2);
    expect(items[1]).toMatchObject({ ok: false, error: expect.stringContaining('500001'), errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 });
    expect(items[0]).toMatchObject({ ok: true, song_mid: SONG_MID });
  }, CASE_BUDGET_MS);

  it('batchGetSongLists: one failing category is marked with its error, the others kept', async () => {
    const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [10000000, 6], limit: 2 }).expect(200);
    const [good, bad] = res.body.data as any[];
    expect(good.categoryId).toBe(10000000);
    expect(good.playlists).toHaveLength(2);
    expect(bad).toMatchObject({ categoryId: 6, status: 502, errorCode: 'UPSTREAM_BAD_STATUS', error: expect.stringContaining('HTTP 500') });
    const six = h.fake.requestsTo('c', '/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg').filter((r) => r.query.categoryId === '6');
    expect(six).toHaveLength(2); // the call and its one Referer retry, no more
  }, CASE_BUDGET_MS);

  it('getRecommend: one failing musicu key empties only its part and is reported in errors', async () => {
    const full = await h.http().get('/getRecommend').expect(200);
    expect(full.body.data.errors).toEqual([]);
    h.fake.reset();
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'newsong.NewSongServer' });
    const res = await h.http().get('/getRecommend').expect(200);
    expect(res.body.data.errors).toEqual([expect.objectContaining({ module: 'newsong.NewSongServer.get_new_song_info', code: 500001 })]);
    const key = res.body.data.errors[0].key;
    expect(res.body.data[key]).toEqual([]);
    expect(full.body.data[key].length).toBeGreaterThan(0);
    expect(res.body.data.playlists).toEqual(full.body.data.playlists);
  }, CASE_BUDGET_MS);
});
