import { randomInt } from 'node:crypto';
import { addFakeUser, fakeUserWithPlaylists, withSocial } from '../../fake-upstream/handlers/user';
import { CacheInvalidation } from '../../src/cache/cache-invalidation';
import { Harness, startHarness, waitFor } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * Reads stay true after a write (docs/library.md "Sent once, read back true"): a cached collected list or follow list
 * of the account written to is dropped by the write, on the instance that wrote and on every instance sharing Redis.
 */
requireRedis();

const LISTS = '/user/getUserCollectedSongLists';
const ALBUMS = '/user/getUserCollectedAlbums';
const SINGERS = '/user/getUserFollowSingers';

/** An account of this run only (cached answers in the shared Redis outlive a run). */
function account(h: Harness) {
  const uin = String(randomInt(40_000_000, 49_999_999));
  addFakeUser(h.fake.state, withSocial(fakeUserWithPlaylists(uin, `Cache ${uin}`, 2)));
  return { uin, cookie: `uin=o0${uin}; qqmusic_uin=${uin}; qqmusic_key=Q_H_L_cache${uin}; p_skey=cachePskey${uin}` };
}

const read = (h: Harness, path: string, uin: string, cookie: string) => h.http().get(path).query({ uin, limit: '50' }).set('X-Custom-Cookie', cookie).expect(200);
const ids = {
  [LISTS]: (body: any) => body.data.playlists.map((p: any) => p.dissid),
  [ALBUMS]: (body: any) => body.data.albums.map((a: any) => a.albumMid),
  [SINGERS]: (body: any) => body.data.singers.map((s: any) => s.singerMid),
};

describe('write then read on one instance (cache on, Redis)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000' } });
  });
  afterAll(() => h.close());

  it.each([
    [LISTS, '/user/setPlaylistCollect', { dissid: '7100000016', collect: true }, '7100000016'],
    [ALBUMS, '/user/setAlbumCollect', { albummid: '000MkMni19ClKG', collect: false }, '000MkMni19ClKG'],
    [SINGERS, '/user/setSingerFollow', { singermid: '002J4UUk29y8BY', follow: true }, '002J4UUk29y8BY'],
  ] as const)('%s is cached, and %s drops it: the next read shows the change', async (path, write, body, id) => {
    const a = account(h);
    const before = await read(h, path, a.uin, a.cookie);
    const cached = await read(h, path, a.uin, a.cookie);
    expect(cached.headers['x-cache']).toBe('HIT');
    const wasThere = ids[path](before.body).includes(id);
    await h.http().post(write).set('X-Custom-Cookie', a.cookie).send(body).expect(200);
    const after = await read(h, path, a.uin, a.cookie);
    expect(after.headers['x-cache']).not.toBe('HIT');
    expect(ids[path](after.body).includes(id)).toBe(!wasThere);
  });
});

describe('write on one instance, read on another sharing Redis', () => {
  let one: Harness;
  let two: Harness;
  beforeAll(async () => {
    const env = { CACHE_ENABLED: 'true', REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000' };
    one = await startHarness({ env });
    // the second instance talks to the first one's fake upstream: one QQ Music, two gateways
    two = await startHarness({ env: { ...env, ...one.fake.env() } });
    await waitFor(() => one.app.get(CacheInvalidation).listening() && two.app.get(CacheInvalidation).listening(), 3000, 'both instances to subscribe');
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('a collected list cached on both instances is dropped on both by a write through one of them', async () => {
    const a = account(one);
    const first = await read(two, LISTS, a.uin, a.cookie);
    expect(ids[LISTS](first.body)).not.toContain('7100000017');
    expect((await read(one, LISTS, a.uin, a.cookie)).headers['x-cache']).toBe('HIT');
    expect((await read(two, LISTS, a.uin, a.cookie)).headers['x-cache']).toBe('HIT');

    await one.http().post('/user/setPlaylistCollect').set('X-Custom-Cookie', a.cookie).send({ dissid: '7100000017', collect: true }).expect(200);

    for (const instance of [two, one]) {
      const after = await read(instance, LISTS, a.uin, a.cookie);
      expect(ids[LISTS](after.body)).toContain('7100000017');
    }
  });
});
