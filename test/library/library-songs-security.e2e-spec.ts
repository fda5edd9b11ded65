import { randomInt } from 'node:crypto';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Harness, startHarness, waitForReady } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { ADD_PLAYLIST, cookieOf, LIKE, libraryUser, songAt } from './library-fixtures';

/**
 * Whose account a write touches (docs/library.md "Whose account a write touches"), secrets in logs, and reads after
 * a write (docs/library.md "Reads after a write"): on one instance, and on two sharing Redis.
 */
requireRedis();
const ADMIN = 'library-admin-token-0123456789';
const STORED = '20003';
const STORED_KEY = 'Q_H_L_storedLibrarySecret';
const STORED_COOKIE = { cookie: `uin=o0${STORED}; qqmusic_uin=${STORED}; qqmusic_key=${STORED_KEY}; qm_keyst=${STORED_KEY}`, uin: STORED };
const CALLER = '20001';
const CALLER_KEY = 'Q_H_L_callerLibrarySecret';
const CALLER_COOKIE = cookieOf(CALLER, CALLER_KEY);

describe('library writes: whose account, and no secret in the logs', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, cookieFile: STORED_COOKIE, env: { ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'debug' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    addFakeUser(h.fake.state, libraryUser(CALLER, 'Caller', 8300000000));
    addFakeUser(h.fake.state, libraryUser(STORED, 'Operator', 8400000000));
  });

  const like = () => ({ songmid: songAt(0).mid, like: true });
  const likedTotal = async (uin: string) =>
    (await h.http().get(`/user/getUserLikedSongs?uin=${uin}`).set('Cookie', uin === CALLER ? CALLER_COOKIE : STORED_COOKIE.cookie).expect(200)).body.data.total;

  it.each([
    ['POST /user/setSongLike', '/user/setSongLike', like()],
    ['POST /user/createPlaylist', '/user/createPlaylist', { name: 'x' }],
    ['POST /user/renamePlaylist', '/user/renamePlaylist', { dissid: '8400000001', name: 'x' }],
    ['POST /user/deletePlaylist', '/user/deletePlaylist', { dissid: '8400000001' }],
    ['POST /user/addPlaylistSongs', '/user/addPlaylistSongs', { dissid: '8400000001', songmids: [songAt(0).mid] }],
    ['POST /user/removePlaylistSongs', '/user/removePlaylistSongs', { dissid: '8400000001', songmids: [songAt(0).mid] }],
    ['POST /setFav', '/setFav', { songs: [{ songId: songAt(0).id }], isFan: false }],
  ])('%s without a caller login, with a stored login configured: 401 LOGIN_REQUIRED and no upstream call', async (_name, path, body) => {
    const res = await h.http().post(path).send(body).expect(401);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_REQUIRED' });
    expect(res.body.error).toMatch(/admin token/);
    const wrongToken = await h.http().post(path).set('X-Admin-Token', 'not-the-token-000000').send(body).expect(401);
    expect(wrongToken.body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.requests).toEqual([]);
  });

  it('a caller cookie without a login key is refused (401) before any upstream call, even with the admin token', async () => {
    const res = await h.http().post('/user/setSongLike').set('Cookie', `uin=o0${CALLER}; foo=bar`).set('X-Admin-Token', ADMIN).send(like()).expect(401);
    expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.requests).toEqual([]);
  });

  it('with the admin token and no caller cookie, the write is applied to the stored login\'s account', async () => {
    const res = await h.http().post('/user/setSongLike').set('Authorization', `Bearer ${ADMIN}`).send(like()).expect(200);
    expect(res.body.data.liked).toBe(true);
    const [write] = h.fake.musicuCalls(LIKE);
    expect(write.request.cookie).toContain(STORED_KEY);
    expect(write.request.comm).toMatchObject({ qq: STORED, authst: STORED_KEY });
    expect(await likedTotal(STORED)).toBe(13);
    expect(await likedTotal(CALLER)).toBe(12);
  });

  it('a caller\'s own cookie wins over the stored login, admin token or not: the caller\'s account changes', async () => {
    await h.http().post('/user/setSongLike').set('Cookie', CALLER_COOKIE).set('X-Admin-Token', ADMIN).send(like()).expect(200);
    expect(h.fake.musicuCalls(LIKE)[0].request.cookie).toBe(CALLER_COOKIE);
    expect(h.fake.requests.some((r) => r.cookie.includes(STORED_KEY))).toBe(false);
    expect(await likedTotal(CALLER)).toBe(13);
    expect(await likedTotal(STORED)).toBe(12);
  });

  it('a caller cannot edit the stored login\'s playlists by naming them: 403, no write sent', async () => {
    const res = await h.http().post('/user/addPlaylistSongs').set('Cookie', CALLER_COOKIE).send({ dissid: '8400000001', songmids: [songAt(0).mid] }).expect(403);
    expect(res.body.errorCode).toBe('NOT_PLAYLIST_OWNER');
    expect(h.fake.musicuCalls().filter((c) => c.module.startsWith('music.musicasset'))).toEqual([]);
  });

  it('no cookie, key or admin token in any log line of writes, refusals and failures', async () => {
    await h.http().post('/user/setSongLike').set('Cookie', CALLER_COOKIE).send(like()).expect(200);
    await h.http().post(`/user/createPlaylist?cookie=${encodeURIComponent(CALLER_COOKIE)}`).send({ name: 'Logged' }).expect(200);
    await h.http().post('/user/setSongLike').set('X-Admin-Token', ADMIN).send(like()).expect(200);
    await h.http().post('/user/setSongLike').set('X-Custom-Cookie', CALLER_COOKIE).send({ songmid: '00NoSuchSong00', like: true }).expect(404);
    await h.http().post('/user/setSongLike').send(like()).expect(401);
    h.fake.fault({ kind: 'status', status: 500 }, { module: ADD_PLAYLIST });
    await h.http().post('/user/createPlaylist').set('Cookie', CALLER_COOKIE).send({ name: 'Broken' });
    h.fake.clearFaults();
    expect(h.fake.requests.some((r) => r.cookie.includes(CALLER_KEY))).toBe(true);
    expect(h.fake.requests.some((r) => r.cookie.includes(STORED_KEY))).toBe(true);
    expect(logs.length).toBeGreaterThan(5);
    for (const secret of [CALLER_KEY, STORED_KEY, ADMIN]) {
      const leak = logs.find((l) => l.includes(secret) || l.includes(encodeURIComponent(secret)));
      expect({ secret, leak }).toEqual({ secret, leak: undefined });
    }
  });
});

