import { issuedAndroidComm } from '../support/identity';
import { chartsState } from '../../fake-upstream/handlers/charts';
import { musicState } from '../../fake-upstream/handlers/music';
import { syntheticMid } from '../../fake-upstream/catalog';
import { fixture } from '../../fake-upstream/fixtures';
import { MusicService } from '../../src/music/music.service';
import { Harness, startHarness, waitFor } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
/** The Android comm of the retry (docs/upstream/README.md "Android retry"), anonymous, with the issued identity. */
const ANDROID_ANON = issuedAndroidComm();

describe('GET /getRanks (charts)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  /** A chart whose rows lack MIDs: ids may repeat, to exercise de-duplication. */
  const setChart = (topId: number, songIds: number[]) =>
    chartsState(h.fake.state).set(topId, {
      title: `Test chart ${topId}`,
      rows: songIds.map((songId) => ({ songId, title: `Song ${songId}`, singerName: 'Someone' })),
      withSongInfo: false,
    });

  it('asks musicu Toplist.GetDetail with offset = page × limit and maps the chart envelope', async () => {
    const res = await h.http().get('/getRanks?topId=62&limit=5&page=2').expect(200);
    expect(res.body.code).toBe(0);
    expect(typeof res.body.msg).toBe('string');
    expect(res.body.data.topList).toEqual({ id: 62, name: '飙升榜', period: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const rows = res.body.data.songInfoList;
    expect(rows).toHaveLength(5);
    expect(rows.map((r: any) => r.rank)).toEqual([11, 12, 13, 14, 15]);
    for (const r of rows) {
      expect(r.songId).toBe(r.song_id);
      expect(typeof r.songName).toBe('string');
      expect(typeof r.singerName).toBe('string');
      // chart 62 carries the index-aligned songInfoList, so MIDs come from upstream
      expect(r.mid).toMatch(/^\w{14}$/);
      expect(r.song_mid).toBe(r.mid);
    }

    const [call] = h.fake.musicuCalls(DETAIL);
    expect(call.request.host).toBe('u.y.qq.com');
    expect(call.request.path).toBe('/cgi-bin/musicu.fcg');
    expect(call.request.method).toBe('POST');
    expect(call.param).toEqual({ topId: 62, offset: 10, num: 5, withTags: false });
    expect(call.request.comm).toMatchObject({ ct: 24, cv: 4747474, uin: '0', g_tk: 5381 });
    expect(call.request.headers.referer).toBe('https://y.qq.com/');
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
  });

  it('defaults to limit 20, page 0 and resolveMid false', async () => {
    const res = await h.http().get('/getRanks?topId=4').expect(200);
    expect(h.fake.musicuCalls(DETAIL)[0].param).toMatchObject({ topId: 4, offset: 0, num: 20 });
    expect(res.body.data.songInfoList).toHaveLength(20);
    // chart 4 is the genuine GetDetail shape: rows without MIDs, and none are looked up
    const first = res.body.data.songInfoList[0];
    expect(first).toEqual({ songId: 552706028, song_id: 552706028, songName: '大山', singerName: '王睿卓', rank: 1 });
    expect(first).not.toHaveProperty('mid');
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
  });

  it('returns every chart, grouped, when topId is omitted (Toplist.GetAll)', async () => {
    const res = await h.http().get('/getRanks').expect(200);
    expect(h.fake.musicuCalls('music.musicToplist.Toplist.GetAll')).toHaveLength(1);
    const groups = res.body.data.groups;
    expect(groups.length).toBeGreaterThan(0);
    const charts = groups.flatMap((g: any) => g.charts);
    expect(charts).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 4, name: '安利XS·巅峰榜·流行指数', period: expect.any(String) })]),
    );
    expect(groups[0]).toEqual({ id: expect.any(Number), name: expect.any(String), charts: expect.any(Array) });
  });

  it('maps each GetAll chart\'s cover from upstream headPicUrl and its listenNum', async () => {
    const res = await h.http().get('/getRanks').expect(200);
    const charts = res.body.data.groups.flatMap((g: any) => g.charts);
    const genuine = fixture('c-fcg-myqq-toplist.json').data.topList.find((t: any) => t.id === 4);
    expect(genuine.picUrl).toMatch(/^http/);
    expect(charts.find((c: any) => c.id === 4)).toMatchObject({ cover: genuine.picUrl, listenNum: genuine.listenCount });
  });

  it('resolveMid=true looks up each distinct song lacking a MID once and fills both fields', async () => {
    setChart(900, [101, 102, 101, 103, 102, 104, 101]);
    const res = await h.http().get('/getRanks?topId=900&resolveMid=true').expect(200);
    const calls = h.fake.musicuCalls(SONG_DETAIL);
    expect(calls.map((c) => c.param.song_id).sort()).toEqual([101, 102, 103, 104]);
    for (const c of calls) expect(c.param).toEqual({ song_type: 0, song_id: c.param.song_id });
    for (const row of res.body.data.songInfoList) {
      expect(row.mid).toBe(syntheticMid(row.songId));
      expect(row.song_mid).toBe(row.mid);
    }
  });

  it('resolveMid=true makes no lookup for entries that already carry a MID', async () => {
    await h.http().get('/getRanks?topId=62&limit=10&resolveMid=true').expect(200);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
  });

  it('keeps at most 5 detail lookups in flight (measured at the fake upstream)', async () => {
    setChart(901, Array.from({ length: 12 }, (_, i) => 500 + i));
    const lookups = jest.spyOn(h.app.get(MusicService), 'findMidById');
    h.fake.hold(SONG_DETAIL);
    const pending = h.http().get('/getRanks?topId=901&resolveMid=true').then((r) => r);
    await waitFor(() => h.fake.currentConcurrency(SONG_DETAIL) >= 5, 3000, '5 lookups in flight');
    // No pause needed to see a 6th: an uncapped gateway starts all 12 lookups at once, before any reaches upstream,
    // while a capped one starts the next only when one of the 5 (all held) ends.
    expect(lookups).toHaveBeenCalledTimes(5);
    lookups.mockRestore();
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(5);
    h.fake.release(SONG_DETAIL);
    const res = await pending;
    expect(res.status).toBe(200);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(12);
    expect(h.fake.peakConcurrency(SONG_DETAIL)).toBe(5);
    expect(res.body.data.songInfoList.every((r: any) => r.mid)).toBe(true);
  });

  it('a failed lookup leaves that song without a MID and the rest intact', async () => {
    setChart(902, [201, 202, 203, 202]);
    musicState(h.fake.state).failingSongIds.add(202);
    const res = await h.http().get('/getRanks?topId=902&resolveMid=true').expect(200);
    const rows = res.body.data.songInfoList;
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      if (row.songId === 202) {
        expect(row).not.toHaveProperty('mid');
        expect(row).not.toHaveProperty('song_mid');
      } else expect(row.mid).toBe(syntheticMid(row.songId));
    }
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(3);
  });

  it('falls back to ToplistInfoServer with a computed period when Toplist fails with a business code', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musicToplist.Toplist' });
    const res = await h.http().get('/getRanks?topId=26&limit=3').expect(200);
    const [fallback] = h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail');
    expect(fallback.param).toEqual({ topId: 26, offset: 0, num: 3, period: expect.stringMatching(/^\d{4}_\d{1,2}$/) });
    expect(res.body.data.topList.id).toBe(26);
    expect(res.body.data.songInfoList).toHaveLength(3);
  });

  it('sends a daily period (YYYY-MM-DD) for daily charts on the fallback', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musicToplist.Toplist' });
    await h.http().get('/getRanks?topId=62&limit=1').expect(200);
    expect(h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail')[0].param.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers 404 for a chart upstream does not know', async () => {
    const res = await h.http().get('/getRanks?topId=77777').expect(404);
    expect(res.body).toEqual({ error: 'No chart with topId 77777', errorCode: 'CHART_NOT_FOUND' });
  });

  it.each([3, 1, 50])('answers 404 for an unknown chart on page %i too (decided from the chart, not the rows)', async (page) => {
    const res = await h.http().get(`/getRanks?topId=99999&page=${page}`).expect(404);
    expect(res.body).toEqual({ error: 'No chart with topId 99999', errorCode: 'CHART_NOT_FOUND' });
    expect(h.fake.musicuCalls(DETAIL)[0].param).toMatchObject({ topId: 99999, offset: page * 20 });
  });

  it('an empty web-comm answer is retried once with the minimal Android comm and UA, and its rows are served', async () => {
    setChart(904, [401, 402, 403]);
    chartsState(h.fake.state).get(904)!.emptyOnWebComm = true;
    const res = await h.http().get('/getRanks?topId=904&limit=2').expect(200);
    const calls = h.fake.musicuCalls(DETAIL);
    expect(calls).toHaveLength(2);
    expect(calls[0].request.comm).toMatchObject({ ct: 24, cv: 4747474 });
    expect(calls[1].request.comm).toEqual(ANDROID_ANON);
    expect(calls[1].request.headers['user-agent']).toBe('QQMusic 14090008(android 10)');
    expect(calls[1].param).toEqual(calls[0].param);
    expect(res.body.data.topList.name).toBe('Test chart 904');
    expect(res.body.data.songInfoList.map((r: any) => r.songId)).toEqual([401, 402]);
  });

  it('the Android retry comm carries qq/authst/tmeLoginType when logged in', async () => {
    setChart(905, [501]);
    chartsState(h.fake.state).get(905)!.emptyOnWebComm = true;
    await h.http().get('/getRanks?topId=905').set('Cookie', 'uin=o0123; qqmusic_key=Q_H_L_abc').expect(200);
    const calls = h.fake.musicuCalls(DETAIL);
    expect(calls[1].request.comm).toEqual(issuedAndroidComm({ qq: '123', authst: 'Q_H_L_abc', tmeLoginType: 2 }));
  });

  it('no Android retry for a chart with rows, nor for a page past the end of one (upstream still counts its songs)', async () => {
    await h.http().get('/getRanks?topId=26&limit=3').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
    h.fake.reset();
    await h.http().get('/getRanks?topId=26&limit=50&page=5').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
  });

  it('past the last page answers an empty list, not an error', async () => {
    const res = await h.http().get('/getRanks?topId=26&limit=50&page=5').expect(200);
    expect(res.body.data.songInfoList).toEqual([]);
  });

  it.each([
    ['topId=abc', 'topId'],
    ['topId=0', 'topId'],
    ['topId=1.5', 'topId'],
    ['topId=100000', 'topId'],
    ['topId=4&limit=0', 'limit'],
    ['topId=4&limit=301', 'limit'],
    ['topId=4&limit=ten', 'limit'],
    ['topId=4&page=-1', 'page'],
    ['topId=4&page=1001', 'page'],
    ['topId=4&resolveMid=maybe', 'resolveMid'],
  ])('rejects %s with 400 naming %s', async (query, param) => {
    const res = await h.http().get(`/getRanks?${query}`).expect(400);
    expect(res.body.error).toContain(param);
    expect(res.body.errorCode).toBe('BAD_REQUEST');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('accepts the largest page (1000) and limit (300): offset = page × limit is sent as is', async () => {
    const res = await h.http().get('/getRanks?topId=62&limit=300&page=1000').expect(200);
    expect(res.body.data.songInfoList).toEqual([]);
    expect(h.fake.musicuCalls(DETAIL)[0].param).toEqual({ topId: 62, offset: 300000, num: 300, withTags: false });
  });

  it('without topId, limit/page/resolveMid are checked but change nothing: one GetAll, no detail lookups', async () => {
    const plain = await h.http().get('/getRanks').expect(200);
    h.fake.reset();
    const res = await h.http().get('/getRanks?limit=5&page=3&resolveMid=true').expect(200);
    expect(res.body).toEqual(plain.body);
    expect(h.fake.musicuCalls().map((c) => `${c.module}.${c.method}`)).toEqual(['music.musicToplist.Toplist.GetAll']);
    const bad = await h.http().get('/getRanks?limit=301').expect(400);
    expect(bad.body.error).toContain('limit');
  });

  it('uses the first value of a repeated parameter', async () => {
    await h.http().get('/getRanks?topId=4&limit=3&limit=50&topId=62').expect(200);
    expect(h.fake.musicuCalls(DETAIL)[0].param).toMatchObject({ topId: 4, num: 3 });
  });

  it('a blank parameter (empty or only spaces) is absent: its default applies', async () => {
    await h.http().get('/getRanks?topId=4&limit=%20&page=%09&resolveMid=%20').expect(200);
    expect(h.fake.musicuCalls(DETAIL)[0].param).toMatchObject({ topId: 4, offset: 0, num: 20 });
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
    const all = await h.http().get('/getRanks?topId=%20%20').expect(200);
    expect(all.body.data.groups.length).toBeGreaterThan(0);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
  });

  it.each([
    ['false', '1'],
    ['%20FALSE%20', 'True'],
  ])('reads resolveMid=%s as false and resolveMid=%s as true (1/0 or true/false, trimmed, any case)', async (off, on) => {
    setChart(903, [301]);
    await h.http().get(`/getRanks?topId=903&resolveMid=${off}`).expect(200);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
    await h.http().get(`/getRanks?topId=903&resolveMid=${on}`).expect(200);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
  });

  it('refuses any other resolveMid with a 400 naming it', async () => {
    const res = await h.http().get('/getRanks?topId=903&resolveMid=yes').expect(400);
    expect(res.body.error).toContain('resolveMid');
  });
});
