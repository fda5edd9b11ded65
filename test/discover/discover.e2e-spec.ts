import { discoverState } from '../../fake-upstream/handlers/discover';
import { fixture } from '../../fake-upstream/fixtures';
import { catalog } from '../../fake-upstream/catalog';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const RADIO = 'pf.radiosvr.GetRadiolist';
const RADIO_CGI = '/v8/fcg-bin/fcg_v8_radiolist.fcg';
const MALL = '/v8/fcg-bin/musicmall.fcg';
const FEED = 'music.playlist.PlaylistSquare.GetRecommendFeed';
const NEW_SONG = 'newsong.NewSongServer.get_new_song_info';
const NEW_ALBUM = 'newalbum.NewAlbumServer.get_new_album_info';
const TOPLIST = 'music.musicToplist.Toplist.GetAll';
const FOCUS = 'QQMusic.MusichallServer.GetFocus';
const TICKET = 'mall.ticket_index_page_svr.GetTicketIndexPage';
const SHOW_TYPES = 'mall.ticket_index_page_svr.GetShowTypeList';

const home = fixture('c-fcg-yqqhomepagerecommend.json').data;

describe('discover endpoints (image, digital albums, radio, recommend, tickets)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  describe('GET /getImageUrl', () => {
    it('builds the album cover URL with the defaults (300x300, max_age 2592000) and calls no upstream', async () => {
      const res = await h.http().get('/getImageUrl?id=002MiVxC2Ibwf1').expect(200);
      expect(res.body).toEqual({
        code: 0,
        msg: 'ok',
        data: { imageUrl: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000002MiVxC2Ibwf1.jpg?max_age=2592000' },
      });
      expect(h.fake.requests).toHaveLength(0);
    });

    it.each([
      ['&size=500x500&maxAge=60', 'T002R500x500M000X1.jpg?max_age=60'],
      ['&type=singer&size=150x150', 'T001R150x150M000X1.jpg?max_age=2592000'],
      ['&type=mv&size=640x360&maxAge=0', 'T015R640x360M000X1.jpg?max_age=0'],
      ['&size=3000X1', 'T002R3000x1M000X1.jpg?max_age=2592000'],
      ['&size=&maxAge=', 'T002R300x300M000X1.jpg?max_age=2592000'],
      ['&maxAge=2147483647', 'T002R300x300M000X1.jpg?max_age=2147483647'],
      ['&size=%20640X360%20&maxAge=007', 'T002R640x360M000X1.jpg?max_age=7'],
    ])('honours %s', async (q, tail) => {
      const res = await h.http().get(`/getImageUrl?id=X1${q}`).expect(200);
      expect(res.body.data.imageUrl).toBe(`https://y.gtimg.cn/music/photo_new/${tail}`);
      expect(h.fake.requests).toHaveLength(0);
    });

    it.each([
      ['', 'id is required'],
      ['id=', 'id is required'],
      ['id=a.b', 'id must be an album or singer MID (letters and digits)'],
      ['id=X&size=300', 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300'],
      ['id=X&size=0x10', 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300'],
      ['id=X&size=3001x300', 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300'],
      ['id=X&size=-5x5', 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300'],
      ['id=X&size=0300x300', 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300'],
      ['id=X&maxAge=-1', 'maxAge must be 0 or more'],
      ['id=X&maxAge=1.5', 'maxAge must be an integer number of seconds'],
      // past 2^31 − 1; the 20-digit one was answered 200 with max_age=100000000000000000000 (precision lost)
      ['id=X&maxAge=2147483648', 'maxAge must be at most 2147483647 (seconds)'],
      ['id=X&maxAge=99999999999999999999', 'maxAge must be at most 2147483647 (seconds)'],
      ['id=X&type=cover', 'type must be one of album, singer, mv'],
    ])('rejects %s with 400', async (q, message) => {
      const res = await h.http().get(`/getImageUrl?${q}`).expect(400);
      expect(res.body).toEqual({ error: message, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });
  });

  describe('GET /getDigitalAlbumLists', () => {
    it('asks musicmall.fcg (cmd pc_index_new) and answers the first 20 albums by default', async () => {
      const res = await h.http().get('/getDigitalAlbumLists').expect(200);
      expect(res.body.data.total).toBe(25);
      expect(res.body.data.albums).toHaveLength(20);
      const first = res.body.data.albums[0];
      const song = catalog()[0];
      expect(first).toEqual({
        albumMid: song.albumMid || '000DigiAlbum00',
        albumName: `${song.albumName || song.name} (数字专辑 1)`,
        singerName: song.singers.map((s) => s.name).join('/'),
        cover: `https://y.gtimg.cn/music/photo_new/T002R300x300M000${first.albumMid}.jpg`,
        price: 3,
      });
      const [req] = h.fake.requestsTo('c', MALL);
      expect(req.method).toBe('GET');
      expect(req.query).toMatchObject({ cmd: 'pc_index_new', format: 'json', outCharset: 'utf-8' });
    });

    it('pages the upstream list: 0-based page × limit', async () => {
      const p1 = await h.http().get('/getDigitalAlbumLists?limit=10&page=1').expect(200);
      expect(p1.body.data.albums.map((a: any) => a.albumName)).toEqual(
        Array.from({ length: 10 }, (_, i) => expect.stringContaining(`(数字专辑 ${11 + i})`)),
      );
      const p2 = await h.http().get('/getDigitalAlbumLists?limit=10&page=2').expect(200);
      expect(p2.body.data.albums).toHaveLength(5);
      const p3 = await h.http().get('/getDigitalAlbumLists?limit=10&page=3').expect(200);
      expect(p3.body.data).toEqual({ albums: [], total: 25 });
    });

    it('answers an empty list when upstream lists none', async () => {
      discoverState(h.fake.state).digitalAlbums = 0;
      const res = await h.http().get('/getDigitalAlbumLists').expect(200);
      expect(res.body.data).toEqual({ albums: [], total: 0 });
    });

    it.each([
      ['{"code":1000}', 401, 'LOGIN_EXPIRED', 1000],
      ['{"code":500001,"subcode":500001}', 502, 'UPSTREAM_ERROR', 500001],
    ])('a business code (%s) is a failure, not an empty list', async (body, status, errorCode, code) => {
      h.fake.fault({ kind: 'status', status: 200, body }, { host: 'c', path: MALL });
      const res = await h.http().get('/getDigitalAlbumLists').expect(status);
      expect(res.body).toEqual({ error: expect.stringContaining('musicmall.fcg'), errorCode, upstreamCode: code });
    });

    it.each([
      ['limit=0', 'limit must be between 1 and 100'],
      ['page=-2', 'page must be 0 or more'],
      ['page=1001', 'page must be at most 1000'],
      ['limit=101', 'limit must be between 1 and 100'],
    ])('rejects %s with 400', async (q, message) => {
      const res = await h.http().get(`/getDigitalAlbumLists?${q}`).expect(400);
      expect(res.body).toEqual({ error: message, errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('retries a refused CGI once with the y.qq.com Referer, then maps persistent 500s to 502', async () => {
      h.fake.fault({ kind: 'html' }, { host: 'c', path: MALL, times: 1 });
      await h.http().get('/getDigitalAlbumLists').expect(200);
      const reqs = h.fake.requestsTo('c', MALL);
      expect(reqs.map((r) => r.headers.referer)).toEqual(['https://c.y.qq.com/', 'https://y.qq.com/']);
      h.fake.reset();
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: MALL });
      expect((await h.http().get('/getDigitalAlbumLists').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    });
  });

  describe('GET /getRadioLists', () => {
    it('asks pf.radiosvr.GetRadiolist {ct:"24"} and maps the groups with the genuine radio items', async () => {
      const res = await h.http().get('/getRadioLists').expect(200);
      const { groups } = res.body.data;
      expect(groups).toHaveLength(2);
      expect(groups[0]).toEqual({
        id: 1,
        name: '热门',
        radios: home.radioList.map((r: any, i: number) => ({
          id: r.radioid,
          name: r.Ftitle,
          cover: r.picUrl,
          listen_num: 1000000 * (i + 1),
          listenNum: 1000000 * (i + 1),
        })),
      });
      const [call] = h.fake.musicuCalls(RADIO);
      expect(call.param).toEqual({ ct: '24' });
      expect(call.request.method).toBe('POST');
      expect(h.fake.requestsTo('c')).toHaveLength(0);
    });

    it('falls back to fcg_v8_radiolist.fcg on a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'pf.radiosvr' });
      const res = await h.http().get('/getRadioLists').expect(200);
      const [req] = h.fake.requestsTo('c', RADIO_CGI);
      expect(req.query).toMatchObject({ format: 'json', outCharset: 'utf-8', channel: 'radio', page: 'index', tpl: 'wk', new: '1', p: '1' });
      expect(res.body.data.groups.map((g: any) => g.name)).toEqual(['热门', '心情']);
      expect(res.body.data.groups.map((g: any) => g.id)).toEqual([0, 1]); // the CGI's groups carry no id: their index
      expect(res.body.data.groups[0].radios[0]).toEqual({ id: 199, name: '热歌', cover: home.radioList[0].picUrl, listen_num: 1000000, listenNum: 1000000 });
    });

    it.each([
      ['{"code":1000}', 401, 'LOGIN_EXPIRED', 1000],
      ['{"code":-1,"subcode":-1}', 502, 'UPSTREAM_ERROR', -1],
    ])('a business code (%s) from the CGI fallback is a failure, not empty groups', async (body, status, errorCode, code) => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'pf.radiosvr' });
      h.fake.fault({ kind: 'status', status: 200, body }, { host: 'c', path: RADIO_CGI });
      const res = await h.http().get('/getRadioLists').expect(status);
      expect(res.body).toEqual({ error: expect.stringContaining('fcg_v8_radiolist.fcg'), errorCode, upstreamCode: code });
      expect(h.fake.requestsTo('c', RADIO_CGI)).toHaveLength(1);
    });

    it('does not fall back on a transport failure (502) and maps a hang to 504', async () => {
      h.fake.fault({ kind: 'status', status: 503 }, { host: 'u', times: 1 });
      expect((await h.http().get('/getRadioLists').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(h.fake.requestsTo('c')).toHaveLength(0);
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getRadioLists').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });

    it('answers empty groups when upstream has none', async () => {
      discoverState(h.fake.state).emptyRadio = true;
      const res = await h.http().get('/getRadioLists').expect(200);
      expect(res.body.data).toEqual({ groups: [] });
    });
  });

  describe('GET /getRecommend', () => {
    it('asks every part in ONE musicu POST and normalises each list', async () => {
      const res = await h.http().get('/getRecommend').expect(200);
      const d = res.body.data;
      const reqs = h.fake.requestsTo('u', '/cgi-bin/musicu.fcg');
      expect(reqs).toHaveLength(1);
      expect(reqs[0].method).toBe('POST');
      const byTarget = Object.fromEntries(reqs[0].musicu!.map((c) => [`${c.module}.${c.method}`, c.param]));
      expect(byTarget).toEqual({
        [FEED]: { From: 0, Size: 20 },
        [NEW_SONG]: { type: 5 },
        [NEW_ALBUM]: { area: 1, start: 0, num: 10 },
        [TOPLIST]: {},
        [FOCUS]: {},
      });

      const diss = fixture('c-fcg-get-diss-by-tag.data.fragment.json').list[0];
      expect(d.playlists[0]).toEqual({ dissid: diss.dissid, dissname: diss.dissname, cover: diss.imgurl, listen_num: diss.listennum, listenNum: diss.listennum });
      const song = catalog()[0];
      expect(d.newSongs[0]).toEqual({
        songmid: song.mid,
        songid: song.id,
        songname: song.name,
        singers: song.singers.map((s) => ({ mid: s.mid, name: s.name })),
        singer: song.singers.map((s) => ({ mid: s.mid, name: s.name })),
      });
      expect(d.focus).toEqual(
        home.slider.map((s: any) => ({ id: String(s.id), title: `focus ${s.id}`, cover: s.picUrl, jumpUrl: s.linkUrl })),
      );
      // charts come from the charts feature's fake GetAll handler
      expect(d.charts.length).toBeGreaterThan(0);
      for (const c of d.charts) expect(c).toEqual({
          ...{ id: expect.any(Number), name: expect.any(String), cover: expect.any(String), listen_num: expect.any(Number), period: expect.any(String) },
          ...{ topId: expect.any(Number), title: expect.any(String), listenNum: expect.any(Number) },
        });
      // new albums come from the playlists feature's fake (area 1: the catalogue's albums, newest first), 10 of them
      expect(d.newAlbums).toHaveLength(10);
      for (const a of d.newAlbums) expect(a).toEqual({ albumMid: expect.any(String), albumName: expect.any(String), singerName: expect.any(String), cover: expect.any(String) });
      const newest = catalog().find((s) => s.albumMid)!;
      expect(d.newAlbums[0]).toEqual({
        albumMid: newest.albumMid,
        albumName: newest.albumName,
        singerName: newest.singers.map((s) => s.name).join('/'),
        // the fake gives every third album a picture of its own (photo.pic_mid)
        cover: `https://y.gtimg.cn/music/photo_new/T002R300x300M000${newest.albumMid}_pic.jpg`,
      });
      expect(d.errors).toEqual([]);
    });

    it('keeps the good parts when one key fails and reports it in data.errors', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'QQMusic.MusichallServer' });
      const res = await h.http().get('/getRecommend').expect(200);
      const d = res.body.data;
      expect(d.focus).toEqual([]);
      expect(d.errors).toEqual([{ key: 'focus', module: FOCUS, code: 500001 }]);
      expect(d.newAlbums).toHaveLength(10);
      expect(d.playlists.length).toBeGreaterThan(0);
      expect(d.newSongs.length).toBeGreaterThan(0);
      expect(d.charts.length).toBeGreaterThan(0);
      expect(h.fake.requestsTo('u')).toHaveLength(1);
    });

    it('fails as a whole on a top-level business code or a transport fault', async () => {
      h.fake.fault({ kind: 'business', code: 1000 }, { host: 'u', times: 1 });
      expect((await h.http().get('/getRecommend').expect(401)).body.errorCode).toBe('LOGIN_EXPIRED');
      h.fake.fault({ kind: 'truncated' }, { host: 'u', times: 1 });
      await h.http().get('/getRecommend').expect(502);
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getRecommend').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
    // Every key failing (→ 502) is covered in test/unit/discover.service.spec.ts: the fake applies one business
    // fault per request only.
  });

  describe('GET /getTicketInfo', () => {
    it('asks the ticket index page (city_id -1) and the show types in one call', async () => {
      const res = await h.http().get('/getTicketInfo').expect(200);
      expect(res.body.data.shows).toHaveLength(2);
      expect(res.body.data.shows[0]).toEqual({
        id: 't1001',
        name: '林俊杰 JJ20 世界巡回演唱会',
        city: '上海',
        time: '2026-12-24 19:30',
        cover: 'http://y.gtimg.cn/music/common/upload/t_ticket/1001.jpg',
        price: '380-1680',
      });
      expect(res.body.data.types).toEqual([
        { id: 1, name: '演唱会' },
        { id: 2, name: '音乐节' },
        { id: 3, name: 'Livehouse' },
      ]);
      const [call] = h.fake.musicuCalls(TICKET);
      expect(call.param).toEqual({ city_id: -1 });
      const [types] = h.fake.musicuCalls(SHOW_TYPES);
      expect(types.param).toEqual({});
      expect(types.request).toBe(call.request);
    });

    it('answers empty lists when upstream has none', async () => {
      discoverState(h.fake.state).emptyTickets = true;
      const res = await h.http().get('/getTicketInfo').expect(200);
      expect(res.body.data).toEqual({ shows: [], types: [] });
    });

    it('maps a key failure to 502 and a hang to 504', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: SHOW_TYPES });
      expect((await h.http().get('/getTicketInfo').expect(502)).body.errorCode).toBe('UPSTREAM_ERROR');
      h.fake.reset();
      h.fake.fault({ kind: 'hang' }, { host: 'u' });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getTicketInfo').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });
});
