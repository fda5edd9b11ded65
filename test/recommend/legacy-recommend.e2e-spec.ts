import { dailyIdOf } from '../../fake-upstream/handlers/recommend';
import { Harness, startHarness } from '../support/harness';

const FEED = 'music.recommend.RecommendFeed.get_recommend_feed';
const DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';
const GUESS = 'music.radioProxy.MbTrackRadioSvr.get_radio_track';
const STATION = 'pf.radiosvr.GetRadiosonglist';
const DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const RELATED = 'music.recommend.TrackRelationServer.GetRelatedPlaylist';
const MVS = 'MvService.MvInfoProServer.GetSongRelatedMv';
const KEY = 'Q_H_L_legacyKey1';
const COOKIE = `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${KEY}; qm_keyst=${KEY}`;
const LEGACY = { 'X-Response-Shape': 'legacy' };

describe('The older services\' recommendation routes', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const get = (path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) =>
    h.http().get(path).query(query).set(headers);

  it('/getDailyRecommend: the daily songs; legacy `recommend` = the feed\'s key, `dailyPlaylist` = the playlist call\'s answer', async () => {
    const normal = await get('/getDailyRecommend', { cookie: COOKIE }).expect(200);
    const daily = await get('/getDailySongs', { cookie: COOKIE }).expect(200);
    expect(normal.body).toEqual(daily.body);
    const legacy = await get('/getDailyRecommend', { cookie: COOKIE }, LEGACY).expect(200);
    expect(legacy.body.response.code).toBe(0);
    expect(legacy.body.response.recommend.code).toBe(0);
    expect(legacy.body.response.recommend.data.v_shelf[0].v_niche[0].v_card[1]).toMatchObject({ title: '每日30首', id: dailyIdOf(h.fake.state, '10001') });
    expect(legacy.body.response.dailyPlaylist.req_1.data.dirinfo.id).toBe(Number(dailyIdOf(h.fake.state, '10001')));
    expect(h.fake.musicuCalls(FEED).every((c) => c.request.cookie === COOKIE)).toBe(true);
  });

  it('/getDailyPlaylist: the card alone, as the Koa fork answers it; no playlist read; 401 without a cookie', async () => {
    const legacy = await get('/getDailyPlaylist', { cookie: COOKIE }, LEGACY).expect(200);
    const id = dailyIdOf(h.fake.state, '10001');
    expect(legacy.body).toEqual({ response: { code: 0, data: { disstid: id, dissname: '每日30首', picurl: 'https://qpic.y.qq.com/music_cover/daily10001/300' } } });
    const normal = await get('/getDailyPlaylist', { cookie: COOKIE }).expect(200);
    const cover = 'https://qpic.y.qq.com/music_cover/daily10001/300';
    expect(normal.body.data).toEqual({ playlist: { dissid: id, dissname: '每日30首', cover, picurl: cover } });
    expect(h.fake.musicuCalls(DISS)).toHaveLength(0);
    h.fake.reset();
    expect((await get('/getDailyPlaylist', {}, LEGACY).expect(401)).body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('/getPrivateFM: guess you like; legacy key `fm`', async () => {
    const legacy = await get('/getPrivateFM', { cookie: COOKIE }, LEGACY).expect(200);
    expect(legacy.body.response.fm.code).toBe(0);
    expect(legacy.body.response.fm.data.tracks).toHaveLength(10);
    expect(h.fake.musicuCalls(GUESS)[0].param).toMatchObject({ id: 99, num: 10 });
    expect(h.fake.musicuCalls(GUESS)[0].request.cookie).toBe(COOKIE);
  });

  it('/getRadioTrack/:id/:num/:firstplay: the station call\'s code and data, as the Koa fork answers', async () => {
    const legacy = await h.http().get('/getRadioTrack/199/4/1').set(LEGACY).expect(200);
    expect(Object.keys(legacy.body.response)).toEqual(['code', 'data']);
    expect(legacy.body.response.code).toBe(0);
    expect(legacy.body.response.data.tracks).toHaveLength(4);
    expect(h.fake.musicuCalls(STATION)[0].param).toEqual({ id: 199, firstplay: 1, num: 4 });
  });

  it('/getRadioTrack without an id is station 99 (guess you like, as the caller)', async () => {
    const normal = await get('/getRadioTrack', { cookie: COOKIE }).expect(200);
    expect(normal.body.data.tracks).toHaveLength(10);
    expect(h.fake.musicuCalls(GUESS)[0].param).toMatchObject({ id: 99, num: 10 });
    const legacy = await get('/getRadioTrack', { cookie: COOKIE, num: '3' }, LEGACY).expect(200);
    expect(legacy.body.response.data.tracks).toHaveLength(3);
    expect((await get('/getRadioTrack', { firstplay: '2' }).expect(400)).body.error).toContain('firstplay must be 0 or 1');
  });

  it.each([
    ['1', 'recomPlaylist', 'music.playlist.PlaylistSquare.GetRecommendFeed', (d: any) => d.List.length],
    ['2', 'radio', 'pf.radiosvr.GetRadiolist', (d: any) => d.radio_list.length],
    ['3', 'mv', 'MvService.MvInfoProServer.GetAllocMvInfo', (d: any) => d.list.length],
  ])('/getPersonalRecommend?type=%s: the gateway\'s call under the key `%s`', async (type, key, target, count) => {
    const legacy = await get('/getPersonalRecommend', { type }, LEGACY).expect(200);
    expect(legacy.body.response[key].code).toBe(0);
    expect(count(legacy.body.response[key].data)).toBeGreaterThan(0);
    expect(h.fake.musicuCalls(target)).toHaveLength(1);
    const normal = await get('/getPersonalRecommend', { type }).expect(200);
    const list = normal.body.data.playlists ?? normal.body.data.radioGroups ?? normal.body.data.mvs;
    expect(normal.body.data.type).toBe(Number(type));
    expect(list.length).toBeGreaterThan(0);
  });

  it('/getPersonalRecommend with a type that is no type: 400 naming it', async () => {
    const res = await get('/getPersonalRecommend', { type: '4' }).expect(400);
    expect(res.body.error).toContain('type must be one of 1');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('/getSimilarSongs in the legacy shape: the upstream answer under `similarSong`', async () => {
    const legacy = await get('/getSimilarSongs', { songmid: '0039MnYb0qxYhV' }, LEGACY).expect(200);
    expect(legacy.body.response.similarSong.code).toBe(0);
    expect(legacy.body.response.similarSong.data.vecSong[0].track.mid).toEqual(expect.any(String));
  });

  it('/getRelatedPlaylists?songid=: no MID resolution, `lastId` as the one shown; legacy key `gedan`', async () => {
    const legacy = await get('/getRelatedPlaylists', { songid: '97773', lastId: '7100000010', sin: '5', songType: '1' }, LEGACY).expect(200);
    expect(legacy.body.response.gedan.data.vecPlaylist[0].tid).toBe(7100000011);
    expect(h.fake.musicuCalls(RELATED)[0].param).toEqual({ songid: 97773, songtype: 0, vecPlaylist: [7100000010] });
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(0);
    const normal = await get('/getRelatedPlaylists', { songid: '97773' }).expect(200);
    expect(normal.body.data.playlists[0].dissid).toBe('7100000010');
    expect((await get('/getRelatedPlaylists').expect(400)).body.error).toContain('songid is required');
  });

  it('/getRelatedMv?songid=&limit=: GetSongRelatedMv with `num`; legacy key `video`', async () => {
    const legacy = await get('/getRelatedMv', { songid: '97773', limit: '2', songtype: '1', lastmvid: '0' }, LEGACY).expect(200);
    expect(legacy.body.response.video.data.list).toHaveLength(2);
    expect(h.fake.musicuCalls(MVS)[0].param).toEqual({ songid: '97773', songtype: 1, lastmvid: 0, num: 2 });
    expect((await get('/getRelatedMv', { songid: 'abc' }).expect(400)).body.error).toContain('songid must be a numeric song id');
  });
});
