import { JAY_MID, singersState } from '../../fake-upstream/handlers/singers';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The singer answers beyond the documented examples (which test/robustness/answer-schemas.e2e-spec.ts validates)
 * match their declared schemas: the fallback modules and CGIs, empty answers, the other MV order.
 */

describe('singer answers match their declared schemas', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const expectValid = (path: string, body: unknown) => expect(validate(`GET ${path}`, body)).toEqual([]);

  it('/getSingerList from the fallback module, and past the last singer', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallSinger.SingerList' });
    const res = await h.http().get('/getSingerList?genre=1&limit=5').expect(200);
    expectValid('/getSingerList', res.body);
    expect(res.body.data.singers).toHaveLength(5);
    expect(h.fake.musicuCalls('Music.SingerListServer.get_singer_list')).toHaveLength(1);
    h.fake.reset();
    singersState(h.fake.state).listTotal = 50;
    const past = await h.http().get('/getSingerList?page=3&limit=20').expect(200);
    expectValid('/getSingerList', past.body);
    expect(past.body.data).toEqual({ singers: [], total: 50 });
  });

  it('/getSingerDesc without info: empty strings and lists', async () => {
    singersState(h.fake.state).emptyMids.add('000000000000A0');
    const res = await h.http().get('/getSingerDesc?singermid=000000000000A0').expect(200);
    expectValid('/getSingerDesc', res.body);
    expect(res.body.data).toMatchObject({ desc: '', basic: [], other: [] });
    expect(h.fake.requestsTo('c', '/splcloud/fcgi-bin/fcg_get_singer_desc.fcg')[0].query.singermid).toBe('000000000000A0');
  });

  it('/getSingerHotsong from the fallback get_singer_detail_info', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'musichall.song_list_server' });
    const res = await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&limit=4`).expect(200);
    expectValid('/getSingerHotsong', res.body);
    expect(res.body.data.songs).toHaveLength(4);
    expect(h.fake.musicuCalls('music.web_singer_info_svr.get_singer_detail_info')).toHaveLength(1);
  });

  it('/getSingerAlbum from the other parameter spelling, and no albums', async () => {
    h.fake.fault({ kind: 'business', code: 10006 }, { module: 'music.musichallAlbum.AlbumListServer.GetAlbumList', times: 1 });
    const res = await h.http().get(`/getSingerAlbum?singermid=${JAY_MID}&limit=3`).expect(200);
    expectValid('/getSingerAlbum', res.body);
    expect(res.body.data.albums).toHaveLength(3);
    expect(h.fake.musicuCalls('music.musichallAlbum.AlbumListServer.GetAlbumList').map((c) => c.param.sort)).toEqual([undefined, 5]);
    singersState(h.fake.state).emptyMids.add('0000NoSuch');
    const none = await h.http().get('/getSingerAlbum?singermid=0000NoSuch').expect(200);
    expectValid('/getSingerAlbum', none.body);
    expect(none.body.data.albums).toEqual([]);
  });

  it('/getSingerMv newest first', async () => {
    const res = await h.http().get(`/getSingerMv?singermid=${JAY_MID}&order=time&limit=3`).expect(200);
    expectValid('/getSingerMv', res.body);
    expect(res.body.data).toMatchObject({ order: 'time' });
    expect(h.fake.musicuCalls('MvService.MvInfoProServer.GetSingerMvList')[0].param).toMatchObject({ order: 0, count: 3 });
  });

  it('/getSimilarSinger from the fallback CGI', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.SimilarSingerSvr' });
    const res = await h.http().get(`/getSimilarSinger?singermid=${JAY_MID}`).expect(200);
    expectValid('/getSimilarSinger', res.body);
    expect(res.body.data.singers).toHaveLength(10);
    expect(h.fake.requestsTo('c', '/v8/fcg-bin/fcg_v8_simsinger.fcg')).toHaveLength(1);
  });

  it('/getSingerStarNum: a count sent as a string is an integer; a fractional one is no count (502)', async () => {
    singersState(h.fake.state).starNumBody = { code: 0, data: { num: '17' } };
    const res = await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(200);
    expectValid('/getSingerStarNum', res.body);
    expect(res.body.data.fanCount).toBe(17);
    singersState(h.fake.state).starNumBody = { code: 0, num: 1.5 };
    const fractional = await h.http().get(`/getSingerStarNum?singermid=${JAY_MID}`).expect(502);
    expect(fractional.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
    expect(h.fake.requestsTo('c', '/rsc/fcgi-bin/fcg_order_singer_getnum.fcg')).toHaveLength(2);
  });
});
