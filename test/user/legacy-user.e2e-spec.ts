import { hash33 } from '../../src/common/cookie';
import { qqConfirm, qqExpire, wxConfirm } from '../../fake-upstream/handlers/login';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

const KEY = 'Q_H_L_5fakeMusicKeyAbc123';
const COOKIE = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY}; qm_keyst=${KEY}`;
const ADMIN = 'legacy-user-admin-token-0123456789';
const SECRET_COOKIE = 'uin=o0123456789; qqmusic_key=Q_H_L_getsetsecret; qm_keyst=Q_H_L_getsetsecret';

/**
 * What client apps of the older qq-music-api read from the user and login routes (docs/legacy.md): the playlists'
 * song count, the login check's `session`, the query-string forms of the login check and of /user/setCookie.
 */
describe('Legacy shape: user playlists, login checks, GET /user/setCookie, avatar size', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'debug', ADMIN_TOKEN: ADMIN, ALT_LOGIN_POLL_TIMEOUT_MS: '2000' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  describe('GET /user/getUserPlaylists (legacy)', () => {
    it('each playlist carries upstream\'s subtitle and its count as songnum and song_cnt (what Beta-music-player and tiaolv-music read)', async () => {
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', limit: '2', cookie: COOKIE, shape: 'legacy' }).expect(200);
      const playlists = [
        { dissid: '7000001', dissname: 'Alice playlist 1', picurl: 'https://qpic.y.qq.com/music_cover/fake1/300?n=1', subtitle: '1首', songCount: 1, songnum: 1, song_cnt: 1 },
        // no count field upstream: the count comes from the subtitle "2首"
        { dissid: '7000002', dissname: 'Alice playlist 2', picurl: 'https://qpic.y.qq.com/music_cover/fake2/300?n=1', subtitle: '2首', songnum: 2, song_cnt: 2 },
      ];
      // `list`: the same playlists where DelicateDuck582/SPlayer reads them
      expect(res.body).toEqual({ response: { code: 0, data: { playlists, list: playlists, total: 35 } } });
      const normal = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', limit: '2', cookie: COOKIE }).expect(200);
      expect(normal.body.data.playlists[0]).not.toHaveProperty('songnum');
      expect(normal.body.data.playlists[1]).toEqual({
        dissid: '7000002',
        dissname: 'Alice playlist 2',
        cover: 'https://qpic.y.qq.com/music_cover/fake2/300?n=1',
        picurl: 'https://qpic.y.qq.com/music_cover/fake2/300?n=1',
      });
    });

    it('no count field and no "N首" subtitle: no count is invented under any name', async () => {
      addFakeUser(h.fake.state, {
        uin: '10009',
        creator: { nick: 'Dan', headpic: '', encrypt_uin: 'enc10009' },
        mydiss: [
          { dissid: 7900001, title: 'no subtitle', picurl: 'https://qpic.y.qq.com/music_cover/d1/300?n=1', dirid: 2 },
          { dissid: 7900002, title: 'odd subtitle', subtitle: 'by Dan', dirid: 3 },
        ],
      });
      const cookie = COOKIE.replace(/10001/g, '10009');
      const res = await h.http().get('/user/getUserPlaylists').query({ uin: '10009', cookie, shape: 'legacy' }).expect(200);
      expect(res.body.response.data.playlists).toEqual([
        { dissid: '7900001', dissname: 'no subtitle', picurl: 'https://qpic.y.qq.com/music_cover/d1/300?n=1' },
        { dissid: '7900002', dissname: 'odd subtitle', subtitle: 'by Dan' },
      ]);
    });
  });

  describe('POST /checkQQLoginQr and aliases (legacy session: the references\' object wins, docs/legacy.md)', () => {
    const newQr = async () => (await h.http().get('/getQQLoginQr').expect(200)).body as { ptqrtoken: string; qrsig: string };

    it.each(['/checkMainLoginQr', '/checkQQLoginQr', '/user/checkQQLoginQr'])(
      '%s: `session` is the object { loginUin, uin, cookie, cookieList, cookieObject } at the top level, no `response` key',
      async (path) => {
        const { qrsig, ptqrtoken } = await newQr();
        qqConfirm(h.fake.state, qrsig);
        const res = await h.http().post(path).set('X-Response-Shape', 'legacy').send({ qrsig, ptqrtoken }).expect(200);
        expect(res.headers['x-response-shape']).toBe('legacy');
        expect(Object.keys(res.body).sort()).toEqual(['isOk', 'message', 'session']);
        const { session } = res.body;
        expect(Object.keys(session).sort()).toEqual(['cookie', 'cookieList', 'cookieObject', 'loginUin', 'uin']);
        // sansenjian/Luo-Music reads payload.session.cookie; a Python client reads (body.response or body).session.cookie
        const forPython = res.body.response ?? res.body;
        expect(forPython.session.cookie).toEqual(expect.stringContaining('qqmusic_key='));
        expect(session.uin).toMatch(/^o\d+$/);
      },
    );

    it('poll states stay at the top level too', async () => {
      const { qrsig } = await newQr();
      const waiting = await h.http().post('/checkQQLoginQr?shape=legacy').send({ qrsig }).expect(200);
      expect(waiting.body).toMatchObject({ isOk: false, refresh: false });
      expect(waiting.body).not.toHaveProperty('response');
      qqExpire(h.fake.state, qrsig);
      const expired = await h.http().post('/checkQQLoginQr?shape=legacy').send({ qrsig }).expect(200);
      expect(expired.body).toMatchObject({ isOk: false, refresh: true });
    });
  });

  describe('login check with ptqrtoken / qrsig (uuid) in the query string and no body (sansenjian/Luo-Music)', () => {
    it('POST /user/checkQQLoginQr?ptqrtoken=…&qrsig=… (no body) polls and logs in; the body wins when it has the field', async () => {
      const { qrsig, ptqrtoken } = (await h.http().get('/user/getQQLoginQr').expect(200)).body;
      const waiting = await h.http().post('/user/checkQQLoginQr').query({ ptqrtoken, qrsig }).expect(200);
      expect(waiting.body).toMatchObject({ isOk: false, refresh: false });
      const [poll] = h.fake.requestsTo('ptlogin', '/ptqrlogin');
      expect(poll.query.ptqrtoken).toBe(String(hash33(qrsig)));
      // axios `post(url, null, { params })` sends an empty form-typed body
      qqConfirm(h.fake.state, qrsig);
      const done = await h.http().post('/user/checkQQLoginQr').query({ ptqrtoken, qrsig }).set('Content-Type', 'application/x-www-form-urlencoded').set('Content-Length', '0').expect(200);
      expect(done.body).toMatchObject({ isOk: true, session: { cookie: expect.stringContaining('qqmusic_key=') } });
      // a body field wins over the query's: a wrong query qrsig is not read
      const other = (await h.http().get('/getQQLoginQr').expect(200)).body;
      const res = await h.http().post('/checkQQLoginQr').query({ qrsig: 'bogus value' }).send({ qrsig: other.qrsig }).expect(200);
      expect(res.body.isOk).toBe(false);
    });

    it('the query values are validated like the body\'s: a ptqrtoken that does not match qrsig, or none at all → 400', async () => {
      const { qrsig } = (await h.http().get('/getQQLoginQr').expect(200)).body;
      const bad = await h.http().post('/checkQQLoginQr').query({ qrsig, ptqrtoken: '12345' }).expect(400);
      expect(bad.body.errorCode).toBe('BAD_REQUEST');
      expect(bad.body.error).toMatch(/ptqrtoken/);
      const none = await h.http().post('/checkQQLoginQr').expect(400);
      expect(none.body.error).toBe('qrsig is required');
      expect(h.fake.requestsTo('ptlogin', '/ptqrlogin')).toHaveLength(0);
    });

    it('POST /checkWXLoginQr?uuid=… (no body) reads the uuid', async () => {
      const { uuid } = (await h.http().get('/getWXLoginQr').expect(200)).body;
      wxConfirm(h.fake.state, uuid);
      const res = await h.http().post('/checkWXLoginQr').query({ uuid }).expect(200);
      expect(res.body).toMatchObject({ isOk: true, errcode: 405 });
    });
  });

  describe('GET /user/setCookie (fakermybreathe-oss/MuseSync syncs its login with it)', () => {
    it('stores ?cookie= (or the references\' ?data=) under the POST\'s rules, and the value never reaches a log line', async () => {
      const set = await h.http().get('/user/setCookie').query({ cookie: SECRET_COOKIE }).set('X-Admin-Token', ADMIN).expect(200);
      expect(set.body).toEqual({ code: 0, msg: 'ok', data: { set: true, uin: expect.stringMatching(/^12\*+89$/), names: ['qm_keyst', 'qqmusic_key', 'uin'], hasMusicKey: true } });
      expect(JSON.stringify(set.body)).not.toContain('getsetsecret');
      const stored = await h.http().get('/user/getCookie').set('Authorization', `Bearer ${ADMIN}`).expect(200);
      expect(stored.body.data).toEqual(set.body.data);
      await h.http().get('/user/setCookie').query({ data: SECRET_COOKIE.replace('getsetsecret', 'datasecret') }).set('X-Admin-Token', ADMIN).expect(200);
      const all = logs.join('\n');
      expect(all).toContain('/user/setCookie?cookie=[Redacted]');
      expect(all).toContain('/user/setCookie?data=[Redacted]');
      expectNoSecretInLogs(logs, ['getsetsecret', 'datasecret', 'qqmusic_key%3D']);
    });

    it('needs the admin token (401, nothing stored), and refuses an empty or malformed cookie (400)', async () => {
      const before = (await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN).expect(200)).body.data;
      const refused = await h.http().get('/user/setCookie').query({ cookie: 'uin=o0555; qqmusic_key=Q_H_L_notoken' }).expect(401);
      expect(refused.body.errorCode).toBe('ADMIN_TOKEN_REQUIRED');
      for (const query of [{}, { cookie: '' }, { cookie: '   ' }]) {
        const res = await h.http().get('/user/setCookie').query(query).set('X-Admin-Token', ADMIN).expect(400);
        expect(res.body).toEqual({ error: 'cookie is required (query `cookie` or `data`)', errorCode: 'BAD_REQUEST' });
      }
      const noPairs = await h.http().get('/user/setCookie').query({ cookie: 'justtext' }).set('X-Admin-Token', ADMIN).expect(400);
      expect(noPairs.body.error).toMatch(/name=value/);
      expect((await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN).expect(200)).body.data).toEqual(before);
      expectNoSecretInLogs(logs, ['notoken']);
    });
  });

  describe('GET /user/getUserAvatar: an empty or non-positive size is a 400 in both shapes', () => {
    it.each(['', '0', '-1'])('size=%j → 400 naming size', async (size) => {
      for (const shape of ['normalised', 'legacy']) {
        const res = await h.http().get(`/user/getUserAvatar?uin=10001&size=${size}&shape=${shape}`).expect(400);
        expect(res.body).toEqual({ error: 'size must be a number greater than 0 (supported sizes: 40, 100, 140, 640)', errorCode: 'BAD_REQUEST' });
      }
    });
  });
});

describe('GET /user/setCookie without ADMIN_TOKEN', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('does not exist (404), like the POST', async () => {
    const res = await h.http().get('/user/setCookie').query({ cookie: SECRET_COOKIE }).expect(404);
    expect(res.body).toEqual({ error: 'Cannot GET /user/setCookie', errorCode: 'NOT_FOUND' });
  });
});
