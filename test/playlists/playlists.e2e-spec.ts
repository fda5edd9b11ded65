import { CATEGORY_SIZE, GENUINE_DISSTID, playlistsState } from '../../fake-upstream/handlers/playlists';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, waitFor, withUpstreamTimeout } from '../support/harness';

const BY_TAG = '/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg';
const TAG_CONF = '/splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg';
const CDINFO = '/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg';
const DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';
const NEW_ALBUM = 'newalbum.NewAlbumServer.get_new_album_info';

describe('Playlists (e2e)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => h.fake.reset());

  const st = () => playlistsState(h.fake.state);

  describe('GET /getSongLists', () => {
    it('defaults: category 10000000, sort 5, sin 0..ein 19, Referer y.qq.com; maps the genuine rows', async () => {
      const res = await h.http().get('/getSongLists').expect(200);
      expect(res.body.code).toBe(0);
      const data = res.body.data;
      expect(data).toMatchObject({ categoryId: 10000000, sortId: 5, page: 0, limit: 20, total: CATEGORY_SIZE });
      expect(data.playlists).toHaveLength(20);
      expect(data.playlists[0]).toEqual({
        dissid: '7033094594',
        dissname: '沉陷低频 · 国人EDM Trap',
        creator: 'Music Fans',
        listen_num: 45538,
        cover: expect.stringContaining('http://p.qpic.cn/music_cover/'),
        createTime: '2019-06-10',
        desc: '',
        // the old names, answered beside the new ones until they are removed
        imgurl: expect.stringContaining('http://p.qpic.cn/music_cover/'),
        introduction: '',
      });
      const [req] = h.fake.requestsTo('c', BY_TAG);
      expect(h.fake.requestsTo('c', BY_TAG)).toHaveLength(1);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.query).toMatchObject({ categoryId: '10000000', sortId: '5', sin: '0', ein: '19', format: 'json', picmid: '1' });
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it('converts page/limit to an inclusive sin..ein range', async () => {
      const res = await h.http().get('/getSongLists?categoryId=165&sortId=2&limit=7&page=3').expect(200);
      expect(res.body.data).toMatchObject({ categoryId: 165, sortId: 2, page: 3, limit: 7 });
      expect(res.body.data.playlists.map((p: any) => p.dissname)).toEqual(
        [21, 22, 23, 24, 25, 26, 27].map((i) => `Playlist 165-${i}`),
      );
      const [req] = h.fake.requestsTo('c', BY_TAG);
      expect(req.query).toMatchObject({ categoryId: '165', sortId: '2', sin: '21', ein: '27' });
    });

    it('an unknown category is an empty list, not an error', async () => {
      const res = await h.http().get('/getSongLists?categoryId=999').expect(200);
      expect(res.body.data.playlists).toEqual([]);
      expect(res.body.data.total).toBe(0);
    });

    it.each([
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=101', 'limit must be between 1 and 100'],
      ['limit=ten', 'limit must be an integer'],
      ['page=-1', 'page must be 0 or more'],
      ['page=1001', 'page must be at most 1000'],
      ['page=1.5', 'page must be an integer'],
      ['sortId=9', 'sortId must be one of'],
      ['categoryId=abc', 'categoryId must be an integer'],
      ['categoryId=0', 'categoryId must be a positive category id'],
      ['categoryId=100000000', 'categoryId must be a valid category id'],
    ])('rejects %s with 400 naming the parameter', async (qs, message) => {
      const res = await h.http().get(`/getSongLists?${qs}`).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(res.body.error).toContain(message);
      expect(h.fake.requestsTo('c', BY_TAG)).toHaveLength(0);
    });

    it('a non-zero upstream code is a 502 with the code', async () => {
      st().failingCategories.set(10000000, -500);
      const res = await h.http().get('/getSongLists').expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: -500 });
    });

    it('an upstream 500 is retried once with the y.qq.com Referer, then 502', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: BY_TAG });
      const res = await h.http().get('/getSongLists').expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(h.fake.requestsTo('c', BY_TAG)).toHaveLength(2);
    });

    it('an upstream that does not answer in time is a 504', async () => {
      h.fake.fault({ kind: 'hang' }, { host: 'c', path: BY_TAG });
      const res = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getSongLists').expect(504));
      expect(res.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });

    it('a JSONP answer is parsed', async () => {
      h.fake.fault({ kind: 'status', status: 200, body: 'MusicJsonCallback({"code":0,"data":{"sum":1,"list":[{"dissid":"1","dissname":"a (b)","creator":{"name":"c"},"listennum":5}]}})' }, { host: 'c', path: BY_TAG });
      const res = await h.http().get('/getSongLists').expect(200);
      expect(res.body.data.playlists).toEqual([expect.objectContaining({ dissid: '1', dissname: 'a (b)', creator: 'c', listen_num: 5 })]);
    });
  });

  describe('GET /getSongListCategories', () => {
    it('flattens the genuine groups into {id, name, group}', async () => {
      const res = await h.http().get('/getSongListCategories').expect(200);
      const cats = res.body.data.categories;
      expect(cats[0]).toEqual({ id: 10000000, name: '全部', group: '热门' });
      expect(cats).toContainEqual({ id: 165, name: '国语', group: '语种' });
      expect(cats).toHaveLength(10);
      const [req] = h.fake.requestsTo('c', TAG_CONF);
      expect(req.query).toMatchObject({ format: 'json', outCharset: 'utf-8' });
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it('garbage from upstream (twice) is a 502', async () => {
      h.fake.fault({ kind: 'garbage' }, { host: 'c', path: TAG_CONF });
      const res = await h.http().get('/getSongListCategories').expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    });
  });

  describe('GET /getSongListDetail', () => {
    it('asks CgiGetDiss with the documented params and maps the genuine playlist', async () => {
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(200);
      const data = res.body.data;
      expect(data).toMatchObject({ dissid: GENUINE_DISSTID, disstid: GENUINE_DISSTID, dissname: '浅唱低吟，悠悠古韵之美', total: 20 });
      expect(data.desc).toContain('一曲古韵');
      expect(data.songlist).toHaveLength(10);
      expect(data.songlist[0]).toEqual({
        songname: '青玉案·元夕',
        singer: '晓月老板',
        songmid: '001hSVTk3F0guF',
        songid: 232854804,
        albumName: '行走歌谣（原力计划合辑Ⅲ）',
        albumMid: '000Ubh172DFozI',
        interval: 217,
      });
      const calls = h.fake.musicuCalls(DISS);
      expect(calls).toHaveLength(1);
      expect(calls[0].param).toEqual({
        disstid: 7024415872,
        dirid: 0,
        tag: 1,
        userinfo: 1,
        orderlist: 1,
        onlysonglist: 0,
        song_begin: 0,
        song_num: 1000,
      });
      expect(calls[0].request.host).toBe('u.y.qq.com');
      expect(calls[0].request.method).toBe('POST');
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(0);
    });

    it('pages the songs with limit/page', async () => {
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&limit=3&page=2`).expect(200);
      expect(res.body.data.songlist).toHaveLength(3);
      expect(h.fake.musicuCalls(DISS)[0].param).toMatchObject({ song_begin: 6, song_num: 3 });
    });

    it('falls back to the legacy CGI (playlist-page Referer) when CgiGetDiss fails with a business code', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(200);
      expect(res.body.data).toMatchObject({ dissid: GENUINE_DISSTID, dissname: '浅唱低吟，悠悠古韵之美', total: 20, creator: '允许部分冷门先热起来' });
      expect(res.body.data.songlist[0]).toMatchObject({ songname: '青玉案·元夕', singer: '晓月老板', songmid: '001hSVTk3F0guF' });
      expect(h.fake.musicuCalls(DISS)).toHaveLength(1);
      const reqs = h.fake.requestsTo('c', CDINFO);
      expect(reqs).toHaveLength(1);
      expect(reqs[0].headers.referer).toBe(`https://y.qq.com/n/yqq/playsquare/${GENUINE_DISSTID}.html`);
      expect(reqs[0].query).toMatchObject({ disstid: GENUINE_DISSTID, type: '1', json: '1', utf8: '1', onlysong: '0', new_format: '1', format: 'json' });
    });

    it('the fallback CGI is asked for the same page of songs (song_begin = page × limit, song_num = limit)', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
      const full = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(200);
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&limit=3&page=2`).expect(200);
      expect(res.body.data.songlist).toEqual(full.body.data.songlist.slice(6, 9));
      expect(res.body.data.total).toBe(20);
      const reqs = h.fake.requestsTo('c', CDINFO);
      expect(reqs[0].query).toMatchObject({ song_begin: '0', song_num: '1000' });
      expect(reqs[1].query).toMatchObject({ song_begin: '6', song_num: '3' });
    });

    it('fallback failing too is a 502 naming the upstream code', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
      st().failingCdinfo.set(GENUINE_DISSTID, -3);
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: -3 });
    });

    it('a transport failure does not trigger the fallback (502, one call)', async () => {
      h.fake.fault({ kind: 'status', status: 503 }, { host: 'u', path: '/cgi-bin/musicu.fcg' });
      const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(0);
    });

    it('unknown or private: 404 PLAYLIST_NOT_FOUND (primary empty dirinfo; fallback empty cdlist)', async () => {
      const a = await h.http().get('/getSongListDetail?disstid=123').expect(404);
      expect(a.body).toEqual({ error: expect.stringContaining('123'), errorCode: 'PLAYLIST_NOT_FOUND' });
      st().privateIds.add(GENUINE_DISSTID);
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
      const b = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(404);
      expect(b.body.errorCode).toBe('PLAYLIST_NOT_FOUND');
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(1);
    });

    it.each([
      ['', 'disstid is required'],
      ['disstid=', 'disstid is required'],
      ['disstid=abc', 'disstid must be a numeric playlist id'],
      ['disstid=1234567890123456', 'disstid must be a numeric playlist id'],
      ['disstid=-5', 'disstid must be a numeric playlist id'],
      ['disstid=1&limit=0', 'limit must be between 1 and 1000'],
      ['disstid=1&limit=1001', 'limit must be between 1 and 1000'],
      ['disstid=1&page=-1', 'page must be 0 or more'],
      ['disstid=1&page=1001', 'page must be at most 1000'],
    ])('rejects "%s" with 400', async (qs, message) => {
      const res = await h.http().get(`/getSongListDetail?${qs}`).expect(400);
      expect(res.body.error).toContain(message);
      expect(h.fake.musicuCalls(DISS)).toHaveLength(0);
    });
  });

  describe('POST /batchGetSongLists', () => {
    it('defaults: one call for category 10000000 with page 0 / limit 19 → sin 0, ein 18', async () => {
      const res = await h.http().post('/batchGetSongLists').send({}).expect(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      expect(res.body.data[0]).toMatchObject({ categoryId: 10000000, sortId: 5, page: 0, limit: 19, total: CATEGORY_SIZE });
      expect(res.body.data[0].playlists).toHaveLength(19);
      const reqs = h.fake.requestsTo('c', BY_TAG);
      expect(reqs).toHaveLength(1);
      expect(reqs[0].query).toMatchObject({ categoryId: '10000000', sortId: '5', sin: '0', ein: '18' });
      expect(reqs[0].headers.referer).toBe('https://y.qq.com/');
    });

    it('"disstid": null means absent (categories are fetched), not a 500', async () => {
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [165], limit: 3, disstid: null }).expect(200);
      expect(res.body.data).toEqual([expect.objectContaining({ categoryId: 165, limit: 3 })]);
      expect(h.fake.requestsTo('c', BY_TAG).map((r) => r.query.categoryId)).toEqual(['165']);
    });

    it('"categoryIds": null means absent: the default category list is fetched, not a 500', async () => {
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: null, limit: 3 }).expect(200);
      expect(res.body.data).toEqual([expect.objectContaining({ categoryId: 10000000, limit: 3 })]);
      expect(h.fake.requestsTo('c', BY_TAG).map((r) => r.query.categoryId)).toEqual(['10000000']);
    });

    it('one call per category, page/limit converted (not passed raw as sin/ein), order kept', async () => {
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [165, 167], page: 2, limit: 5, sortId: 2 }).expect(200);
      expect(res.body.data.map((d: any) => d.categoryId)).toEqual([165, 167]);
      expect(res.body.data[1].playlists.map((p: any) => p.dissname)).toEqual([10, 11, 12, 13, 14].map((i) => `Playlist 167-${i}`));
      const reqs = h.fake.requestsTo('c', BY_TAG);
      expect(reqs.map((r) => r.query.categoryId).sort()).toEqual(['165', '167']);
      for (const r of reqs) expect(r.query).toMatchObject({ sin: '10', ein: '14', sortId: '2' });
    });

    it('keeps a downstream business error as an element of the array', async () => {
      st().failingCategories.set(167, 4001);
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [165, 167, 168] }).expect(200);
      expect(res.body.status).toBe(200);
      expect(res.body.data).toHaveLength(3);
      expect(res.body.data[0].playlists).toHaveLength(19);
      expect(res.body.data[1]).toEqual({
        categoryId: 167,
        status: 502,
        error: expect.stringContaining('4001'),
        errorCode: 'UPSTREAM_ERROR',
        upstreamCode: 4001,
      });
      expect(res.body.data[2].categoryId).toBe(168);
    });

    it('when every call fails in transport the whole call fails (502)', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: BY_TAG });
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [165, 167] }).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    });

    it('runs at most 5 upstream calls at once', async () => {
      const target = `c ${BY_TAG}`;
      h.fake.hold(target);
      const ids = [165, 166, 167, 168, 169, 170, 203, 204, 205, 10000000];
      const pending = h.http().post('/batchGetSongLists').send({ categoryIds: ids }).then((r) => r);
      await waitFor(() => h.fake.currentConcurrency(target) === 5, 3000, '5 calls in flight');
      expect(h.fake.requestsTo('c', BY_TAG)).toHaveLength(5);
      h.fake.release(target);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(10);
      expect(h.fake.peakConcurrency(target)).toBe(5);
    });

    it('disstid wins over categoryIds: one detail per id, a missing one kept as an element', async () => {
      const res = await h.http().post('/batchGetSongLists')
        .send({ categoryIds: [165], disstid: `${GENUINE_DISSTID}, 7033094594,42` })
        .expect(200);
      expect(h.fake.requestsTo('c', BY_TAG)).toHaveLength(0);
      const params = h.fake.musicuCalls(DISS).map((c) => c.param.disstid).sort();
      expect(params).toEqual([42, 7024415872, 7033094594]);
      expect(res.body.data).toHaveLength(3);
      expect(res.body.data[0]).toMatchObject({ disstid: GENUINE_DISSTID, dissname: '浅唱低吟，悠悠古韵之美' });
      expect(res.body.data[1]).toMatchObject({ dissid: '7033094594', dissname: '沉陷低频 · 国人EDM Trap' });
      expect(res.body.data[1].songlist.length).toBeGreaterThan(0);
      expect(res.body.data[2]).toEqual({ dissid: '42', status: 404, error: expect.any(String), errorCode: 'PLAYLIST_NOT_FOUND', disstid: '42' });
    });

    it('each disstid is fetched whole (song_begin 0, song_num 1000): page and limit page the category lists only', async () => {
      await h.http().post('/batchGetSongLists').send({ disstid: `${GENUINE_DISSTID},7033094594`, page: 2, limit: 5 }).expect(200);
      const calls = h.fake.musicuCalls(DISS);
      expect(calls).toHaveLength(2);
      for (const c of calls) expect(c.param).toMatchObject({ song_begin: 0, song_num: 1000 });
    });

    it('a disstid whose primary and fallback both fail is kept as an element with its upstream code', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
      st().failingCdinfo.set('7033094594', 7);
      const res = await h.http().post('/batchGetSongLists').send({ disstid: `${GENUINE_DISSTID},7033094594` }).expect(200);
      expect(res.body.data[0]).toMatchObject({ disstid: GENUINE_DISSTID, dissname: '浅唱低吟，悠悠古韵之美' });
      expect(res.body.data[1]).toMatchObject({ disstid: '7033094594', errorCode: 'UPSTREAM_ERROR', upstreamCode: 7 });
      expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(2);
    });

    it.each([
      [{ categoryIds: 'abc' }, 'categoryIds must be an array of positive integers'],
      [{ categoryIds: 5 }, 'categoryIds must be an array of positive integers'],
      [{ categoryIds: { a: 1 } }, 'categoryIds must be an array of positive integers'],
      [{ categoryIds: [1, -2] }, 'categoryIds must be an array of positive integers'],
      [{ categoryIds: [1.5] }, 'categoryIds must be an array of positive integers'],
      [{ categoryIds: [] }, 'categoryIds must not be empty'],
      [{ categoryIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'categoryIds must hold at most 20 ids'],
      [{ page: -1 }, 'page must be 0 or more'],
      [{ page: 1001 }, 'page must be at most 1000'],
      [{ limit: 0 }, 'limit must be between 1 and 100'],
      [{ limit: 101 }, 'limit must be between 1 and 100'],
      [{ limit: 'x' }, 'limit must be an integer'],
      [{ sortId: 7 }, 'sortId must be one of'],
      [{ disstid: '12,abc' }, 'disstid must be a comma-separated list'],
      [{ disstid: Array.from({ length: 21 }, (_, i) => i + 1).join(',') }, 'disstid must be a comma-separated list of at most 20'],
    ])('rejects %j with 400 naming the field', async (body, message) => {
      const res = await h.http().post('/batchGetSongLists').send(body).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(res.body.error).toContain(message);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('skips empty disstid entries; a blank disstid, page, limit or sortId counts as absent', async () => {
      const a = await h.http().post('/batchGetSongLists').send({ disstid: ` ${GENUINE_DISSTID},, 123 ` }).expect(200);
      expect(a.body.data.map((d: any) => d.disstid)).toEqual([GENUINE_DISSTID, '123']);
      expect(h.fake.musicuCalls(DISS).map((c) => c.param.disstid)).toEqual([Number(GENUINE_DISSTID), 123]);
      h.fake.reset();
      const b = await h.http().post('/batchGetSongLists').send({ disstid: ' ', page: '', limit: '', sortId: '' }).expect(200);
      expect(b.body.data.map((d: any) => d.categoryId)).toEqual([10000000]);
      expect(h.fake.requestsTo('c', BY_TAG)[0].query).toMatchObject({ categoryId: '10000000', sortId: '5', sin: '0', ein: '18' });
    });

    it('accepts numeric strings in categoryIds', async () => {
      const res = await h.http().post('/batchGetSongLists').send({ categoryIds: ['165'] }).expect(200);
      expect(res.body.data[0].categoryId).toBe(165);
    });
  });

  describe('GET /getNewDisks', () => {
    it('defaults: area 1, start 0, num 20; spec fields with YYYY-MM-DD dates', async () => {
      const res = await h.http().get('/getNewDisks').expect(200);
      const data = res.body.data;
      expect(data).toMatchObject({ area: 1, page: 0, limit: 20, total: 30 });
      expect(data.albums).toHaveLength(20);
      for (const a of data.albums) {
        expect(a.publicTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(typeof a.albumName).toBe('string');
        expect(typeof a.singerName).toBe('string');
      }
      expect(data.albums[0].publicTime).toBe('2026-11-21');
      expect(data.albums[0].cover).toMatch(/^https:\/\/y\.gtimg\.cn\/music\/photo_new\/T002R300x300M000.+_pic\.jpg$/);
      const calls = h.fake.musicuCalls(NEW_ALBUM);
      expect(calls).toHaveLength(1);
      expect(calls[0].param).toEqual({ area: 1, start: 0, num: 20 });
      expect(calls[0].request.host).toBe('u.y.qq.com');
    });

    it('0-based page → start = page × limit; area passes through', async () => {
      const res = await h.http().get('/getNewDisks?limit=4&page=2&area=3').expect(200);
      expect(res.body.data.albums.map((a: any) => a.albumName)).toEqual([8, 9, 10, 11].map((i) => `New album 3-${i}`));
      expect(res.body.data.albums[0]).toMatchObject({ singerName: 'Singer 3-8', albumMid: '00AREA3ALB008' });
      expect(h.fake.musicuCalls(NEW_ALBUM)[0].param).toEqual({ area: 3, start: 8, num: 4 });
    });

    it('normalises a Unix-seconds release_time to YYYY-MM-DD (China time)', async () => {
      st().releaseTimeAs = 'unix';
      const res = await h.http().get('/getNewDisks?limit=2').expect(200);
      expect(res.body.data.albums.map((a: any) => a.publicTime)).toEqual(['2026-11-21', '2026-11-19']);
    });

    it('past the end is an empty list', async () => {
      const res = await h.http().get('/getNewDisks?page=5').expect(200);
      expect(res.body.data.albums).toEqual([]);
    });

    it.each([
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=abc', 'limit must be an integer'],
      ['page=-1', 'page must be 0 or more'],
      ['page=1001', 'page must be at most 1000'],
      ['limit=101', 'limit must be between 1 and 100'],
      ['area=0', 'area must be between 1 and 6'],
      ['area=7', 'area must be between 1 and 6'],
      ['area=x', 'area must be an integer'],
    ])('rejects %s with 400', async (qs, message) => {
      const res = await h.http().get(`/getNewDisks?${qs}`).expect(400);
      expect(res.body.error).toContain(message);
      expect(h.fake.musicuCalls(NEW_ALBUM)).toHaveLength(0);
    });

    it('an upstream business code is mapped (1000 → 401, other → 502)', async () => {
      h.fake.fault({ kind: 'business', code: 1000 }, { module: 'newalbum.NewAlbumServer', times: 1 });
      const a = await h.http().get('/getNewDisks').expect(401);
      expect(a.body.errorCode).toBe('LOGIN_EXPIRED');
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'newalbum.NewAlbumServer', times: 1 });
      const b = await h.http().get('/getNewDisks').expect(502);
      expect(b.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 });
    });

    it('an upstream timeout is a 504', async () => {
      h.fake.fault({ kind: 'hang' }, { host: 'u' });
      const res = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getNewDisks').expect(504));
      expect(res.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });
});
