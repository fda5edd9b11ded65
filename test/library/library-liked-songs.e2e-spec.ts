import { randomBytes, randomInt } from 'node:crypto';
import { catalog } from '../../fake-upstream/catalog';
import { addFakeUser, expireFakeKey } from '../../fake-upstream/handlers/user';
import { CacheInvalidation } from '../../src/cache/cache-invalidation';
import { Harness, startHarness, waitFor } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { cookieOf, libraryUser, songAt } from './library-fixtures';

/**
 * GET /user/getLikedSongs (docs/user.md "Liked songs (`/user/getLikedSongs`)"): the account's 我喜欢 list, a page at a time, through HTTP
 * against the stateful fake; a like or unlike through the gateway shows on the next read, cached or not, on one
 * instance and on two sharing Redis.
 */
const LIKED = '/user/getLikedSongs';
const CGI_GET_DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';
/** The fake seeds every account with the catalogue's first twelve songs liked. */
const SEEDED = 12;

const mids = (body: any): string[] => body.data.songs.map((s: any) => s.songmid);

describe('GET /user/getLikedSongs (no cache)', () => {
  let h: Harness;
  const ALICE = '30001';
  const BOB = '30002';
  const A = cookieOf(ALICE);
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    addFakeUser(h.fake.state, libraryUser(ALICE, 'Alice', 8300000000));
    addFakeUser(h.fake.state, libraryUser(BOB, 'Bob', 8400000000));
  });

  const liked = (query: Record<string, string>, cookie = A) => h.http().get(LIKED).query(query).set('X-Custom-Cookie', cookie);
  const like = (songmid: string, on: boolean, cookie = A) => h.http().post('/user/setSongLike').set('X-Custom-Cookie', cookie).send({ songmid, like: on }).expect(200);

  it('answers a page of song rows in the playlist detail\'s shape, with the whole list\'s total', async () => {
    const res = await liked({ limit: '5' }).expect(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data.total).toBe(SEEDED);
    expect(res.body.data.songs).toHaveLength(5);
    expect(Object.keys(res.body.data.songs[0]).sort()).toEqual(['albumMid', 'albumName', 'interval', 'singer', 'songid', 'songmid', 'songname']);
    const [call] = h.fake.musicuCalls(CGI_GET_DISS);
    expect(call.param).toMatchObject({ disstid: 0, dirid: 201, enc_host_uin: `owSfoKEq${ALICE}oz`, song_begin: 0, song_num: 5 });
  });

  it('a like shows first on the first page, an unlike takes it away', async () => {
    const song = songAt(0);
    await like(song.mid, true);
    const after = await liked({ limit: '3', page: '0' }).expect(200);
    expect(mids(after.body)[0]).toBe(song.mid);
    expect(after.body.data.total).toBe(SEEDED + 1);
    await like(song.mid, false);
    const gone = await liked({ limit: '50' }).expect(200);
    expect(mids(gone.body)).not.toContain(song.mid);
    expect(gone.body.data.total).toBe(SEEDED);
  });

  it('pages with page and limit: the pages put together are the whole list, once each; past the end is empty', async () => {
    const all = mids((await liked({ limit: '100' }).expect(200)).body);
    expect(all).toHaveLength(SEEDED);
    const pages: string[] = [];
    for (const page of ['0', '1', '2']) {
      const res = await liked({ limit: '5', page }).expect(200);
      expect(res.body.data.total).toBe(SEEDED);
      pages.push(...mids(res.body));
    }
    expect(pages).toEqual(all);
    expect(new Set(all)).toEqual(new Set(catalog().slice(0, SEEDED).map((s) => s.mid)));
    const past = await liked({ limit: '5', page: '3' }).expect(200);
    expect(past.body.data).toEqual({ songs: [], total: SEEDED });
    h.fake.musicuCalls(CGI_GET_DISS).forEach((c, i) => i > 0 && expect(c.param.song_begin).toBe([0, 5, 10, 15][i - 1]));
  });

  it('whose account: without uin the cookie\'s, with uin another account\'s list read with the caller\'s login', async () => {
    await like(songAt(1).mid, true);
    const own = await liked({ limit: '1' }).expect(200);
    expect(mids(own.body)).toEqual([songAt(1).mid]);
    const bobs = await liked({ uin: BOB, limit: '1' }).expect(200);
    expect(bobs.body.data.total).toBe(SEEDED);
    expect(mids(bobs.body)).not.toContain(songAt(1).mid);
    expect(h.fake.musicuCalls(CGI_GET_DISS).at(-1)!.param.enc_host_uin).toBe(`owSfoKEq${BOB}oz`);
    expect(h.fake.musicuCalls(CGI_GET_DISS).at(-1)!.request.cookie).toBe(A);
  });

  it('no cookie is 401 LOGIN_REQUIRED before any upstream call; an expired key is 401 LOGIN_EXPIRED; bad paging 400', async () => {
    const none = await h.http().get(LIKED).expect(401);
    expect(none.body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.musicuCalls(CGI_GET_DISS)).toHaveLength(0);
    await liked({ limit: '0' }).expect(400);
    await liked({ limit: '101' }).expect(400);
    await liked({ page: '-1' }).expect(400);
    await liked({ uin: 'abc' }).expect(400);
    expireFakeKey(h.fake.state, `Q_H_L_lib${ALICE}secret`);
    const expired = await liked({}).expect(401);
    expect(expired.body.errorCode).toBe('LOGIN_EXPIRED');
  });

  it('an unknown account is 404 USER_NOT_FOUND', async () => {
    const res = await liked({ uin: '39999' }).expect(404);
    expect(res.body.errorCode).toBe('USER_NOT_FOUND');
  });

  it('the legacy shape answers the normalised page too (the upstream answer names the account)', async () => {
    const res = await liked({ limit: '2', shape: 'legacy' }).expect(200);
    expect(JSON.stringify(res.body)).not.toContain('owSfoKEq');
    expect(res.body.response.data.total).toBe(SEEDED);
  });
});

