import { fixture } from '../../fake-upstream/fixtures';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The search answers the documented examples leave out (every search type, the Mobile and CGI fallbacks, empty pages,
 * /getSearchByType's album, playlist and user pages, empty suggestions and charts) validate against their declared
 * schemas too (decision 021); the example answers are validated by test/robustness/answer-schemas.e2e-spec.ts.
 */

const SEARCH = 'music.search.SearchCgiService.DoSearchForQQMusicDesktop';
const MOBILE = 'music.search.SearchCgiService.DoSearchForQQMusicMobile';
const CLIENT_SEARCH = '/soso/fcgi-bin/client_search_cp';
const SMARTBOX = '/splcloud/fcgi-bin/smartbox_new.fcg';
const TOPLIST = '/v8/fcg-bin/fcg_myqq_toplist.fcg';
const MV_SINGER = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0].singers[0].name;

describe('search answers match their declared schemas', () => {
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

  it.each([
    ['song', '周杰伦', 0],
    ['lyric', '周杰伦', 7],
    ['singer', '周杰伦', 1],
    ['album', '周杰伦', 2],
    ['playlist', '古风', 3],
    ['mv', MV_SINGER, 4],
  ])('GET /getSearchByKey type=%s: a page of that type\'s hits', async (type, key, searchType) => {
    const res = await h.http().get('/getSearchByKey').query({ key, type, limit: 3 }).expect(200);
    expect(res.body.data.type).toBe(type);
    expect(res.body.data.list.length).toBeGreaterThan(0);
    expect(problemsOf('/getSearchByKey', res.body)).toBe('');
    expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(searchType);
  });

  it('a page claiming another type than its hits, or a lyric hit without its lyric, fails the schema', async () => {
    const lyric = await h.http().get('/getSearchByKey').query({ key: '周杰伦', type: 'lyric', limit: 3 }).expect(200);
    const { lyric: _text, ...songHit } = lyric.body.data.list[0];
    expect(problemsOf('/getSearchByKey', { ...lyric.body, data: { ...lyric.body.data, list: [songHit] } })).not.toBe('');
    expect(problemsOf('/getSearchByKey', { ...lyric.body, data: { ...lyric.body.data, type: 'singer' } })).not.toBe('');
    expect(problemsOf('/getSearchByKey', { ...lyric.body, data: { ...lyric.body.data, type: 'song', list: [songHit] } })).toBe('');
  });

  it('GET /getSearchByKey from the Mobile search, from client_search_cp, and with nothing found', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: SEARCH });
    const mobile = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', type: 'song' }).expect(200);
    expect(h.fake.musicuCalls(MOBILE)).toHaveLength(1);
    expect(mobile.body.data.list.length).toBeGreaterThan(0);
    expect(problemsOf('/getSearchByKey', mobile.body)).toBe('');

    h.fake.reset();
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.search.SearchCgiService' });
    const cgi = await h.http().get('/getSearchByKey').query({ key: '简单爱', limit: 5 }).expect(200);
    expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(1);
    expect(cgi.body.data.list).toHaveLength(5);
    expect(problemsOf('/getSearchByKey', cgi.body)).toBe('');

    h.fake.reset();
    const none = await h.http().get('/getSearchByKey').query({ key: 'zzzz-no-such-song', type: 'album' }).expect(200);
    expect(none.body.data).toMatchObject({ type: 'album', total: 0, list: [] });
    expect(problemsOf('/getSearchByKey', none.body)).toBe('');
  });

  it('GET /searchByType type=artist answers the singer page', async () => {
    const res = await h.http().get('/searchByType').query({ key: '周杰伦', type: 'artist', limit: 5 }).expect(200);
    expect(res.body.data.type).toBe('singer');
    expect(problemsOf('/searchByType', res.body)).toBe('');
    expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(1);
  });

  it.each([
    [2, 'album'],
    [3, 'playlist'],
    [8, 'user'],
  ])('GET /getSearchByType t=%s: the %s page with its code', async (t, type) => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t }).expect(200);
    expect(res.body.data).toMatchObject({ type, t });
    expect(problemsOf('/getSearchByType', res.body)).toBe('');
    expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(t);
  });

  it('GET /getSearchByType: a code that does not match the page\'s type fails the schema', async () => {
    const res = await h.http().get('/getSearchByType').query({ key: '周杰伦', t: 2 }).expect(200);
    expect(problemsOf('/getSearchByType', { ...res.body, data: { ...res.body.data, t: 1 } })).not.toBe('');
  });

  it('GET /getSmartbox with MV suggestions, and with none at all', async () => {
    const mv = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0];
    const withMv = await h.http().get('/getSmartbox').query({ key: mv.title }).expect(200);
    expect(withMv.body.data.mvs.length).toBeGreaterThan(0);
    expect(problemsOf('/getSmartbox', withMv.body)).toBe('');

    const none = await h.http().get('/getSmartbox').query({ key: 'zzzz' }).expect(200);
    expect(none.body.data).toEqual({ key: 'zzzz', songs: [], singers: [], albums: [], mvs: [] });
    expect(problemsOf('/getSmartbox', none.body)).toBe('');
    expect(h.fake.requestsTo('c', SMARTBOX).map((r) => r.query.key)).toEqual([mv.title, 'zzzz']);
  });

  it('GET /getTopLists with no chart', async () => {
    h.fake.fault({ kind: 'status', status: 200, body: 'jsonCallback({"code":0,"data":{"topList":[]}})' }, { host: 'c', path: TOPLIST });
    const res = await h.http().get('/getTopLists').expect(200);
    expect(res.body.data).toEqual({ topLists: [] });
    expect(problemsOf('/getTopLists', res.body)).toBe('');
    expect(h.fake.requestsTo('c', TOPLIST)).toHaveLength(1);
  });
});
