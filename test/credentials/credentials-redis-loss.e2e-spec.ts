import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import Redis from 'ioredis';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { DETAIL, probeRoutes, REDIS_URL, TOKEN } from '../support/credentials';
import { requireRedis } from '../support/redis';

requireRedis();

/**
 * Redis losing the stored login (docs/decisions/015-credential-survives-redis.md): two instances share one record in
 * the machine's Redis under this run's key. "Redis restarted empty" is every key of this run gone (record and its
 * marker); a deliberate removal is the record alone deleted. Both instances log into one list (work outside a
 * request logs through the newest app), so "one line" counts across both.
 */
const ADMIN_COOKIE = 'uin=o0987654321; qqmusic_key=Q_H_L_setByAdminLoss';
const ADMIN_KEY = 'Q_H_L_setByAdminLoss';

describe('Stored login and Redis losing it', () => {
  let a: Harness;
  let b: Harness;
  let redis: Redis;
  const logs: string[] = [];
  const KEY = `test:credential-loss:${randomBytes(6).toString('hex')}`;
  const auth = (req: import('supertest').Test) => req.set('Authorization', `Bearer ${TOKEN}`);
  const status = async (h: Harness) => (await auth(h.http().get('/user/credential/status')).expect(200)).body.data;
  const getCookie = async (h: Harness) => (await auth(h.http().get('/user/getCookie')).expect(200)).body.data;
  const keySent = async (h: Harness) => {
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    return h.fake.musicuCalls(DETAIL)[0].request.comm?.authst;
  };
  const lines = (text: string) => logs.filter((l) => l.includes(text));
  const wipe = async () => {
    const keys = await redis.keys(`${KEY}*`);
    if (keys.length) await redis.del(...keys);
  };

  beforeAll(async () => {
    redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    // No stall is tested here: a generous bound keeps a busy machine from making Redis look stalled.
    const env = { REDIS_URL, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: KEY, CREDENTIAL_SYNC_MS: '0', ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' };
    a = await startHarness({ env, routes: [probeRoutes], logs });
    b = await startHarness({ env, routes: [probeRoutes], logs });
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis) {
      await wipe();
      await redis.quit();
    }
  }, 120_000);
  beforeEach(async () => {
    await wipe();
    // Both instances forget the last test's login the way an operator removes one: record deleted, marker kept.
    await redis.set(`${KEY}:known`, '1');
    await status(a);
    await status(b);
    logs.length = 0;
  }, 120_000);

  it('a cookie set with /user/setCookie survives Redis restarting empty: re-seeded once, every instance keeps it', async () => {
    await auth(a.http().post('/user/setCookie')).send({ cookie: ADMIN_COOKIE }).expect(200);
    expect(await keySent(b)).toBe(ADMIN_KEY);

    await wipe(); // Redis restarted without its data: the record and its marker are gone
    expect(await status(b)).toMatchObject({ present: true, store: 'redis', uin: '98*****21' });
    expect(await status(a)).toMatchObject({ present: true, uin: '98*****21' });
    expect(JSON.parse((await redis.get(KEY))!)).toEqual({ cookie: ADMIN_COOKIE, uin: '987654321' });
    expect(await keySent(a)).toBe(ADMIN_KEY);
    expect(await keySent(b)).toBe(ADMIN_KEY);

    const reseeded = lines('re-seeded it from this instance');
    expect(reseeded).toHaveLength(1);
    expect(reseeded[0]).toContain('98*****21');
    expect(lines('deleted from Redis')).toEqual([]);
    expectNoSecretInLogs(logs, [ADMIN_KEY]);
  }, 120_000);

  it('a record deleted on purpose (marker kept) is dropped by every instance, with one line on each', async () => {
    await auth(a.http().post('/user/setCookie')).send({ cookie: ADMIN_COOKIE }).expect(200);
    expect(await keySent(b)).toBe(ADMIN_KEY);

    await redis.del(KEY);
    expect(await status(a)).toMatchObject({ present: false });
    expect(await status(b)).toMatchObject({ present: false });
    expect(await redis.exists(KEY)).toBe(0);
    expect(lines('was deleted from Redis: this instance no longer uses it')).toHaveLength(2);
    expect(lines('re-seeded')).toEqual([]);
  }, 120_000);

  it('/user/getCookie and /user/credential/status agree on every instance, whichever instance wrote last', async () => {
    await redis.set(KEY, JSON.stringify({ cookie: 'uin=o0123456789; qqmusic_key=Q_H_L_first', uin: '123456789' }));
    for (const h of [a, b]) expect(await getCookie(h)).toMatchObject({ set: true, uin: '12*****89' });

    // a replaces it; b held the first one in memory and must not describe it on one route and the new one on the other.
    await auth(a.http().post('/user/setCookie')).send({ cookie: ADMIN_COOKIE }).expect(200);
    for (const h of [b, a]) {
      expect(await getCookie(h)).toEqual({ set: true, uin: '98*****21', names: ['qqmusic_key', 'uin'], hasMusicKey: true });
      expect(await status(h)).toMatchObject({ present: true, uin: '98*****21' });
    }

    await redis.del(KEY);
    for (const h of [b, a]) {
      expect(await getCookie(h)).toEqual({ set: false });
      expect(await status(h)).toMatchObject({ present: false, uin: null });
    }
  }, 120_000);
});

