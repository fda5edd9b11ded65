import { GENUINE_DISSTID, playlistsState } from '../../fake-upstream/handlers/playlists';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The playlist answers beyond the documented examples (which test/robustness/answer-schemas.e2e-spec.ts validates)
 * match their declared schemas: the fallback detail, both batch kinds with their failure elements, empty pages.
 */

const CDINFO = '/qzone/fcg-bin/fcg_ucc_getcdinfo_byids_cp.fcg';
const BY_TAG = '/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg';
const DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';

describe('playlist answers match their declared schemas', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const expectValid = (route: string, body: unknown, member?: string) => expect(validate(route, body, { member })).toEqual([]);

  it('/getSongLists: the genuine rows, and an unknown category\'s empty page', async () => {
    const genuine = await h.http().get('/getSongLists?limit=3').expect(200);
    expectValid('GET /getSongLists', genuine.body);
    expect(genuine.body.data.playlists).toHaveLength(3);
    const empty = await h.http().get('/getSongLists?categoryId=999&sortId=3').expect(200);
    expectValid('GET /getSongLists', empty.body);
    expect(empty.body.data).toMatchObject({ categoryId: 999, sortId: 3, playlists: [] });
    expect(h.fake.requestsTo('c', BY_TAG).map((r) => r.query.categoryId)).toEqual(['10000000', '999']);
  });

  it('/getSongListDetail from the fallback CGI (cdlist) has the same declared shape', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
    const res = await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&limit=5`).expect(200);
    expectValid('GET /getSongListDetail', res.body);
    expect(res.body.data.songlist).toHaveLength(5);
    expect(h.fake.requestsTo('c', CDINFO)).toHaveLength(1);
  });

  it('/batchGetSongLists by category: pages and a failure carrying the upstream code', async () => {
    playlistsState(h.fake.state).failingCategories.set(167, 4001);
    const res = await h.http().post('/batchGetSongLists').send({ categoryIds: [165, 167], limit: 2 }).expect(200);
    expectValid('POST /batchGetSongLists', res.body, 'CategoryBatch');
    expect(res.body.data[1]).toMatchObject({ categoryId: 167, errorCode: 'UPSTREAM_ERROR', upstreamCode: 4001 });
    expect(h.fake.requestsTo('c', BY_TAG).map((r) => r.query.categoryId).sort()).toEqual(['165', '167']);
  });

  it('/batchGetSongLists by playlist: details, a not-found failure and one with an upstream code', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.srfDissInfo.DissInfo' });
    playlistsState(h.fake.state).failingCdinfo.set('7033094594', 7);
    const res = await h.http().post('/batchGetSongLists').send({ disstid: `${GENUINE_DISSTID},7033094594,42` }).expect(200);
    expectValid('POST /batchGetSongLists', res.body, 'PlaylistBatch');
    expect(res.body.data.map((e: any) => e.errorCode)).toEqual([undefined, 'UPSTREAM_ERROR', 'PLAYLIST_NOT_FOUND']);
    expect(res.body.data[2]).not.toHaveProperty('upstreamCode');
    expect(h.fake.musicuCalls(DISS)).toHaveLength(3);
  });

  it('a batch failure element with a field the schema does not declare fails the validation', () => {
    const failure = { dissid: '42', status: 404, error: 'No visible playlist with disstid 42', errorCode: 'PLAYLIST_NOT_FOUND', disstid: '42' };
    // The batch answer is `anyOf: [CategoryBatch, PlaylistBatch]`: a body must match the member its request asked for.
    const problems = (body: unknown) => validate('POST /batchGetSongLists', body, { member: 'PlaylistBatch' });
    expect(problems({ status: 200, data: [failure] })).toEqual([]);
    expect(problems({ status: 200, data: [{ ...failure, detail: 'x' }] })).not.toEqual([]);
    expect(problems({ status: 200, data: [{ ...failure, dissid: 42 }] })).not.toEqual([]);
    // The old name is answered beside the new one until it is removed: a failure without it is not the answer declared.
    const { disstid: _old, ...renamedOnly } = failure;
    expect(problems({ status: 200, data: [renamedOnly] })).not.toEqual([]);
  });

  it('/getNewDisks: Unix-seconds release times, and a page past the end', async () => {
    playlistsState(h.fake.state).releaseTimeAs = 'unix';
    const res = await h.http().get('/getNewDisks?limit=2&area=5').expect(200);
    expectValid('GET /getNewDisks', res.body);
    expect(res.body.data.albums[0].publicTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const past = await h.http().get('/getNewDisks?page=5').expect(200);
    expectValid('GET /getNewDisks', past.body);
    expect(past.body.data.albums).toEqual([]);
    expect(h.fake.musicuCalls('newalbum.NewAlbumServer.get_new_album_info').map((c) => c.param)).toEqual([
      expect.objectContaining({ area: 5, start: 0, num: 2 }),
      expect.objectContaining({ area: 1, start: 100, num: 20 }),
    ]);
  });
});
