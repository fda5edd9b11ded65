import { fixture } from '../../fake-upstream/fixtures';
import { mapCgiCommentItem, mapCgiPage, mapCommentReadItem, mapCommentReadPage } from '../../src/comments/comments.mapper';
import {
  CGI_BIZTYPES,
  COMMENT_READ_BIZTYPES,
  COMMENT_READ_METHODS,
  commentReadParam,
  defaultCgiCmd,
} from '../../src/upstream/clients/comments.client';

describe('comment translation tables', () => {
  it('reqtype → CommentRead method', () => {
    expect(COMMENT_READ_METHODS).toEqual({ 1: 'GetRecCommentList', 2: 'GetNewCommentList', 3: 'GetHotCommentList' });
  });

  it('biztype: CommentRead keeps the spec numbers (4 = MV); the CGI numbers MV 5', () => {
    expect(COMMENT_READ_BIZTYPES).toEqual({ 1: 1, 2: 2, 3: 3, 4: 4 });
    expect(CGI_BIZTYPES).toEqual({ 1: 1, 2: 2, 3: 3, 4: 5 });
  });

  it.each([
    [2, 1, 8],
    [1, 3, 8],
    [3, 1, 6],
    [3, 4, 6],
    [3, 2, 9],
    [3, 3, 9],
  ])('default CGI cmd for reqtype %s, biztype %s is %s', (reqtype, biztype, cmd) => {
    expect(defaultCgiCmd(reqtype, biztype)).toBe(cmd);
  });

  it('builds each method’s param with its own flags', () => {
    const base = { bizType: 4, bizId: 'v1', pageNum: 2, pageSize: 10, cursor: 'c' };
    const common = { BizType: 4, BizId: 'v1', PageNum: 2, PageSize: 10, LastCommentSeqNo: 'c', PicEnable: 1 };
    expect(commentReadParam(3, base)).toEqual({ ...common, HotType: 1, WithAirborne: 0 });
    expect(commentReadParam(1, base)).toEqual({ ...common, Flag: 1, CmListUIVer: 1, AudioEnable: 1 });
    expect(commentReadParam(2, base)).toEqual({ ...common, HashTagID: '', SelfSeeEnable: 1, AudioEnable: 1 });
  });
});

describe('comment mappers', () => {
  const genuine = fixture('c-fcg-global-comment-h5-mv.comment.fragment.json');

  it('maps a genuine CGI reply, ids as strings, with its own text (not its root comment\'s)', () => {
    expect(mapCgiCommentItem(genuine.commentlist[0])).toEqual({
      rootcommentid: 'mv_l0031ejo935_1152921504622223955_1560771882',
      commentId: 'mv_l0031ejo935_1152921504622223955_1560771882_1509525673_1560789554',
      content: '可能他唱情歌更打动人',
      nick: '...',
      avatarUrl: genuine.commentlist[0].avatarurl,
      praisenum: 0,
      time: 1560789554,
      // the old names, answered beside the new ones until they are removed
      commentid: 'mv_l0031ejo935_1152921504622223955_1560771882_1509525673_1560789554',
      avatar: genuine.commentlist[0].avatarurl,
    });
  });

  it('takes a root comment\'s text from rootcommentcontent, and a reply\'s only from its own middlecommentcontent entry', () => {
    expect(mapCgiCommentItem(genuine.commentlist[3]).content).toBe('感觉现在的作品质量不如之前了');
    expect(mapCgiCommentItem(genuine.commentlist[1]).content).toBe(genuine.commentlist[1].rootcommentcontent);
    const reply = { commentid: 'r_1_2', rootcommentid: 'r', rootcommentcontent: 'root text' };
    // No entry of its own (e.g. a trimmed chain): the root's text, as the references show it, rather than a stranger's.
    expect(mapCgiCommentItem({ ...reply, middlecommentcontent: [{ subcommentid: 'r_9_9', subcommentcontent: 'other' }] }).content).toBe('root text');
    expect(mapCgiCommentItem({ ...reply, middlecommentcontent: null }).content).toBe('root text');
  });

  it('maps a CGI page: total, and the last rootcommentid as the next cursor while more remain', () => {
    const page = mapCgiPage({ comment: genuine }, 0, 10);
    expect(page.total).toBe(2752);
    expect(page.list).toHaveLength(10);
    expect(page.hasMore).toBe(true);
    expect(page.nextCursor).toBe(genuine.commentlist[9].rootcommentid);
    expect(mapCgiPage({ comment: genuine }, 275, 10)).toMatchObject({ hasMore: false, nextCursor: '' });
    expect(mapCgiPage({}, 0, 10)).toEqual({ list: [], total: 0, nextCursor: '', hasMore: false });
  });

  it('maps a CommentRead item and page (cursor = last SeqNo while HasMore)', () => {
    const item = { CmId: 'id1', SeqNo: 's1', Nick: 'n', Avatar: 'a', Content: 'c', PubTime: 1700000000, PraiseNum: 3 };
    expect(mapCommentReadItem(item)).toEqual({
      rootcommentid: 'id1',
      commentId: 'id1',
      content: 'c',
      nick: 'n',
      avatarUrl: 'a',
      praisenum: 3,
      time: 1700000000,
      commentid: 'id1',
      avatar: 'a',
    });
    const page = mapCommentReadPage({ CommentList: { Comments: [item, { ...item, SeqNo: 's2' }], HasMore: 1, Total: 9 } }, 0, 2);
    expect(page).toMatchObject({ total: 9, hasMore: true, nextCursor: 's2' });
    expect(mapCommentReadPage({ CommentList: { Comments: [item], HasMore: 0, Total: 1 } }, 0, 2)).toMatchObject({
      hasMore: false,
      nextCursor: '',
    });
    expect(mapCommentReadPage({ CommentList: { Comments: [item] }, TotalCmNum: 5 }, 0, 2)).toMatchObject({ total: 5, hasMore: true });
    expect(mapCommentReadPage({}, 0, 25)).toEqual({ list: [], total: 0, nextCursor: '', hasMore: false });
  });
});
