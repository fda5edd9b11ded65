import { GEM_MID, GEM_SINGER_ID, SINGER_TRACK_FIXTURE } from '../../fake-upstream/handlers/singers';
import { fixture } from '../../fake-upstream/fixtures';
import { Harness, startHarness } from '../support/harness';

/**
 * `GET /getSingerHotsong?singerid=<numeric id>` (older qq-music-api services): answered from the legacy CGI
 * fcg_v8_singer_track_cp.fcg, whose `data.list` in the fake is the genuine G.E.M. fragment, in /getSingerHotsong's
 * normalised shape; `?shape=legacy` gives the CGI's own answer under `response`.
 */

const CGI = '/v8/fcg-bin/fcg_v8_singer_track_cp.fcg';
const SINGER_SONGS = 'musichall.song_list_server.GetSingerSongList';
const GENUINE: any[] = fixture(SINGER_TRACK_FIXTURE);

describe('legacy getSingerHotsong?singerid=<numeric id>', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const cgiRequests = () => h.fake.requestsTo('c', CGI);

  it('maps the genuine CGI songs into /getSingerHotsong\'s shape and asks the CGI by singerid (order=listen, begin 0, num = default limit 10)', async () => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}`).expect(200);
    expect(res.body).toMatchObject({ code: 0, msg: 'ok', data: { singerMID: GEM_MID, total: 10 } });
    const songs = res.body.data.songs;
    expect(songs).toHaveLength(10);
    expect(songs[0]).toEqual({
      songmid: '004dFFPd4JNv8q',
      songid: 104913384,
      songname: '来自天堂的魔鬼',
      singer: 'G.E.M. 邓紫棋',
      albumName: '新的心跳',
      albumMid: '003c616O2Zlswm',
      interval: 245,
    });
    expect(songs.map((s: any) => s.songname)).toEqual(GENUINE.map((x) => x.musicData.songname));
    expect(songs[1]).toMatchObject({ songname: '光年之外', songmid: GENUINE[1].musicData.songmid, songid: GENUINE[1].musicData.songid });
    for (const s of songs) expect(Object.keys(s).sort()).toEqual(['albumMid', 'albumName', 'interval', 'singer', 'songid', 'songmid', 'songname']);

    const reqs = cgiRequests();
    expect(reqs).toHaveLength(1);
    expect(reqs[0].hostKey).toBe('c');
    expect(reqs[0].method).toBe('GET');
    expect(reqs[0].query).toMatchObject({
      singerid: String(GEM_SINGER_ID),
      order: 'listen',
      begin: '0',
      num: '10',
      songstatus: '1',
      format: 'json',
      outCharset: 'utf-8',
    });
    expect(reqs[0].query.singermid).toBeUndefined();
    expect(h.fake.musicuCalls(SINGER_SONGS)).toHaveLength(0);
  });

  it('pages: limit/page → begin = page × limit, num = limit; the songs are that window of the list', async () => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&limit=3&page=1`).expect(200);
    expect(res.body.data.songs.map((s: any) => s.songname)).toEqual(['我的秘密', '泡沫', '再见']);
    expect(res.body.data.songs.map((s: any) => s.songmid)).toEqual(GENUINE.slice(3, 6).map((x) => x.musicData.songmid));
    expect(res.body.data.total).toBe(10);
    expect(cgiRequests()[0].query).toMatchObject({ singerid: String(GEM_SINGER_ID), begin: '3', num: '3' });

    h.fake.reset();
    const last = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&limit=4&page=2`).expect(200);
    expect(last.body.data.songs.map((s: any) => s.songname)).toEqual(['A.I.N.Y.', '多远都要在一起']);
    expect(cgiRequests()[0].query).toMatchObject({ begin: '8', num: '4' });
  });

  it('a CGI answer without singer_mid: singerMID is the MID its songs give for that singer id', async () => {
    // a co-singer listed first: only the entry whose id is the requested singerid names the MID
    const list = GENUINE.slice(0, 2).map((x) => ({ ...x, musicData: { ...x.musicData, singer: [{ id: 1, mid: '0000000000OTHER', name: 'x' }, ...x.musicData.singer] } }));
    h.fake.fault({ kind: 'shape', data: { list, total: 2 } }, { host: 'c', path: CGI, times: 1 });
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}`).expect(200);
    expect(res.body.data).toMatchObject({ singerMID: GEM_MID, total: 2 });
    expect(res.body.data.songs).toHaveLength(2);
    expect(cgiRequests()).toHaveLength(1);
  });

  it('an unknown singer id is an empty list (singerMID \'\', total 0), not an error', async () => {
    const res = await h.http().get('/getSingerHotsong?singerid=987654321').expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { singerMID: '', songs: [], total: 0 } });
    expect(cgiRequests().map((r) => r.query.singerid)).toEqual(['987654321']);
  });

  it.each([
    ['letters mixed with digits that are no MID', '4558ab-c', /singerid must be a numeric singer id/],
    ['20 digits', '12345678901234567890', /singerid must be a numeric singer id \(at most 15 digits\)/],
    ['a 40-character MID-like value', `4558${'a'.repeat(36)}`, /singerid/],
  ])('a bad singerid (%s) → 400 naming singerid, nothing asked upstream', async (_n, singerid, message) => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${encodeURIComponent(singerid)}`).expect(400);
    expect(res.body).toEqual({ error: expect.stringMatching(message), errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('limit and page are validated like /getSingerHotsong\'s', async () => {
    const limit = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&limit=101`).expect(400);
    expect(limit.body).toEqual({ error: 'limit must be between 1 and 100', errorCode: 'BAD_REQUEST' });
    const page = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&page=-1`).expect(400);
    expect(page.body).toEqual({ error: 'page must be 0 or more', errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('a singermid beside a numeric singerid wins: the MID route (GetSingerSongList) answers, the CGI is not asked', async () => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&singermid=${GEM_MID}&limit=2`).expect(200);
    expect(res.body.data.singerMID).toBe(GEM_MID);
    expect(h.fake.musicuCalls(SINGER_SONGS)[0].param).toMatchObject({ singerMid: GEM_MID, number: 2 });
    expect(cgiRequests()).toHaveLength(0);
  });

  it('?shape=legacy: the CGI\'s own answer under `response` (response.data.list[].musicData)', async () => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&limit=2&shape=legacy`).expect(200);
    expect(res.headers['x-response-shape']).toBe('legacy');
    expect(res.body.code).toBeUndefined();
    const r = res.body.response;
    expect(r.code).toBe(0);
    expect(r.data.list).toHaveLength(2);
    expect(r.data.list[0].musicData.songmid).toBe('004dFFPd4JNv8q');
    expect(r.data.list[0].musicData.songname).toBe('来自天堂的魔鬼');
    expect(r.data).toMatchObject({ singer_id: GEM_SINGER_ID, singer_mid: GEM_MID, total: 10 });
    expect(cgiRequests()[0].query).toMatchObject({ singerid: String(GEM_SINGER_ID), num: '2' });
  });

  it('upstream 500 → 502 UPSTREAM_BAD_STATUS (after the one Referer retry), then recovers', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: CGI });
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}`).expect(502);
    expect(res.body).toEqual({ error: expect.stringMatching(/HTTP 500/), errorCode: 'UPSTREAM_BAD_STATUS' });
    expect(cgiRequests().map((r) => r.headers.referer)).toEqual(['https://c.y.qq.com/', 'https://y.qq.com/']);
    h.fake.clearFaults();
    await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}&limit=1`).expect(200);
  });

  it('a non-zero CGI code is an upstream business error, not an empty list', async () => {
    h.fake.fault({ kind: 'status', status: 200, body: JSON.stringify({ code: 2000, subcode: 2000, msg: 'fail' }) }, { host: 'c', path: CGI });
    const res = await h.http().get(`/getSingerHotsong?singerid=${GEM_SINGER_ID}`);
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_SIGNATURE_REQUIRED', upstreamCode: 2000 });
    expect(cgiRequests()).toHaveLength(1);
  });

  it('the internal route answers directly too, and names a missing singerid', async () => {
    const ok = await h.http().get(`/legacy/getSingerHotsongById?singerid=${GEM_SINGER_ID}&limit=1`).expect(200);
    expect(ok.body.data.songs.map((s: any) => s.songmid)).toEqual(['004dFFPd4JNv8q']);
    const missing = await h.http().get('/legacy/getSingerHotsongById').expect(400);
    expect(missing.body).toEqual({ error: 'singerid is required', errorCode: 'BAD_REQUEST' });
  });
});
