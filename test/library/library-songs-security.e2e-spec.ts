import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { RequestMethod } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { randomInt } from 'node:crypto';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { WriteLoginGuard } from '../../src/library/write-login.guard';
import { Endpoint, ENDPOINTS, exampleQuery } from '../support/endpoints';
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

  /** The write routes of the endpoint table: every row with a `write` call (the data-driven suites' library writes). */
  const WRITE_ROUTES = ENDPOINTS.filter((e) => e.write);
  const send = (e: Endpoint, cookie?: string) => {
    const req = e.method === 'GET' ? h.http().get(`${e.path}${exampleQuery(e)}`) : h.http().post(e.path).send(e.example);
    return cookie === undefined ? req : req.set('X-Custom-Cookie', cookie);
  };
  /** A login key, and the p_skey a follow needs, so only the account fields decide. */
  const KEY = 'qqmusic_key=Q_H_L_variantSecret; p_skey=variantPskey';
  const NO_ACCOUNT = { status: 401, errorCode: 'LOGIN_REQUIRED', error: expect.stringMatching(/names no account in uin or qqmusic_uin/) };
  const NO_KEY = { status: 401, errorCode: 'LOGIN_REQUIRED', error: expect.stringMatching(/carries no login key/) };
  const TWO_ACCOUNTS = (fields: string) => ({ status: 401, errorCode: 'AMBIGUOUS_ACCOUNT', error: expect.stringContaining(`its ${fields} do not agree`) });
  const CREDENTIAL_VARIANTS: [string, string, object][] = [
    ['a key without any account', KEY, NO_ACCOUNT],
    ['a key with p_uin only (not the account QQ Music writes as)', `p_uin=o0010001; ${KEY}`, NO_ACCOUNT],
    ['an account without a key', 'uin=o0010001; qqmusic_uin=10001; p_skey=variantPskey', NO_KEY],
    ['uin ≠ p_uin', `uin=o0010001; p_uin=o0020001; ${KEY}`, TWO_ACCOUNTS('uin, p_uin')],
    ['uin ≠ qqmusic_uin', `uin=o0010001; qqmusic_uin=20001; ${KEY}`, TWO_ACCOUNTS('uin, qqmusic_uin')],
    ['p_uin ≠ qqmusic_uin', `qqmusic_uin=10001; p_uin=o0020001; ${KEY}`, TWO_ACCOUNTS('qqmusic_uin, p_uin')],
  ];

  it('the table has the write routes: each library write of the collections, songs, playlists and app routes', () => {
    expect(WRITE_ROUTES.map((e) => e.path)).toEqual(expect.arrayContaining(['/user/setAlbumCollect', '/user/setSongLike', '/user/renamePlaylist', '/setFav', '/user/setSongFavorite']));
  });

  it.each(WRITE_ROUTES.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: a cookie that names no account, has no key, or names two accounts is refused (401) before any upstream call',
    async (_name, e) => {
      const answers = [];
      for (const [variant, cookie] of CREDENTIAL_VARIANTS) {
        const res = await send(e, cookie);
        answers.push({ variant, status: res.status, errorCode: res.body.errorCode, error: res.body.error });
      }
      expect(answers).toEqual(CREDENTIAL_VARIANTS.map(([variant, , expected]) => ({ variant, ...expected })));
      expect(h.fake.requests).toEqual([]);
    },
  );

  it.each(WRITE_ROUTES.map((e) => [`${e.method} ${e.path}`, e] as const))(
    '%s: one account written three ways (o0-prefixed uin and p_uin, bare qqmusic_uin) is one account: the write goes out',
    async (_name, e) => {
      const res = await send(e, `uin=o0010001; qqmusic_uin=10001; p_uin=o0010001; ${KEY}`);
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: expect.anything() });
      const write = e.write!;
      const writes = write.module ? h.fake.musicuCalls(write.module) : h.fake.requestsTo(write.host, write.path);
      expect(writes).toHaveLength(1);
    },
  );

  it('the stored login (with the admin token) takes the same rule: no account, no key or two accounts → 401, nothing sent', async () => {
    const stored: [string, object][] = [
      [KEY, NO_ACCOUNT],
      [`uin=o0${STORED}; qqmusic_uin=${STORED}`, { status: 401, errorCode: 'LOGIN_REQUIRED', error: expect.stringMatching(/stored login carries no login key/) }],
      [`uin=o0${STORED}; qqmusic_uin=${CALLER}; ${KEY}`, { ...TWO_ACCOUNTS('uin, qqmusic_uin'), error: expect.stringMatching(/^The stored login names more than one account/) }],
    ];
    try {
      for (const [cookie, expected] of stored) {
        h.writeCookieFile({ cookie, uin: STORED });
        const answers = [];
        for (const e of WRITE_ROUTES) {
          const res = await send(e).set('X-Admin-Token', ADMIN);
          answers.push({ route: e.path, status: res.status, errorCode: res.body.errorCode, error: res.body.error });
        }
        expect(answers).toEqual(WRITE_ROUTES.map((e) => ({ route: e.path, ...expected })));
      }
      expect(h.fake.requests).toEqual([]);
    } finally {
      h.writeCookieFile(STORED_COOKIE);
    }
  });

  it('every route WriteLoginGuard guards is a row of the table sending a login, and every write row is guarded', () => {
    const discovery = h.app.get(DiscoveryService, { strict: false });
    const scanner = h.app.get(MetadataScanner, { strict: false });
    const guarded: string[] = [];
    for (const { metatype, instance } of discovery.getControllers()) {
      if (!metatype || !instance) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const name of scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const guards: unknown[] = [...(Reflect.getMetadata(GUARDS_METADATA, metatype) ?? []), ...(Reflect.getMetadata(GUARDS_METADATA, handler) ?? [])];
        if (method === undefined || !guards.includes(WriteLoginGuard)) continue;
        const path = `/${Reflect.getMetadata(PATH_METADATA, metatype)}/${Reflect.getMetadata(PATH_METADATA, handler)}`.replace(/\/+/g, '/');
        guarded.push(`${RequestMethod[method]} ${path}`);
      }
    }
    const withLogin = new Set(ENDPOINTS.filter((e) => e.headers).map((e) => `${e.method} ${e.path}`));
    expect(guarded.filter((route) => !withLogin.has(route))).toEqual([]);
    expect(WRITE_ROUTES.map((e) => `${e.method} ${e.path}`).filter((route) => !guarded.includes(route))).toEqual([]);
  });

  it.each([
    ['p_uin names the owner, the key another login (no uin)', `p_uin=o0${STORED}; qqmusic_key=${CALLER_KEY}`, 'LOGIN_REQUIRED'],
    ['p_uin names the owner, uin and the key another login', `uin=o0${CALLER}; qqmusic_key=${CALLER_KEY}; p_uin=o0${STORED}`, 'AMBIGUOUS_ACCOUNT'],
    ['qqmusic_uin names the owner, uin and the key another login', `uin=o0${CALLER}; qqmusic_uin=${STORED}; qqmusic_key=${CALLER_KEY}`, 'AMBIGUOUS_ACCOUNT'],
  ])('%s: the owner\'s playlist cannot pass the ownership check (401, no homepage read, nothing written)', async (_what, cookie, errorCode) => {
    const res = await h.http().post('/user/renamePlaylist').set('Cookie', cookie).send({ dissid: '8400000001', name: 'Taken over' }).expect(401);
    expect(res.body.errorCode).toBe(errorCode);
    expect(h.fake.requests).toEqual([]);
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