/** A uin of this run: cached answers in a shared Redis outlive a run, and the key is made of the account. */
const runUin = () => String(randomInt(30_000_000, 39_999_999));

describe('library writes: the next read shows the write (cache on)', () => {
  let h: Harness;
  let uin: string;
  let cookie: string;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    uin = runUin();
    cookie = cookieOf(uin);
    addFakeUser(h.fake.state, libraryUser(uin, 'Cached', Number(uin) * 10));
  });

  /** Reads `url` twice: the second is a HIT, so the read after the write can only be fresh through invalidation. */
  const cachedRead = async (url: string) => {
    await h.http().get(url).set('Cookie', cookie).expect(200);
    const hit = await h.http().get(url).set('Cookie', cookie).expect(200);
    expect({ url, cache: hit.headers['x-cache'] }).toEqual({ url, cache: 'HIT' });
    return hit.body.data;
  };
  const read = async (url: string) => (await h.http().get(url).set('Cookie', cookie).expect(200)).body.data;

  it('a like shows in the liked count and the profile', async () => {
    expect((await cachedRead(`/user/getUserLikedSongs?uin=${uin}`)).total).toBe(12);
    expect((await cachedRead(`/user/getUserDetail?uin=${uin}`)).liked.songCount).toBe(12);
    await h.http().post('/user/setSongLike').set('Cookie', cookie).send({ songmid: songAt(0).mid, like: true }).expect(200);
    expect((await read(`/user/getUserLikedSongs?uin=${uin}`)).total).toBe(13);
    expect((await read(`/user/getUserDetail?uin=${uin}`)).liked.songCount).toBe(13);
  });

  it('a created and a renamed playlist show in the user\'s playlists; added songs in the playlist\'s detail', async () => {
    const dissid = String(Number(uin) * 10 + 1);
    expect((await cachedRead(`/user/getUserPlaylists?uin=${uin}`)).total).toBe(3);
    expect((await cachedRead(`/getSongListDetail?disstid=${dissid}&limit=10`)).total).toBe(3);
    await h.http().post('/user/createPlaylist').set('Cookie', cookie).send({ name: 'Fresh' }).expect(200);
    await h.http().post('/user/renamePlaylist').set('Cookie', cookie).send({ dissid, name: 'Renamed' }).expect(200);
    await h.http().post('/user/addPlaylistSongs').set('Cookie', cookie).send({ dissid, songmids: [songAt(0).mid] }).expect(200);
    const after = await read(`/user/getUserPlaylists?uin=${uin}`);
    expect(after.total).toBe(4);
    expect(after.playlists).toEqual(expect.arrayContaining([expect.objectContaining({ dissname: 'Fresh' }), expect.objectContaining({ dissid, dissname: 'Renamed', songCount: 4 })]));
    const detail = await read(`/getSongListDetail?disstid=${dissid}&limit=10`);
    expect(detail.total).toBe(4);
    expect(detail.songlist.map((s: { songmid: string }) => s.songmid)).toContain(songAt(0).mid);
  });

  it('a write is never cached: the same write twice reaches upstream twice', async () => {
    for (let i = 0; i < 2; i++) await h.http().post('/user/setSongLike').set('Cookie', cookie).send({ songmid: songAt(0).mid, like: true }).expect(200);
    expect(h.fake.musicuCalls(LIKE)).toHaveLength(2);
  });
});

