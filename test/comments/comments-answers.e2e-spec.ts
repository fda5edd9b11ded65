import { commentsState, GENUINE_MV_VID } from '../../fake-upstream/handlers/comments';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The comment answers the documented example leaves out (the CGI fallback's genuine MV comments, the last page, an
 * empty thread) validate against the declared schema too (decision 021); the example answer is validated by
 * test/robustness/answer-schemas.e2e-spec.ts.
 */

const READ = 'music.globalComment.CommentRead';
const CGI = '/base/fcgi-bin/fcg_global_comment_h5.fcg';

describe('comment answers match their declared schema', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const problemsOf = (body: unknown): string => validate('GET /getComments', body).join('; ');

  it('the CGI fallback\'s genuine MV comments', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: READ });
    const res = await h.http().get(`/getComments?id=${GENUINE_MV_VID}&biztype=4&pagesize=10`).expect(200);
    expect(h.fake.requestsTo('c', CGI)).toHaveLength(1);
    expect(res.body.data.comment.list.length).toBeGreaterThan(0);
    expect(problemsOf(res.body)).toBe('');
    // ids are strings: a numeric one fails
    const [first] = res.body.data.comment.list;
    expect(problemsOf({ ...res.body, data: { comment: { ...res.body.data.comment, list: [{ ...first, commentid: 1 }] } } })).not.toBe('');
  });

  it('the last page (no cursor) and an empty thread', async () => {
    const last = await h.http().get('/getComments?id=97773&pagesize=25&pagenum=2').expect(200);
    expect(last.body.data.comment).toMatchObject({ hasMore: false, nextCursor: '' });
    expect(problemsOf(last.body)).toBe('');
    expect(h.fake.musicuCalls(READ)).toHaveLength(1);

    commentsState(h.fake.state).emptyIds.add('404404');
    const empty = await h.http().get('/getComments?id=404404').expect(200);
    expect(empty.body.data.comment).toEqual({ list: [], total: 0, nextCursor: '', hasMore: false });
    expect(problemsOf(empty.body)).toBe('');
  });
});
