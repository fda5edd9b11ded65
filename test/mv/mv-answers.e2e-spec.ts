import { mvState } from '../../fake-upstream/handlers/mv';
import { fixture } from '../../fake-upstream/fixtures';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The MV answers the documented examples leave out (a list without `tags`, an empty list, a tag given by its alias,
 * fallback play URLs, blank info) validate against their declared schemas too (decision 021); the example answers are
 * validated by test/robustness/answer-schemas.e2e-spec.ts.
 */

const ALLOC = 'MvService.MvInfoProServer.GetAllocMvInfo';
const TAG = 'MvService.MvInfoProServer.GetAllocTag';
const FALLBACK_URLS = 'gosrf.Stream.MvUrlProxy.GetMvUrls';
const INFO = 'video.VideoDataServer.get_video_info_batch';
const VID = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0].vid;

describe('MV answers match their declared schemas', () => {
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

  it('GET /getMv with the tag lists, without them (tag key failed), and an empty page', async () => {
    const full = await h.http().get('/getMv?limit=2').expect(200);
    expect(full.body.data.tags.area.length).toBeGreaterThan(0);
    expect(problemsOf('/getMv', full.body)).toBe('');

    h.fake.fault({ kind: 'business', code: 500001 }, { module: TAG });
    const untagged = await h.http().get('/getMv?limit=2').expect(200);
    expect(untagged.body.data).not.toHaveProperty('tags');
    expect(problemsOf('/getMv', untagged.body)).toBe('');
    expect(h.fake.musicuCalls(TAG)).toHaveLength(2);

    h.fake.reset();
    mvState(h.fake.state).mvTotal = 0;
    const empty = await h.http().get('/getMv?page=3').expect(200);
    expect(empty.body.data).toMatchObject({ list: [], total: 0 });
    expect(problemsOf('/getMv', empty.body)).toBe('');
    expect(h.fake.musicuCalls(ALLOC)[0].param).toMatchObject({ start: 60, size: 20 });
  });

  it('GET /getMvByTag answers the upstream spelling of an alias tag, and the schema refuses an unknown tag or area', async () => {
    const res = await h.http().get('/getMvByTag?tag=Japan&limit=3').expect(200);
    expect(res.body.data).toMatchObject({ tag: 'janpan', area: 4 });
    expect(problemsOf('/getMvByTag', res.body)).toBe('');
    expect(h.fake.musicuCalls(ALLOC)[0].param).toMatchObject({ area: 4, version: 7, size: 3 });
    expect(problemsOf('/getMvByTag', { ...res.body, data: { ...res.body.data, tag: 'japan' } })).not.toBe('');
    expect(problemsOf('/getMvByTag', { ...res.body, data: { ...res.body.data, area: 9 } })).not.toBe('');
  });

  it('GET /getMvPlay from the fallback URL call, and with blank info when the info key fails', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.stream.MvUrlProxy' });
    const fallback = await h.http().get(`/getMvPlay?vid=${VID}`).expect(200);
    expect(h.fake.musicuCalls(FALLBACK_URLS)).toHaveLength(1);
    expect(fallback.body.data.playLists.f40.length).toBeGreaterThan(0);
    expect(problemsOf('/getMvPlay', fallback.body)).toBe('');

    h.fake.reset();
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'video.VideoDataServer' });
    const blank = await h.http().get(`/getMvPlay?vid=${VID}`).expect(200);
    expect(blank.body.data.info).toEqual({ title: '', cover: '', interval: 0, singers: [], duration: 0 });
    expect(problemsOf('/getMvPlay', blank.body)).toBe('');
    expect(h.fake.musicuCalls(INFO)).toHaveLength(1);
    // every clarity group is declared: one missing fails
    const { f10: _dropped, ...withoutF10 } = blank.body.data.playLists;
    expect(problemsOf('/getMvPlay', { ...blank.body, data: { ...blank.body.data, playLists: withoutF10 } })).not.toBe('');
  });
});
