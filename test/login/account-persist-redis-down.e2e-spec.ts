import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { FAKE_MUSICKEY_QQ, qqConfirm } from '../../fake-upstream/handlers/login';
import { OLD_KEY, qqLogin, TOKEN } from '../support/credentials';
import { Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';

/**
 * A QR login with LOGIN_PERSIST_COOKIE=true while the shared credential store (Redis) cannot take it: the login still
 * succeeds, its answer says `persisted: false, persistPending: true` (docs/credentials.md: the answer says whether it
 * was stored), this instance serves the new login from memory, and it is stored once Redis answers again. The gateway
 * reaches Redis through a RedisLink the test cuts.
 */
const REDIS = new URL(TEST_REDIS_URL);
requireRedis();
const DETAIL = 'music.musicToplist.Toplist.GetDetail';

describe('QR login persisted to Redis while Redis is down', () => {
  let h: Harness;
  let link: RedisLink;
  let probe: Redis;
  const key = `test:credential:${randomBytes(6).toString('hex')}`;
  const ready = async () => (await h.http().get('/health/ready')).status;

  beforeAll(async () => {
    probe = new Redis(REDIS.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    // A healthy Redis must never look stalled on a busy machine; the outage itself is a refused connection.
    const env = { REDIS_URL: await link.start(), REDIS_TIMEOUT_MS: '2500', CREDENTIAL_REDIS_KEY: key, CREDENTIAL_SYNC_MS: '0', LOGIN_PERSIST_COOKIE: 'true' };
    h = await startHarness({ env });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await link?.stop();
    await probe?.del(key, `${key}:known`);
    await probe?.quit();
  }, 120_000);

  it('the login succeeds with persisted:false and persistPending, this instance uses it, and it is stored once Redis is back', async () => {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    link.set('down');
    await waitFor(async () => (await ready()) !== 200, 5000, 'the gateway to see Redis down');

    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: false, persistPending: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } });
    expect(existsSync(h.cookieFile)).toBe(false); // the shared store, never a local file instead
    expect(await probe.exists(key)).toBe(0);

    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm.authst).toBe(FAKE_MUSICKEY_QQ);
    link.set('up');
    await waitFor(async () => (await probe.get(key))?.includes(FAKE_MUSICKEY_QQ) ?? false, 15_000, 'the pending login to reach Redis');
    expect(existsSync(h.cookieFile)).toBe(false);
  }, 120_000);
});

/**
 * The case: two instances share Redis holding an older login; a QR login finishes on one of them while Redis
 * stalls (live connections pass nothing). It answers that the login is not stored yet; after Redis recovers the newer
 * login is in Redis and both instances use it. Both reach Redis through one RedisLink and log into one list.
 */
