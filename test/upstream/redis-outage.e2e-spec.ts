import { randomBytes } from 'node:crypto';
import { getStorageToken, type ThrottlerStorage } from '@nestjs/throttler';
import Redis from 'ioredis';
import { cacheKeyOf, runCookie } from '../support/cache';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';
import { SHARED_TIER } from '../../src/cache/response-cache.service';

/**
 * Redis is shared state for several instances, never a dependency of an answer. The gateway reaches the machine's
 * Redis (127.0.0.1:6379; .ci/run starts one if absent) through a RedisLink the test can cut or stall.
 */
const REDIS = new URL(TEST_REDIS_URL);
requireRedis();
const DETAIL = 'music.musicToplist.Toplist.GetDetail';

describe('Redis going away: answers go on without it', () => {
  let h: Harness;
  let link: RedisLink;
  let probe: Redis;
  const logs: string[] = [];
  const run = randomBytes(6).toString('hex'); // keeps this run's keys apart from any other run's
  const ready = async () => (await h.http().get('/health/ready')).status;
  const avatar = (ip: string) => h.http().get('/user/getUserAvatar?uin=10001').set('X-Forwarded-For', ip);
  // Rate limits are counted in the machine's Redis: a client of this run's own, or another run's 127.0.0.1 counts
  // (a re-run, another checkout's tests) would leave this one 429 (limit 3) within the window.
  const get = (path: string, tag: string) => h.http().get(path).set('X-Forwarded-For', `2001:db8::${run}:0`).set('Cookie', runCookie(run, tag));

  beforeAll(async () => {
    probe = new Redis(REDIS.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const env = {
      REDIS_URL: await link.start(),
      // A healthy Redis must never look stalled on a busy machine: the answer cached after the outage is written once.
      REDIS_TIMEOUT_MS: '2500',
      // A timeout skips Redis this long (every test here starts by waiting for readiness, which waits it out).
      REDIS_RETRY_AFTER_MS: '500',
      CACHE_ENABLED: 'true',
      RATE_LIMIT: '3',
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    h = await startHarness({ env, logs });
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
    await probe?.quit();
  });
  beforeEach(async () => {
    link.set('up');
    await waitFor(async () => (await ready()) === 200, 5000, 'Redis to be reachable');
    h.fake.reset();
    logs.length = 0;
  });

  it('Redis down: reads are answered and cached in memory, limits count per instance, readiness says so; then it all comes back', async () => {
    link.set('down');
    await waitFor(async () => (await ready()) === 503, 5000, 'readiness to notice');
    expect((await h.http().get('/health/ready')).body).toEqual({ error: 'Not ready: redis is down', errorCode: 'NOT_READY' });
    await h.http().get('/health/live').expect(200);

    const path = '/getRanks?topId=62&limit=2';
    const miss = await get(path, 'down').expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.body.data.songInfoList).toHaveLength(2);
    expect((await get(path, 'down').expect(200)).headers['x-cache']).toBe('HIT');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);

    // Rate limiting goes on with this instance's own counters: 3 per window, then 429 (not 500, not unlimited).
    const ip = `2001:db8::${run}:1`;
    for (let i = 0; i < 3; i++) await avatar(ip).expect(200);
    expect((await avatar(ip).expect(429)).body.errorCode).toBe('TOO_MANY_REQUESTS');

    // One warning per connection and outage, never an unhandled 'error' event.
    const outages = logs.filter((l) => l.includes('Redis unreachable'));
    expect(outages.filter((l) => l.includes('shared state:'))).toHaveLength(1);
    expect(outages.filter((l) => l.includes('cache:'))).toHaveLength(1);

    link.set('up');
    await waitFor(async () => (await ready()) === 200, 5000, 'Redis to be back');
    await waitFor(() => logs.some((l) => l.includes('cache: Redis reachable again')), 5000, 'the cache tier to reconnect');
    const fresh = '/getRanks?topId=62&limit=3';
    expect((await get(fresh, 'back').expect(200)).headers['x-cache']).toBe('MISS');
    const key = cacheKeyOf(h, fresh, runCookie(run, 'back'));
    await waitFor(async () => (await probe.keys(`*${key}`)).length === 1, 3000, 'the answer to be stored in Redis again');
  });

  it('Redis that accepts connections but never answers: each command gives up after REDIS_TIMEOUT_MS and the answer goes on', async () => {
    link.set('hang');
    await waitFor(async () => (await ready()) === 503, 5000, 'readiness to notice');

    const miss = await get('/getRanks?topId=62&limit=4', 'hang').expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.body.data.songInfoList).toHaveLength(4);
    await avatar(`2001:db8::${run}:2`).expect(200);
  });
});