describe('library writes on two instances sharing Redis: a write on one, the read on the other shows it', () => {
  let a: Harness;
  let b: Harness;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000', CACHE_ENABLED: 'true' };
    a = await startHarness({ env });
    b = await startHarness({ env });
    // Both connected to Redis (and so listening for each other's invalidations) before the first request.
    await waitForReady('both instances to reach Redis', a, b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('like on A, liked count on B; new playlist on A, playlists on B', async () => {
    a.fake.reset();
    b.fake.reset();
    // One QQ Music behind both instances: B's fake answers from A's fake state.
    b.fake.state = a.fake.state;
    const uin = runUin();
    const cookie = cookieOf(uin);
    addFakeUser(a.fake.state, libraryUser(uin, 'Shared', Number(uin) * 10));
    const readOnB = (url: string) => b.http().get(url).set('Cookie', cookie).expect(200);
    for (const url of [`/user/getUserLikedSongs?uin=${uin}`, `/user/getUserPlaylists?uin=${uin}`]) {
      await readOnB(url);
      expect({ url, cache: (await readOnB(url)).headers['x-cache'] }).toEqual({ url, cache: 'HIT' });
    }
    await a.http().post('/user/setSongLike').set('Cookie', cookie).send({ songmid: songAt(0).mid, like: true }).expect(200);
    await a.http().post('/user/createPlaylist').set('Cookie', cookie).send({ name: 'From A' }).expect(200);
    expect((await readOnB(`/user/getUserLikedSongs?uin=${uin}`)).body.data.total).toBe(13);
    const playlists = (await readOnB(`/user/getUserPlaylists?uin=${uin}`)).body.data;
    expect(playlists.playlists).toContainEqual(expect.objectContaining({ dissname: 'From A' }));
  }, 60_000);
});
