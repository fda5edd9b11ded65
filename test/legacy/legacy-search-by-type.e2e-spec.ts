import { Harness, startHarness } from '../support/harness';

const SEARCH = 'music.search.SearchCgiService.DoSearchForQQMusicDesktop';
const MOBILE = 'music.search.SearchCgiService.DoSearchForQQMusicMobile';

/**
 * GET /getSearchByType: the route of the Koa project's fork (Yuuz12/qq-music-api), with its parameter names (`t` =
 * upstream search_type 1/2/3/8, `limit` ≤ 30) and, in the legacy shape, its answer `{ response: <musicu answer> }`
 * with the search under `req_search`.
 */
describe('GET /getSearchByType (e2e)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('t=1: singers through the Desktop search (search_type 1), the same items as /getSearchByKey?type=singer', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 1 }).expect(200);
    const byKey = await h.http().get('/getSearchByKey').query({ key: '周杰伦', type: 'singer' }).expect(200);
    expect(res.body.data).toMatchObject({ key: '周杰伦', type: 'singer', t: 1, page: 1, limit: 10 });
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(res.body.data.list).toEqual(byKey.body.data.list);
    expect(res.body.data.list[0]).toMatchObject({ singerMid: '0025NhlN2yWrP4', singerName: '周杰伦' });
    const calls = h.fake.musicuCalls(SEARCH);
    expect(calls[0].param).toEqual({ query: '周杰伦', search_type: 1, page_num: 1, num_per_page: 10 });
    expect(calls[0].request.comm).toEqual({ ct: 19, cv: 1859, uin: '0' });
  });

  it.each([
    [2, 'album', 2],
    [3, 'playlist', 3],
  ])('t=%s: %s search (search_type %s)', async (t, type, searchType) => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t, limit: 12, page: 1 }).expect(200);
    expect(res.body.data).toMatchObject({ type, t, limit: 12 });
    expect(h.fake.musicuCalls(SEARCH)[0].param).toEqual({ query: '周杰伦', search_type: searchType, page_num: 1, num_per_page: 12 });
  });

  it('t=8: users, one Desktop search with search_type 8, items as upstream sends them; no Mobile fallback', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 8 }).expect(200);
    expect(res.body.data).toMatchObject({ key: '周杰伦', type: 'user', t: 8, page: 1, limit: 10 });
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list[0]).toMatchObject({ encrypt_uin: 'owfake0000', nick: expect.stringContaining('周杰伦') });
    expect(h.fake.musicuCalls(SEARCH).map((c) => c.param)).toEqual([{ query: '周杰伦', search_type: 8, page_num: 1, num_per_page: 10 }]);
    expect(h.fake.musicuCalls(MOBILE)).toHaveLength(0);
  });

  it('limit 3 asks an upstream page of 12 and answers the window (as /getSearchByKey)', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 8, limit: 3, page: 1 }).expect(200);
    expect(res.body.data.list.length).toBeLessThanOrEqual(3);
    expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ search_type: 8, page_num: 1, num_per_page: 12 });
  });

  it('the path form /getSearchByType/<key>/<limit>/<page>/<t> is the query form', async () => {
    const res = await h.http().get(`/getSearchByType/${encodeURIComponent('周杰伦')}/10/1/2`).expect(200);
    expect(res.body.data).toMatchObject({ key: '周杰伦', type: 'album', t: 2, limit: 10, page: 1 });
    expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ query: '周杰伦', search_type: 2 });
  });

  it('legacy shape: the raw musicu answer with the search under req_search (the fork\'s key)', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 1, shape: 'legacy' }).expect(200);
    expect(Object.keys(res.body)).toEqual(['response']);
    const response = res.body.response;
    expect(response.code).toBe(0);
    expect(response.req).toBeUndefined();
    expect(response.req_search.code).toBe(0);
    expect(response.req_search.data.body.singer.list[0]).toMatchObject({ singerMID: '0025NhlN2yWrP4' });
    expect(response.req_search.data.meta.sum).toBeGreaterThan(0);
    expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ search_type: 1 });
  });

  it('legacy shape, users: req_search.data.body.user.list', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 8, shape: 'legacy' }).expect(200);
    expect(res.body.response.req_search.data.body.user.list[0]).toMatchObject({ encrypt_uin: 'owfake0000' });
  });

  it.each([
    [{ t: 1 }, 'key is required'],
    [{ key: '周杰伦', t: 4 }, 't must be one of 1 (singer), 2 (album), 3 (playlist), 8 (user)'],
    [{ key: '周杰伦', t: 'singer' }, 't must be one of 1 (singer), 2 (album), 3 (playlist), 8 (user)'],
    [{ key: '周杰伦', limit: 50 }, 'limit must be between 1 and 30'],
    [{ key: '周杰伦', page: 0 }, 'page must be 1 or more (search pages are 1-based)'],
  ])('400 naming the parameter: %j', async (query, message) => {
    const res = await h.http().get('/getSearchByType').query(query).expect(400);
    expect(res.body.errorCode).toBe('BAD_REQUEST');
    expect(JSON.stringify(res.body)).toContain(message);
    expect(h.fake.musicuCalls(SEARCH)).toHaveLength(0);
  });

  describe('/getSearchByKey?remoteplace= (the Koa services\' name for the type)', () => {
    it.each([
      ['singer', '周杰伦', 1, 'singer'],
      ['txt.yqq.album', '周杰伦', 2, 'album'],
      ['playlist', '古风', 3, 'songlist'],
    ])('remoteplace=%s (key %s) searches search_type %s; legacy section %s', async (remoteplace, key, searchType, section) => {
      const res = await h.http().get('/getSearchByKey').query({ key, remoteplace, shape: 'legacy' }).expect(200);
      expect(res.body.response.data[section].list.length).toBeGreaterThan(0);
      expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ query: key, search_type: searchType });
    });

    it('a type beside it wins; an unknown remoteplace searches songs', async () => {
      await h.http().get('/getSearchByKey').query({ key: '周杰伦', remoteplace: 'singer', type: 'album' }).expect(200);
      await h.http().get('/getSearchByKey').query({ key: '周杰伦', remoteplace: 'radio' }).expect(200);
      expect(h.fake.musicuCalls(SEARCH).map((c) => c.param.search_type)).toEqual([2, 0]);
    });
  });

  describe('GET /searchByType (the route WQTY-MASTER/tiaolv-music calls)', () => {
    it('type=playlist: /getSearchByKey\'s search (search_type 3); legacy: the musicu answer under req_1', async () => {
      const res = await h.http().get('/searchByType').query({ key: '古风', limit: 8, page: 1, type: 'playlist', shape: 'legacy' }).expect(200);
      const req1 = res.body.response.req_1;
      expect(res.body.response.req).toBeUndefined();
      expect(req1.data.body.songlist.list.length).toBeGreaterThan(0);
      expect(req1.data.body.songlist.list[0]).toMatchObject({ dissid: expect.anything(), dissname: expect.any(String) });
      expect(req1.data.meta.sum).toBeGreaterThan(0);
      // limit 8 asks an upstream page of 16; the legacy answer keeps the client's 8
      expect(h.fake.musicuCalls(SEARCH)[0].param).toEqual({ query: '古风', search_type: 3, page_num: 1, num_per_page: 16 });
      expect(req1.data.body.songlist.list.length).toBeLessThanOrEqual(8);
    });

    it('page 2 of 8 is items 8-15 of the upstream page of 16 (no repeat of page 1)', async () => {
      const first = await h.http().get('/searchByType').query({ key: '周杰伦', limit: 3, page: 1, type: 'song', shape: 'legacy' }).expect(200);
      const second = await h.http().get('/searchByType').query({ key: '周杰伦', limit: 3, page: 2, type: 'song', shape: 'legacy' }).expect(200);
      const mids = (r: any) => r.body.response.req_1.data.body.song.list.map((t: any) => t.mid);
      expect(mids(first)).toHaveLength(3);
      expect(mids(second)).toHaveLength(3);
      expect(mids(second).some((m: string) => mids(first).includes(m))).toBe(false);
      expect(h.fake.musicuCalls(SEARCH).map((c) => [c.param.page_num, c.param.num_per_page])).toEqual([[1, 12], [1, 12]]);
    });

    it('type=artist is a singer search; normalised: /getSearchByKey\'s body', async () => {
      const res = await h.http().get('/searchByType').query({ key: '周杰伦', type: 'Artist' }).expect(200);
      expect(res.body.data).toMatchObject({ key: '周杰伦', type: 'singer', page: 1, limit: 10 });
      expect(res.body.data.list[0]).toMatchObject({ singerMid: '0025NhlN2yWrP4' });
      expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ search_type: 1 });
    });

    it.each([
      [{ key: '周杰伦' }, 'type is required (one of song, album, playlist, singer, mv, lyric, artist)'],
      [{ key: '周杰伦', type: 'user' }, 'type must be one of song, album, playlist, singer, mv, lyric, artist'],
      [{ type: 'playlist' }, 'key is required'],
      [{ key: '周杰伦', type: 'playlist', limit: 51 }, 'limit must be between 1 and 50'],
    ])('400 naming the parameter: %j', async (query, message) => {
      const res = await h.http().get('/searchByType').query(query).expect(400);
      expect(JSON.stringify(res.body)).toContain(message);
      expect(h.fake.musicuCalls(SEARCH)).toHaveLength(0);
    });
  });
});
