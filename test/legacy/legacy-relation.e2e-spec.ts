import { expireFakeKey } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';

const KEY = 'Q_H_L_5fakeMusicKeyAbc123';
const COOKIE = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY}; qm_keyst=${KEY}`;
const RELATION = 'music.concern.RelationList';
const JAY = '0025NhlN2yWrP4';

/**
 * GET /getRelationList (the Koa project's fork, Yuuz12/qq-music-api): music.concern.RelationList in both shapes; and
 * the older CGI forms /user/getUserFollowSingers, /user/getUserFollowUsers, /user/getUserFans, whose legacy answer is
 * the CGI's own, as the Koa qq-music-api passes it through.
 */
describe('relation lists (e2e)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const get = (path: string, query: Record<string, string>, headers: Record<string, string> = {}) => h.http().get(path).query(query).set(headers);

  describe('GET /getRelationList', () => {
    it('defaults: fans of the cookie\'s own account (HostUin ""), From 0, Size 30, key req_0', async () => {
      const res = await get('/getRelationList', {}, { 'X-Custom-Cookie': COOKIE }).expect(200);
      expect(res.body.data).toEqual({
        type: 'fans',
        from: 0,
        size: 30,
        hasMore: false,
        list: [{ mid: '', encUin: 'owSfoKEq10003oz', name: 'Carol', desc: '', avatarUrl: expect.stringContaining('fakeKey10003'), fanNum: 0, isFollow: false }],
      });
      const calls = h.fake.musicuCalls(`${RELATION}.GetFansList`);
      expect(calls).toHaveLength(1);
      expect(calls[0].key).toBe('req_0');
      expect(calls[0].param).toEqual({ From: 0, Size: 30, HostUin: '' });
      expect(calls[0].request.cookie).toBe(COOKIE);
    });

    it('follow_singer of another account by hostUin, paged', async () => {
      const res = await get('/getRelationList', { type: 'follow_singer', from: '1', size: '1', hostUin: 'owSfoKEq10001oz', cookie: COOKIE }).expect(200);
      expect(res.body.data).toMatchObject({ type: 'follow_singer', from: 1, size: 1, hasMore: false, list: [{ mid: '001fNHEf1SFEFN', name: 'G.E.M. 邓紫棋', isFollow: true }] });
      expect(h.fake.musicuCalls(`${RELATION}.GetFollowSingerList`)[0].param).toEqual({ From: 1, Size: 1, HostUin: 'owSfoKEq10001oz' });
    });

    it('follow_user: GetFollowUserList', async () => {
      const res = await get('/getRelationList', { type: 'follow_user', cookie: COOKIE }).expect(200);
      expect(res.body.data.list).toEqual([expect.objectContaining({ encUin: 'owSfoKEq10002oz', name: 'Bob' })]);
      expect(h.fake.musicuCalls(`${RELATION}.GetFollowUserList`)).toHaveLength(1);
    });

    it('legacy shape: { response: { code, req_0 } } as the fork answers', async () => {
      const res = await get('/getRelationList', { type: 'follow_singer', cookie: COOKIE, shape: 'legacy' }).expect(200);
      expect(res.body).toEqual({
        response: {
          code: 0,
          req_0: { code: 0, data: { List: [expect.objectContaining({ MID: JAY, Name: '周杰伦' }), expect.objectContaining({ MID: '001fNHEf1SFEFN' })], HasMore: false } },
        },
      });
      expect(h.fake.musicuCalls(`${RELATION}.GetFollowSingerList`)[0].param).toEqual({ From: 0, Size: 30, HostUin: '' });
    });

    it('no cookie at all: 401 LOGIN_REQUIRED, no upstream call', async () => {
      const res = await get('/getRelationList', { type: 'fans' }).expect(401);
      expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
      expect(h.fake.musicuCalls(`${RELATION}.GetFansList`)).toHaveLength(0);
    });

    it('an expired key (code 1000 on the key): 401 LOGIN_EXPIRED with upstreamCode, no cookie in the body', async () => {
      expireFakeKey(h.fake.state, KEY);
      const res = await get('/getRelationList', { cookie: COOKIE }).expect(401);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(JSON.stringify(res.body)).not.toContain(KEY);
      expect(h.fake.musicuCalls(`${RELATION}.GetFansList`)).toHaveLength(1);
    });

    it.each([
      [{ type: 'friends' }, 'type must be one of follow_singer, follow_user, fans'],
      [{ from: '-1' }, 'from must be between 0 and 10000'],
      [{ size: '0' }, 'size must be between 1 and 100'],
      [{ size: '101' }, 'size must be between 1 and 100'],
      [{ size: 'ten' }, 'size must be an integer'],
      [{ hostUin: 'a b' }, 'hostUin must be an encrypted uin (letters, digits, _ - *)'],
    ])('400 naming the parameter: %j', async (query, message) => {
      const res = await get('/getRelationList', { ...query, cookie: COOKIE }).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(JSON.stringify(res.body)).toContain(message);
      expect(h.fake.musicuCalls()).toHaveLength(0);
    });
  });

  describe('the older CGI forms answer the CGI\'s own body in the legacy shape', () => {
    it('/user/getUserFollowSingers: fcg_order_singer_getlist.fcg', async () => {
      const res = await get('/user/getUserFollowSingers', { uin: '10001', cookie: COOKIE, shape: 'legacy' }).expect(200);
      const [req] = h.fake.requestsTo('c', '/rsc/fcgi-bin/fcg_order_singer_getlist.fcg');
      expect(req.query).toMatchObject({ uin: '10001', page: '1' });
      expect(res.body).toEqual({ response: { code: 0, subcode: 0, num: 2, list: [expect.objectContaining({ mid: JAY, name: '周杰伦' }), expect.objectContaining({ mid: '001fNHEf1SFEFN' })] } });
    });

    it.each([
      ['/user/getUserFollowUsers', undefined, 'Bob', 'owSfoKEq10002oz'],
      ['/user/getUserFans', '1', 'Carol', 'owSfoKEq10003oz'],
    ])('%s: friend_follow_or_listen_list.fcg (is_listen %s)', async (path, isListen, nick, euin) => {
      const res = await get(path, { uin: '10001', cookie: COOKIE, shape: 'legacy' }).expect(200);
      const [req] = h.fake.requestsTo('c', '/rsc/fcgi-bin/friend_follow_or_listen_list.fcg');
      expect(req.query.uin).toBe('10001');
      expect(req.query.is_listen).toBe(isListen);
      expect(res.body).toEqual({ response: { code: 0, subcode: 0, num: 1, list: [expect.objectContaining({ nick, encrypt_uin: euin })] } });
    });
  });
});
