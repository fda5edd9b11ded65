import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { REDIS_URL } from '../support/credentials';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { requireRedis } from '../support/redis';

requireRedis();

const SECRET = 'Q_H_L_63k3NsEcReTkEy0123456789';

describe('a malformed shared credential record (Redis)', () => {
  let h: Harness;
  let redis: Redis;
  const logs: string[] = [];
  const KEY = `qqgw-test:badrecord:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    // A generous Redis bound: a slow reply on a busy machine would skip Redis (and the record) for a while.
    h = await startHarness({ env: { REDIS_URL, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: KEY, CREDENTIAL_SYNC_MS: '0', LOG_LEVEL: 'info' }, logs });
  });
  afterAll(async () => {
    await h?.close();
    const keys = await redis.keys(`${KEY}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('is logged as "not valid JSON", never with any part of the music key', async () => {
    // A hand-edited record with the value left unquoted: V8's SyntaxError quotes the text around the error position.
    await redis.set(KEY, `{"cookie":"uin=o0123456789","credential":{"musicid":"123456789","musickey":${SECRET}}}`);
    // The record is read only over a ready Redis connection (else the last known login is used, silently): on a busy
    // machine the first request can come before it, or a slow command can open the Redis breaker for a while.
    await waitForReady('the gateway to reach Redis', h);
    const readFailed = () => logs.some((l) => l.includes('Cannot read the shared credential from Redis (not valid JSON)'));
    await waitFor(async () => {
      await h.http().get('/getRanks?topId=4&limit=1');
      return readFailed();
    }, 20_000, 'a request to read the malformed record');
    const leaked = logs.filter((l) => l.includes(SECRET.slice(0, 10)));
    expect(leaked).toEqual([]);
  });
});