describe('Redis stalling under a connected client: the cache tier stays bounded', () => {
  let h: Harness;
  let link: RedisLink;
  const logs: string[] = [];
  const run = randomBytes(6).toString('hex');
  /** Shared-tier commands waiting for a reply (counted in front of the gateway's own bound, so skipped ones settle at once). */
  const unanswered = { get: 0, set: 0 };

  beforeAll(async () => {
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    // REDIS_TIMEOUT_MS long enough that all 100 reads are sent before the first times out (and opens the breaker).
    const env = { REDIS_URL: await link.start(), REDIS_TIMEOUT_MS: '5000', REDIS_RETRY_AFTER_MS: '500', CACHE_ENABLED: 'true', RATE_LIMIT: '0', LOG_LEVEL: 'info' };
    h = await startHarness({ env, logs });
    const shared = h.app.get<unknown, Record<'get' | 'set', (...args: unknown[]) => Promise<unknown>>>(SHARED_TIER, { strict: false });
    for (const name of ['get', 'set'] as const) {
      const command = shared[name].bind(shared);
      shared[name] = (...args: unknown[]) => {
        unanswered[name]++;
        return command(...args).finally(() => unanswered[name]--);
      };
    }
    await waitForReady('Redis to be reachable', h);
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
  });

  it('commands left waiting on a stalled connection are capped (each write holds an answer), then it recovers', async () => {
    link.freeze();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => h.http().get('/getRanks?topId=62&limit=2').set('Cookie', runCookie(run, String(i)))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(100).fill(200));
    // Without the bound: 100 reads + 100 writes, each write holding a whole answer, until TCP gives up.
    expect(unanswered.get + unanswered.set).toBeLessThanOrEqual(64);
    expect(logs.some((l) => l.includes('commands unanswered; the shared tier is skipped'))).toBe(true);
    // Still stalled: a miss is served from upstream and cached in memory.
    const stalled = () => h.http().get('/getRanks?topId=62&limit=3').set('Cookie', runCookie(run, 'stalled'));
    expect((await stalled().expect(200)).headers['x-cache']).toBe('MISS');
    expect((await stalled().expect(200)).headers['x-cache']).toBe('HIT');

    link.set('up'); // the stalled connection is dropped: its waiting commands fail, the client reconnects
    await waitFor(() => unanswered.get + unanswered.set === 0, 5000, 'the waiting commands to end');
    await waitForReady('Redis to be back', h);
    expect(logs.some((l) => l.includes('Redis answers again; the shared tier is back'))).toBe(true);
  }, 120_000);
});

