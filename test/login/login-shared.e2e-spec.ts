import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FAKE_QQ, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { REDIS } from '../../src/redis/redis.module';
import { Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';

/**
 * With REDIS_URL, a finished QR login is shared by every instance (docs/login.md "A confirmed login finishes once"):
 * a retry that lands on another instance answers the same session, and one QR's chain runs once across instances.
 * Two gateways share the machine's Redis (127.0.0.1:6379) under a key of this run's own; each has its own fake
 * upstream, so "instance B asked upstream nothing" is B's fake's empty request log.
 */
const REDIS_URL = TEST_REDIS_URL;
requireRedis();
const QQLOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const WXLOGIN = 'music.login.LoginServer.Login';
const KEEP_MS = 120_000;

const qrHash = (qr: string) => createHash('sha256').update(qr).digest('base64url');

describe('Finished QR logins shared by instances through Redis', () => {
  let a: Harness;
  let b: Harness;
  let redis: Redis;
  /** Both instances log (debug) into one list: work outside a request logs through the newest app's destination. */
  const logs: string[] = [];
  const credentialKey = `test:login-shared:${randomBytes(6).toString('hex')}`;
  const resultKey = (channel: 'main' | 'alt', qr: string) => `${credentialKey}:login:${channel}:${qrHash(qr)}`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    // A wide Redis bound: an instance asked about a QR (after the keys are deleted) answers well within it, however
    // busy the machine.
    const env = { REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey, LOG_LEVEL: 'debug', REDIS_TIMEOUT_MS: '5000' };
    a = await startHarness({ env, logs });
    b = await startHarness({ env, logs });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      const keys = await redis.keys(`${credentialKey}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
  beforeEach(async () => {
    const keys = await redis.keys(`${credentialKey}*`);
    if (keys.length) await redis.del(...keys);
    a.fake.reset();
    b.fake.reset();
    // A held WeChat poll answers "unchanged" after 20 ms instead of ~25 s (only a mistaken poll would be held).
    loginFake(a.fake.state).wxHoldMs = 20;
    loginFake(b.fake.state).wxHoldMs = 20;
    logs.length = 0;
  });
  afterEach(() => jest.restoreAllMocks());

  /** Each QR's loginToken: the client that asked for the QR sends it with every check, as docs/login.md advises. */
  const tokens = new Map<string, string>();
  const newQr = async (h: Harness, path: string, id: 'qrsig' | 'uuid') => {
    const body = (await h.http().get(path).expect(200)).body as Record<string, string>;
    tokens.set(body[id], body.loginToken);
    return body[id];
  };
  const newMainQr = (h: Harness) => newQr(h, '/getMainLoginQr', 'qrsig');
  const newAltQr = (h: Harness) => newQr(h, '/getAltLoginQr', 'uuid');
  const checkMain = (h: Harness, qrsig: string) => h.http().post('/checkMainLoginQr').send({ qrsig, loginToken: tokens.get(qrsig) });
  const checkAlt = (h: Harness, uuid: string) => h.http().post('/checkAltLoginQr').send({ uuid, loginToken: tokens.get(uuid) });
  const qqChain = (h: Harness) => ({
    polls: h.fake.requestsTo('ptlogin', '/ptqrlogin').length,
    checkSigs: h.fake.requestsTo('ptloginGraph', '/check_sig').length,
    logins: h.fake.musicuCalls(QQLOGIN).length,
  });

  it('QQ: a login confirmed through A is answered by B (same session) without B asking upstream', async () => {
    const qrsig = await newMainQr(a);
    qqConfirm(a.fake.state, qrsig);
    const onA = await checkMain(a, qrsig).expect(200);
    expect(onA.body).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_uin: FAKE_QQ } } });

    const onB = await checkMain(b, qrsig).expect(200);
    expect(onB.body).toEqual(onA.body);
    expect(b.fake.requests).toEqual([]);
    expect(qqChain(a)).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
  });

  it('WeChat: a login exchanged by A is answered by B (same session); B neither polls nor exchanges', async () => {
    const uuid = await newAltQr(a);
    wxConfirm(a.fake.state, uuid);
    const onA = await checkAlt(a, uuid).expect(200);
    expect(onA.body).toMatchObject({ isOk: true, errcode: 405, state: 'confirmed' });

    const onB = await checkAlt(b, uuid).expect(200);
    expect(onB.body).toEqual(onA.body);
    // Not only no exchange: B looked in Redis before its long poll, so it sent no poll either.
    expect(b.fake.requests).toEqual([]);
    expect(a.fake.musicuCalls(WXLOGIN)).toHaveLength(1);
  });

  it('B hands A\'s finished login only to its loginToken: the qrsig or uuid alone gets 410, another token 403, upstream untouched', async () => {
    const used = { error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' };
    const mismatch = { error: expect.stringContaining('loginToken'), errorCode: 'LOGIN_TOKEN_MISMATCH' };
    const qrsig = await newMainQr(a);
    qqConfirm(a.fake.state, qrsig);
    await checkMain(a, qrsig).expect(200);
    const uuid = await newAltQr(a);
    wxConfirm(a.fake.state, uuid);
    await checkAlt(a, uuid).expect(200);

    expect((await b.http().post('/checkMainLoginQr').send({ qrsig }).expect(410)).body).toEqual(used);
    expect((await b.http().post('/checkMainLoginQr').send({ qrsig, loginToken: 'z'.repeat(32) }).expect(403)).body).toEqual(mismatch);
    expect((await b.http().post(`/checkAltLoginQr?uuid=${uuid}`).expect(410)).body).toEqual(used);
    expect((await b.http().post('/checkAltLoginQr').send({ uuid, loginToken: 'z'.repeat(32) }).expect(403)).body).toEqual(mismatch);
    expect(b.fake.requests).toEqual([]);
  }, 120_000);

  describe('Redis emptied (as by a restart) after A finished a login: B runs no second chain', () => {
    const emptyRedis = async () => {
      const keys = await redis.keys(`${credentialKey}*`);
      if (keys.length) await redis.del(...keys);
    };

    it('QQ: B, whose upstream would log the QR in again, answers 410 to the qrsig alone and A\'s session to its loginToken', async () => {
      const qrsig = await newMainQr(a);
      qqConfirm(a.fake.state, qrsig);
      const onA = await checkMain(a, qrsig).expect(200);
      await emptyRedis();
      // B's upstream reports the QR confirmed: were B to go on past its poll, it would log in a second time.
      loginFake(b.fake.state).qq.set(qrsig, { state: 'confirmed', qq: FAKE_QQ });

      const replay = await b.http().post('/checkMainLoginQr').send({ qrsig }).expect(410);
      expect(replay.body).toEqual({ error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' });
      expect(qqChain(b)).toEqual({ polls: 1, checkSigs: 0, logins: 0 });
      // A wrote what it holds back to Redis when B asked: the owner gets A's session on B, B asking upstream nothing.
      expect((await checkMain(b, qrsig).expect(200)).body).toEqual(onA.body);
      expect(qqChain(b)).toEqual({ polls: 1, checkSigs: 0, logins: 0 });
      expect(qqChain(a)).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
    }, 120_000);

    it('WeChat: B, whose upstream would hand it a fresh code, answers 410 and never exchanges', async () => {
      const uuid = await newAltQr(a);
      wxConfirm(a.fake.state, uuid);
      const onA = await checkAlt(a, uuid).expect(200);
      await emptyRedis();
      loginFake(b.fake.state).wx.set(uuid, { state: 'waiting', listeners: [] });
      wxConfirm(b.fake.state, uuid); // B's upstream: confirmed, with a code its exchange would accept

      expect((await b.http().post('/checkAltLoginQr').send({ uuid }).expect(410)).body.errorCode).toBe('LOGIN_QR_USED');
      expect(b.fake.musicuCalls(WXLOGIN)).toHaveLength(0);
      expect((await checkAlt(b, uuid).expect(200)).body).toEqual(onA.body);
      expect(b.fake.musicuCalls(WXLOGIN)).toHaveLength(0);
      expect(a.fake.musicuCalls(WXLOGIN)).toHaveLength(1);
    }, 120_000);

    it('the creator checking first on B after the loss gets A\'s session, not a second login', async () => {
      const qrsig = await newMainQr(a);
      qqConfirm(a.fake.state, qrsig);
      const onA = await checkMain(a, qrsig).expect(200);
      await emptyRedis();
      loginFake(b.fake.state).qq.set(qrsig, { state: 'confirmed', qq: FAKE_QQ });
      expect((await checkMain(b, qrsig).expect(200)).body).toEqual(onA.body);
      // B, missing the QR's issue record, asked the others before its poll: A wrote its login back, so B polls not at all.
      expect(qqChain(b)).toEqual({ polls: 0, checkSigs: 0, logins: 0 });
    }, 120_000);
  });

  it('concurrent checks of one confirmed QR on A and on B: one chain in all, and B answers A\'s session', async () => {
    const qrsig = await newMainQr(a);
    qqConfirm(a.fake.state, qrsig);
    // B's fake knows the same QR as confirmed too: were B to run its own chain, it would succeed with its own session.
    loginFake(b.fake.state).qq.set(qrsig, { state: 'confirmed', qq: FAKE_QQ });
    const claimsOfB = jest.spyOn(b.app.get<Redis>(REDIS), 'eval');

    a.fake.hold(QQLOGIN);
    let onA, onB;
    try {
      const checkOnA = checkMain(a, qrsig).then((res) => res);
      // A's chain is inside QQLogin, so its lock on the QR is held.
      await waitFor(() => a.fake.currentConcurrency(QQLOGIN) === 1, 3000, "A's chain to reach QQLogin");
      const checkOnB = checkMain(b, qrsig).then((res) => res);
      // B found the lock held and looks again (a second claim 100 ms later): it is waiting on A's run. (Or, had it not
      // waited, it has run its own chain: the assertions below then say so.)
      await waitFor(() => claimsOfB.mock.calls.length >= 2 || b.fake.requests.length > 0, 3000, 'B to wait on the lock');
      a.fake.release(QQLOGIN);
      [onA, onB] = await Promise.all([checkOnA, checkOnB]);
    } finally {
      a.fake.release(QQLOGIN);
    }
    expect(onA.status).toBe(200);
    expect(onA.body.isOk).toBe(true);
    expect(onB.status).toBe(200);
    expect(onB.body).toEqual(onA.body);
    expect(qqChain(a)).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
    expect(b.fake.requests).toEqual([]);
  });

  it('a run releases only its own lock: one that expired under it and was taken by another instance stays', async () => {
    const qrsig = await newMainQr(a);
    qqConfirm(a.fake.state, qrsig);
    const lockKey = `${resultKey('main', qrsig)}:lock`;
    a.fake.hold(QQLOGIN);
    try {
      const checkOnA = checkMain(a, qrsig).then((res) => res);
      await waitFor(() => a.fake.currentConcurrency(QQLOGIN) === 1, 3000, "A's chain to reach QQLogin");
      // As if A's lock had expired and another instance had taken the QR meanwhile.
      expect(await redis.get(lockKey)).toMatch(/^[0-9a-f]{24}$/);
      await redis.set(lockKey, 'another-instance', 'PX', 60_000);
      a.fake.release(QQLOGIN);
      expect((await checkOnA).body.isOk).toBe(true);
    } finally {
      a.fake.release(QQLOGIN);
    }
    expect(await redis.get(lockKey)).toBe('another-instance');
  });

  it('a run on A that ends without a success (QR still waiting) frees the lock: B, which waited on it, runs its own chain', async () => {
    const qrsig = await newMainQr(a);
    // Waiting on A's side, already confirmed on B's: B's own chain, once it may run, logs in.
    loginFake(b.fake.state).qq.set(qrsig, { state: 'confirmed', qq: FAKE_QQ });
    const claimsOfB = jest.spyOn(b.app.get<Redis>(REDIS), 'eval');

    a.fake.hold('ptlogin /ptqrlogin');
    let onA, onB;
    try {
      const checkOnA = checkMain(a, qrsig).then((res) => res);
      await waitFor(() => a.fake.currentConcurrency('ptlogin /ptqrlogin') === 1, 3000, "A's poll to reach ptlogin");
      const checkOnB = checkMain(b, qrsig).then((res) => res);
      await waitFor(() => claimsOfB.mock.calls.length >= 2 || b.fake.requests.length > 0, 3000, 'B to wait on the lock');
      // Still waiting on A's lock: B has asked its upstream nothing yet.
      expect(b.fake.requests).toEqual([]);
      a.fake.release('ptlogin /ptqrlogin');
      [onA, onB] = await Promise.all([checkOnA, checkOnB]);
    } finally {
      a.fake.release('ptlogin /ptqrlogin');
    }
    expect(onA.status).toBe(200);
    expect(onA.body).toMatchObject({ isOk: false, state: 'waiting' });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_uin: FAKE_QQ } } });
    expect(qqChain(a)).toEqual({ polls: 1, checkSigs: 0, logins: 0 });
    expect(qqChain(b)).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
    // B's success is the one kept for the QR: A now answers it without asking upstream.
    expect((await checkMain(a, qrsig).expect(200)).body).toEqual(onB.body);
    expect(qqChain(a).polls).toBe(1);
  });

  it('the stored logins: kept 120 s by Redis (PTTL), under keys with only the QR\'s hash; neither they nor the QRs are logged', async () => {
    const qrsig = await newMainQr(a);
    qqConfirm(a.fake.state, qrsig);
    const onA = await checkMain(a, qrsig).expect(200);
    const key = resultKey('main', qrsig);
    const pttl = await redis.pttl(key);
    expect(pttl).toBeGreaterThanOrEqual(KEEP_MS - 1000);
    expect(pttl).toBeLessThanOrEqual(KEEP_MS);
    // The kept answer holds the credential too (the raw exchange answer has it already): its owner's retry may ask for it.
    expect(JSON.parse((await redis.get(key))!)).toEqual({ body: { ...onA.body, credential: expect.any(Object) }, raw: expect.anything(), owner: expect.any(String) });
    // The run's lock is gone (released by its holder), and no key names the QR itself. The used mark outlives the
    // session (10 min): the QR never logs in again. The issue record holds the hash of the QR's loginToken.
    const keys = await redis.keys(`${credentialKey}*`);
    expect(keys.sort()).toEqual([key, `${key}:used`, `${key}:issued`].sort());
    expect(await redis.pttl(`${key}:used`)).toBeGreaterThan(KEEP_MS);
    expect(keys.join(' ')).not.toContain(qrsig);

    // B answers it too, and a WeChat login is shared the same way (B reads it before its poll), so both instances'
    // writes and both ways of reading the stored login are in the captured logs.
    expect((await checkMain(b, qrsig).expect(200)).body).toEqual(onA.body);
    const uuid = await newAltQr(a);
    wxConfirm(a.fake.state, uuid);
    const wxOnA = await checkAlt(a, uuid).expect(200);
    expect((await checkAlt(b, uuid).expect(200)).body).toEqual(wxOnA.body);
    const wxKey = resultKey('alt', uuid);
    expect(await redis.pttl(wxKey)).toBeGreaterThanOrEqual(KEEP_MS - 1000);
    expect((await redis.keys(`${credentialKey}*`)).sort()).toEqual([key, `${key}:used`, `${key}:issued`, wxKey, `${wxKey}:used`, `${wxKey}:issued`].sort());
    expect(wxKey).not.toContain(uuid);

    expect(logs.some((line) => line.includes('/checkMainLoginQr'))).toBe(true);
    expect(logs.some((line) => line.includes('/checkAltLoginQr'))).toBe(true);
    const secretsOf = (session: { cookie: string; cookieObject: Record<string, string> }) => [session.cookie, session.cookieObject.qqmusic_key];
    expectNoSecretInLogs(logs, [...secretsOf(onA.body.session), onA.body.session.cookieObject.p_skey, ...secretsOf(wxOnA.body.session), qrsig, uuid]);
  });
});

describe('Finished QR logins with Redis unreachable: each instance logs in on its own, bounded by REDIS_TIMEOUT_MS', () => {
  // Wide enough that a busy machine (a chain of milliseconds on the fake taking a second or two) cannot blur the bounds.
  const REDIS_TIMEOUT_MS = 3000;
  let h: Harness;
  let link: RedisLink;
  const logs: string[] = [];
  const credentialKey = `test:login-shared-down:${randomBytes(6).toString('hex')}`;
  const ready = async () => (await h.http().get('/health/ready')).status;

  beforeAll(async () => {
    const target = new URL(REDIS_URL);
    link = new RedisLink({ host: target.hostname, port: Number(target.port || 6379) });
    // After a timeout Redis is skipped for REDIS_RETRY_AFTER_MS: longer than a login chain on the fake (so no command
    // tries Redis again within one), shorter than the wait for readiness before each test.
    const env = {
      REDIS_URL: await link.start(),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      REDIS_RETRY_AFTER_MS: '6000',
      CREDENTIAL_REDIS_KEY: credentialKey,
      LOG_LEVEL: 'info',
    };
    h = await startHarness({ env, logs });
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
    const redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${credentialKey}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });
  beforeEach(async () => {
    link.set('up');
    await waitFor(async () => (await ready()) === 200, 10_000, 'Redis to be reachable');
    h.fake.reset();
    logs.length = 0;
  });

  /**
   * A confirmed QQ login checked twice, Redis broken after the QR was issued (so the checks alone meet the fault): the
   * first runs the chain, the second is answered from this instance's memory.
   */
  const loginTwice = async (breakRedis: () => Promise<void>) => {
    const { qrsig, loginToken } = (await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string; loginToken: string };
    await breakRedis();
    qqConfirm(h.fake.state, qrsig);
    const started = performance.now();
    const first = await h.http().post('/checkMainLoginQr').send({ qrsig, loginToken }).expect(200);
    const elapsedMs = performance.now() - started;
    expect(first.body.isOk).toBe(true);
    const again = await h.http().post('/checkMainLoginQr').send({ qrsig, loginToken }).expect(200);
    expect(again.body).toEqual(first.body);
    expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(1);
    expectNoSecretInLogs(logs, [first.body.session.cookie, qrsig]);
    return elapsedMs;
  };

  it('Redis down (connections refused): the login succeeds at once, without trying Redis', async () => {
    const down = async () => {
      link.set('down');
      await waitFor(async () => (await ready()) === 503, 5000, 'the gateway to notice Redis is down');
    };
    expect(await loginTwice(down)).toBeLessThan(REDIS_TIMEOUT_MS);
  });

  it('Redis stalled under a live connection: the login succeeds after one timed-out command, with one warn line', async () => {
    // One REDIS_TIMEOUT_MS for the command that found Redis silent, plus the chain itself (milliseconds on the fake).
    const elapsedMs = await loginTwice(async () => link.freeze());
    expect(elapsedMs).toBeGreaterThanOrEqual(REDIS_TIMEOUT_MS - 50);
    expect(elapsedMs).toBeLessThan(2 * REDIS_TIMEOUT_MS);
    // One line for the stall, from the breaker every Redis user consults (not one per command or per user).
    const warnings = logs.filter((line) => (JSON.parse(line) as { level: number }).level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);
  });

  it('Redis stalled: a WeChat login succeeds too, after at most two timed-out commands (before the poll, before the exchange)', async () => {
    const { uuid, loginToken } = (await h.http().get('/getAltLoginQr').expect(200)).body as { uuid: string; loginToken: string };
    link.freeze();
    wxConfirm(h.fake.state, uuid);
    const started = performance.now();
    const first = await h.http().post('/checkAltLoginQr').send({ uuid, loginToken }).expect(200);
    const elapsedMs = performance.now() - started;
    expect(first.body).toMatchObject({ isOk: true, errcode: 405 });
    expect(elapsedMs).toBeLessThan(3 * REDIS_TIMEOUT_MS);
    // The retry is answered from this instance's memory: no second poll, no second exchange.
    expect((await h.http().post('/checkAltLoginQr').send({ uuid, loginToken }).expect(200)).body).toEqual(first.body);
    expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')).toHaveLength(1);
    expect(h.fake.musicuCalls(WXLOGIN)).toHaveLength(1);
    expect(logs.filter((line) => line.includes('Redis did not answer'))).toHaveLength(1);
    expectNoSecretInLogs(logs, [first.body.session.cookie, uuid]);
  });
});

describe('Finished QR logins: a lock whose holder never finishes is waited on for one lock lifetime, then run past', () => {
  // Bounds wide enough that a stalled event loop on a busy machine neither skips Redis (the check would run at once,
  // without the lock) nor times out the chain. The lock lifetime is 4 × UPSTREAM_TIMEOUT_MS + 2 × REDIS_TIMEOUT_MS:
  // 15 s here, and the test waits it out for real.
  const UPSTREAM_TIMEOUT_MS = 2500;
  const REDIS_TIMEOUT_MS = 2500;
  const LOCK_MS = 4 * UPSTREAM_TIMEOUT_MS + 2 * REDIS_TIMEOUT_MS;
  let h: Harness;
  let redis: Redis;
  const logs: string[] = [];
  const credentialKey = `test:login-shared-stuck:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const env = {
      REDIS_URL,
      CREDENTIAL_REDIS_KEY: credentialKey,
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      LOG_LEVEL: 'info',
    };
    h = await startHarness({ env, logs });
  });
  afterAll(async () => {
    await h?.close();
    if (redis) {
      const keys = await redis.keys(`${credentialKey}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });

  it('the check answers its own login after the lock lifetime, with one warn line, and the dead holder\'s lock is left alone', async () => {
    const qrsig = ((await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string }).qrsig;
    qqConfirm(h.fake.state, qrsig);
    // An instance that took the QR and died: its lock stays for its own PX, longer than this instance waits.
    const lockKey = `${credentialKey}:login:main:${qrHash(qrsig)}:lock`;
    await redis.set(lockKey, 'dead-instance', 'PX', 60_000);
    const started = performance.now();
    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    const elapsedMs = performance.now() - started;
    expect(res.body.isOk).toBe(true);
    // Redis answered throughout: the wait ended because the lock outlived it, not because Redis was skipped.
    expect(logs.filter((line) => line.includes('Redis did not answer'))).toEqual([]);
    expect(elapsedMs).toBeGreaterThanOrEqual(LOCK_MS - 100);
    expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(1);
    expect(logs.filter((line) => line.includes(`held a QR login for ${LOCK_MS} ms without finishing it`))).toHaveLength(1);
    expect(await redis.get(lockKey)).toBe('dead-instance');
  }, 4 * LOCK_MS);
});
