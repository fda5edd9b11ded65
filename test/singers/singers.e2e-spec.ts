import { issuedAndroidComm } from '../support/identity';
import { syntheticMid } from '../../fake-upstream/catalog';
import { fixture } from '../../fake-upstream/fixtures';
import {
  FAKE_ALBUM_TOTAL,
  FAKE_MV_TOTAL,
  FAKE_SONG_TOTAL,
  JAY_MID,
  SINGER_LIST_FIXTURE,
  singersState,
} from '../../fake-upstream/handlers/singers';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const LIST = 'music.musichallSinger.SingerList.GetSingerListIndex';
const LIST_LEGACY = 'Music.SingerListServer.get_singer_list';
const SONGS = 'musichall.song_list_server.GetSingerSongList';
const ALBUMS = 'music.musichallAlbum.AlbumListServer.GetAlbumList';
const MVS = 'MvService.MvInfoProServer.GetSingerMvList';
const SIMILAR = 'music.SimilarSingerSvr.GetSimilarSingerList';
const DESC_PATH = '/splcloud/fcgi-bin/fcg_get_singer_desc.fcg';
const STAR_PATH = '/rsc/fcgi-bin/fcg_order_singer_getnum.fcg';

const genuineSingers = () => fixture(SINGER_LIST_FIXTURE).singerList.data.singerlist as any[];
describe('singer endpoints', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const expectMusicuRequest = (call: { request: any }) => {
    expect(call.request.host).toBe('u.y.qq.com');
    expect(call.request.path).toBe('/cgi-bin/musicu.fcg');
    expect(call.request.method).toBe('POST');
    expect(call.request.comm).toMatchObject({ ct: 24, cv: 4747474 });
  };

  describe('GET /getSingerList', () => {
    it('defaults to all/all/all, page 0, limit 20: one upstream page, the first 20 genuine singers', async () => {
      const res = await h.http().get('/getSingerList').expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data.total).toBe(23846);
      const genuine = genuineSingers();
      expect(res.body.data.singers).toHaveLength(20);
      expect(res.body.data.singers[0]).toEqual({
        singerName: '周杰伦',
        singerMID: '0025NhlN2yWrP4',
        singerPic: 'http://y.gtimg.cn/music/photo_new/T001R150x150M0000025NhlN2yWrP4.webp',
      });
      expect(res.body.data.singers.map((s: any) => s.singerMID)).toEqual(genuine.slice(0, 20).map((s) => s.singer_mid));
      const calls = h.fake.musicuCalls(LIST);
      expect(calls).toHaveLength(1);
      expectMusicuRequest(calls[0]);
      expect(calls[0].param).toEqual({ area: -100, sex: -100, genre: -100, index: -100, sin: 0, cur_page: 1 });
      expect(h.fake.musicuCalls(LIST_LEGACY)).toHaveLength(0);
    });

    it('translates area 2 → 200, sex 1 → 0, genre 1 (pop) → 7 for GetSingerListIndex', async () => {
      const res = await h.http().get('/getSingerList?area=2&sex=1&genre=1').expect(200);
      expect(h.fake.musicuCalls(LIST)[0].param).toMatchObject({ area: 200, sex: 0, genre: 7, index: -100 });
      expect(res.body.data.singers[0].singerName).toContain('a200 s0 g7');
      expect(res.body.data.total).toBe(300);
    });

    it.each(['', '&shape=legacy'])('accepts upstream\'s "all" code -100 for area, sex and genre as -1 (Rain120/qq-music-api clients send it)%s', async (shape) => {
      const res = await h.http().get(`/getSingerList?area=-100&sex=-100&genre=-100&index=-100&sin=0&page=1${shape}`).expect(200);
      expect(h.fake.musicuCalls(LIST)[0].param).toMatchObject({ area: -100, sex: -100, genre: -100, index: -100 });
      const same = await h.http().get(`/getSingerList?area=-1&sex=-1&genre=-1&page=1${shape}`).expect(200);
      if (shape) {
        // the raw musicu envelope carries timestamps; the singers are the same
        expect(res.body.response.singerList.data.singerlist.length).toBeGreaterThan(0);
        expect(res.body.response.singerList).toEqual(same.body.response.singerList);
      } else {
        expect(res.body.data.singers).toHaveLength(20);
        expect(res.body).toEqual(same.body);
      }
    });

    it('translates area 3 → 5 (Western), sex 2 → 1 (female), genre 2 (rock) → 4', async () => {
      await h.http().get('/getSingerList?area=3&sex=2&genre=2').expect(200);
      expect(h.fake.musicuCalls(LIST)[0].param).toMatchObject({ area: 5, sex: 1, genre: 4 });
    });

    it('a window inside one upstream page asks that page only and slices it (page 3 × 20 → upstream page 1, 60..79)', async () => {
      const res = await h.http().get('/getSingerList?page=3&limit=20').expect(200);
      const calls = h.fake.musicuCalls(LIST);
      expect(calls.map((c) => c.param.cur_page)).toEqual([1]);
      expect(res.body.data.singers.map((s: any) => s.singerMID)).toEqual(genuineSingers().slice(60, 80).map((s) => s.singer_mid));
    });

    it('a window across two upstream pages asks both in one envelope and joins them (page 2 × 30 → singers 60..89)', async () => {
      const res = await h.http().get('/getSingerList?page=2&limit=30').expect(200);
      expect(h.fake.requestsTo('u')).toHaveLength(1);
      const calls = h.fake.musicuCalls(LIST);
      expect(calls.map((c) => [c.param.cur_page, c.param.sin])).toEqual([
        [1, 0],
        [2, 80],
      ]);
      const mids = res.body.data.singers.map((s: any) => s.singerMID);
      expect(mids).toHaveLength(30);
      expect(mids.slice(0, 20)).toEqual(genuineSingers().slice(60, 80).map((s) => s.singer_mid));
      expect(mids.slice(20)).toEqual(Array.from({ length: 10 }, (_, i) => syntheticMid(3_000_000 + 80 + i)));
    });

    it('limit 80 on page 5 maps onto upstream page 6 exactly', async () => {
      const res = await h.http().get('/getSingerList?page=5&limit=80').expect(200);
      expect(h.fake.musicuCalls(LIST).map((c) => c.param)).toEqual([
        { area: -100, sex: -100, genre: -100, index: -100, sin: 400, cur_page: 6 },
      ]);
      expect(res.body.data.singers[0].singerMID).toBe(syntheticMid(3_000_400));
      expect(res.body.data.singers).toHaveLength(80);
    });

    it('treats empty parameters as absent and reads the first of a repeated one', async () => {
      await h.http().get('/getSingerList?area=&sex=&genre=&page=&limit=').expect(200);
      expect(h.fake.musicuCalls(LIST)[0].param).toEqual({ area: -100, sex: -100, genre: -100, index: -100, sin: 0, cur_page: 1 });
      h.fake.reset();
      const res = await h.http().get('/getSingerList?area=3&area=2&limit=5&limit=50').expect(200);
      expect(h.fake.musicuCalls(LIST)[0].param.area).toBe(5);
      expect(res.body.data.singers).toHaveLength(5);
    });

    it('past the last singer answers an empty list', async () => {
      singersState(h.fake.state).listTotal = 50;
      const res = await h.http().get('/getSingerList?page=3&limit=20').expect(200);
      expect(res.body.data).toEqual({ singers: [], total: 50 });
    });

    it('falls back to Music.SingerListServer with its own genre codes (pop → 1) on a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallSinger.SingerList' });
      const res = await h.http().get('/getSingerList?genre=1&area=3&sex=2&limit=5').expect(200);
      const [fallback] = h.fake.musicuCalls(LIST_LEGACY);
      expectMusicuRequest(fallback);
      expect(fallback.param).toEqual({ area: 5, sex: 1, genre: 1, index: -100, sin: 0, cur_page: 1 });
      expect(res.body.data.singers).toHaveLength(5);
      expect(res.body.data.singers[0].singerName).toContain('a5 s1 g1');
    });

    it('the fallback maps rock to 2', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallSinger.SingerList' });
      await h.http().get('/getSingerList?genre=2').expect(200);
      expect(h.fake.musicuCalls(LIST_LEGACY)[0].param.genre).toBe(2);
    });

    it('a business error on both modules is a 502 naming the upstream code', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.musichallSinger.SingerList' });
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'Music.SingerListServer' });
      const res = await h.http().get('/getSingerList').expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 });
    });

    it.each([
      ['area=1', 'area'],
      ['area=-101', 'area'],
      ['area=-100.0', 'area'],
      ['sex=-10', 'sex'],
      ['area=200', 'area'],
      ['area=x', 'area'],
      ['sex=0', 'sex'],
      ['sex=3', 'sex'],
      ['genre=7', 'genre'],
      ['genre=3', 'genre'],
      ['page=-1', 'page'],
      ['page=a', 'page'],
      ['limit=0', 'limit'],
      ['limit=81', 'limit'],
    ])('rejects %s with 400 naming %s and asks nothing upstream', async (query, param) => {
      const res = await h.http().get(`/getSingerList?${query}`).expect(400);
      expect(res.body.error).toContain(param);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(h.fake.requests).toHaveLength(0);
    });

    // The type check must speak before the range check (decorators run bottom-up): 'abc' is not "at most 10000".
    it.each([
      ['/getSingerList?page=abc', 'page must be an integer'],
      ['/getSingerList?page=1.5', 'page must be an integer'],
      ['/getSingerList?limit=abc', 'limit must be an integer'],
      ['/getSingerList?page=-1', 'page must be 0 or more'],
      ['/getSingerList?page=10001', 'page must be at most 10000'],
      ['/getSingerList?limit=81', 'limit must be between 1 and 80'],
      [`/getSingerHotsong?singermid=${JAY_MID}&page=abc`, 'page must be an integer'],
      [`/getSingerHotsong?singermid=${JAY_MID}&limit=abc`, 'limit must be an integer'],
      [`/getSingerAlbum?singermid=${JAY_MID}&page=x`, 'page must be an integer'],
      [`/getSingerAlbum?singermid=${JAY_MID}&limit=x`, 'limit must be an integer'],
      [`/getSingerMv?singermid=${JAY_MID}&page=x`, 'page must be an integer'],
      [`/getSingerMv?singermid=${JAY_MID}&limit=x`, 'limit must be an integer'],
      [`/getSingerMv?singermid=${JAY_MID}&page=1001`, 'page must be at most 1000'],
      [`/getSingerHotsong?singermid=${JAY_MID}&page=1001`, 'page must be at most 1000'],
      [`/getSingerHotsong?singermid=${JAY_MID}&limit=101`, 'limit must be between 1 and 100'],
      [`/getSingerAlbum?singermid=${JAY_MID}&page=1001`, 'page must be at most 1000'],
      [`/getSingerAlbum?singermid=${JAY_MID}&limit=0`, 'limit must be between 1 and 100'],
      [`/getSingerMv?singermid=${JAY_MID}&limit=101`, 'limit must be between 1 and 100'],
    ])('%s → 400 "%s"', async (url, error) => {
      const res = await h.http().get(url).expect(400);
      expect(res.body).toEqual({ error, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('maps upstream failures: HTTP 500 → 502, timeout → 504, garbage → 502', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 1 });
      expect((await h.http().get('/getSingerList').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getSingerList').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
      h.fake.fault({ kind: 'garbage' }, { host: 'u', times: 1 });
      expect((await h.http().get('/getSingerList').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    });
  });

  describe('GET /getSingerDesc', () => {
    it('reads the XML CGI into desc, birth, birthPlace, name and the item lists', async () => {
      const res = await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({
        singerMID: JAY_MID,
        desc: expect.stringContaining('周杰伦（Jay Chou）'),
        birth: '1979-01-18',
        birthPlace: '台湾省新北市',
        name: '周杰伦',
      });
      expect(res.body.data.basic).toEqual(expect.arrayContaining([{ key: '外文名', value: 'Jay Chou' }]));
      expect(res.body.data.other).toEqual([{ key: '代表作品', value: '七里香、晴天' }]);
      const [req] = h.fake.requestsTo('c', DESC_PATH);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.method).toBe('GET');
      expect(req.query).toMatchObject({ singermid: JAY_MID, format: 'xml', outCharset: 'utf-8', utf8: '1' });
      expect(Number(req.query.r)).toBeGreaterThan(1_600_000_000_000);
      expect(req.headers.referer).toBe('https://y.qq.com/');
      expect(h.fake.requestsTo('u')).toHaveLength(0);
    });

    it('keeps CDATA markup in desc as text', async () => {
      const res = await h.http().get('/getSingerDesc?singermid=abc123').expect(200);
      expect(res.body.data.desc).toBe('歌手abc123 的简介 <b>&</b>');
      expect(res.body.data.birthPlace).toBe('某地');
    });

    it('an answer without info is empty fields, not an error', async () => {
      singersState(h.fake.state).emptyMids.add('000000000000A0');
      const res = await h.http().get('/getSingerDesc?singermid=000000000000A0').expect(200);
      expect(res.body.data).toEqual({ singerMID: '000000000000A0', desc: '', birth: '', birthPlace: '', name: '', basic: [], other: [] });
    });

    it('malformed XML is a 502', async () => {
      singersState(h.fake.state).descXml = '<result><code>0</code><data><info><desc>x</info></result>';
      const res = await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    });

    it('garbage (not XML at all) is a 502 after the one Referer retry', async () => {
      h.fake.fault({ kind: 'garbage' }, { host: 'c', path: DESC_PATH });
      const res = await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(h.fake.requestsTo('c', DESC_PATH)).toHaveLength(2);
    });

    it('an HTML page (well-formed, but no <result>) is a 502', async () => {
      singersState(h.fake.state).descXml = '<html><body>busy</body></html>';
      expect((await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    });

    it('an XML answer with a non-zero code is a 502 carrying it', async () => {
      singersState(h.fake.state).descXml = '<?xml version="1.0"?><result><code>-100</code></result>';
      const res = await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: -100 });
    });

    it('HTTP 500 twice → 502; a timeout → 504', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: DESC_PATH });
      expect((await h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.clearFaults();
      h.fake.fault({ kind: 'hang' }, { host: 'c', path: DESC_PATH, times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get(`/getSingerDesc?singermid=${JAY_MID}`).expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe.each([
    ['/getSingerDesc'],
    ['/getSingerHotsong'],
    ['/getSingerAlbum'],
    ['/getSingerMv'],
    ['/getSimilarSinger'],
    ['/getSingerStarNum'],
  ])('%s singermid validation', (path) => {
    it.each([
      ['', 'singermid is required'],
      ['?singermid=', 'singermid is required'],
      ['?singermid=%20%20', 'singermid is required'],
      ['?singermid=abc-def', 'singermid must be a singer MID'],
      [`?singermid=${'A'.repeat(33)}`, 'singermid must be a singer MID'],
      ['?singermid=%E5%91%A8', 'singermid must be a singer MID'],
    ])('rejects "%s" with 400 (%s)', async (query, message) => {
      const res = await h.http().get(`${path}${query}`).expect(400);
      expect(res.body.error).toContain(message);
      expect(h.fake.requests).toHaveLength(0);
    });
  });

  describe('GET /getSingerHotsong', () => {
    it('defaults to limit 10, page 0 → number 10, begin 0, and normalises the songs', async () => {
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}`).expect(200);
      const [call] = h.fake.musicuCalls(SONGS);
      expectMusicuRequest(call);
      expect(call.param).toEqual({ singerMid: JAY_MID, order: 1, number: 10, begin: 0 });
      expect(res.body.data.total).toBe(FAKE_SONG_TOTAL);
      expect(res.body.data.songs).toHaveLength(10);
      const first = res.body.data.songs[0];
      expect(first).toEqual({
        songmid: syntheticMid(880_000),
        songid: 880_000,
        songname: 'Song 880000',
        singer: '周杰伦',
        albumName: expect.any(String),
        albumMid: expect.any(String),
        interval: expect.any(Number),
      });
      expect(h.fake.musicuCalls(SONGS)).toHaveLength(1);
    });

    it('begin = page × limit (page 2, limit 7 → begin 14), never negative', async () => {
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&page=2&limit=7`).expect(200);
      expect(h.fake.musicuCalls(SONGS)[0].param).toMatchObject({ number: 7, begin: 14 });
      expect(res.body.data.songs[0].songid).toBe(880_014);
    });

    it('an empty web-comm answer is retried once with the Android comm and UA', async () => {
      singersState(h.fake.state).emptyOnWebComm.add(JAY_MID);
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&limit=3`).expect(200);
      const calls = h.fake.musicuCalls(SONGS);
      expect(calls).toHaveLength(2);
      // the Android comm with the issued identity, replacing the web profile (docs/upstream/README.md "Android retry")
      expect(calls[1].request.comm).toEqual(issuedAndroidComm());
      expect(calls[1].request.headers['user-agent']).toMatch(/^QQMusic 14090008\(android/);
      expect(calls[1].param).toEqual(calls[0].param);
      expect(res.body.data.songs).toHaveLength(3);
    });

    it('an unknown singer answers an empty list (after the one Android retry)', async () => {
      singersState(h.fake.state).emptyMids.add('0000NoSuch');
      const res = await h.http().get('/getSingerHotsong?singermid=0000NoSuch').expect(200);
      expect(res.body.data).toEqual({ singerMID: '0000NoSuch', songs: [], total: 0 });
      expect(h.fake.musicuCalls(SONGS)).toHaveLength(2);
    });

    it('past the last page is an empty list without a retry', async () => {
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&page=5&limit=10`).expect(200);
      expect(res.body.data.songs).toEqual([]);
      expect(res.body.data.total).toBe(FAKE_SONG_TOTAL);
      expect(h.fake.musicuCalls(SONGS)).toHaveLength(1);
    });

    it('falls back to get_singer_detail_info {sort:5, singermid, sin, num} on a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'musichall.song_list_server' });
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&page=1&limit=4`).expect(200);
      const [fallback] = h.fake.musicuCalls('music.web_singer_info_svr.get_singer_detail_info');
      expectMusicuRequest(fallback);
      expect(fallback.param).toEqual({ sort: 5, singermid: JAY_MID, sin: 4, num: 4 });
      expect(res.body.data.total).toBe(FAKE_SONG_TOTAL);
      expect(res.body.data.songs.map((s: any) => s.songid)).toEqual([880_004, 880_005, 880_006, 880_007]);
      expect(res.body.data.songs[0]).toMatchObject({ songmid: syntheticMid(880_004), singer: '周杰伦' });
    });

    it('the fallback defaults to sin 0 (never −5)', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'musichall.song_list_server' });
      await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}`).expect(200);
      expect(h.fake.musicuCalls('music.web_singer_info_svr.get_singer_detail_info')[0].param).toMatchObject({ sin: 0, num: 10 });
    });

    it.each([
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['limit=x', 'limit'],
      ['page=-1', 'page'],
    ])('rejects %s with 400 naming %s', async (query, param) => {
      const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&${query}`).expect(400);
      expect(res.body.error).toContain(param);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('a business error on both calls is a 502; a timeout is a 504 (no fallback)', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'musichall.song_list_server' });
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.web_singer_info_svr' });
      expect((await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}`).expect(502)).body.upstreamCode).toBe(500001);
      h.fake.clearFaults();
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}`).expect(504)).body.errorCode).toBe('UPSTREAM_TIMEOUT');
      expect(h.fake.musicuCalls('music.web_singer_info_svr.get_singer_detail_info')).toHaveLength(1);
    });
  });

  describe('GET /getSingerAlbum', () => {
    it('defaults to limit 10, page 0 and maps the genuine album entries', async () => {
      const res = await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}`).expect(200);
      const [call] = h.fake.musicuCalls(ALBUMS);
      expectMusicuRequest(call);
      expect(call.param).toEqual({ singerMid: JAY_MID, order: 1, number: 10, begin: 0 });
      expect(res.body.data.total).toBe(FAKE_ALBUM_TOTAL);
      expect(res.body.data.albums).toHaveLength(10);
      expect(res.body.data.albums[0]).toEqual({
        albumMid: '001g7BIA0IyPBZ',
        albumName: 'Six Degrees',
        publicTime: '2025-01-10',
        songCount: 0,
        cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000001g7BIA0IyPBZ.jpg',
        // the old names, answered beside the new ones until they are removed
        publishDate: '2025-01-10',
        totalNum: 0,
      });
    });

    it('begin = page × limit (page 1, limit 5 → begin 5)', async () => {
      const res = await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}&page=1&limit=5`).expect(200);
      expect(h.fake.musicuCalls(ALBUMS)[0].param).toMatchObject({ number: 5, begin: 5 });
      expect(res.body.data.albums.map((a: any) => a.albumName)).toEqual(['Album 5', 'Album 6', 'Album 7', 'Album 8', 'Album 9']);
    });

    it("falls back to sansenjian/qq-music-api's keys {sort:5, singermid, begin, num} on a business error", async () => {
      h.fake.fault({ kind: 'business', code: 10006 }, { module: ALBUMS, times: 1 });
      const res = await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}&page=2&limit=3`).expect(200);
      const calls = h.fake.musicuCalls(ALBUMS);
      expect(calls.map((c) => c.param)).toEqual([
        { singerMid: JAY_MID, order: 1, number: 3, begin: 6 },
        { sort: 5, singermid: JAY_MID, begin: 6, num: 3 },
      ]);
      expect(res.body.data.albums.map((a: any) => a.albumName)).toEqual(['Album 6', 'Album 7', 'Album 8']);
    });

    it('a business error on both spellings is a 502', async () => {
      h.fake.fault({ kind: 'business', code: 10006 }, { module: ALBUMS });
      expect((await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}`).expect(502)).body.upstreamCode).toBe(10006);
      expect(h.fake.musicuCalls(ALBUMS)).toHaveLength(2);
    });

    it('no albums → empty list', async () => {
      singersState(h.fake.state).emptyMids.add('0000NoSuch');
      const res = await h.http().get('/getSingerAlbum?singermid=0000NoSuch').expect(200);
      expect(res.body.data).toEqual({ singerMID: '0000NoSuch', albums: [], total: 0 });
    });

    it('rejects limit=101 naming limit; HTTP 500 → 502', async () => {
      expect((await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}&limit=101`).expect(400)).body.error).toContain('limit');
      h.fake.fault({ kind: 'status', status: 503 }, { host: 'u' });
      expect((await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    });
  });

  describe('GET /getSingerMv', () => {
    it('defaults to order listen (upstream 1), limit 10, page 0; most played first', async () => {
      const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}`).expect(200);
      const [call] = h.fake.musicuCalls(MVS);
      expectMusicuRequest(call);
      expect(call.param).toEqual({ singermid: JAY_MID, order: 1, count: 10, start: 0 });
      const mvs = res.body.data.mvs;
      expect(res.body.data.order).toBe('listen');
      expect(res.body.data.total).toBe(FAKE_MV_TOTAL);
      expect(mvs).toHaveLength(10);
      expect(mvs[0]).toEqual({
        vid: expect.stringMatching(/^v00/),
        mvId: expect.any(Number),
        title: expect.stringMatching(/^MV \d+$/),
        cover: expect.stringContaining('y.gtimg.cn'),
        listen_num: expect.any(Number),
        publishDate: expect.any(Number),
        mvid: expect.any(Number),
        pic: expect.stringContaining('y.gtimg.cn'),
        playCount: expect.any(Number),
      });
      const counts = mvs.map((m: any) => m.listen_num);
      expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    });

    it('order=time sends upstream order 0 and honours limit and page', async () => {
      const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&order=time&limit=4&page=1`).expect(200);
      expect(h.fake.musicuCalls(MVS)[0].param).toEqual({ singermid: JAY_MID, order: 0, count: 4, start: 4 });
      const dates = res.body.data.mvs.map((m: any) => m.publishDate);
      expect(dates).toHaveLength(4);
      expect(dates).toEqual([...dates].sort((a: number, b: number) => b - a));
    });

    it.each([['TIME', 0], [' Listen ', 1], ['', 1], ['%20', 1]])('order=%s is read trimmed and in any case; blank is the default (upstream order %i)', async (order, upstreamOrder) => {
      const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&order=${order}`).expect(200);
      expect(h.fake.musicuCalls(MVS)[0].param.order).toBe(upstreamOrder);
      expect(res.body.data.order).toBe(upstreamOrder === 0 ? 'time' : 'listen');
    });

    it.each([['order=hot'], ['order=times'], ['order=1']])('rejects %s with 400 naming order', async (query) => {
      const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&${query}`).expect(400);
      expect(res.body.error).toContain('order');
      expect(h.fake.requests).toHaveLength(0);
    });

    it('no MVs → empty list; a business error → 502', async () => {
      singersState(h.fake.state).emptyMids.add('0000NoSuch');
      expect((await h.http().get('/getSingerMv?singermid=0000NoSuch').expect(200)).body.data.mvs).toEqual([]);
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'MvService.MvInfoProServer' });
      expect((await h.http().get(`/getSingerMv?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_ERROR');
    });
  });

  describe('GET /getSimilarSinger', () => {
    it('asks for 10 similar singers and maps them', async () => {
      const res = await h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(200);
      const [call] = h.fake.musicuCalls(SIMILAR);
      expectMusicuRequest(call);
      expect(call.param).toEqual({ singerMid: JAY_MID, number: 10 });
      expect(res.body.data.singers).toHaveLength(10);
      expect(res.body.data.singers[0]).toEqual({
        singerMID: '001fNHEf1SFEFN',
        singerName: 'G.E.M. 邓紫棋',
        singerPic: 'http://y.gtimg.cn/music/photo_new/T001R150x150M000001fNHEf1SFEFN.webp',
      });
      expect(res.body.data.singers.map((s: any) => s.singerMID)).not.toContain(JAY_MID);
    });

    it('falls back to the CGI fcg_v8_simsinger.fcg on a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.SimilarSingerSvr' });
      const res = await h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(200);
      const [req] = h.fake.requestsTo('c', '/v8/fcg-bin/fcg_v8_simsinger.fcg');
      expect(req.host).toBe('c.y.qq.com');
      expect(req.query).toMatchObject({ singer_mid: JAY_MID, format: 'json', outCharset: 'utf-8', utf8: '1', start: '0', num: '10' });
      expect(res.body.data.singers).toHaveLength(10);
      expect(res.body.data.singers[0]).toEqual({
        singerMID: '001fNHEf1SFEFN',
        singerName: 'G.E.M. 邓紫棋',
        singerPic: 'http://y.gtimg.cn/music/photo_new/T001R150x150M000001fNHEf1SFEFN.webp',
      });
    });

    it('a transport failure of the primary does not fall back', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 1 });
      await h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(502);
      expect(h.fake.requestsTo('c')).toHaveLength(0);
    });

    it('none → empty list; garbage → 502; timeout → 504', async () => {
      singersState(h.fake.state).emptyMids.add('0000NoSuch');
      expect((await h.http().get('/getSimilarSinger?singermid=0000NoSuch').expect(200)).body.data.singers).toEqual([]);
      h.fake.fault({ kind: 'garbage' }, { host: 'u', times: 1 });
      expect((await h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('GET /getSingerStarNum', () => {
    it('reads the fan count from the CGI', async () => {
      const res = await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(200);
      expect(res.body).toEqual({ code: 0, msg: 'ok', data: { singerMID: JAY_MID, fanCount: 3_456_789 } });
      const [req] = h.fake.requestsTo('c', STAR_PATH);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.query).toMatchObject({ singermid: JAY_MID, format: 'json', outCharset: 'utf-8', utf8: '1' });
      expect(Number(req.query.rnd)).toBeGreaterThan(1_600_000_000_000);
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it.each([
      [{ code: 0, concernNum: 42 }, 42],
      [{ code: 0, data: { num: '17' } }, 17],
      [{ code: 0, data: { concernNum: 5 } }, 5],
      [{ code: 0, num: 0 }, 0],
    ])('accepts the field form %j', async (body, expected) => {
      singersState(h.fake.state).starNumBody = body;
      const res = await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(200);
      expect(res.body.data.fanCount).toBe(expected);
    });

    it('an answer without any fan-count field is a 502', async () => {
      singersState(h.fake.state).starNumBody = { code: 0, other: 1 };
      expect((await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    });

    it('a non-zero code: 1000 → 401, others → 502', async () => {
      singersState(h.fake.state).starNumBody = { code: 1000 };
      expect((await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(401)).body.errorCode).toBe('LOGIN_EXPIRED');
      singersState(h.fake.state).starNumBody = { code: -1 };
      expect((await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(502)).body.upstreamCode).toBe(-1);
    });

    it('garbage → 502 after the Referer retry; timeout → 504', async () => {
      h.fake.fault({ kind: 'garbage' }, { host: 'c', path: STAR_PATH });
      expect((await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(h.fake.requestsTo('c', STAR_PATH)).toHaveLength(2);
      h.fake.clearFaults();
      h.fake.fault({ kind: 'hang' }, { host: 'c', path: STAR_PATH, times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });
});
