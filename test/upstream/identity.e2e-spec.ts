import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { issuedQimei36, issuedSid } from '../../fake-upstream/handlers/identity';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Clock } from '../../src/common/clock';
import { UpstreamCanary } from '../../src/upstream/canary/upstream-canary.service';
import { IDENTITY_RENEW_AFTER_MS, IDENTITY_RETRY_AFTER_MS } from '../../src/upstream/identity/client-identity.service';
import { cookieOf, LIKE, libraryUser, songAt } from '../library/library-fixtures';
import { type Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

requireRedis();

/**
 * The client identity the Android comm carries (docs/upstream/identity.md), against the fake's QIMEI and session
 * services, which refuse Android-comm calls (104009) without a QIMEI and session they issued.
 */
const HOTKEY = 'music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile';
const SESSION = 'music.getSession.session.GetSession';
const TOKEN = 'identity-admin-token-0123456789';
const ALICE = '20001';

const qimeiRequests = (h: Harness) => h.fake.requestsTo('qimei', '/tme/trpc/proxy');
const sessionRequests = (h: Harness) => h.fake.musicuCalls(SESSION);
const hotkeyComm = (h: Harness, i = -1) => h.fake.musicuCalls(HOTKEY).at(i)!.request.comm;
const health = async (h: Harness) => (await h.http().get('/health/upstream').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body;
const metric = async (h: Harness, series: string) => {
  const line = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

/** What every Android-comm request must carry: an issued QIMEI pair, its session, and the device profile's ids. */
function expectIssuedIdentity(comm: Record<string, any>): void {
  expect(comm).toMatchObject({ ct: 11, cv: 14090008, chid: '10003505', tmeAppID: 'qqmusic' });
  expect(issuedQimei36(comm.QIMEI36)).toBe(true);
  expect(comm.QIMEI).toBe(comm.QIMEI36.slice(0, 16));
  expect(issuedSid(comm.sid, comm.QIMEI36)).toBe(true);
  expect(comm.udid).toMatch(/^[0-9a-f]{32}$/);
  expect(comm.OpenUDID).toBe(comm.udid);
  expect(comm.aid).toMatch(/^[0-9a-f]{16}$/);
}

describe('client identity: made once, kept, renewed, and never in a log', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'qqgw-identity-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is obtained at the first Android-comm call, then served from memory: no identity call on the hot path', async () => {
    const logs: string[] = [];
    const h = await startHarness({ warmIdentity: false, env: { LOG_LEVEL: 'debug', DEVICE_IDENTITY_FILE: join(dir, 'device.json') }, logs });
    try {
      // A web-comm read needs no identity.
      await h.http().get('/getTopLists').expect(200);
      expect(qimeiRequests(h)).toHaveLength(0);
      await h.http().get('/getHotkey').expect(200);
      expect(qimeiRequests(h)).toHaveLength(1);
      expect(sessionRequests(h)).toHaveLength(1);
      // The session request carries the new QIMEI (and no session yet), anonymous, with the Android UA.
      const opening = sessionRequests(h)[0].request;
      expect(issuedQimei36(opening.comm.QIMEI36)).toBe(true);
      expect(opening.comm.sid).toBeUndefined();
      expect(opening.cookie).toBe('');
      expect(opening.headers['user-agent']).toBe('QQMusic 14090008(android 10)');
      expectIssuedIdentity(hotkeyComm(h));
      for (let i = 0; i < 5; i++) await h.http().get('/getHotkey').set('Cache-Control', 'no-cache').expect(200);
      expect(qimeiRequests(h)).toHaveLength(1);
      expect(sessionRequests(h)).toHaveLength(1);
      expect(h.fake.musicuCalls(HOTKEY).map((c) => c.request.comm.sid)).toEqual(Array(6).fill(hotkeyComm(h, 0).sid));
      // Kept beside the stored login, 0600; no log line holds a QIMEI, a session id or the device ids.
      const stored = JSON.parse(readFileSync(join(dir, 'device.json'), 'utf8'));
      expect(stored.qimei.q36).toBe(hotkeyComm(h).QIMEI36);
      expect(statSync(join(dir, 'device.json')).mode & 0o777).toBe(0o600);
      const secrets = [stored.qimei.q36, stored.qimei.q16, stored.session.sid, stored.device.openUdid, stored.device.androidId, stored.device.imei];
      expectNoSecretInLogs(logs, secrets);
    } finally {
      await h.close();
    }
  });

  it('is made once and reused across restarts (the identity file)', async () => {
    const env = { DEVICE_IDENTITY_FILE: join(dir, 'device.json') };
    const first = await startHarness({ warmIdentity: false, env });
    await first.http().get('/getHotkey').expect(200);
    const before = hotkeyComm(first);
    await first.close();
    const second = await startHarness({ warmIdentity: false, env });
    try {
      await second.http().get('/getHotkey').expect(200);
      expect(qimeiRequests(second)).toHaveLength(0);
      expect(sessionRequests(second)).toHaveLength(0);
      const after = hotkeyComm(second);
      expectIssuedIdentity(after);
      for (const field of ['QIMEI36', 'sid', 'uid', 'udid', 'aid', 'rom']) expect(after[field]).toBe(before[field]);
    } finally {
      await second.close();
    }
  });

  it('is shared by two instances on one Redis: the second one asks for nothing', async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: `qqgw-test:identity:${randomBytes(6).toString('hex')}` };
    const [a, b] = [await startHarness({ warmIdentity: false, env }), await startHarness({ warmIdentity: false, env })];
    try {
      await a.http().get('/getHotkey').expect(200);
      await b.http().get('/getHotkey').expect(200);
      expect(qimeiRequests(a)).toHaveLength(1);
      expect(qimeiRequests(b)).toHaveLength(0);
      expect(sessionRequests(b)).toHaveLength(0);
      expectIssuedIdentity(hotkeyComm(b));
      for (const field of ['QIMEI36', 'sid', 'udid', 'aid']) expect(hotkeyComm(b)[field]).toBe(hotkeyComm(a)[field]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('is renewed in the background once a day old, the calls going on with the old one meanwhile', async () => {
    const h = await startHarness({ env: { DEVICE_IDENTITY_FILE: join(dir, 'device.json') } });
    try {
      await h.http().get('/getHotkey').expect(200);
      const before = hotkeyComm(h);
      const wall = jest.spyOn(h.app.get(Clock), 'wallNow');
      const start = Date.now();
      wall.mockReturnValue(start + IDENTITY_RENEW_AFTER_MS - 60_000);
      await h.http().get('/getHotkey').set('Cache-Control', 'no-cache').expect(200);
      expect(sessionRequests(h)).toHaveLength(0);
      // The next day: this call still carries yesterday's session; the renewal runs beside it.
      wall.mockReturnValue(start + IDENTITY_RENEW_AFTER_MS + 1000);
      await h.http().get('/getHotkey').set('Cache-Control', 'no-cache').expect(200);
      expect(hotkeyComm(h).sid).toBe(before.sid);
      await waitFor(() => sessionRequests(h).length === 1, 5000, 'the session renewed');
      expect(qimeiRequests(h)).toHaveLength(1);
      await waitFor(() => JSON.parse(readFileSync(join(dir, 'device.json'), 'utf8')).session.sid !== before.sid, 5000, 'the renewal stored');
      await h.http().get('/getHotkey').set('Cache-Control', 'no-cache').expect(200);
      expectIssuedIdentity(hotkeyComm(h));
      expect(hotkeyComm(h).sid).not.toBe(before.sid);
      expect(hotkeyComm(h).QIMEI36).not.toBe(before.QIMEI36);
      expect(hotkeyComm(h).udid).toBe(before.udid); // the device stays the same
    } finally {
      await h.close();
    }
  });
});

describe('client identity: the QIMEI service down', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ warmIdentity: false, allowIdentityRefusals: true, env: { ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' }, logs });
    addFakeUser(h.fake.state, libraryUser(ALICE, 'Alice', 8100000000));
  });
  afterAll(() => h.close());

  it('sends reads and writes anyway with the fallback identity, logs it once, and says so in health and metrics', async () => {
    h.fake.fault({ kind: 'status', status: 503 }, { host: 'qimei' });
    // The read is sent, with "0" for the QIMEI: the fake refuses it as the live service does (104009).
    const read = await h.http().get('/getHotkey').expect(502);
    expect(read.body).toMatchObject({ errorCode: 'UPSTREAM_DEVICE_IDENTITY_REQUIRED', upstreamCode: 104009 });
    expect(hotkeyComm(h)).toMatchObject({ ct: 11, QIMEI36: '0', QIMEI: '0', sid: '0', uid: '0' });
    expect(hotkeyComm(h).udid).toMatch(/^[0-9a-f]{32}$/); // the device profile is there all the same
    const write = await h.http().post('/user/setSongLike').set('Cookie', cookieOf(ALICE)).send({ songmid: songAt(0).mid, like: true }).expect(502);
    expect(write.body).toMatchObject({ errorCode: 'UPSTREAM_DEVICE_IDENTITY_REQUIRED', upstreamCode: 104009 });
    expect(h.fake.musicuCalls(LIKE)).toHaveLength(1);
    expect(h.fake.musicuCalls(LIKE)[0].request.comm).toMatchObject({ ct: 11, QIMEI36: '0', qq: ALICE });
    // One QIMEI attempt (retried again only after IDENTITY_RETRY_AFTER_MS), one warning line.
    expect(qimeiRequests(h)).toHaveLength(1);
    const warnings = logs.filter((l) => l.includes('QIMEI service'));
    expect(warnings).toHaveLength(1);
    expect(JSON.parse(warnings[0])).toMatchObject({ level: 40 });
    expect(warnings[0]).toContain('bad_status, HTTP 503');
    const identity = (await health(h)).identity;
    expect(identity).toMatchObject({ store: 'file', fallback: true, qimei: { state: 'fallback', obtainedAt: null, problem: 'bad_status, HTTP 503' } });
    expect(await metric(h, 'gateway_upstream_identity_fallback{part="qimei"}')).toBe(1);
    expect(await metric(h, 'gateway_upstream_identity_requests_total{part="qimei",outcome="failed"}')).toBe(1);
  });

  it('the canary reports the identity area as fallback while the service is down, ok once it answers (and adopts it)', async () => {
    const canary = h.app.get(UpstreamCanary);
    expect(await canary.check('identity')).toEqual({ state: 'fallback', detail: 'answered by a fallback of QimeiProxy.GetQimei' });
    h.fake.clearFaults();
    expect(await canary.check('identity')).toEqual({ state: 'ok' });
    expect(logs.filter((l) => l.includes('QIMEI service') && l.includes('answers again'))).toHaveLength(1);
    const identity = (await health(h)).identity;
    expect(identity).toMatchObject({ fallback: false, qimei: { state: 'issued', problem: null }, session: { state: 'issued', problem: null } });
    expect(await metric(h, 'gateway_upstream_identity_fallback{part="qimei"}')).toBe(0);
    // The recovery is in use at once: the write goes through with the issued identity.
    await h.http().post('/user/setSongLike').set('Cookie', cookieOf(ALICE)).send({ songmid: songAt(0).mid, like: true }).expect(200);
    expectIssuedIdentity(h.fake.musicuCalls(LIKE).at(-1)!.request.comm);
  });

  it('is asked again in the background after the retry delay, not on every call', async () => {
    const fresh = await startHarness({ warmIdentity: false, allowIdentityRefusals: true });
    try {
      fresh.fake.fault({ kind: 'reset' }, { host: 'qimei' });
      await fresh.http().get('/getHotkey').expect(502);
      await fresh.http().get('/getHotkey').set('Cache-Control', 'no-cache').expect(502);
      expect(qimeiRequests(fresh)).toHaveLength(1);
      fresh.fake.clearFaults();
      const wall = jest.spyOn(fresh.app.get(Clock), 'wallNow').mockReturnValue(Date.now() + IDENTITY_RETRY_AFTER_MS + 1000);
      await fresh.http().get('/getHotkey').set('Cache-Control', 'no-cache');
      await waitFor(() => sessionRequests(fresh).length === 1, 5000, 'the identity obtained in the background');
      await waitFor(async () => (await fresh.http().get('/getHotkey').set('Cache-Control', 'no-cache')).status === 200, 5000, 'a call with the issued identity');
      expectIssuedIdentity(hotkeyComm(fresh));
      wall.mockRestore();
    } finally {
      await fresh.close();
    }
  });
});
