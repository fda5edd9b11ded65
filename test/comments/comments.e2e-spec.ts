import { fixture } from '../../fake-upstream/fixtures';
import { COMMENT_FIXTURE, commentsState, DEFAULT_COMMENT_TOTAL, GENUINE_MV_VID } from '../../fake-upstream/handlers/comments';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const READ = 'music.globalComment.CommentRead';
const NEW = `${READ}.GetNewCommentList`;
const HOT = `${READ}.GetHotCommentList`;
const REC = `${READ}.GetRecCommentList`;
const CGI = '/base/fcgi-bin/fcg_global_comment_h5.fcg';

describe('GET /getComments', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const failPrimary = () => h.fake.fault({ kind: 'business', code: 500003 }, { module: READ });

  it('defaults to newest (GetNewCommentList), song (BizType 1), page 0 of 25, and maps the comment envelope', async () => {
    const res = await h.http().get('/getComments?id=97773').expect(200);
    expect(res.body.code).toBe(0);
    const calls = h.fake.musicuCalls(READ);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(`${call.module}.${call.method}`).toBe(NEW);
    expect(call.request.host).toBe('u.y.qq.com');
    expect(call.request.path).toBe('/cgi-bin/musicu.fcg');
    expect(call.request.method).toBe('POST');
    expect(call.param).toEqual({
      BizType: 1,
      BizId: '97773',
      PageNum: 0,
      PageSize: 25,
      LastCommentSeqNo: '',
      PicEnable: 1,
      HashTagID: '',
      SelfSeeEnable: 1,
      AudioEnable: 1,
    });
    const { comment } = res.body.data;
    expect(comment.total).toBe(DEFAULT_COMMENT_TOTAL);
    expect(comment.list).toHaveLength(25);
    expect(comment.hasMore).toBe(true);
    const genuine = fixture(COMMENT_FIXTURE).commentlist[1];
    expect(comment.list[1]).toEqual({
      rootcommentid: genuine.commentid.replace(`mv_${GENUINE_MV_VID}`, 'song_97773'),
      commentId: genuine.commentid.replace(`mv_${GENUINE_MV_VID}`, 'song_97773'),
      content: genuine.rootcommentcontent,
      nick: genuine.nick,
      avatarUrl: genuine.avatarurl,
      praisenum: genuine.praisenum,
      time: genuine.time,
      // the old names, answered beside the new ones until they are removed
      commentid: genuine.commentid.replace(`mv_${GENUINE_MV_VID}`, 'song_97773'),
      avatar: genuine.avatarurl,
    });
    expect(comment.nextCursor).toBe(`${comment.list[24].time}0024`);
    // CommentRead names each reply by its own id and text.
    expect(comment.list[0]).toMatchObject({ nick: '...', content: '可能他唱情歌更打动人' });
    expect(h.fake.requestsTo('c')).toHaveLength(0);
  });

  it('keeps ids whose uin exceeds 2^53 as exact strings', async () => {
    const res = await h.http().get('/getComments?id=97773&pagenum=1&pagesize=20').expect(200);
    const first = res.body.data.comment.list[0];
    expect(typeof first.commentid).toBe('string');
    expect(first.commentid).toBe('song_97773_1152921504610000020_1560698800');
  });

  it.each([
    ['1', REC, { Flag: 1, CmListUIVer: 1, AudioEnable: 1 }],
    ['2', NEW, { HashTagID: '', SelfSeeEnable: 1 }],
    ['3', HOT, { HotType: 1, WithAirborne: 0 }],
  ])('reqtype=%s asks %s with its flags', async (reqtype, target, flags) => {
    const res = await h.http().get(`/getComments?id=97773&reqtype=${reqtype}`).expect(200);
    const calls = h.fake.musicuCalls(READ);
    expect(calls).toHaveLength(1);
    expect(`${calls[0].module}.${calls[0].method}`).toBe(target);
    expect(calls[0].param).toMatchObject({ BizType: 1, BizId: '97773', ...flags });
    if (reqtype === '3') {
      const praise = res.body.data.comment.list.map((c: any) => c.praisenum);
      expect(praise).toEqual([...praise].sort((a: number, b: number) => b - a));
    }
  });

  it.each([
    ['1', 1],
    ['2', 2],
    ['3', 3],
    ['4', 4],
  ])('biztype=%s is BizType %s for CommentRead (4 = MV in this module)', async (biztype, expected) => {
    await h.http().get(`/getComments?id=abc&biztype=${biztype}`).expect(200);
    expect(h.fake.musicuCalls(READ)[0].param.BizType).toBe(expected);
  });

  it('pages with PageNum = pagenum (0-based), PageSize = pagesize and the cursor as LastCommentSeqNo', async () => {
    const first = await h.http().get('/getComments?id=97773&pagesize=10').expect(200);
    const cursor = first.body.data.comment.nextCursor;
    const res = await h.http().get(`/getComments?id=97773&pagesize=10&pagenum=1&rootcommentid=${cursor}`).expect(200);
    const [, second] = h.fake.musicuCalls(READ);
    expect(second.param).toMatchObject({ PageNum: 1, PageSize: 10, LastCommentSeqNo: cursor });
    expect(res.body.data.comment.list).toHaveLength(10);
    expect(res.body.data.comment.list[0].content).toBe('comment 10 on 97773');
  });

  it('pagenum > 0 without rootcommentid is allowed (CommentRead pages by PageNum) and sends an empty cursor', async () => {
    await h.http().get('/getComments?id=97773&pagenum=2').expect(200);
    expect(h.fake.musicuCalls(READ)[0].param).toMatchObject({ PageNum: 2, LastCommentSeqNo: '' });
  });

  it('the last page has hasMore false and an empty nextCursor; past it is an empty list', async () => {
    const last = await h.http().get('/getComments?id=97773&pagesize=25&pagenum=2').expect(200);
    expect(last.body.data.comment).toMatchObject({ hasMore: false, nextCursor: '', total: DEFAULT_COMMENT_TOTAL });
    expect(last.body.data.comment.list).toHaveLength(7);
    const past = await h.http().get('/getComments?id=97773&pagesize=25&pagenum=9').expect(200);
    expect(past.body.data.comment.list).toEqual([]);
  });

  it('a resource without comments answers an empty list', async () => {
    commentsState(h.fake.state).emptyIds.add('404404');
    const res = await h.http().get('/getComments?id=404404').expect(200);
    expect(res.body.data.comment).toEqual({ list: [], total: 0, nextCursor: '', hasMore: false });
  });

  describe('fallback to the h5 CGI on a CommentRead business error', () => {
    it('sends the CGI query (biztype 4 → 5, cmd 8 for newest, cursor as lasthotcommentid) and maps the genuine MV comments', async () => {
      failPrimary();
      const res = await h.http().get(`/getComments?id=${GENUINE_MV_VID}&biztype=4&pagesize=10`).expect(200);
      expect(h.fake.musicuCalls(READ)).toHaveLength(1);
      const [req] = h.fake.requestsTo('c', CGI);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.method).toBe('GET');
      expect(req.query).toMatchObject({
        cid: '205360772',
        reqtype: '2',
        biztype: '5',
        topid: GENUINE_MV_VID,
        cmd: '8',
        pagenum: '0',
        pagesize: '10',
        lasthotcommentid: '',
        format: 'json',
        outCharset: 'utf-8',
        domain: 'qq.com',
        ct: '24',
        cv: '10101010',
        needmusiccrit: '0',
      });
      expect(req.headers.referer).toBe('https://c.y.qq.com/');
      const genuine = fixture(COMMENT_FIXTURE).commentlist;
      const { comment } = res.body.data;
      expect(comment.total).toBe(DEFAULT_COMMENT_TOTAL);
      expect(comment.list).toHaveLength(10);
      expect(comment.list[0]).toEqual({
        rootcommentid: 'mv_l0031ejo935_1152921504622223955_1560771882',
        commentId: 'mv_l0031ejo935_1152921504622223955_1560771882_1509525673_1560789554',
        // A reply: its own text (middlecommentcontent), not its root's (rootcommentcontent).
        content: '可能他唱情歌更打动人',
        nick: '...',
        avatarUrl: genuine[0].avatarurl,
        praisenum: 0,
        time: 1560789554,
        commentid: 'mv_l0031ejo935_1152921504622223955_1560771882_1509525673_1560789554',
        avatar: genuine[0].avatarurl,
      });
      expect(comment.list[3]).toMatchObject({ nick: 'mysterious', content: '感觉现在的作品质量不如之前了' });
      expect(comment.list[1]).toMatchObject({ nick: '故我', content: genuine[1].rootcommentcontent });
      expect(comment.nextCursor).toBe(genuine[9].rootcommentid);
    });

    it('passes pagenum, pagesize, rootcommentid, reqtype and an explicit cmd through', async () => {
      failPrimary();
      await h.http().get('/getComments?id=97773&pagenum=2&pagesize=5&rootcommentid=song_97773_1_2&reqtype=3&cmd=9').expect(200);
      expect(h.fake.requestsTo('c', CGI)[0].query).toMatchObject({
        pagenum: '2',
        pagesize: '5',
        lasthotcommentid: 'song_97773_1_2',
        reqtype: '3',
        cmd: '9',
        biztype: '1',
      });
    });

    it.each([
      ['3', '1', '6'],
      ['3', '4', '6'],
      ['3', '2', '9'],
      ['3', '3', '9'],
      ['1', '2', '8'],
    ])('reqtype %s on biztype %s defaults cmd to %s', async (reqtype, biztype, cmd) => {
      failPrimary();
      await h.http().get(`/getComments?id=123&reqtype=${reqtype}&biztype=${biztype}`).expect(200);
      expect(h.fake.requestsTo('c', CGI)[0].query.cmd).toBe(cmd);
    });

    it('a CGI business code is an error too (1000 → 401)', async () => {
      failPrimary();
      commentsState(h.fake.state).cgiBody = { code: 1000, subcode: 0 };
      const res = await h.http().get('/getComments?id=97773').expect(401);
      expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
    });

    it('CGI garbage → 502 after its Referer retry', async () => {
      failPrimary();
      h.fake.fault({ kind: 'garbage' }, { host: 'c', path: CGI });
      const res = await h.http().get('/getComments?id=97773').expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(h.fake.requestsTo('c', CGI)).toHaveLength(2);
      expect(h.fake.requestsTo('c', CGI)[1].headers.referer).toBe('https://y.qq.com/');
    });

    it('an empty CGI answer is an empty list', async () => {
      failPrimary();
      commentsState(h.fake.state).emptyIds.add('555');
      const res = await h.http().get('/getComments?id=555').expect(200);
      expect(res.body.data.comment).toEqual({ list: [], total: 0, nextCursor: '', hasMore: false });
    });
  });

  it('transport failures of the primary do not fall back: HTTP 500 → 502, timeout → 504', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 1 });
    expect((await h.http().get('/getComments?id=97773').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
    expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getComments?id=97773').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    expect(h.fake.requestsTo('c')).toHaveLength(0);
  });

  it.each([
    ['', 'id is required'],
    ['id=', 'id is required'],
    ['id=a%20b', 'id must be'],
    [`id=${'1'.repeat(65)}`, 'id must be'],
    ['id=1&pagesize=0', 'pagesize'],
    ['id=1&pagesize=101', 'pagesize'],
    ['id=1&pagesize=x', 'pagesize'],
    ['id=1&pagenum=-1', 'pagenum'],
    ['id=1&cmd=x', 'cmd'],
    ['id=1&reqtype=0', 'reqtype'],
    ['id=1&reqtype=4', 'reqtype'],
    ['id=1&biztype=5', 'biztype'],
    ['id=1&biztype=0', 'biztype'],
    ['id=1&rootcommentid=a%20b', 'rootcommentid'],
  ])('rejects "%s" with 400 naming the parameter (%s)', async (query, message) => {
    const res = await h.http().get(`/getComments?${query}`).expect(400);
    expect(res.body.error).toContain(message);
    expect(res.body.errorCode).toBe('BAD_REQUEST');
    expect(h.fake.requests).toHaveLength(0);
  });

  // The type check must speak before the range check (decorators run bottom-up): 'abc' is not "between 1 and 100".
  it.each([
    ['id=1&pagesize=abc', 'pagesize must be an integer'],
    ['id=1&pagesize=2.5', 'pagesize must be an integer'],
    ['id=1&pagenum=abc', 'pagenum must be an integer'],
    ['id=1&cmd=abc', 'cmd must be an integer'],
    ['id=1&pagesize=101', 'pagesize must be between 1 and 100'],
    ['id=1&pagenum=-1', 'pagenum must be 0 or more'],
    ['id=1&pagenum=10001', 'pagenum must be at most 10000'],
    ['id=1&cmd=100', 'cmd must be between 0 and 99'],
  ])('"%s" → 400 "%s"', async (query, error) => {
    const res = await h.http().get(`/getComments?${query}`).expect(400);
    expect(res.body).toEqual({ error, errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
  });
});
