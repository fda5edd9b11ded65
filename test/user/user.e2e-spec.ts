import { rmSync } from 'node:fs';
import { addFakeUser, expireFakeKey, fakeUserWithPlaylists, userState } from '../../fake-upstream/handlers/user';
import { hash33 } from '../../src/common/cookie';
import { Harness, startHarness } from '../support/harness';

const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const KEY = 'Q_H_L_5fakeMusicKeyAbc123';
const COOKIE = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY}; qm_keyst=${KEY}`;
const KEY_MISSING_1000 =
  'QQ Music refused the cookie (upstream code 1000): it carries no login key (qqmusic_key or qm_keyst), so it is no login; ' +
  'send the whole cookie of a login, or log in with a QR login (/getMainLoginQr or /getAltLoginQr)';

describe('User module (e2e)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const homepageRequests = () => h.fake.requestsTo('c6', HOMEPAGE);

  describe('GET /user/getUserPlaylists', () => {
    it('answers the first page (offset 0, limit 30) normalised, and sends the c6 homepage request', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(Object.keys(res.body.data).sort()).toEqual(['playlists', 'total']);
      expect(res.body.data.total).toBe(35);
      expect(res.body.data.playlists).toHaveLength(30);
      expect(res.body.data.playlists[0]).toEqual({
        dissid: '7000001',
        dissname: 'Alice playlist 1',
        cover: 'https://qpic.y.qq.com/music_cover/fake1/300?n=1',
        songCount: 1,
        picurl: 'https://qpic.y.qq.com/music_cover/fake1/300?n=1', // the old name, until it is removed
      });
      // item without a song count in the upstream answer: no songCount invented
      expect(res.body.data.playlists[1]).toEqual({
        dissid: '7000002',
        dissname: 'Alice playlist 2',
        cover: 'https://qpic.y.qq.com/music_cover/fake2/300?n=1',
        picurl: 'https://qpic.y.qq.com/music_cover/fake2/300?n=1',
      });
      expect(res.body.data.playlists[29].dissid).toBe('7000030');
      // the raw upstream payload is not passed through
      expect(JSON.stringify(res.body)).not.toMatch(/mydiss|creator|encrypt_uin|mymusic/);

      const reqs = homepageRequests();
      expect(reqs).toHaveLength(1);
      const [req] = reqs;
      expect(req.host).toBe('c6.y.qq.com');
      expect(req.method).toBe('GET');
      expect(req.query).toMatchObject({
        uin: '10001',
        userid: '10001',
        loginUin: '10001',
        cid: '205360838',
        reqfrom: '1',
        reqtype: '0',
        hostUin: '0',
        ct: '24',
        cv: '4747474',
        format: 'json',
        inCharset: 'utf-8',
        outCharset: 'utf-8',
        notice: '0',
        platform: 'yqq.json',
        needNewCode: '0',
      });
      const gtk = String(hash33(KEY, 5381));
      expect(req.query.g_tk).toBe(gtk);
      expect(req.query.g_tk_new_20200303).toBe(gtk);
      expect(Number(req.query._)).toBeGreaterThan(1_600_000_000_000);
      expect(req.headers.referer).toBe('https://y.qq.com/portal/profile.html?uin=10001');
      expect(req.cookie).toBe(COOKIE);
    });

    it('applies offset/limit locally over the whole list', async () => {
      const page2 = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', offset: '30', cookie: COOKIE });
      expect(page2.status).toBe(200);
      expect(page2.body.data.total).toBe(35);
      expect(page2.body.data.playlists.map((p: { dissid: string }) => p.dissid)).toEqual([
        '7000031', '7000032', '7000033', '7000034', '7000035',
      ]);

      const mid = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', offset: '10', limit: '5', cookie: COOKIE });
      expect(mid.body.data.playlists.map((p: { dissid: string }) => p.dissid)).toEqual([
        '7000011', '7000012', '7000013', '7000014', '7000015',
      ]);

      // offset 7, limit 5: the Koa projects' modulo quirk (7 % 5 = 2) would start at the 3rd item; real paging starts
      // at the 8th
      const quirk = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', offset: '7', limit: '5', cookie: COOKIE });
      expect(quirk.body.data.playlists[0].dissid).toBe('7000008');

      const past = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', offset: '40', cookie: COOKIE });
      expect(past.status).toBe(200);
      expect(past.body.data).toEqual({ playlists: [], total: 35 });
      // one upstream call per request: upstream has no paging, the gateway never asks for pages
      expect(homepageRequests()).toHaveLength(4);
      for (const r of homepageRequests()) expect(r.query).not.toHaveProperty('offset');
    });

    it('accepts the o0… form of uin and strips it', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: 'o0010001', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(35);
      const [req] = homepageRequests();
      expect(req.query.userid).toBe('10001');
      expect(req.query.loginUin).toBe('10001');
      expect(req.headers.referer).toBe('https://y.qq.com/portal/profile.html?uin=10001');
    });

    it('keeps a WeChat-size musicid exact (no number rounding)', async () => {
      const big = '1152921504862134567';
      addFakeUser(h.fake.state, fakeUserWithPlaylists(big, 'Wx', 2));
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: big, cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(2);
      expect(homepageRequests()[0].query.userid).toBe(big);
    });

    it('passes the caller cookie from the X-Custom-Cookie header or the Cookie header', async () => {
      const custom = `qqmusic_key=customKey1; uin=o0010001`;
      const r1 = await h.http().get('/user/getUserPlaylists?uin=10001').set('X-Custom-Cookie', custom);
      expect(r1.status).toBe(200);
      expect(homepageRequests()[0].cookie).toBe(custom);
      expect(homepageRequests()[0].query.g_tk).toBe(String(hash33('customKey1', 5381)));

      const plain = `qm_keyst=plainKey2; uin=o0010001`;
      const r2 = await h.http().get('/user/getUserPlaylists?uin=10001').set('Cookie', plain);
      expect(r2.status).toBe(200);
      expect(homepageRequests()[1].cookie).toBe(plain);
      expect(homepageRequests()[1].query.g_tk).toBe(String(hash33('plainKey2', 5381)));
    });

    it('falls back to the cookie file when the caller sends none', async () => {
      h.writeCookieFile({ cookie: `uin=o0010001; qqmusic_key=fileKey3`, uin: '10001' });
      const res = await h.http().get('/user/getUserPlaylists?uin=10001');
      expect(res.status).toBe(200);
      expect(res.body.data.total).toBe(35);
      expect(homepageRequests()[0].cookie).toBe('uin=o0010001; qqmusic_key=fileKey3');
      expect(homepageRequests()[0].query.g_tk).toBe(String(hash33('fileKey3', 5381)));
    });

    it('no cookie at all → 401 LOGIN_REQUIRED without calling upstream', async () => {
      const res = await h.http().get('/user/getUserPlaylists?uin=10001');
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
      expect(res.body.error).toMatch(/needs a login cookie/);
      expect(res.body.error).toMatch(/cookie. query parameter|X-Custom-Cookie/);
      expect(h.fake.requests).toHaveLength(0);
    });

    // Before: 401 "needs a login cookie", although the spec makes uin required and nothing but a login can stand in.
    it.each([['no uin', ''], ['an empty uin', '?uin='], ['a blank uin', '?uin=%20']])(
      'with %s and no login at all → 400 naming uin (BAD_REQUEST) without calling upstream',
      async (_what, query) => {
        const res = await h.http().get(`/user/getUserPlaylists${query}`);
        expect({ status: res.status, body: res.body }).toEqual({
          status: 400,
          body: { error: expect.stringMatching(/^uin is required/), errorCode: 'BAD_REQUEST' },
        });
        expect(h.fake.requests).toHaveLength(0);
      },
    );

    it('without uin, a login cookie (the caller\'s, else the stored one) lists that login\'s own account', async () => {
      const mine = await h.http().get('/user/getUserPlaylists').set('Cookie', COOKIE).expect(200);
      expect(mine.body.data.total).toBe(35);
      h.writeCookieFile({ cookie: `uin=o0010001; qqmusic_key=fileKey3`, uin: '10001' });
      const stored = await h.http().get('/user/getUserPlaylists').expect(200);
      expect(stored.body.data.total).toBe(35);
      expect(homepageRequests().map((r) => r.query.userid)).toEqual(['10001', '10001']);
    });

    it('upstream code 1000 (cookie without a music key) → 401 LOGIN_EXPIRED saying the cookie has no login key', async () => {
      const cookie = 'uin=o0010001; skey=@abc';
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: KEY_MISSING_1000, errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(homepageRequests()).toHaveLength(1);
      expect(homepageRequests()[0].query.g_tk).toBe('5381'); // no key → the anonymous g_tk
    });

    // Before: "QQ Music says the login has expired …", for a cookie that never was a login.
    it.each([
      ['the cookie query parameter', { cookie: 'uin=123' }, {}],
      ['the Cookie header', {}, { Cookie: 'uin=123' }],
      ['the X-Custom-Cookie header', {}, { 'X-Custom-Cookie': 'uin=123' }],
    ])('a cookie with no login key in %s: the message names the missing key, not an expiry', async (_where, query, headers) => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '123', ...query }).set(headers);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: KEY_MISSING_1000, errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(res.body.error).not.toMatch(/expired/);
      expect(homepageRequests()).toHaveLength(1);
      expect(homepageRequests()[0].cookie).toBe('uin=123');
    });

    it('upstream code 1000 (expired key) → 401 LOGIN_EXPIRED', async () => {
      expireFakeKey(h.fake.state, KEY);
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
      expect(res.body.error).toBe(
        'QQ Music says the login has expired or is missing (upstream code 1000): log in again with a QR login or refresh the cookie (qqmusic_key / qm_keyst)',
      );
      expect(homepageRequests()).toHaveLength(1);
      expect(homepageRequests()[0].cookie).toBe(COOKIE);
    });

    it('upstream credential-invalid code 104400 → 401 LOGIN_EXPIRED', async () => {
      userState(h.fake.state).forcedCode = 104400;
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(401);
      expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
      expect(res.body.upstreamCode).toBe(104400);
      expect(homepageRequests()).toHaveLength(1);
    });

    it.each([
      [104401, 401, 'LOGIN_EXPIRED'], // credential invalid, like 104400
      [20274, 403, 'UPSTREAM_DEVICE_LIMIT'],
      [2000, 502, 'UPSTREAM_SIGNATURE_REQUIRED'],
    ])('upstream code %s → %s %s (never USER_NOT_FOUND), upstream asked once', async (code, status, errorCode) => {
      userState(h.fake.state).forcedCode = code;
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect({ status: res.status, errorCode: res.body.errorCode, upstreamCode: res.body.upstreamCode }).toEqual({ status, errorCode, upstreamCode: code });
      expect(homepageRequests()).toHaveLength(1);
    });

    it('upstream rate-limit code 2001 → the central mapping (503 UPSTREAM_RATE_LIMITED), not USER_NOT_FOUND', async () => {
      userState(h.fake.state).forcedCode = 2001;
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(503);
      expect(res.body.errorCode).toBe('UPSTREAM_RATE_LIMITED');
      expect(res.headers['retry-after']).toBe('30');
      expect(homepageRequests()).toHaveLength(1);
    });

    it('wrong uin (upstream non-zero code) → 404 USER_NOT_FOUND', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '999999', cookie: COOKIE });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('USER_NOT_FOUND');
      expect(res.body.error).toMatch(/999999/);
      expect(res.body.upstreamCode).toBe(4000);
      expect(homepageRequests()[0].query.userid).toBe('999999');
    });

    it('wrong uin (upstream code 0 with an empty creator) → 404 USER_NOT_FOUND', async () => {
      userState(h.fake.state).unknownUinAnswer = 'emptyCreator';
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '999999', cookie: COOKIE });
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe('USER_NOT_FOUND');
      expect(res.body).not.toHaveProperty('upstreamCode');
      expect(homepageRequests()).toHaveLength(1);
    });

    it('an account without playlists → 200, empty list, total 0 and a message', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10002', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data.playlists).toEqual([]);
      expect(res.body.data.total).toBe(0);
      expect(res.body.data.message).toMatch(/no visible playlists/);
      expect(homepageRequests()[0].query.userid).toBe('10002');
    });

    it('a private account (no mydiss in the answer) → 200, empty list and a message', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10003', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ playlists: [], total: 0, message: expect.stringMatching(/private/) });
      expect(homepageRequests()).toHaveLength(1);
    });

    it.each([
      [{ uin: 'abc' }, /uin must be a QQ number/],
      [{ uin: '10001&x=1' }, /uin must be a QQ number/],
      [{ uin: '1'.repeat(21) }, /uin must be a QQ number/],
      [{ uin: '10001', offset: '-1' }, /offset must be 0 or more/],
      [{ uin: '10001', offset: 'x' }, /offset must be an integer/],
      [{ uin: '10001', limit: '0' }, /limit must be between 1 and 100/],
      [{ uin: '10001', limit: '101' }, /limit must be between 1 and 100/],
      [{ uin: '10001', limit: '2.5' }, /limit must be an integer/],
    ])('rejects %j with 400 naming the parameter, without calling upstream', async (query, message) => {
      const res = await h.http().get('/user/getUserPlaylists').query({ ...query, cookie: COOKIE });
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(h.fake.requests).toHaveLength(0);
    });

    it('empty offset/limit count as absent (defaults 0 and 30)', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', offset: '', limit: '', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.data.playlists).toHaveLength(30);
      expect(res.body.data.playlists[0].dissid).toBe('7000001');
    });

    it('limit 100 is accepted (upper bound)', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', limit: '100', cookie: COOKIE });
      expect(res.status).toBe(200);
      expect(res.body.data.playlists).toHaveLength(35);
    });

    it('upstream HTTP 500 → 502, sent once (no Referer retry on this CGI)', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'c6', path: HOMEPAGE });
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(homepageRequests()).toHaveLength(1);
      expect(homepageRequests()[0].headers.referer).toBe('https://y.qq.com/portal/profile.html?uin=10001');
    });

    it('upstream garbage / HTML → 502 UPSTREAM_BAD_RESPONSE', async () => {
      h.fake.fault({ kind: 'garbage' }, { host: 'c6', path: HOMEPAGE, times: 1 });
      const r1 = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(r1.status).toBe(502);
      expect(r1.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      h.fake.fault({ kind: 'html' }, { host: 'c6', path: HOMEPAGE, times: 1 });
      const r2 = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(r2.status).toBe(502);
      expect(r2.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(homepageRequests()).toHaveLength(2);
    });

    it('upstream connection reset → 502 UPSTREAM_UNREACHABLE', async () => {
      h.fake.fault({ kind: 'reset' }, { host: 'c6', path: HOMEPAGE });
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(502);
      expect(res.body.errorCode).toBe('UPSTREAM_UNREACHABLE');
      expect(homepageRequests()).toHaveLength(1);
    });

    it('upstream never answers → 504 UPSTREAM_TIMEOUT', async () => {
      h.fake.fault({ kind: 'hang' }, { host: 'c6', path: HOMEPAGE });
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: COOKIE });
      expect(res.status).toBe(504);
      expect(res.body.errorCode).toBe('UPSTREAM_TIMEOUT');
      expect(homepageRequests()).toHaveLength(1);
    });
  });

  describe('GET /user/getUserAvatar', () => {
    afterEach(() => {
      // built locally: no endpoint of this block ever calls upstream
      expect(h.fake.requests).toHaveLength(0);
    });

    it('builds the q.qlogo URL from uin with the default size 140, wrapped in `response`', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=10001');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        response: {
          code: 0,
          data: { avatarUrl: 'https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=140', message: 'avatar URL built' },
        },
      });
    });

    it('k wins over uin and builds the thirdqq URL', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=10001&k=AbC*x_y-9&size=640');
      expect(res.status).toBe(200);
      expect(res.body.response.data.avatarUrl).toBe('https://thirdqq.qlogo.cn/g?b=sdk&k=AbC*x_y-9&s=640');
    });

    it('k wins even when uin is malformed', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=not-a-number&k=key1');
      expect(res.status).toBe(200);
      expect(res.body.response.data.avatarUrl).toBe('https://thirdqq.qlogo.cn/g?b=sdk&k=key1&s=140');
    });

    it('accepts the o0… form of uin', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=o0010001&size=40');
      expect(res.body.response.data.avatarUrl).toBe('https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=40');
    });

    it.each([
      ['100', 100, false],
      ['90', 100, true],
      ['120', 140, true], // tie between 100 and 140 → the larger
      ['1', 40, true],
      ['5000', 640, true],
      ['99.5', 100, true],
    ])('size=%s → spec=%d (snapped to a supported size)', async (size, expected, snapped) => {
      const res = await h.http().get(`/user/getUserAvatar?uin=10001&size=${size}`);
      expect(res.status).toBe(200);
      expect(res.body.response.data.avatarUrl).toBe(`https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=${expected}`);
      if (snapped) expect(res.body.response.data.message).toMatch(new RegExp(`size ${size} is not a supported size`));
      else expect(res.body.response.data.message).toBe('avatar URL built');
    });

    it('an absent size is the default 140', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=10001');
      expect(res.status).toBe(200);
      expect(res.body.response.data.avatarUrl).toBe('https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=140');
    });

    it.each(['', '%20', '0', '-5', '-0.5', 'abc', '12px', 'Infinity', 'NaN'])('size=%s → 400 { error } naming size', async (size) => {
      const res = await h.http().get(`/user/getUserAvatar?uin=10001&size=${size}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(/^size must be a number greater than 0/);
    });

    it('neither k nor uin → 400 "k or uin is required"', async () => {
      const res = await h.http().get('/user/getUserAvatar?size=100');
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('k or uin is required');
      const empty = await h.http().get('/user/getUserAvatar?k=&uin=');
      expect(empty.status).toBe(400);
      expect(empty.body.error).toBe('k or uin is required');
    });

    it.each([
      ['k=a%26s%3D0', /^k must be/],
      ['k=' + 'a'.repeat(129), /^k must be/],
      ['k=a%20b', /^k must be/],
      ['uin=123abc', /^uin must be a QQ number/],
      ['uin=1%26spec%3D0', /^uin must be a QQ number/],
    ])('rejects %s so nothing is injected into the URL', async (query, message) => {
      const res = await h.http().get(`/user/getUserAvatar?${query}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toMatch(message);
    });

    it('a repeated parameter uses its first value', async () => {
      const byUin = await h.http().get('/user/getUserAvatar?uin=1&uin=2&size=40&size=640');
      expect(byUin.body.response.data.avatarUrl).toBe('https://q.qlogo.cn/headimg_dl?dst_uin=1&spec=40');
      const byK = await h.http().get('/user/getUserAvatar?k=first&k=second');
      expect(byK.body.response.data.avatarUrl).toBe('https://thirdqq.qlogo.cn/g?b=sdk&k=first&s=140');
    });

    it('needs no login cookie (and ignores one if sent)', async () => {
      const res = await h.http().get('/user/getUserAvatar?uin=10001').set('Cookie', COOKIE);
      expect(res.status).toBe(200);
    });
  });
});
