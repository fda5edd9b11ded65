import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { type Harness, startHarness } from '../support/harness';

/**
 * The branches of the legacy-only routes' declared answers the documented examples leave out (decision 021):
 * /getPersonalRecommend's three types, in both shapes.
 */
describe('legacy-only answers match their declared schemas beyond the examples', () => {
  let h: Harness;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it.each([
    ['1', 'PersonalPlaylists', 'music.playlist.PlaylistSquare.GetRecommendFeed'],
    ['2', 'PersonalRadioGroups', 'pf.radiosvr.GetRadiolist'],
    ['3', 'PersonalMvs', 'MvService.MvInfoProServer.GetAllocMvInfo'],
  ])('/getPersonalRecommend?type=%s is a %s, and its legacy answer a `{ response }`', async (type, member, target) => {
    const normal = await h.http().get('/getPersonalRecommend').query({ type }).expect(200);
    expect(normal.body.data.type).toBe(Number(type));
    expect(validate('GET /getPersonalRecommend', normal.body, { member })).toEqual([]);
    const legacy = await h.http().get('/getPersonalRecommend').query({ type, shape: 'legacy' }).expect(200);
    expect(validate('GET /getPersonalRecommend', legacy.body, { legacy: true })).toEqual([]);
    expect(h.fake.musicuCalls(target)).toHaveLength(2);
  });

  it('an answer of one type fails the member of another', async () => {
    const res = await h.http().get('/getPersonalRecommend').query({ type: '3' }).expect(200);
    expect(validate('GET /getPersonalRecommend', res.body, { member: 'PersonalPlaylists' })).not.toEqual([]);
    expect(h.fake.musicuCalls('MvService.MvInfoProServer.GetAllocMvInfo')).toHaveLength(1);
  });
});
