import { randomInt } from 'node:crypto';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { JAY_MID } from '../../fake-upstream/handlers/singers';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { HOMEPAGE, LIKE, libraryUser, SONG_DETAIL, songAt } from '../library/library-fixtures';
import { Harness, startHarness } from '../support/harness';

/**
 * The routes apps call that no Koa service has (docs/legacy.md "App routes"): WQTY-MASTER/tiaolv-music's write and
 * follow-state routes and jsososo's /song, the same body in both shapes; and the /user/ reads without `uin`
 * (DelicateDuck582/SPlayer), including their cached answers dropped by the account's writes.
 */
const CONCERN = 'Concern.ConcernSystemServer.cgi_concern_user_v2';
const FOLLOWED = '/rsc/fcgi-bin/fcg_order_singer_getlist.fcg';

/** A uin of this run: cached answers in a shared Redis outlive a run, and the key is made of the account. */
const runUin = () => String(randomInt(40_000_000, 49_999_999));
const cookieOf = (uin: string) => `uin=o0${uin}; qqmusic_uin=${uin}; qqmusic_key=Q_H_L_app${uin}; p_skey=pskey${uin}`;

describe.each([
  ['legacy', { RESPONSE_SHAPE: 'legacy' }],
  ['normalised', {}],
] as const)('app routes (%s shape)', (_shape, env) => {
  let h: Harness;
  let uin: string;
  let cookie: string;
  beforeAll(async () => {
    h = await startHarness({ env: { ...env } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    uin = runUin();
    cookie = cookieOf(uin);
    addFakeUser(h.fake.state, libraryUser(uin, 'App', Number(uin) * 10));
  });
  const clearLog = () => void (h.fake.requests.length = 0);
  /** `anonymous`: no cookie at all. */
  const post = (path: string, body: object, anonymous = false) => {
    const req = h.http().post(path).send(body);
    return anonymous ? req : req.set('Cookie', cookie);
  };
  const subscription = async (mid: string) =>
    (await h.http().get('/user/getSingerSubscription').query({ singermid: mid }).set('Cookie', cookie).expect(200)).body;

  it('follows a singer, and getSingerSubscription reads it back from the followed-singers list', async () => {
    expect(await subscription(JAY_MID)).toEqual({ response: { code: 0, req_1: { code: 0, data: { map_singer_status: { [JAY_MID]: 0 } } } } });
    const read = h.fake.requestsTo('c', FOLLOWED);
    expect(read.map((r) => [r.query.uin, r.query.page, r.query.perpage])).toEqual([[uin, '1', '100']]);
    clearLog();

    const res = await post('/user/setSingerSubscription', { singermid: JAY_MID, subscribed: true }).expect(200);
    expect(res.body).toEqual({ response: { code: 0, data: { singermid: JAY_MID, subscribed: true } } });
    const [follow] = h.fake.musicuCalls(CONCERN);
    expect(follow.param).toMatchObject({ opertype: 0, userinfo: { usertype: 1, userid: JAY_MID } });
    expect(await subscription(JAY_MID)).toEqual({ response: { code: 0, req_1: { code: 0, data: { map_singer_status: { [JAY_MID]: 1 } } } } });

    await post('/user/setSingerSubscription', { singermid: JAY_MID, subscribed: 'false' }).expect(200);
    expect(h.fake.musicuCalls(CONCERN).map((c) => c.param.opertype)).toEqual([0, 1]);
    expect((await subscription(JAY_MID)).response.req_1.data.map_singer_status[JAY_MID]).toBe(0);
  });

  it('likes a song by mid: the song\'s id from its detail, then the write to the liked list', async () => {
    const song = songAt(0);
    const res = await post('/user/setSongFavorite', { mid: song.mid, liked: true }).expect(200);
    expect(res.body).toEqual({ response: { code: 0, data: { songmid: song.mid, songid: song.id, liked: true } } });
    expect(h.fake.musicuCalls(SONG_DETAIL)[0].param).toMatchObject({ song_mid: song.mid });
    const [write] = h.fake.musicuCalls(LIKE);
    expect(write.param).toMatchObject({ dirId: 201, v_songInfo: [{ songId: song.id, songType: 0 }] });
    expect(write.request.cookie).toBe(cookie);
  });

  it('collects a playlist by id (a JSON number accepted)', async () => {
    const res = await post('/user/setPlaylistSubscription', { id: Number(GENUINE_DISSTID), subscribed: true }).expect(200);
    expect(res.body).toEqual({ response: { code: 0, data: { id: GENUINE_DISSTID, subscribed: true } } });
    expect(h.fake.musicuCalls('music.musicasset.PlaylistFavWrite')[0]).toMatchObject({ method: 'FavPlaylist', param: { v_playlistId: [Number(GENUINE_DISSTID)] } });
  });

  it('answers /song as jsososo/QQMusicApi does, from the song detail', async () => {
    const song = songAt(1);
    const res = await h.http().get('/song').query({ songmid: song.mid }).expect(200);
    expect(res.body).toEqual({ result: 100, data: expect.objectContaining({ track_info: expect.objectContaining({ mid: song.mid, id: song.id }) }) });
    expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param.song_mid)).toEqual([song.mid]);
  });

  it('refuses a write without a login and bad input with 400 naming the parameter, before any upstream call', async () => {
    const anon = await post('/user/setSongFavorite', { mid: songAt(0).mid, liked: true }, true).expect(401);
    expect(anon.body.errorCode).toBe('LOGIN_REQUIRED');
    for (const [path, body, message] of [
      ['/user/setSongFavorite', { mid: songAt(0).mid }, 'liked is required'],
      ['/user/setSongFavorite', { mid: 'a b', liked: true }, 'mid must be a song MID'],
      ['/user/setSingerSubscription', { singermid: JAY_MID, subscribed: 'yes' }, 'subscribed must be true or false'],
      ['/user/setPlaylistSubscription', { id: 'x1', subscribed: true }, 'id must be a playlist id'],
    ] as const) {
      const res = await post(path, body).expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining(message), errorCode: 'BAD_REQUEST' });
    }
    const noMid = await h.http().get('/song').expect(400);
    expect(noMid.body.error).toContain('songmid is required');
    const noSinger = await h.http().get('/user/getSingerSubscription').set('Cookie', cookie).expect(400);
    expect(noSinger.body.error).toContain('singermid is required');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('reads the account of the cookie when uin is absent; no cookie at all is 401 without an upstream call', async () => {
    const res = await h.http().get('/user/getUserDetail').set('X-Custom-Cookie', cookie).expect(200);
    expect(JSON.stringify(res.body)).toContain('App');
    expect(h.fake.requestsTo('c6', HOMEPAGE).map((r) => r.query.userid)).toEqual([uin]);
    await h.http().get('/user/getUserPlaylists').set('X-Custom-Cookie', cookie).expect(200);
    await h.http().get('/user/getUserFollowSingers').query({ limit: '5' }).set('X-Custom-Cookie', cookie).expect(200);
    expect(h.fake.requestsTo('c', FOLLOWED).map((r) => r.query.uin)).toEqual([uin]);
    clearLog();

    const anon = await h.http().get('/user/getUserLikedSongs').expect(401);
    expect(anon.body.errorCode).toBe('LOGIN_REQUIRED');
    const noAccount = await h.http().get('/user/getUserDetail').set('X-Custom-Cookie', 'qqmusic_key=Q_H_L_nouin').expect(401);
    expect(noAccount.body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.requests).toHaveLength(0);
  });
});

describe('a /user/ read without uin is cached as the account\'s and dropped by its writes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('a like through /user/setSongFavorite shows in the next getUserLikedSongs without uin', async () => {
    const uin = runUin();
    const cookie = cookieOf(uin);
    addFakeUser(h.fake.state, libraryUser(uin, 'Cached', Number(uin) * 10));
    const liked = async () => (await h.http().get('/user/getUserLikedSongs').set('Cookie', cookie).expect(200));
    expect((await liked()).body.data.total).toBe(12);
    const hit = await liked();
    expect(hit.headers['x-cache']).toBe('HIT');

    await h.http().post('/user/setSongFavorite').set('Cookie', cookie).send({ mid: songAt(0).mid, liked: true }).expect(200);
    const after = await liked();
    expect(after.headers['x-cache']).not.toBe('HIT');
    expect(after.body.data.total).toBe(13);
  });
});