describe('Redis stalling under a connected client: rate limits stop waiting on it', () => {
  // The retry is spaced far beyond what 20 requests take on a busy machine, so the probes stay few whatever the load.
  const REDIS_TIMEOUT_MS = 2500;
  const RETRY_AFTER_MS = 5000;
  let h: Harness;
  let link: RedisLink;
  let counts: jest.SpyInstance;
  const logs: string[] = [];
  // This run's own client (see above): 127.0.0.1 may be blocked in Redis by another run's limit-3 suite.
  const client = `2001:db8::${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}:2`;
  const avatar = () => h.http().get('/user/getUserAvatar?uin=10001').set('X-Forwarded-For', client);

  beforeAll(async () => {
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const env = {
      REDIS_URL: await link.start(),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      REDIS_RETRY_AFTER_MS: String(RETRY_AFTER_MS),
      RATE_LIMIT: '1000',
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    h = await startHarness({ env, logs });
    const storage = h.app.get<unknown, { shared: ThrottlerStorage }>(getStorageToken(), { strict: false });
    counts = jest.spyOn(storage.shared, 'increment');
    await waitForReady('Redis to be reachable', h);
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
  });

  it('after one count times out, requests count per instance at once; one probe at a time finds Redis again', async () => {
    link.freeze();
    counts.mockClear();
    for (let i = 0; i < 20; i++) await avatar().expect(200);
    expect(logs.filter((l) => l.includes(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`))).toHaveLength(1);
    // Before: each of the 20 waited REDIS_TIMEOUT_MS for Redis. Now the first does, and probes (one at a time, one
    // per REDIS_RETRY_AFTER_MS, each ending after REDIS_TIMEOUT_MS) are the only other counts sent.
    expect(counts.mock.calls.length).toBeLessThanOrEqual(10);

    link.set('up');
    await waitFor(async () => {
      await avatar().expect(200);
      return logs.some((l) => l.includes('Redis answers again after a stall'));
    }, 10_000, 'a probe to find Redis again');
  }, 120_000);
});

describe('Redis stalling under a connected client: after one timeout every Redis user skips it for a while', () => {
  // Large bounds, so the assertions measure the breaker, not the machine: a request that waited on Redis would take
  // REDIS_TIMEOUT_MS (3 s); five without waiting take milliseconds each, and the cool-down outlasts them many times.
  const REDIS_TIMEOUT_MS = 3000;
  const RETRY_AFTER_MS = 10_000;
  let h: Harness;
  let link: RedisLink;
  let probe: Redis;
  const logs: string[] = [];
  const run = randomBytes(6).toString('hex');
  // Rate limits on too (counted in Redis): a miss asks Redis for its count and for the cache entry, and stores it.
  const get = (path: string, tag: string) =>
    h.http().get(path).set('X-Forwarded-For', `2001:db8::${run.slice(0, 4)}:${run.slice(4, 8)}:3`).set('Cookie', runCookie(run, tag));
  const warnLines = () => logs.map((l) => JSON.parse(l) as { level: number; msg: string }).filter((l) => l.level === 40);
  const redisGauge = async () => /^gateway_redis_breaker_open (\S+)$/m.exec((await h.http().get('/metrics').expect(200)).text)?.[1];

  beforeAll(async () => {
    probe = new Redis(REDIS.href, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    link = new RedisLink({ host: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const env = {
      REDIS_URL: await link.start(),
      REDIS_TIMEOUT_MS: String(REDIS_TIMEOUT_MS),
      REDIS_RETRY_AFTER_MS: String(RETRY_AFTER_MS),
      CACHE_ENABLED: 'true',
      RATE_LIMIT: '1000',
      RATE_LIMIT_WINDOW_MS: '60000',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'info',
    };
    h = await startHarness({ env, logs });
    await waitForReady('Redis to be reachable', h);
  });
  afterAll(async () => {
    await h?.close();
    await link?.stop();
    await probe?.quit();
  });

  it('the first miss waits one timeout; the next misses do not wait; one warn line, readiness down; then Redis is used again', async () => {
    expect(await redisGauge()).toBe('0');
    link.freeze();
    logs.length = 0;
    const first = await get('/getRanks?topId=62&limit=2', 'first').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');

    // Each of these asks the rate limiter, the cache (read) and the cache (write): before, every read waited 3 s.
    const started = performance.now();
    for (let i = 0; i < 5; i++) {
      const miss = await get('/getRanks?topId=62&limit=2', String(i)).expect(200);
      expect(miss.headers['x-cache']).toBe('MISS');
    }
    // Under one timeout for all five (slack for a loaded machine); before, each of them waited a whole timeout.
    expect(performance.now() - started).toBeLessThan(REDIS_TIMEOUT_MS);
    expect(h.fake.musicuCalls(DETAIL).length).toBeGreaterThanOrEqual(6);

    expect(await h.http().get('/health/ready').expect(503)).toMatchObject({ body: { error: 'Not ready: redis is down', errorCode: 'NOT_READY' } });
    expect(await redisGauge()).toBe('1');
    const warnings = warnLines();
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toContain(`Redis did not answer within ${REDIS_TIMEOUT_MS} ms`);

    // The stall ends; until the cool-down is over Redis is still skipped (no command tries it), then one does.
    link.set('up');
    expect((await h.http().get('/health/ready')).status).toBe(503);
    const readyAfterAWhile = async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return (await h.http().get('/health/ready')).status === 200;
    };
    await waitFor(readyAfterAWhile, RETRY_AFTER_MS + 10_000, 'Redis to be used again');
    expect(await redisGauge()).toBe('0');
    expect(logs.filter((l) => l.includes('Redis answers again after a stall'))).toHaveLength(1);
    // Ending the stall dropped the connections (each client logs that once); the stall itself was reported once.
    expect(warnLines().filter((l) => l.msg.includes('did not answer'))).toHaveLength(1);

    const after = '/getRanks?topId=62&limit=3';
    expect((await get(after, 'after').expect(200)).headers['x-cache']).toBe('MISS');
    const key = cacheKeyOf(h, after, runCookie(run, 'after'));
    await waitFor(async () => (await probe.keys(`*${key}`)).length === 1, 3000, 'the answer to be stored in Redis again');
    // The misses of the stall were never written to Redis.
    for (let i = 0; i < 5; i++) expect(await probe.keys(`*${cacheKeyOf(h, '/getRanks?topId=62&limit=2', runCookie(run, String(i)))}`)).toEqual([]);
  }, 60_000);
});