describe('QR login finished during a Redis stall, two instances', () => {
  let a: Harness;
  let b: Harness;
  let link: RedisLink;
  let probe: Redis;
  const logs: string[] = [];
  const key = `test:credential-stall:${randomBytes(6).toString('hex')}`;
  const status = async (h: Harness) => (await h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body.data;
  const keySent = async (h: Harness) => {
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    return h.fake.musicuCalls(DETAIL)[0].request.comm.authst;
  };

  beforeAll(async () => {
    probe = new Redis(REDIS.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    await probe.set(key, JSON.stringify(qqLogin()));
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const url = await link.start();
    const env = {
      REDIS_URL: url,
      // Long enough that a busy machine never makes a healthy Redis look stalled; the stall itself is a freeze. The
      // retry is spaced so that few commands during the freeze wait out a whole timeout.
      REDIS_TIMEOUT_MS: '2500',
      REDIS_RETRY_AFTER_MS: '4000',
      CREDENTIAL_REDIS_KEY: key,
      CREDENTIAL_SYNC_MS: '0',
      LOGIN_PERSIST_COOKIE: 'true',
      ADMIN_TOKEN: TOKEN,
      LOG_LEVEL: 'info',
    };
    a = await startHarness({ env, logs });
    b = await startHarness({ env, logs });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await link?.stop();
    const keys = await probe.keys(`${key}*`);
    if (keys.length) await probe.del(...keys);
    await probe?.quit();
  }, 120_000);

  it('answers persisted:false with persistPending, then the newer login wins on every instance after recovery', async () => {
    for (const h of [a, b]) await waitFor(async () => (await keySent(h)) === OLD_KEY, 15_000, 'the instance to use the older login');
    const { qrsig } = (await a.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(a.fake.state, qrsig);
    logs.length = 0;

    link.freeze();
    const res = await a.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: false, persistPending: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } });
    expect(JSON.parse((await probe.get(key))!).credential.musickey).toBe(OLD_KEY); // not stored, as the answer said
    expect(await status(a)).toMatchObject({ present: true, unsaved: true, uin: '15******37' });
    expect((await a.http().get('/user/getCookie').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body.data).toMatchObject({ set: true, uin: '15******37' });
    expect(await keySent(a)).toBe(FAKE_MUSICKEY_QQ);
    // The other instance keeps the login it had through the stall (never anonymous), and says it has nothing unsaved.
    expect(await keySent(b)).toBe(OLD_KEY);
    expect(await status(b)).toMatchObject({ present: true, uin: '15******37' });
    expect(await status(b)).not.toHaveProperty('unsaved');

    link.set('up');
    await waitFor(async () => (await probe.get(key))?.includes(FAKE_MUSICKEY_QQ) ?? false, 15_000, 'the pending login to reach Redis');
    expect(JSON.parse((await probe.get(key))!).credential).toMatchObject({ musickey: FAKE_MUSICKEY_QQ });
    for (const h of [a, b]) {
      await waitFor(async () => (await keySent(h)) === FAKE_MUSICKEY_QQ, 15_000, 'the instance to use the newer login');
      expect(await status(h)).not.toHaveProperty('unsaved');
    }
    expect(logs.filter((l) => l.includes('not saved to the shared credential store yet'))).toHaveLength(1);
    expect(logs.filter((l) => l.includes('waiting for Redis is now stored there'))).toHaveLength(1);
    expectNoSecretInLogs(logs, [FAKE_MUSICKEY_QQ]);
  }, 120_000);
});

/**
 * Only one instance cut off (a partition): it queues its QR login while the other stores a login with
 * /user/setCookie, whose caller was told it was stored. When the first reaches Redis again its pending write finds
 * another record than the one it was queued against: that one is kept, the pending one dropped with one line, and
 * both instances use the stored one.
 */
describe('QR login pending on a cut-off instance while another instance stores a login', () => {
  let a: Harness;
  let b: Harness;
  let linkA: RedisLink;
  let linkB: RedisLink;
  let probe: Redis;
  const logs: string[] = [];
  const key = `test:credential-partition:${randomBytes(6).toString('hex')}`;
  const ADMIN_KEY = 'Q_H_L_setOnTheOtherSide';
  const keySent = async (h: Harness) => {
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    return h.fake.musicuCalls(DETAIL)[0].request.comm.authst;
  };

  beforeAll(async () => {
    probe = new Redis(REDIS.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    await probe.set(key, JSON.stringify(qqLogin()));
    const target = { host: REDIS.hostname, port: Number(REDIS.port || 6379) };
    linkA = new RedisLink(target);
    linkB = new RedisLink(target);
    const env = { REDIS_TIMEOUT_MS: '2500', REDIS_RETRY_AFTER_MS: '4000', CREDENTIAL_REDIS_KEY: key, CREDENTIAL_SYNC_MS: '0', LOGIN_PERSIST_COOKIE: 'true', ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' };
    a = await startHarness({ env: { ...env, REDIS_URL: await linkA.start() }, logs });
    b = await startHarness({ env: { ...env, REDIS_URL: await linkB.start() }, logs });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await linkA?.stop();
    await linkB?.stop();
    const keys = await probe.keys(`${key}*`);
    if (keys.length) await probe.del(...keys);
    await probe?.quit();
  }, 120_000);

  it('keeps the login the other instance stored, drops the pending one with one line, and both use the stored one', async () => {
    for (const h of [a, b]) await waitFor(async () => (await keySent(h)) === OLD_KEY, 15_000, 'the instance to use the older login');
    const { qrsig } = (await a.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(a.fake.state, qrsig);
    logs.length = 0;

    linkA.freeze();
    const res = await a.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: false, persistPending: true });
    await b.http().post('/user/setCookie').set('Authorization', `Bearer ${TOKEN}`).send({ cookie: `uin=o0987654321; qqmusic_key=${ADMIN_KEY}` }).expect(200);

    linkA.set('up');
    await waitFor(async () => (await keySent(a)) === ADMIN_KEY, 15_000, 'the cut-off instance to take the stored login');
    expect(JSON.parse((await probe.get(key))!)).toEqual({ cookie: `uin=o0987654321; qqmusic_key=${ADMIN_KEY}`, uin: '987654321' });
    expect(await keySent(b)).toBe(ADMIN_KEY);
    expect(logs.filter((l) => l.includes('was not stored: another one was stored meanwhile and is kept'))).toHaveLength(1);
    expect(logs.filter((l) => l.includes('is now stored there'))).toEqual([]);
  }, 120_000);
});
