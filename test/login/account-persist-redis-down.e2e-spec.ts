import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import Redis from 'ioredis';
import { FAKE_MUSICKEY_QQ, qqConfirm } from '../../fake-upstream/handlers/login';
import { Harness, startHarness, waitFor } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';

/**
 * A QR login with LOGIN_PERSIST_COOKIE=true while the shared credential store (Redis) cannot take it: the login still
 * succeeds, its answer says `persisted: false` (docs/credentials.md: the answer notes whether saving
 * worked), and this instance serves the new login from memory. The gateway reaches Redis through a RedisLink the
 * test cuts.
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
    const env = { REDIS_URL: await link.start(), REDIS_TIMEOUT_MS: '300', CREDENTIAL_REDIS_KEY: key, CREDENTIAL_SYNC_MS: '0', LOGIN_PERSIST_COOKIE: 'true' };
    h = await startHarness({ env });
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
    await probe?.del(key);
    await probe?.quit();
  });

  it('the login succeeds with persisted:false, is not in Redis, and this instance uses it from memory', async () => {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    link.set('down');
    await waitFor(async () => (await ready()) !== 200, 5000, 'the gateway to see Redis down');

    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: false, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } });
    expect(existsSync(h.cookieFile)).toBe(false); // the shared store, never a local file instead
    expect(await probe.exists(key)).toBe(0);

    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm.authst).toBe(FAKE_MUSICKEY_QQ);
    link.set('up');
  });
});
