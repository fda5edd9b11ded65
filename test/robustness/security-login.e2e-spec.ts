import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FAKE_QQ, loginFake, qqConfirm, qqScan, wxConfirm } from '../../fake-upstream/handlers/login';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * Taking over someone else's QR login (docs/login.md "Who gets the session"). The QR id is public (in the URL of a
 * shared screen, and for WeChat inside the QR image), so the attacks below know it; they do not know the QR answer's
 * loginToken. Two instances share Redis, as a deployment behind a load balancer does: the owner is served by A, the
 * attacker by B. Each instance has its own fake upstream, both knowing the QR, so an attacker's check that reached
 * upstream would show in B's request log (and, once the phone confirmed, would log in).
 */
const STOLEN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const WX_POLL = 'wxLp /connect/l/qrconnect';

describe('QR login takeover by someone who only saw the QR', () => {
  requireRedis();
  let a: Harness;
  let b: Harness;
  let bRequired: Harness;
  let redis: Redis;
  const logs: string[] = [];
  const credentialKey = `test:security-login:${randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const env = { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey, REDIS_TIMEOUT_MS: '5000', ALT_LOGIN_POLL_TIMEOUT_MS: '20000', LOG_LEVEL: 'debug' };
    a = await startHarness({ env, logs });
    b = await startHarness({ env, logs });
    bRequired = await startHarness({ env: { ...env, LOGIN_TOKEN_REQUIRED: 'true' }, logs });
    await waitForReady('the instances to reach Redis', a, b, bRequired);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await bRequired?.close();
    if (redis) {
      const keys = await redis.keys(`${credentialKey}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
  beforeEach(() => {
    for (const h of [a, b, bRequired]) h.fake.reset();
    logs.length = 0;
  });

  it('QQ: an attacker polling on B throughout (waiting, scanned, confirmed, logged in) never gets past 403, nor asks upstream; the owner on A logs in', async () => {
    const { qrsig, loginToken } = (await a.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string; loginToken: string };
    const qqOnB = () => loginFake(b.fake.state).qq.get(qrsig)!;
    loginFake(b.fake.state).qq.set(qrsig, { state: 'waiting', qq: FAKE_QQ });
    const attack = async () => {
      const res = await b.http().post('/checkMainLoginQr').send({ qrsig, loginToken: STOLEN }).expect(403);
      expect(res.body).toEqual({ error: expect.stringContaining('loginToken'), errorCode: 'LOGIN_TOKEN_MISMATCH' });
    };
    const owner = () => a.http().post('/checkMainLoginQr').send({ qrsig, loginToken });

    await attack();
    expect((await owner().expect(200)).body.state).toBe('waiting');
    qqScan(a.fake.state, qrsig);
    qqOnB().state = 'scanned';
    await attack();
    qqConfirm(a.fake.state, qrsig);
    qqOnB().state = 'confirmed';
    // The attacker checks first once the phone confirmed: the reported takeover. It is refused; the QR is not spent.
    await attack();
    await attack();
    const session = await owner().expect(200);
    expect(session.body).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_uin: FAKE_QQ } } });
    await attack();
    expect(b.fake.requests).toEqual([]);
    expectNoSecretInLogs(logs, [session.body.session.cookieObject.qqmusic_key, qrsig, loginToken]);
  });

  it("WeChat: an attacker's long poll on B, sent before the owner's, is refused at once instead of racing it; the owner's poll on A gets the login", async () => {
    const { uuid, loginToken } = (await a.http().get('/getAltLoginQr').expect(200)).body as { uuid: string; loginToken: string };
    loginFake(b.fake.state).wx.set(uuid, { state: 'waiting', listeners: [] });
    // Before the fix the attacker's poll was held upstream like the owner's, and whichever saw the 405 first won.
    const attack = await b.http().post('/checkAltLoginQr').send({ uuid, loginToken: STOLEN }).expect(403);
    expect(attack.body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');

    const ownerPoll = a.http().post('/checkAltLoginQr').send({ uuid, loginToken }).then((res) => res);
    await waitFor(() => a.fake.currentConcurrency(WX_POLL) === 1, 3000, "the owner's long poll to be held upstream");
    expect((await b.http().post('/checkAltLoginQr').send({ uuid, loginToken: STOLEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    wxConfirm(a.fake.state, uuid);
    wxConfirm(b.fake.state, uuid);
    const owner = await ownerPoll;
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ isOk: true, errcode: 405 });
    expect((await b.http().post('/checkAltLoginQr').send({ uuid, loginToken: STOLEN }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect(b.fake.requests).toEqual([]);
  });

  it.each([
    ['QQ', '/getMainLoginQr', '/checkMainLoginQr', 'qrsig'],
    ['WeChat', '/getAltLoginQr', '/checkAltLoginQr', 'uuid'],
  ] as const)('%s with LOGIN_TOKEN_REQUIRED on B: the id alone (body or query) is 400 and asks upstream nothing, so it can never take the login', async (_name, get, check, id) => {
    const qr = (await a.http().get(get).expect(200)).body as Record<string, string>;
    if (id === 'qrsig') loginFake(bRequired.fake.state).qq.set(qr.qrsig, { state: 'confirmed', qq: FAKE_QQ });
    else {
      loginFake(bRequired.fake.state).wx.set(qr.uuid, { state: 'waiting', listeners: [] });
      wxConfirm(bRequired.fake.state, qr.uuid);
    }
    for (const attempt of [bRequired.http().post(check).send({ [id]: qr[id] }), bRequired.http().post(`${check}?${id}=${encodeURIComponent(qr[id])}`)]) {
      const res = await attempt.expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining('loginToken'), errorCode: 'BAD_REQUEST' });
    }
    expect(bRequired.fake.requests).toEqual([]);
    expect((await bRequired.http().post(check).send({ [id]: qr[id], loginToken: qr.loginToken }).expect(200)).body.isOk).toBe(true);
  });
});
