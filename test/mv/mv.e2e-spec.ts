import { fakeMvItem, mvState } from '../../fake-upstream/handlers/mv';
import { fixture } from '../../fake-upstream/fixtures';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const ALLOC = 'MvService.MvInfoProServer.GetAllocMvInfo';
const TAG = 'MvService.MvInfoProServer.GetAllocTag';
const URLS = 'music.stream.MvUrlProxy.GetMvUrls';
const FALLBACK_URLS = 'gosrf.Stream.MvUrlProxy.GetMvUrls';
const INFO = 'video.VideoDataServer.get_video_info_batch';

const genuine = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list;

describe('MV endpoints', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  describe('GET /getMv', () => {
    it('defaults to area 15, version 7, limit 20, page 0 and maps the genuine list plus tags from one musicu POST', async () => {
      const res = await h.http().get('/getMv').expect(200);
      expect(res.body.code).toBe(0);
      const { list, total, tags } = res.body.data;
      expect(total).toBe(1000);
      expect(list).toHaveLength(20);
      const g = genuine[0];
      expect(list[0]).toEqual({
        vid: g.vid,
        mvId: g.mvid,
        title: g.title,
        cover: g.picurl,
        listen_num: g.playcnt,
        interval: g.duration,
        publishDate: g.pubdate,
        singers: [{ mid: '001BLpXF2DyJe2', name: '林俊杰' }],
        // the old names, answered beside the new ones until they are removed
        mvid: g.mvid,
        playCount: g.playcnt,
        duration: g.duration,
      });
      expect(tags.area).toContainEqual({ id: 8, name: '内地' });
      expect(tags.version).toContainEqual({ id: 13, name: '现场' });

      const [call] = h.fake.musicuCalls(ALLOC);
      expect(call.param).toEqual({ area: 15, version: 7, order: 1, start: 0, size: 20 });
      expect(call.request.host).toBe('u.y.qq.com');
      expect(call.request.path).toBe('/cgi-bin/musicu.fcg');
      expect(call.request.method).toBe('POST');
      expect(call.request.comm).toMatchObject({ ct: 24, cv: 4747474 });
      const [tagCall] = h.fake.musicuCalls(TAG);
      expect(tagCall.param).toEqual({});
      expect(tagCall.request).toBe(call.request); // same envelope
      expect(h.fake.requestsTo('u')).toHaveLength(1);
    });

    it('treats empty parameters as absent (defaults apply)', async () => {
      await h.http().get('/getMv?area_id=&version_id=&limit=&page=').expect(200);
      expect(h.fake.musicuCalls(ALLOC)[0].param).toEqual({ area: 15, version: 7, order: 1, start: 0, size: 20 });
    });

    it('is 0-based: page 1 starts at limit (pages 0 and 1 differ), page 2 at 2·limit', async () => {
      const p0 = await h.http().get('/getMv?limit=5&page=0').expect(200);
      const p1 = await h.http().get('/getMv?limit=5&page=1').expect(200);
      const p2 = await h.http().get('/getMv?area_id=8&version_id=13&limit=3&page=2').expect(200);
      const params = h.fake.musicuCalls(ALLOC).map((c) => c.param);
      expect(params).toEqual([
        { area: 15, version: 7, order: 1, start: 0, size: 5 },
        { area: 15, version: 7, order: 1, start: 5, size: 5 },
        { area: 8, version: 13, order: 1, start: 6, size: 3 },
      ]);
      expect(p0.body.data.list.map((m: any) => m.vid)).toEqual(genuine.slice(0, 5).map((m: any) => m.vid));
      expect(p1.body.data.list.map((m: any) => m.vid)).toEqual(genuine.slice(5, 10).map((m: any) => m.vid));
      expect(p2.body.data.list.map((m: any) => m.vid)).toEqual([6, 7, 8].map((i) => fakeMvItem(8, i).vid));
    });

    it.each([
      ['area_id=3', 'area_id must be one of 15, 8, 5, 6, 7, 4'],
      ['area_id=abc', 'area_id must be an integer'],
      ['version_id=9', 'version_id must be one of 7, 8, 13, 14, 15, 16, 17, 18'],
      ['limit=0', 'limit must be between 1 and 100'],
      ['limit=101', 'limit must be between 1 and 100'],
      ['page=-1', 'page must be 0 or more'],
      ['page=1001', 'page must be at most 1000'],
      ['page=x', 'page must be an integer'],
    ])('rejects %s with 400 naming the parameter', async (q, message) => {
      const res = await h.http().get(`/getMv?${q}`).expect(400);
      expect(res.body).toEqual({ error: message, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('answers an empty list (not an error) when upstream has no MVs', async () => {
      mvState(h.fake.state).mvTotal = 0;
      const res = await h.http().get('/getMv?page=3').expect(200);
      expect(res.body.data.list).toEqual([]);
      expect(res.body.data.total).toBe(0);
    });

    it('keeps the list when only the tag key fails, and drops tags', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: TAG });
      const res = await h.http().get('/getMv?limit=2').expect(200);
      expect(res.body.data.list).toHaveLength(2);
      expect(res.body.data).not.toHaveProperty('tags');
    });

    it('maps a failing list key to 502 and a 1000 code to 401', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: `${ALLOC}` });
      const bad = await h.http().get('/getMv').expect(502);
      expect(bad.body.errorCode).toBe('UPSTREAM_ERROR');
      h.fake.reset();
      h.fake.fault({ kind: 'business', code: 1000 }, { module: ALLOC });
      const login = await h.http().get('/getMv').expect(401);
      expect(login.body.errorCode).toBe('LOGIN_EXPIRED');
    });

    it('maps transport faults: 500 → 502, garbage → 502, latency past the timeout → 504', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 1 });
      expect((await h.http().get('/getMv').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.fault({ kind: 'garbage' }, { host: 'u', times: 1 });
      expect((await h.http().get('/getMv').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getMv').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('GET /getMvByTag', () => {
    it.each([
      ['all', 15],
      ['neidi', 8],
      ['gangtai', 5],
      ['oumei', 6],
      ['korea', 7],
      ['janpan', 4],
      ['japan', 4],
      ['KOREA', 7],
    ])('maps tag %s to area %i with defaults limit 20, page 0', async (tag, area) => {
      const res = await h.http().get(`/getMvByTag?tag=${tag}`).expect(200);
      const [call] = h.fake.musicuCalls(ALLOC);
      expect(call.param).toEqual({ area, version: 7, order: 1, start: 0, size: 20 });
      expect(res.body.data.area).toBe(area);
      expect(res.body.data.list).toHaveLength(20);
      expect(res.body.data.list[0].vid).toBe(fakeMvItem(area, 0).vid);
      expect(res.body.data.total).toBe(1000);
    });

    it('honours limit and the 0-based page', async () => {
      const res = await h.http().get('/getMvByTag?tag=oumei&limit=4&page=3').expect(200);
      expect(h.fake.musicuCalls(ALLOC)[0].param).toEqual({ area: 6, version: 7, order: 1, start: 12, size: 4 });
      expect(res.body.data.list.map((m: any) => m.vid)).toEqual([12, 13, 14, 15].map((i) => fakeMvItem(6, i).vid));
      expect(res.body.data.tag).toBe('oumei');
      expect(h.fake.musicuCalls(TAG)).toHaveLength(0);
    });

    it.each([
      ['', 'tag is required'],
      ['?tag=', 'tag is required'],
      ['?tag=mars', 'tag must be one of all, neidi, gangtai, oumei, korea, janpan (or japan)'],
      ['?tag=all&limit=500', 'limit must be between 1 and 100'],
      ['?tag=all&page=-1', 'page must be 0 or more'],
      ['?tag=all&page=1001', 'page must be at most 1000'],
    ])('rejects %s with 400', async (q, message) => {
      const res = await h.http().get(`/getMvByTag${q}`).expect(400);
      expect(res.body).toEqual({ error: message, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('answers an empty list past the end', async () => {
      mvState(h.fake.state).mvTotal = 10;
      const res = await h.http().get('/getMvByTag?tag=all&limit=10&page=1').expect(200);
      expect(res.body.data.list).toEqual([]);
      expect(h.fake.musicuCalls(ALLOC)[0].param.start).toBe(10);
    });

    it('maps an upstream timeout to 504', async () => {
      h.fake.fault({ kind: 'hang' }, { host: 'u' });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getMvByTag?tag=all').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('GET /getMvPlay', () => {
    const vid = genuine[0].vid;

    it('asks MvUrlProxy (primary) and the video info in one POST, and groups mp4 + hls URLs by clarity', async () => {
      const res = await h.http().get(`/getMvPlay?vid=${vid}`).expect(200);
      expect(res.body.code).toBe(0);
      const { playLists, info } = res.body.data;
      expect(res.body.data.vid).toBe(vid);
      expect(Object.keys(playLists).sort()).toEqual(['f10', 'f20', 'f30', 'f40']);
      expect(playLists.f10).toEqual([]);
      // two mp4 URLs (the url[] copy is de-duplicated) then the hls one
      expect(playLists.f20).toEqual([
        expect.stringMatching(/^https:\/\/mv6\.music\.tc\.qq\.com\/.*\.f20\.mp4\?/),
        expect.stringMatching(/^https:\/\/mv\.music\.tc\.qq\.com\/.*\.f20\.mp4\?/),
        expect.stringMatching(/\.f20\.ts\.m3u8\?/),
      ]);
      expect(playLists.f30).toHaveLength(3);
      expect(playLists.f40).toHaveLength(2);
      expect(info).toEqual({
        title: genuine[0].title,
        cover: genuine[0].picurl,
        interval: genuine[0].duration,
        singers: [{ mid: '001BLpXF2DyJe2', name: '林俊杰' }],
        duration: genuine[0].duration, // the old name, until it is removed
      });

      const [call] = h.fake.musicuCalls(URLS);
      expect(call.param).toEqual({
        vids: [vid],
        request_type: 10003,
        guid: expect.stringMatching(/^[0-9a-f]{32}$/),
        videoformat: 1,
        format: 264,
        use_new_domain: 1,
        use_ipv6: 1,
      });
      expect(call.request.method).toBe('POST');
      const [infoCall] = h.fake.musicuCalls(INFO);
      expect(infoCall.param.vidlist).toEqual([vid]);
      expect(infoCall.param.required).toEqual(expect.arrayContaining(['name', 'cover_pic', 'duration', 'singers']));
      expect(infoCall.request).toBe(call.request);
      expect(h.fake.musicuCalls(FALLBACK_URLS)).toHaveLength(0);
    });

    it('falls back to gosrf.Stream.MvUrlProxy (request_typet 10001) when the primary key fails, keeping the info', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.stream.MvUrlProxy' });
      const res = await h.http().get(`/getMvPlay?vid=${vid}`).expect(200);
      const [fallback] = h.fake.musicuCalls(FALLBACK_URLS);
      expect(fallback.param).toEqual({ vids: [vid], request_typet: 10001 });
      expect(res.body.data.playLists.f40).toEqual([
        expect.stringMatching(/^http:\/\/mv6\.music\.tc\.qq\.com\/.*\.f40\.mp4/),
        expect.stringMatching(/^http:\/\/mv\.music\.tc\.qq\.com\/.*\.f40\.mp4/),
      ]);
      expect(res.body.data.info.title).toBe(genuine[0].title);
      // info came with the first call, so it is not asked again
      expect(h.fake.musicuCalls(INFO)).toHaveLength(1);
      expect(h.fake.requestsTo('u')).toHaveLength(2);
    });

    it('falls back on a top-level business error too, asking the info again', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { host: 'u', times: 1 });
      const res = await h.http().get(`/getMvPlay?vid=${vid}`).expect(200);
      expect(h.fake.musicuCalls(FALLBACK_URLS)).toHaveLength(1);
      // the first envelope failed as a whole, so the info is asked again beside the fallback
      const infoCalls = h.fake.musicuCalls(INFO);
      expect(infoCalls).toHaveLength(2);
      expect(infoCalls[1].request).toBe(h.fake.musicuCalls(FALLBACK_URLS)[0].request);
      expect(res.body.data.info.title).toBe(genuine[0].title);
      expect(res.body.data.playLists.f20.length).toBeGreaterThan(0);
    });

    it('is a 502 when both URL calls fail', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.stream.MvUrlProxy' });
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'gosrf.Stream.MvUrlProxy' });
      const res = await h.http().get(`/getMvPlay?vid=${vid}`).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_ERROR');
    });

    it.each([
      ['{} for the vid', {}],
      ['an entry without URLs', { EMPTYVID: { mp4: [{ freeflow_url: [], url: [] }], hls: [] } }],
      ['null', null],
    ])('answers 502 MV_URL_UNAVAILABLE when the URL data is %s', async (_what, data) => {
      mvState(h.fake.state).urlData.set('EMPTYVID', data);
      const res = await h.http().get('/getMvPlay?vid=EMPTYVID').expect(502);
      expect(res.body).toEqual({ error: 'Failed to get MV URL data', errorCode: 'MV_URL_UNAVAILABLE' });
      expect(h.fake.musicuCalls(URLS)[0].param.vids).toEqual(['EMPTYVID']);
    });

    it('keeps blank info when the info key fails', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'video.VideoDataServer' });
      const res = await h.http().get(`/getMvPlay?vid=${vid}`).expect(200);
      expect(res.body.data.info).toEqual({ title: '', cover: '', interval: 0, singers: [], duration: 0 });
      expect(res.body.data.playLists.f20).toHaveLength(3);
    });

    it.each([
      ['', 'vid is required'],
      ['?vid=', 'vid is required'],
      ['?vid=a/b', 'vid must be an MV vid (letters and digits, at most 32 characters)'],
    ])('rejects %s with 400', async (q, message) => {
      const res = await h.http().get(`/getMvPlay${q}`).expect(400);
      expect(res.body).toEqual({ error: message, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('maps a hung upstream to 504', async () => {
      h.fake.fault({ kind: 'hang' }, { host: 'u' });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get(`/getMvPlay?vid=${vid}`).expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });
});