/** A Redis of the test's own (a free port, no persistence) that it kills and starts again empty. */
class OwnRedis {
  private child?: ChildProcess;
  constructor(readonly port: number) {}

  static async onFreePort(): Promise<OwnRedis> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return new OwnRedis(port);
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    await waitFor(async () => (await client.connect().then(() => client.ping(), () => null)) === 'PONG', 10_000, 'the own Redis to answer');
    client.disconnect();
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGKILL');
    });
  }
}

describe('Stored login across a real Redis restart (a Redis of the test\'s own, killed and started empty)', () => {
  let own: OwnRedis;
  let a: Harness;
  let b: Harness;
  let probe: Redis;
  const logs: string[] = [];
  const KEY = 'test:credential-restart';
  const status = async (h: Harness) => (await h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body.data;

  beforeAll(async () => {
    own = await OwnRedis.onFreePort();
    await own.start();
    const env = { REDIS_URL: own.url, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: KEY, CREDENTIAL_SYNC_MS: '0', ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info' };
    a = await startHarness({ env, routes: [probeRoutes], logs });
    b = await startHarness({ env, routes: [probeRoutes], logs });
    probe = new Redis(own.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    // Both connected to Redis before the first login: on a busy machine B's connection could still be opening.
    await waitForReady('both instances to reach Redis', a, b);
  }, 60_000);
  afterAll(async () => {
    probe?.disconnect();
    await a?.close();
    await b?.close();
    await own?.stop();
  }, 120_000);

  it('both instances reconnect and the login is back in Redis, re-seeded by one of them (one line), used by both', async () => {
    await a.http().post('/user/setCookie').set('Authorization', `Bearer ${TOKEN}`).send({ cookie: ADMIN_COOKIE }).expect(200);
    expect((await status(b)).present).toBe(true);
    logs.length = 0;

    await own.stop();
    await own.start();
    await probe.connect();
    // Nothing asks for the login: the reconnect alone brings it back.
    await waitFor(async () => (await probe.get(KEY)) !== null, 15_000, 'an instance to re-seed the login');
    expect(JSON.parse((await probe.get(KEY))!)).toEqual({ cookie: ADMIN_COOKIE, uin: '987654321' });
    for (const h of [a, b]) {
      expect(await status(h)).toMatchObject({ present: true, uin: '98*****21' });
      h.fake.reset();
      await h.http().get('/getRanks?topId=4&limit=1').expect(200);
      expect(h.fake.musicuCalls(DETAIL)[0].request.comm?.authst).toBe(ADMIN_KEY);
    }
    expect(logs.filter((l) => l.includes('re-seeded it from this instance'))).toHaveLength(1);
    expectNoSecretInLogs(logs, [ADMIN_KEY]);
  }, 60_000);
});
