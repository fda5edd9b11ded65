import { rmSync } from 'node:fs';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { expireFakeKey, userState } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';

const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const ASSET = '/fav/fcgi-bin/fcg_get_profile_order_asset.fcg';
const SINGERS = '/rsc/fcgi-bin/fcg_order_singer_getlist.fcg';
const FRIENDS = '/rsc/fcgi-bin/friend_follow_or_listen_list.fcg';
const KEY = 'Q_H_L_5fakeMusicKeyAbc123';
const COOKIE = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY}; qm_keyst=${KEY}`;
const LEGACY = { 'X-Response-Shape': 'legacy' };

describe('User profile routes (getUserDetail, liked, collected, follows, fans)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const get = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) =>
    h.http().get(path).query(query).set(headers);

  describe('GET /user/getUserDetail', () => {
    it('answers the profile normalised, from the c6 homepage call getUserPlaylists makes', async () => {
      const res = await get('/user/getUserDetail', { uin: '10001', cookie: COOKIE }).expect(200);
      expect(res.body).toEqual({
        code: 0,
        msg: 'ok',
        data: {
          uin: '10001',
          nick: 'Alice',
          avatarUrl: 'https://thirdqq.qlogo.cn/g?b=sdk&k=fakeKey10001&s=140',
          encryptUin: 'owSfoKEq10001oz',
          createdPlaylistCount: 35,
          liked: { id: '201', title: '我喜欢', songCount: 12, albumCount: 0, playlistCount: 35 },
          nickname: 'Alice', // the old name, until it is removed
        },
      });
      const [req] = h.fake.requestsTo('c6', HOMEPAGE);
      expect(req.query).toMatchObject({ uin: '10001', userid: '10001', cid: '205360838', reqfrom: '1', format: 'json' });
      expect(req.cookie).toBe(COOKIE);
    });

    it('legacy: the homepage answer under `response`, where apps read response.data.creator', async () => {
      const res = await get('/user/getUserDetail', { uin: 'o0010001', cookie: COOKIE }, LEGACY).expect(200);
      expect(res.headers['x-response-shape']).toBe('legacy');
      expect(res.body.response.code).toBe(0);
      expect(res.body.response.data.creator).toMatchObject({ nick: 'Alice', headpic: expect.stringContaining('fakeKey10001') });
      expect(res.body.response.data.mymusic[0]).toMatchObject({ id: 201, title: '我喜欢', num0: 12 });
    });
  });

  describe('GET /user/getUserLikedSongs', () => {
    it('normalised: the liked entry and its counts', async () => {
      const res = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE }).expect(200);
      expect(res.body.data).toEqual({ liked: { id: '201', title: '我喜欢', songCount: 12, albumCount: 0, playlistCount: 35 }, total: 12 });
    });

    it('legacy: sansenjian/qq-music-api\'s answer, the entry as songs[0] and its id under info (tiaolv-music reads response.data.info.id)', async () => {
      const res = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE, offset: '0', limit: '1000' }, LEGACY).expect(200);
      const entry = { id: 201, title: '我喜欢', type: 1, num0: 12, num1: 0, num2: 35 };
      expect(res.body).toEqual({
        response: { code: 0, data: { songs: [entry], total: 12, hasMore: false, info: { title: '我喜欢', songCount: 12, albumCount: 0, playlistCount: 35, id: 201 } } },
      });
    });

    it('an account whose homepage shows no liked entry: liked null (normalised), an empty list (legacy)', async () => {
      // the entry is found by its title (喜欢) or type 1; an entry without a title is never it
      h.fake.fault({ kind: 'status', status: 200, body: JSON.stringify({ code: 0, data: { creator: { nick: 'Zed' }, mymusic: [{ id: 9, type: 1, num0: 3 }] } }) }, { host: 'c6', path: HOMEPAGE });
      const normal = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE }).expect(200);
      expect(normal.body.data).toEqual({ liked: null, total: 0 });
      const legacy = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE, shape: 'legacy' }).expect(200);
      expect(legacy.body).toEqual({ response: { code: 0, data: { songs: [], total: 0, hasMore: false } } });
    });
  });

  describe('GET /user/getUserCollectedSongLists and /user/getUserCollectedAlbums', () => {
    it('playlists: fcg_get_profile_order_asset.fcg reqtype 3 with sin/ein from page and limit', async () => {
      // page 1 is the second page (0-based): sin = page × limit
      const res = await get('/user/getUserCollectedSongLists', { uin: '10001', page: '1', limit: '2', cookie: COOKIE }).expect(200);
      expect(res.body.data).toEqual({
        playlists: [
          {
            dissid: '7100000011',
            dissname: 'Collected 3',
            cover: 'https://qpic.y.qq.com/music_cover/collected3/300?n=1',
            songCount: 12,
            picurl: 'https://qpic.y.qq.com/music_cover/collected3/300?n=1',
          },
        ],
        total: 3,
      });
      const [req] = h.fake.requestsTo('c', ASSET);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.query).toEqual({ ct: '20', cid: '205360956', userid: '10001', reqtype: '3', sin: '2', ein: '4', format: 'json', g_tk: '5381' });
      expect(req.headers.referer).toBe('https://y.qq.com/portal/profile.html?uin=10001');
      expect(req.cookie).toBe(COOKIE);
    });

    it('playlists default to the first page, limit 20; legacy is the CGI answer (response.data.cdlist[].dissid)', async () => {
      const res = await get('/user/getUserCollectedSongLists', { uin: '10001', cookie: COOKIE, page: '', limit: '' }, LEGACY).expect(200);
      expect(h.fake.requestsTo('c', ASSET)[0].query).toMatchObject({ sin: '0', ein: '20' });
      expect(res.body.response.code).toBe(0);
      expect(res.body.response.data.cdlist.map((d: any) => d.dissid)).toEqual([Number(GENUINE_DISSTID), 7100000010, 7100000011]);
      expect(res.body.response.data.cdlist[1]).toEqual({ dissid: 7100000010, dissname: 'Collected 2', logo: expect.any(String), song_cnt: 11, dir_show: 1 });
    });

    it('the legacy shape reads page 1-based, as sansenjian/qq-music-api did: the same upstream range as before', async () => {
      await get('/user/getUserCollectedSongLists', { uin: '10001', page: '2', limit: '2', cookie: COOKIE }, LEGACY).expect(200);
      await get('/user/getUserCollectedSongLists', { uin: '10001', page: '1', limit: '2', cookie: COOKIE }).expect(200);
      expect(h.fake.requestsTo('c', ASSET).map((r) => [r.query.sin, r.query.ein])).toEqual([['2', '4'], ['2', '4']]);
      await get('/user/getUserFollowSingers', { uin: '10001', page: '3', limit: '5', cookie: COOKIE, shape: 'legacy' }).expect(200);
      expect(h.fake.requestsTo('c', SINGERS)[0].query).toMatchObject({ page: '3', perpage: '5' });
      for (const page of ['0', '-1', '1001']) {
        const res = await get('/user/getUserFans', { uin: '10001', page, cookie: COOKIE }, LEGACY).expect(400);
        expect(res.body).toEqual({ error: 'page must be between 1 and 1000', errorCode: 'BAD_REQUEST' });
      }
      expect((await get('/user/getUserFans', { uin: '10001', page: '-1', cookie: COOKIE }).expect(400)).body.error).toBe('page must be 0 or more');
    });

    it('albums: reqtype 2, the range end inclusive (ein = sin + limit - 1); legacy response.data.albumlist', async () => {
      const res = await get('/user/getUserCollectedAlbums', { uin: '10001', limit: '1', cookie: COOKIE }).expect(200);
      expect(res.body.data).toEqual({ albums: [{ albumMid: '003c616O2Zlswm', albumName: '新的心跳', albumId: 8220, singerName: 'G.E.M. 邓紫棋' }], total: 2 });
      expect(h.fake.requestsTo('c', ASSET)[0].query).toMatchObject({ reqtype: '2', sin: '0', ein: '0' });
      const legacy = await get('/user/getUserCollectedAlbums', { uin: '10001', cookie: COOKIE, shape: 'legacy' }).expect(200);
      expect(legacy.body.response.data).toEqual({ totalalbum: 2, albumlist: [expect.objectContaining({ albummid: '003c616O2Zlswm' }), expect.objectContaining({ albummid: '000MkMni19ClKG' })] });
    });
  });

  describe('GET /user/getUserFollowSingers, /user/getUserFollowUsers, /user/getUserFans', () => {
    it('followed singers: fcg_order_singer_getlist.fcg with page and perpage; legacy response.list', async () => {
      const res = await get('/user/getUserFollowSingers', { uin: '10001', page: '0', limit: '5', cookie: COOKIE }).expect(200);
      expect(res.body.data).toEqual({
        singers: [
          { singerMID: '0025NhlN2yWrP4', name: '周杰伦', singerId: 4558, singerMid: '0025NhlN2yWrP4' },
          { singerMID: '001fNHEf1SFEFN', name: 'G.E.M. 邓紫棋', singerId: 13948, singerMid: '001fNHEf1SFEFN' },
        ],
        total: 2,
      });
      expect(h.fake.requestsTo('c', SINGERS)[0].query).toEqual({ utf8: '1', page: '1', perpage: '5', uin: '10001', g_tk: '5381', format: 'json' });
      const legacy = await get('/user/getUserFollowSingers', { uin: '10001', cookie: COOKIE }, LEGACY).expect(200);
      expect(legacy.body.response).toMatchObject({ code: 0, num: 2, list: [{ mid: '0025NhlN2yWrP4', name: '周杰伦' }, { mid: '001fNHEf1SFEFN' }] });
    });

    it('followed users and fans: friend_follow_or_listen_list.fcg, start/num from page and limit, is_listen=1 only for fans', async () => {
      const follows = await get('/user/getUserFollowUsers', { uin: '10001', page: '0', limit: '10', cookie: COOKIE }).expect(200);
      expect(follows.body.data).toEqual({ users: [{ nick: 'Bob', avatarUrl: expect.stringContaining('fakeKey10002'), encryptUin: 'owSfoKEq10002oz', nickname: 'Bob' }], total: 1 });
      const fans = await get('/user/getUserFans', { uin: '10001', page: '2', limit: '7', cookie: COOKIE }).expect(200);
      expect(fans.body.data).toEqual({ users: [], total: 1 });
      const [followReq, fansReq] = h.fake.requestsTo('c', FRIENDS);
      expect(followReq.query).toEqual({ utf8: '1', start: '0', num: '10', uin: '10001', format: 'json', g_tk: '5381' });
      expect(fansReq.query).toEqual({ utf8: '1', start: '14', num: '7', uin: '10001', format: 'json', g_tk: '5381', is_listen: '1' });
      const legacy = await get('/user/getUserFans', { uin: '10001', cookie: COOKIE }, LEGACY).expect(200);
      expect(legacy.body.response).toMatchObject({ code: 0, list: [{ nick: 'Carol', encrypt_uin: 'owSfoKEq10003oz' }] });
    });

    it('followed users and fans are cached per account like the other user reads', async () => {
      const cached = await startHarness({ env: { CACHE_ENABLED: 'true' } });
      try {
        for (const route of ['/user/getUserFollowUsers', '/user/getUserFans']) {
          const read = () => cached.http().get(route).query({ uin: '10001', cookie: COOKIE }).expect(200);
          expect([(await read()).headers['x-cache'], (await read()).headers['x-cache']]).toEqual(['MISS', 'HIT']);
        }
        expect(cached.fake.requestsTo('c', FRIENDS)).toHaveLength(2);
      } finally {
        await cached.close();
      }
    });
  });

  describe('login and errors (the same in both shapes)', () => {
    const ROUTES = ['getUserDetail', 'getUserLikedSongs', 'getUserCollectedSongLists', 'getUserCollectedAlbums', 'getUserFollowSingers', 'getUserFollowUsers', 'getUserFans'];

    it.each(ROUTES)('%s: no cookie at all → 401 LOGIN_REQUIRED without an upstream call', async (name) => {
      for (const headers of [{}, LEGACY]) {
        const res = await get(`/user/${name}`, { uin: '10001' }, headers).expect(401);
        expect(res.body).toEqual({ error: expect.stringContaining('needs a login cookie'), errorCode: 'LOGIN_REQUIRED' });
      }
      expect(h.fake.requests).toHaveLength(0);
    });

    it.each(ROUTES)('%s: an expired key → 401 LOGIN_EXPIRED (upstreamCode 1000); a cookie without a key says it is no login', async (name) => {
      expireFakeKey(h.fake.state, KEY);
      for (const headers of [{}, LEGACY]) {
        const res = await get(`/user/${name}`, { uin: '10001', cookie: COOKIE }, headers).expect(401);
        expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000, error: expect.stringContaining('has expired') });
      }
      const keyless = await get(`/user/${name}`, { uin: '10001', cookie: 'uin=o0010001' }).expect(401);
      expect(keyless.body.error).toContain('carries no login key');
    });

    it.each(ROUTES)('%s: an unknown uin → 404 USER_NOT_FOUND naming the upstream code', async (name) => {
      for (const headers of [{}, LEGACY]) {
        const res = await get(`/user/${name}`, { uin: '99999', cookie: COOKIE }, headers).expect(404);
        expect(res.body).toMatchObject({ errorCode: 'USER_NOT_FOUND', upstreamCode: 4000 });
        expect(res.body.error).toContain('99999');
      }
    });

    it('the stored login is used when the caller sends no cookie', async () => {
      h.writeCookieFile({ cookie: COOKIE, uin: '10001' });
      await get('/user/getUserFollowSingers', { uin: '10001' }).expect(200);
      expect(h.fake.requestsTo('c', SINGERS)[0].cookie).toBe(COOKIE);
    });

    it.each([
      ['/user/getUserDetail', { uin: '12a' }, 'uin must be a QQ number'],
      ['/user/getUserLikedSongs', { uin: 'abc' }, 'uin must be a QQ number'],
      ['/user/getUserFans', { uin: '10001', page: '0' }, 'page must be between 1 and 1000'],
      ['/user/getUserCollectedAlbums', { uin: '10001', limit: '101' }, 'limit must be between 1 and 100'],
      ['/user/getUserFollowUsers', { uin: '10001', limit: 'x' }, 'limit must be an integer'],
    ])('%s %j → 400 naming the parameter, before any upstream call', async (path, query, message) => {
      const res = await get(path, { ...query, cookie: COOKIE }, LEGACY).expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining(message), errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('the homepage seed is untouched by the social data (getUserPlaylists still lists 35)', async () => {
      expect(userState(h.fake.state).users.get('10001')?.collectedDiss).toHaveLength(3);
      const res = await get('/user/getUserPlaylists', { uin: '10001', cookie: COOKIE }).expect(200);
      expect(res.body.data.total).toBe(35);
    });
  });
});
