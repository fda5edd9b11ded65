import { discoverState } from '../../fake-upstream/handlers/discover';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The discover answers the documented examples leave out (an album without a price or with a fractional one, the radio
 * CGI fallback, a failed recommendation part, empty lists) validate against their declared schemas too (decision
 * 021); the example answers are validated by test/robustness/answer-schemas.e2e-spec.ts.
 */

const MALL = '/v8/fcg-bin/musicmall.fcg';
const RADIO_CGI = '/v8/fcg-bin/fcg_v8_radiolist.fcg';
const FOCUS = 'QQMusic.MusichallServer.GetFocus';

describe('discover answers match their declared schemas', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  /** The schema errors of a JSON answer of GET `path` ('' when it validates). */
  function problemsOf(path: string, body: unknown): string {
    return validate(`GET ${path}`, body).join('; ');
  }

  it('GET /getImageUrl of a singer picture', async () => {
    const res = await h.http().get('/getImageUrl?id=0025NhlN2yWrP4&type=singer&size=150x150&maxAge=0').expect(200);
    expect(res.body.data).toEqual({ imageUrl: 'https://y.gtimg.cn/music/photo_new/T001R150x150M0000025NhlN2yWrP4.jpg?max_age=0' });
    expect(problemsOf('/getImageUrl', res.body)).toBe('');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('GET /getDigitalAlbumLists: an album without a price leaves it out, a fractional price is a number; an empty shop', async () => {
    const body = JSON.stringify({ code: 0, data: { album_list: [{ album_mid: 'M1', album_name: 'A', singer_name: 'S' }, { album_mid: 'M2', album_name: 'B', singer_name: 'S', price: '2.5' }] } });
    h.fake.fault({ kind: 'status', status: 200, body }, { host: 'c', path: MALL });
    const res = await h.http().get('/getDigitalAlbumLists').expect(200);
    expect(res.body.data.albums[0]).not.toHaveProperty('price');
    expect(res.body.data.albums[1].price).toBe(2.5);
    expect(problemsOf('/getDigitalAlbumLists', res.body)).toBe('');
    expect(h.fake.requestsTo('c', MALL)[0].query).toMatchObject({ cmd: 'pc_index_new' });
    // a price the schema does not know as a number fails
    expect(problemsOf('/getDigitalAlbumLists', { ...res.body, data: { ...res.body.data, albums: [{ ...res.body.data.albums[1], price: '2.5' }] } })).not.toBe('');

    h.fake.reset();
    discoverState(h.fake.state).digitalAlbums = 0;
    const empty = await h.http().get('/getDigitalAlbumLists').expect(200);
    expect(empty.body.data).toEqual({ albums: [], total: 0 });
    expect(problemsOf('/getDigitalAlbumLists', empty.body)).toBe('');
  });

  it('GET /getRadioLists from the CGI fallback (groups numbered by index) and with no group at all', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'pf.radiosvr' });
    const fallback = await h.http().get('/getRadioLists').expect(200);
    expect(h.fake.requestsTo('c', RADIO_CGI)).toHaveLength(1);
    expect(fallback.body.data.groups.map((g: any) => g.id)).toEqual([0, 1]);
    expect(problemsOf('/getRadioLists', fallback.body)).toBe('');

    h.fake.reset();
    discoverState(h.fake.state).emptyRadio = true;
    const empty = await h.http().get('/getRadioLists').expect(200);
    expect(empty.body.data).toEqual({ groups: [] });
    expect(problemsOf('/getRadioLists', empty.body)).toBe('');
  });

  it('GET /getRecommend with a failed part listed in errors; an unknown part name fails the schema', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'QQMusic.MusichallServer' });
    const res = await h.http().get('/getRecommend').expect(200);
    expect(res.body.data.errors).toEqual([{ key: 'focus', module: FOCUS, code: 500001 }]);
    expect(res.body.data.focus).toEqual([]);
    expect(res.body.data.playlists.length).toBeGreaterThan(0);
    expect(problemsOf('/getRecommend', res.body)).toBe('');
    expect(h.fake.musicuCalls(FOCUS)).toHaveLength(1);
    const renamed = { ...res.body, data: { ...res.body.data, errors: [{ key: 'banner', module: FOCUS, code: 500001 }] } };
    expect(problemsOf('/getRecommend', renamed)).not.toBe('');
  });

  it('GET /getTicketInfo with no show and no type', async () => {
    discoverState(h.fake.state).emptyTickets = true;
    const res = await h.http().get('/getTicketInfo').expect(200);
    expect(res.body.data).toEqual({ shows: [], types: [] });
    expect(problemsOf('/getTicketInfo', res.body)).toBe('');
    expect(h.fake.musicuCalls('mall.ticket_index_page_svr.GetTicketIndexPage')).toHaveLength(1);
  });
});
