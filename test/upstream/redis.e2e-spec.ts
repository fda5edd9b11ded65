import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { runCookie } from '../support/cache';
import { Harness, startHarness } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/** Two gateway instances sharing one real Redis (127.0.0.1:6379; .ci/run starts one if absent). */
const REDIS_URL = TEST_REDIS_URL;
requireRedis();
const DETAIL = 'music.musicToplist.Toplist.GetDetail';

describe('Many instances share Redis', () => {
  let a: Harness;
  let b: Harness;
  const run = randomBytes(6).toString('hex'); // keeps this run's keys apart from any other run's

  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    expect(await probe.ping()).toBe('PONG');
    await probe.quit();
    // A generous REDIS_TIMEOUT_MS: on a loaded machine a slow reply would skip Redis for a while (and miss the entry).
    const env = { REDIS_URL, REDIS_TIMEOUT_MS: '5000', CACHE_ENABLED: 'true', RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '1' };
    a = await startHarness({ env });
    b = await startHarness({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a cache entry written by one instance is served by the other', async () => {
    const path = '/getRanks?topId=62&limit=2';
    const first = await a.http().get(path).set('X-Forwarded-For', `2001:db8::${run}:1`).set('Cookie', runCookie(run)).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await b.http().get(path).set('X-Forwarded-For', `2001:db8::${run}:2`).set('Cookie', runCookie(run)).expect(200);
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(a.fake.musicuCalls(DETAIL)).toHaveLength(1);
    expect(b.fake.musicuCalls(DETAIL)).toHaveLength(0);
  });

  it('rate limits are counted across instances', async () => {
    const ip = `2001:db8::${run}:3`;
    // an uncached route: cache hits are answered before the limiter (docs/operations.md "Caching")
    const call = (h: Harness) => h.http().get('/user/getUserAvatar?uin=10001').set('X-Forwarded-For', ip);
    await call(a).expect(200);
    await call(b).expect(200);
    await call(a).expect(200);
    const limited = await call(b).expect(429);
    expect(limited.body.errorCode).toBe('TOO_MANY_REQUESTS');
  });

  it('/health/ready checks Redis', async () => {
    const ready = await a.http().get('/health/ready').expect(200);
    expect(ready.body.info.redis).toEqual({ status: 'up' });
  });
});
