import { createHash, randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { FAKE_QQ, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * A QR's loginToken is bound to it when the QR is issued (docs/login.md "Who gets the session"): a check sending
 * another loginToken is refused (403) before upstream is asked, so it neither spends the QR nor gets its session, on
 * any instance. "Asked upstream nothing" is the fake's request log; the QQ confirming poll and the WeChat 405 are
 * what spend a QR, so a refused check must not make them.
 */
const QQLOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const WXLOGIN = 'music.login.LoginServer.Login';
/** What an attacker who only saw the QR sends: a well-formed loginToken that is not the QR's. */
const STOLEN = 'AAAAAAAAAAAAAAAAAAAAAAAA';
const MISMATCH = { error: expect.stringContaining('loginToken'), errorCode: 'LOGIN_TOKEN_MISMATCH' };
const USED = { error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' };

interface Qr {
  id: string;
  loginToken: string;
}

/** One login channel as the tests drive it: its routes, its id field and its phone, on a given instance. */
interface Channel {
  name: 'QQ' | 'WeChat';
  issue: (h: Harness) => Promise<Qr>;
  check: (h: Harness, id: string, loginToken?: string) => ReturnType<ReturnType<Harness['http']>['post']>;
  confirm: (h: Harness, id: string) => void;
  /** Makes another instance's fake know a QR it did not issue, confirmed: were it to poll, it would log in. */
  confirmElsewhere: (h: Harness, id: string) => void;
  /** The upstream call that spends the QR (QQ: the poll reporting the scan confirmed; WeChat: the long poll's 405). */
  spends: (h: Harness) => number;
  /** The exchange that ends the chain, held by a test to keep a run in flight. */
  exchange: string;
}

const qrOf = async (h: Harness, path: string, id: 'qrsig' | 'uuid'): Promise<Qr> => {
  const body = (await h.http().get(path).expect(200)).body as Record<string, string>;
  return { id: body[id], loginToken: body.loginToken };
};

const CHANNELS: Channel[] = [
  {
    name: 'QQ',
    issue: (h) => qrOf(h, '/getMainLoginQr', 'qrsig'),
    check: (h, qrsig, loginToken) => h.http().post('/checkMainLoginQr').send({ qrsig, loginToken }),
    confirm: (h, qrsig) => qqConfirm(h.fake.state, qrsig),
    confirmElsewhere: (h, qrsig) => void loginFake(h.fake.state).qq.set(qrsig, { state: 'confirmed', qq: FAKE_QQ }),
    spends: (h) => h.fake.requestsTo('ptlogin', '/ptqrlogin').length,
    exchange: QQLOGIN,
  },
  {
    name: 'WeChat',
    issue: (h) => qrOf(h, '/getAltLoginQr', 'uuid'),
    check: (h, uuid, loginToken) => h.http().post('/checkAltLoginQr').send({ uuid, loginToken }),
    confirm: (h, uuid) => wxConfirm(h.fake.state, uuid),
    confirmElsewhere: (h, uuid) => {
      loginFake(h.fake.state).wx.set(uuid, { state: 'waiting', listeners: [] });
      wxConfirm(h.fake.state, uuid);
    },
    spends: (h) => h.fake.requestsTo('wxLp', '/connect/l/qrconnect').length,
    exchange: WXLOGIN,
  },
];

describe.each(CHANNELS)('$name QR login: the loginToken is bound to its QR (one instance, default settings)', (channel) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    // A held WeChat poll answers "unchanged" after 20 ms: only a mistaken poll would be held.
    loginFake(h.fake.state).wxHoldMs = 20;
  });

  it('an attacker checking first after the confirm with another loginToken gets 403, asks upstream nothing; the owner then logs in', async () => {
    const qr = await channel.issue(h);
    channel.confirm(h, qr.id);
    h.fake.reset(); // only what the checks ask upstream from here on
    loginFake(h.fake.state).wxHoldMs = 20;
    channel.confirmElsewhere(h, qr.id);

    expect((await channel.check(h, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(h.fake.requests).toEqual([]);

    const owner = await channel.check(h, qr.id, qr.loginToken).expect(200);
    expect(owner.body).toMatchObject({ isOk: true, session: { cookie: expect.any(String) } });
    expect(channel.spends(h)).toBe(1);
    // Once the login finished, the stolen token still gets no session (and not even the 410 of a used QR).
    expect((await channel.check(h, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(channel.spends(h)).toBe(1);
  });

  it("an attacker checking while the owner's run is in flight gets 403 at once, without joining it or asking upstream", async () => {
    const qr = await channel.issue(h);
    channel.confirm(h, qr.id);
    h.fake.hold(channel.exchange);
    let owner;
    try {
      const ownerCheck = channel.check(h, qr.id, qr.loginToken).then((res) => res);
      await waitFor(() => h.fake.currentConcurrency(channel.exchange) === 1, 3000, "the owner's run to reach the exchange");
      const before = h.fake.requests.length;
      expect((await channel.check(h, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
      expect(h.fake.requests).toHaveLength(before);
      h.fake.release(channel.exchange);
      owner = await ownerCheck;
    } finally {
      h.fake.release(channel.exchange);
    }
    expect(owner.status).toBe(200);
    expect(owner.body.isOk).toBe(true);
    expect(channel.spends(h)).toBe(1);
  });

  it("a spec client checking with the id alone still logs in; the session is the QR owner's too, never another id-only check's", async () => {
    const qr = await channel.issue(h);
    channel.confirm(h, qr.id);
    const idOnly = await channel.check(h, qr.id).expect(200);
    expect(idOnly.body.isOk).toBe(true);
    // The QR's loginToken redeems the login its id-only poll finished; the id alone does not, a stolen token neither.
    expect((await channel.check(h, qr.id, qr.loginToken).expect(200)).body).toEqual(idOnly.body);
    expect((await channel.check(h, qr.id).expect(410)).body).toEqual(USED);
    expect((await channel.check(h, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(channel.spends(h)).toBe(1);
  });

  it('a QR the gateway did not issue is checked as before: the first loginToken to see it finish owns it', async () => {
    const qr = await channel.issue(h);
    const foreign = `${qr.id.slice(0, -4)}Zzzz`;
    channel.confirmElsewhere(h, foreign);
    const first = await channel.check(h, foreign, STOLEN).expect(200);
    expect(first.body.isOk).toBe(true);
    expect((await channel.check(h, foreign, STOLEN).expect(200)).body).toEqual(first.body);
    expect((await channel.check(h, foreign, qr.loginToken).expect(410)).body).toEqual(USED);
  });
});

describe.each(CHANNELS)('$name QR login with LOGIN_TOKEN_REQUIRED=true (one instance)', (channel) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { LOGIN_TOKEN_REQUIRED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    loginFake(h.fake.state).wxHoldMs = 20;
  });

  it('a check without loginToken (body or the query-string form) is 400 naming loginToken, before upstream', async () => {
    const qr = await channel.issue(h);
    channel.confirm(h, qr.id);
    h.fake.reset();
    channel.confirmElsewhere(h, qr.id);
    const required = { error: expect.stringContaining('loginToken is required'), errorCode: 'BAD_REQUEST' };
    expect((await channel.check(h, qr.id).expect(400)).body).toEqual(required);
    const path = channel.name === 'QQ' ? `/checkQQLoginQr?qrsig=${encodeURIComponent(qr.id)}` : `/user/checkWXLoginQr?uuid=${qr.id}`;
    // A loginToken in the query string is not read (a URL ends up in access logs): still 400.
    expect((await h.http().post(`${path}&loginToken=${qr.loginToken}`).expect(400)).body).toEqual(required);
    expect(h.fake.requests).toEqual([]);

    expect((await channel.check(h, qr.id, qr.loginToken).expect(200)).body.isOk).toBe(true);
  });

  it('a check with a loginToken of a QR no instance issued is 403 LOGIN_QR_UNKNOWN, before upstream', async () => {
    const foreign = channel.name === 'QQ' ? 'foreignQrsig0123456789' : '0foreignUuid0123';
    channel.confirmElsewhere(h, foreign);
    const res = await channel.check(h, foreign, STOLEN).expect(403);
    expect(res.body).toEqual({ error: expect.stringContaining('not issued by this gateway'), errorCode: 'LOGIN_QR_UNKNOWN' });
    expect(h.fake.requests).toEqual([]);
  });

  it('a stolen loginToken is still 403 LOGIN_TOKEN_MISMATCH and the owner logs in', async () => {
    const qr = await channel.issue(h);
    channel.confirm(h, qr.id);
    const spentBefore = channel.spends(h);
    expect((await channel.check(h, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(channel.spends(h)).toBe(spentBefore);
    expect((await channel.check(h, qr.id, qr.loginToken).expect(200)).body.isOk).toBe(true);
  });
});

describe('the loginToken binding across two instances sharing Redis', () => {
  requireRedis();
  let a: Harness;
  let b: Harness;
  let bRequired: Harness;
  let redis: Redis;
  const logs: string[] = [];
  const credentialKey = `test:login-token:${randomBytes(6).toString('hex')}`;
  const issuedKey = (channel: 'main' | 'alt', qr: string) => `${credentialKey}:login:${channel}:${createHash('sha256').update(qr).digest('base64url')}:issued`;
  const emptyRedis = async () => {
    const keys = await redis.keys(`${credentialKey}*`);
    if (keys.length) await redis.del(...keys);
  };

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    // A wide Redis bound: an instance asked about a QR answers well within it, however busy the machine.
    const env = { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey, REDIS_TIMEOUT_MS: '5000', LOG_LEVEL: 'debug' };
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
      await emptyRedis();
      await redis.quit();
    }
  });
  beforeEach(async () => {
    await emptyRedis();
    for (const h of [a, b, bRequired]) {
      h.fake.reset();
      loginFake(h.fake.state).wxHoldMs = 20;
    }
    logs.length = 0;
  });

  it.each(CHANNELS)('$name: issued on A, a stolen loginToken on B is 403 without a poll; the owner on B logs in', async (channel) => {
    const qr = await channel.issue(a);
    const issuingCalls = a.fake.requests.length;
    channel.confirmElsewhere(b, qr.id);
    expect((await channel.check(b, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(b.fake.requests).toEqual([]);

    const owner = await channel.check(b, qr.id, qr.loginToken).expect(200);
    expect(owner.body.isOk).toBe(true);
    expect(channel.spends(b)).toBe(1);
    // The login B finished is the owner's on A too (from Redis, A asking upstream nothing), never the attacker's.
    expect((await channel.check(a, qr.id, qr.loginToken).expect(200)).body).toEqual(owner.body);
    expect((await channel.check(a, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(a.fake.requests).toHaveLength(issuingCalls);
  });

  it.each(CHANNELS)('$name: Redis emptied after A issued the QR: A writes its record back when B asks, and B still refuses the stolen token', async (channel) => {
    const qr = await channel.issue(a);
    await emptyRedis();
    channel.confirmElsewhere(b, qr.id);
    expect((await channel.check(b, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(b.fake.requests).toEqual([]);
    expect(await redis.pttl(issuedKey(channel.name === 'QQ' ? 'main' : 'alt', qr.id))).toBeGreaterThan(9 * 60_000);
    expect((await channel.check(b, qr.id, qr.loginToken).expect(200)).body.isOk).toBe(true);
  });

  it.each(CHANNELS)('$name with LOGIN_TOKEN_REQUIRED on B: the owner of a QR issued on A logs in on B, the id alone is 400', async (channel) => {
    const qr = await channel.issue(a);
    channel.confirmElsewhere(bRequired, qr.id);
    expect((await channel.check(bRequired, qr.id).expect(400)).body.error).toContain('loginToken is required');
    expect((await channel.check(bRequired, qr.id, STOLEN).expect(403)).body).toEqual(MISMATCH);
    expect(bRequired.fake.requests).toEqual([]);
    expect((await channel.check(bRequired, qr.id, qr.loginToken).expect(200)).body.isOk).toBe(true);
  });

  it('Redis holds only hashes of the QR and its loginToken, and no log line holds either', async () => {
    const qq = await CHANNELS[0].issue(a);
    const wx = await CHANNELS[1].issue(a);
    await CHANNELS[0].check(b, qq.id, STOLEN).expect(403);
    await CHANNELS[1].check(b, wx.id, STOLEN).expect(403);
    const keys = await redis.keys(`${credentialKey}*`);
    expect(keys.sort()).toEqual([issuedKey('main', qq.id), issuedKey('alt', wx.id)].sort());
    const values = await redis.mget(...keys);
    for (const secret of [qq.id, qq.loginToken, wx.id, wx.loginToken]) {
      expect(keys.join(' ')).not.toContain(secret);
      expect(values.join(' ')).not.toContain(secret);
    }
    expect(logs.some((line) => line.includes('/checkMainLoginQr'))).toBe(true);
    expectNoSecretInLogs(logs, [qq.id, qq.loginToken, wx.id, wx.loginToken, STOLEN]);
  });
});
