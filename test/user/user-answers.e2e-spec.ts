import { rmSync } from 'node:fs';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { type Harness, startHarness } from '../support/harness';

/**
 * The branches of the user, credential and cookie answers the documented examples leave out (decision 021): no
 * liked entry (null), an account without playlists (`message`), no stored login (nulls, `{ set: false }`), and the
 * legacy bodies the user adapters build.
 */
const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const COOKIE = 'uin=o0010001; qqmusic_key=Q_H_L_5fakeMusicKeyAbc123';
const ADMIN = 'user-answers-admin-token-0123456789';

describe('user answers match their declared schemas beyond the examples', () => {
  let h: Harness;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: ADMIN } });
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const get = (path: string, query: Record<string, string> = {}) => h.http().get(path).query(query).set('X-Admin-Token', ADMIN);

  it('no liked entry: liked null in the detail and the liked list; the legacy liked list without `info`', async () => {
    h.fake.fault({ kind: 'status', status: 200, body: JSON.stringify({ code: 0, data: { creator: { nick: 'Zed' }, mymusic: [] } }) }, { host: 'c6', path: HOMEPAGE });
    const detail = await get('/user/getUserDetail', { uin: '10001', cookie: COOKIE }).expect(200);
    expect(detail.body.data.liked).toBeNull();
    expect(validate('GET /user/getUserDetail', detail.body)).toEqual([]);
    const liked = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE }).expect(200);
    expect(liked.body.data).toEqual({ liked: null, total: 0 });
    expect(validate('GET /user/getUserLikedSongs', liked.body)).toEqual([]);
    const legacy = await get('/user/getUserLikedSongs', { uin: '10001', cookie: COOKIE, shape: 'legacy' }).expect(200);
    expect(validate('GET /user/getUserLikedSongs', legacy.body, { legacy: true })).toEqual([]);
    expect(h.fake.requestsTo('c6', HOMEPAGE)).toHaveLength(3);
  });

  it('an account without playlists: `message`, in both shapes', async () => {
    const normal = await get('/user/getUserPlaylists', { uin: '10002', cookie: COOKIE }).expect(200);
    expect(normal.body.data).toMatchObject({ playlists: [], total: 0, message: expect.any(String) });
    expect(validate('GET /user/getUserPlaylists', normal.body)).toEqual([]);
    const legacy = await get('/user/getUserPlaylists', { uin: '10002', cookie: COOKIE, shape: 'legacy' }).expect(200);
    expect(validate('GET /user/getUserPlaylists', legacy.body, { legacy: true })).toEqual([]);
    expect(h.fake.requestsTo('c6', HOMEPAGE).map((r) => r.query.uin)).toEqual(['10002', '10002']);
  });

  it('the legacy playlists carry `subtitle`, `songnum` and `song_cnt` as declared', async () => {
    const legacy = await get('/user/getUserPlaylists', { uin: '10001', cookie: COOKIE, shape: 'legacy', limit: '3' }).expect(200);
    expect(legacy.body.response.data.playlists).toHaveLength(3);
    expect(validate('GET /user/getUserPlaylists', legacy.body, { legacy: true })).toEqual([]);
    const extra = { ...legacy.body, response: { ...legacy.body.response, data: { ...legacy.body.response.data, extra: 1 } } };
    expect(validate('GET /user/getUserPlaylists', extra, { legacy: true })).not.toEqual([]);
    expect(h.fake.requestsTo('c6', HOMEPAGE)).toHaveLength(1);
  });

  it('no stored login: the credential status with its nulls, and `{ set: false }`', async () => {
    const status = await get('/user/credential/status').expect(200);
    expect(status.body.data).toMatchObject({ present: false, loginType: null, uin: null, expiresAt: null, lastRefresh: null, needsLogin: true });
    expect(validate('GET /user/credential/status', status.body)).toEqual([]);
    const cookie = await get('/user/getCookie').expect(200);
    expect(cookie.body.data).toEqual({ set: false });
    expect(validate('GET /user/getCookie', cookie.body)).toEqual([]);
    expect(h.fake.requests).toHaveLength(0);
  });
});