/** An account of this run only (cached answers in the shared Redis outlive a run). */
function account(h: Harness) {
  const uin = String(randomInt(50_000_000, 59_999_999));
  addFakeUser(h.fake.state, libraryUser(uin, `Liked ${uin}`, 8500000000 + (Number(uin) % 1000) * 10));
  return { uin, cookie: cookieOf(uin) };
}

const env = () => ({
  CACHE_ENABLED: 'true',
  REDIS_URL: TEST_REDIS_URL,
  REDIS_TIMEOUT_MS: '5000',
  CREDENTIAL_REDIS_KEY: `qqgw-test:liked:${randomBytes(6).toString('hex')}`,
});

describe('GET /user/getLikedSongs cached (Redis)', () => {
  requireRedis();

  describe('one instance', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ env: env() });
    });
    afterAll(() => h.close());

    const read = (a: { uin: string; cookie: string }, uin?: string) =>
      h.http().get(LIKED).query({ limit: '5', ...(uin ? { uin } : {}) }).set('X-Custom-Cookie', a.cookie).expect(200);

    it.each([
      ['/user/setSongLike', (mid: string, on: boolean) => ({ songmid: mid, like: on })],
      ['/user/setSongFavorite', (mid: string, on: boolean) => ({ mid, liked: on })],
      ['/setFav', (_mid: string, on: boolean) => ({ dirId: 201, songs: [{ songId: songAt(2).id, songType: 0 }], isFan: !on })],
    ] as const)('is cached per account, and %s drops it (with and without uin): the next read shows the like and the unlike', async (path, body) => {
      const a = account(h);
      const song = songAt(2);
      await read(a);
      await read(a, a.uin);
      expect((await read(a)).headers['x-cache']).toBe('HIT');
      expect((await read(a, a.uin)).headers['x-cache']).toBe('HIT');
      await h.http().post(path).set('X-Custom-Cookie', a.cookie).send(body(song.mid, true)).expect((res) => expect(res.status).toBeLessThan(300));
      for (const uin of [undefined, a.uin]) {
        const after = await read(a, uin);
        expect(after.headers['x-cache']).not.toBe('HIT');
        expect(mids(after.body)[0]).toBe(song.mid);
      }
      await h.http().post(path).set('X-Custom-Cookie', a.cookie).send(body(song.mid, false)).expect((res) => expect(res.status).toBeLessThan(300));
      expect(mids((await read(a)).body)).not.toContain(song.mid);
    });

    it('another account\'s cached list is not dropped by this account\'s like', async () => {
      const a = account(h);
      const b = account(h);
      await read(a, b.uin);
      await h.http().post('/user/setSongLike').set('X-Custom-Cookie', a.cookie).send({ songmid: songAt(3).mid, like: true }).expect(200);
      const again = await read(a, b.uin);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(mids(again.body)).not.toContain(songAt(3).mid);
    });
  });

  describe('two instances sharing Redis', () => {
    let one: Harness;
    let two: Harness;
    beforeAll(async () => {
      const shared = env();
      one = await startHarness({ env: shared });
      // the second instance talks to the first one's fake upstream: one QQ Music, two gateways
      two = await startHarness({ env: { ...shared, ...one.fake.env() } });
      await waitFor(() => one.app.get(CacheInvalidation).listening() && two.app.get(CacheInvalidation).listening(), 3000, 'both instances to subscribe');
    });
    afterAll(async () => {
      await two?.close();
      await one?.close();
    });

    it('a like on instance A is on the list read on instance B right after, though B had it cached', async () => {
      const a = account(one);
      const read = (instance: Harness) => instance.http().get(LIKED).query({ limit: '5' }).set('X-Custom-Cookie', a.cookie).expect(200);
      const song = songAt(4);
      expect(mids((await read(two)).body)).not.toContain(song.mid);
      expect((await read(two)).headers['x-cache']).toBe('HIT');
      await one.http().post('/user/setSongLike').set('X-Custom-Cookie', a.cookie).send({ songmid: song.mid, like: true }).expect(200);
      expect(mids((await read(two)).body)[0]).toBe(song.mid);
      await one.http().post('/user/setSongLike').set('X-Custom-Cookie', a.cookie).send({ songmid: song.mid, like: false }).expect(200);
      expect(mids((await read(two)).body)).not.toContain(song.mid);
    });
  });
});
