import Redis from 'ioredis';
import { randomInt } from 'node:crypto';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { addFakeUser, fakeUserWithPlaylists, userState } from '../../fake-upstream/handlers/user';
import { CacheInvalidation } from '../../src/cache/cache-invalidation';
import { cacheKeyOf } from '../support/cache';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { RedisLink } from '../support/redis-link';

requireRedis();

/**
 * A write invalidates the cached reads it changes (docs/decisions/020-cache-invalidation.md): every answer of the path
 * with that parameter value, any account, either shape, on every instance sharing Redis; the next read shows the change.
 */

const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const HELD_HOMEPAGE = `c6 ${HOMEPAGE}`;
const PLAYLISTS = '/user/getUserPlaylists';
const KEY_A = 'Q_H_L_5fakeMusicKeyAbc123';
const KEY_B = 'Q_H_L_5otherAccountKey789';
const A = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY_A}; qm_keyst=${KEY_A}`;
const B = `uin=o0020002; qqmusic_uin=20002; qqmusic_key=${KEY_B}; qm_keyst=${KEY_B}`;
const LEGACY = { 'X-Response-Shape': 'legacy' };

type Read = { uin: string; cookie: string; legacy?: boolean };
const read = (h: Harness, { uin, cookie, legacy }: Read) => h.http().get(PLAYLISTS).query({ uin }).set({ 'X-Custom-Cookie': cookie, ...(legacy ? LEGACY : {}) });
const homepageCalls = (h: Harness, uin: string) => h.fake.requestsTo('c6', HOMEPAGE).filter((r) => r.query.userid === uin).length;
/** The playlist count the answer shows, in either shape. */
const countOf = (res: { body: any }) => (res.body.data?.total ?? res.body.response?.data?.total) as number;
const addPlaylist = (h: Harness, uin: string) => userState(h.fake.state).users.get(uin)!.mydiss.push({ dissid: 7_999_999, title: 'New', song_cnt: 1 });
const invalidate = (h: Harness, path: string, param: string, value: string) => h.app.get(CacheInvalidation).invalidate([{ path, param, value }]);

describe('Cache invalidation on one instance', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h?.close());
  beforeEach(async () => {
    // Each test starts from an empty cache for these uins (the invalidation under test, tested by the first one).
    await h.app.get(CacheInvalidation).invalidate(['10001', '30003'].map((value) => ({ path: PLAYLISTS, param: 'uin', value })));
    h.fake.reset();
    addFakeUser(h.fake.state, fakeUserWithPlaylists('10001', 'Alice', 3));
    addFakeUser(h.fake.state, fakeUserWithPlaylists('30003', 'Carol', 2));
  });
  afterEach(() => jest.restoreAllMocks());

  it('drops every account\'s and shape\'s answer for that uin, keeps other uins\', and the next read shows the change', async () => {
    const changed: Read[] = [
      { uin: '10001', cookie: A },
      { uin: '10001', cookie: A, legacy: true },
      { uin: '10001', cookie: B },
      { uin: 'o0010001', cookie: B, legacy: true },
    ];
    const other: Read = { uin: '30003', cookie: A };
    for (const r of [...changed, other]) expect((await read(h, r).expect(200)).headers['x-cache']).toBe('MISS');
    for (const r of [...changed, other]) expect((await read(h, r).expect(200)).headers['x-cache']).toBe('HIT');
    expect([homepageCalls(h, '10001'), homepageCalls(h, '30003')]).toEqual([4, 1]);
    const before = await read(h, changed[0]);
    expect(countOf(before)).toBe(3);

    addPlaylist(h, '10001');
    await invalidate(h, PLAYLISTS, 'uin', '10001');

    for (const r of changed) {
      const res = await read(h, r).expect(200);
      expect([res.headers['x-cache'], countOf(res)]).toEqual(['MISS', 4]);
    }
    // Each read after the write went upstream once, with its own account's cookie; the other uin is still cached.
    expect(homepageCalls(h, '10001')).toBe(8);
    expect(h.fake.requestsTo('c6', HOMEPAGE).slice(-4).map((r) => r.cookie)).toEqual([A, A, B, B]);
    expect((await read(h, other).expect(200)).headers['x-cache']).toBe('HIT');
    expect(homepageCalls(h, '30003')).toBe(1);
  });

  it('a playlist\'s detail is dropped by its disstid; another read route keeps its answers', async () => {
    const detail = () => h.http().get('/getSongListDetail').query({ disstid: GENUINE_DISSTID }).set('X-Custom-Cookie', A);
    const dissCalls = () => h.fake.musicuCalls('music.srfDissInfo.DissInfo.CgiGetDiss').length;
    expect((await detail().expect(200)).headers['x-cache']).toBe('MISS');
    expect((await detail().expect(200)).headers['x-cache']).toBe('HIT');
    expect((await read(h, { uin: '10001', cookie: A }).expect(200)).headers['x-cache']).toBe('MISS');
    const calls = dissCalls();
    await invalidate(h, '/getSongListDetail', 'disstid', GENUINE_DISSTID);
    expect((await detail().expect(200)).headers['x-cache']).toBe('MISS');
    expect(dissCalls()).toBe(calls + 1);
    expect(h.fake.musicuCalls('music.srfDissInfo.DissInfo.CgiGetDiss').at(-1)!.request.cookie).toBe(A);
    expect((await read(h, { uin: '10001', cookie: A }).expect(200)).headers['x-cache']).toBe('HIT');
  });

  it('a read in flight when the write is invalidated answers, but its answer is not stored', async () => {
    h.fake.hold(HELD_HOMEPAGE);
    const inFlight = read(h, { uin: '10001', cookie: A }).then((r) => r);
    await waitFor(() => homepageCalls(h, '10001') === 1, 3000, 'the homepage call');
    await invalidate(h, PLAYLISTS, 'uin', '10001');
    h.fake.release(HELD_HOMEPAGE);
    const first = await inFlight;
    expect([first.status, first.headers['x-cache']]).toEqual([200, 'MISS']);
    // Not stored: the next read goes upstream again (the answer it got may predate the write).
    addPlaylist(h, '10001');
    const next = await read(h, { uin: '10001', cookie: A }).expect(200);
    expect([next.headers['x-cache'], countOf(next)]).toEqual(['MISS', 4]);
    expect(homepageCalls(h, '10001')).toBe(2);
    expect((await read(h, { uin: '10001', cookie: A }).expect(200)).headers['x-cache']).toBe('HIT');
  });

  it('a stale copy read before the invalidation is not served when upstream then fails', async () => {
    await read(h, { uin: '10001', cookie: A }).expect(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000); // past the 60 s TTL, inside the stale window
    h.fake.hold(HELD_HOMEPAGE);
    const inFlight = read(h, { uin: '10001', cookie: A }).then((r) => r);
    await waitFor(() => homepageCalls(h, '10001') === 2, 3000, 'the second homepage call');
    await invalidate(h, PLAYLISTS, 'uin', '10001');
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'c6' });
    h.fake.release(HELD_HOMEPAGE);
    const res = await inFlight;
    expect(res.status).toBeGreaterThanOrEqual(500);
    expect(res.headers['x-cache']).not.toBe('STALE');
    expect(res.body.errorCode).toMatch(/^UPSTREAM_/);
  });

  it('a path or parameter not marked invalidatable is refused: a programming error, not a silent no-op', async () => {
    await expect(invalidate(h, '/getRanks', 'topId', '4')).rejects.toThrow(/@CacheInvalidatedBy\('topId'\)/);
    await expect(invalidate(h, PLAYLISTS, 'offset', '0')).rejects.toThrow(/no @CacheInvalidatedBy\('offset'\)/);
  });
});

describe('Cache invalidation across instances sharing Redis', () => {
  let a: Harness;
  let b: Harness;
  let probe: Redis;
  const logs: string[] = [];
  // This run's own account number: entries other runs left in the shared Redis are never this uin's.
  const uin = String(randomInt(10 ** 9, 10 ** 10));
  beforeAll(async () => {
    probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000', CACHE_ENABLED: 'true' };
    // A last: log lines made outside a request go to the newest app's destination.
    b = await startHarness({ env });
    a = await startHarness({ env: { ...env, LOG_LEVEL: 'warn' }, logs });
    for (const h of [a, b]) addFakeUser(h.fake.state, fakeUserWithPlaylists(uin, 'Dana', 3));
    await waitFor(() => a.app.get(CacheInvalidation).listening() && b.app.get(CacheInvalidation).listening(), 3000, 'both instances to subscribe');
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await probe?.quit();
  });
  afterEach(() => jest.restoreAllMocks());

  it('a write answered on A: B drops its memory copy before invalidate resolves, Redis drops the entry, B reads the change', async () => {
    const r: Read = { uin, cookie: A };
    expect((await read(b, r).expect(200)).headers['x-cache']).toBe('MISS');
    expect((await read(b, r).expect(200)).headers['x-cache']).toBe('HIT');
    // A serves B's entry from Redis.
    expect((await read(a, r).expect(200)).headers['x-cache']).toBe('HIT');
    expect(homepageCalls(a, uin)).toBe(0);
    const key = cacheKeyOf(a, `${PLAYLISTS}?uin=${uin}`, A);
    expect(await probe.keys(`*${key}`)).toHaveLength(1);

    for (const h of [a, b]) addPlaylist(h, uin);
    await invalidate(a, PLAYLISTS, 'uin', uin);

    expect(await probe.keys(`*${key}`)).toEqual([]);
    const onB = await read(b, r).expect(200);
    expect([onB.headers['x-cache'], countOf(onB)]).toEqual(['MISS', 4]);
    expect(homepageCalls(b, uin)).toBe(2);
    // B stored the new answer: A reads it from Redis again.
    await waitFor(async () => (await probe.keys(`*${key}`)).length === 1, 3000, 'B\'s new entry in Redis');
    const onA = await read(a, r).expect(200);
    expect([onA.headers['x-cache'], countOf(onA)]).toEqual(['HIT', 4]);
  }, 120_000);

  it('an instance that never confirms: invalidate waits its bound, then resolves and names how many did not answer', async () => {
    const silent = probe.duplicate();
    try {
      await silent.subscribe('qqgw:invalidate:purge');
      const started = performance.now();
      await invalidate(a, PLAYLISTS, 'uin', uin);
      // REDIS_TIMEOUT_MS (5 s) here: the bound is the larger of it and 1 s.
      expect(performance.now() - started).toBeGreaterThanOrEqual(4900);
      expect(logs.some((line) => /"cache invalidation: 1 of \d+ instances did not confirm within 5000 ms/.test(line))).toBe(true);
    } finally {
      silent.disconnect();
    }
  }, 120_000);
});

describe('Cache invalidation while Redis is down', () => {
  let a: Harness;
  let b: Harness;
  let link: RedisLink;
  const logs: string[] = [];
  const uin = String(randomInt(10 ** 9, 10 ** 10));
  beforeAll(async () => {
    const redis = new URL(TEST_REDIS_URL);
    link = new RedisLink({ host: redis.hostname, port: Number(redis.port || 6379) });
    const env = { REDIS_URL: await link.start(), REDIS_TIMEOUT_MS: '2500', REDIS_RETRY_AFTER_MS: '500', CACHE_ENABLED: 'true' };
    // A last: log lines made outside a request go to the newest app's destination.
    b = await startHarness({ env });
    a = await startHarness({ env: { ...env, LOG_LEVEL: 'warn' }, logs });
    for (const h of [a, b]) addFakeUser(h.fake.state, fakeUserWithPlaylists(uin, 'Erin', 3));
    await waitFor(() => a.app.get(CacheInvalidation).listening() && b.app.get(CacheInvalidation).listening(), 3000, 'both instances to subscribe');
  });
  afterAll(async () => {
    // Closed with Redis back: an app closed while its Redis clients reconnect leaves their timers running.
    link?.set('up');
    await waitForReady('Redis to be back', a, b);
    await a?.close();
    await b?.close();
    await link?.stop();
  });
  afterEach(() => jest.restoreAllMocks());

  it('the writer purges its own copies and resolves; the other keeps its copy at most its TTL and never serves it stale', async () => {
    // Each instance's own entry (two accounts), in its own memory: a hit in Redis is not copied into memory.
    const r: Read = { uin, cookie: A };
    const rb: Read = { uin, cookie: B };
    for (const [h, who] of [[a, r], [b, rb]] as const) {
      expect((await read(h, who).expect(200)).headers['x-cache']).toBe('MISS');
      expect((await read(h, who).expect(200)).headers['x-cache']).toBe('HIT');
    }
    link.set('down');
    await waitFor(() => !a.app.get(CacheInvalidation).listening() && !b.app.get(CacheInvalidation).listening(), 3000, 'both to lose their subscription');

    for (const h of [a, b]) addPlaylist(h, uin);
    await invalidate(a, PLAYLISTS, 'uin', uin);
    expect(logs.some((line) => line.includes('cache invalidation: other instances not told'))).toBe(true);
    const onA = await read(a, r).expect(200);
    expect([onA.headers['x-cache'], countOf(onA)]).toEqual(['MISS', 4]);
    expect(homepageCalls(a, uin)).toBe(2);

    // B never heard of it: its copy is served while fresh, and once past its TTL it is no stand-in for a failure.
    const cached = await read(b, rb).expect(200);
    expect([cached.headers['x-cache'], countOf(cached)]).toEqual(['HIT', 3]);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    b.fake.fault({ kind: 'status', status: 500 }, { host: 'c6' });
    const failed = await read(b, rb);
    expect([failed.status >= 500, failed.headers['x-cache'], failed.body.errorCode]).toEqual([true, undefined, expect.stringMatching(/^UPSTREAM_/)]);
    b.fake.clearFaults();
    const fresh = await read(b, rb).expect(200);
    expect([fresh.headers['x-cache'], countOf(fresh)]).toEqual(['MISS', 4]);
  }, 120_000);
});
