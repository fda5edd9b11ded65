/**
 * Fake answers for comments.
 *
 * - Legacy CGI `fcg_global_comment_h5.fcg`: built from the genuine MV comment fragment
 *   (c-fcg-global-comment-h5-mv.comment.fragment.json, biztype 5, vid l0031ejo935) re-wrapped in `{code, subcode, comment}`;
 *   for other topics the same 10 genuine comments are re-labelled with the topic's id, and synthetic ones follow.
 * - musicu `music.globalComment.CommentRead` (GetNewCommentList / GetHotCommentList / GetRecCommentList): NO fixture;
 *   built from the Python QQMusicApi project's CommentListResponse model (`CommentList.{Comments[{CmId, SeqNo, Nick,
 *   Avatar, Content, PubTime, PraiseNum, ReplyCnt}], HasMore, NextOffset, Total}`, `TotalCmNum`), using the same
 *   comments (docs/upstream/comments.md "Comment list").
 */
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { sharedFixture } from '../fixtures';
import type { FakeState } from '../state';

export interface FakeCommentsState {
  /** Comments per thread (default 57). */
  total?: number;
  /** Resource ids with no comments. */
  emptyIds: Set<string>;
  /** Replaces the CGI's JSON body. */
  cgiBody?: unknown;
}

export const commentsState = (state: FakeState) => state.of<FakeCommentsState>('comments', () => ({ emptyIds: new Set() }));

export const COMMENT_FIXTURE = 'c-fcg-global-comment-h5-mv.comment.fragment.json';
export const GENUINE_MV_VID = 'l0031ejo935';
export const DEFAULT_COMMENT_TOTAL = 57;

interface FakeComment {
  rootcommentid: string;
  commentid: string;
  /** The comment's own text (a reply's is in its `middlecommentcontent` entry on the CGI). */
  content: string;
  /** The thread's root text and reply chain, as the CGI sends them for a reply (genuine items only). */
  rootcommentcontent?: string;
  rootcommentnick?: string;
  middlecommentcontent?: Record<string, unknown>[];
  nick: string;
  avatarurl: string;
  praisenum: number;
  time: number;
  uin: string;
}

const PREFIX: Record<number, string> = { 1: 'song', 2: 'album', 3: 'diss', 4: 'toplist', 5: 'mv' };

/** The thread of one topic, newest first. `cgiBiz` uses the CGI's biztype numbering (5 = MV). */
export function thread(state: FakeState, cgiBiz: number, id: string): FakeComment[] {
  const s = commentsState(state);
  if (s.emptyIds.has(id)) return [];
  const total = s.total ?? DEFAULT_COMMENT_TOTAL;
  const genuine: any[] = sharedFixture(COMMENT_FIXTURE).commentlist;
  const prefix = `${PREFIX[cgiBiz] ?? 'biz'}_${id}`;
  const out: FakeComment[] = [];
  for (let i = 0; i < total; i++) {
    const g = genuine[i];
    if (g) {
      const relabel = (v: string) => (cgiBiz === 5 && id === GENUINE_MV_VID ? v : v.replace(`mv_${GENUINE_MV_VID}`, prefix));
      const middle: Record<string, unknown>[] = (g.middlecommentcontent ?? []).map((m: Record<string, unknown>) => ({
        ...m,
        subcommentid: relabel(String(m.subcommentid)),
      }));
      const own = g.commentid !== g.rootcommentid ? middle.find((m) => m.subcommentid === relabel(g.commentid)) : undefined;
      out.push({
        rootcommentid: relabel(g.rootcommentid),
        commentid: relabel(g.commentid),
        content: own ? String(own.subcommentcontent) : g.rootcommentcontent,
        rootcommentcontent: g.rootcommentcontent,
        rootcommentnick: g.rootcommentnick,
        middlecommentcontent: middle,
        nick: g.nick,
        avatarurl: g.avatarurl,
        praisenum: g.praisenum,
        time: g.time,
        uin: g.uin,
      });
    } else {
      const time = 1_560_700_000 - i * 60;
      const uin = `11529215046${String(10_000_000 + i)}`; // > 2^53, as WeChat uins are
      out.push({
        rootcommentid: `${prefix}_${uin}_${time}`,
        commentid: `${prefix}_${uin}_${time}`,
        content: `comment ${i} on ${id}`,
        nick: `user${i}`,
        avatarurl: `http://thirdqq.qlogo.cn/g?b=sdk&k=fake${i}&s=140`,
        praisenum: (i * 37) % 101,
        time,
        uin,
      });
    }
  }
  return out;
}

const byPraise = (list: FakeComment[]) => [...list].sort((a, b) => b.praisenum - a.praisenum || b.time - a.time);

const commentRead =
  (kind: 'new' | 'hot' | 'rec'): MusicuHandler =>
  (param, { state }) => {
    // CommentRead numbers MV as 4; map to the CGI numbering the thread builder uses.
    const biz = Number(param.BizType) === 4 ? 5 : Number(param.BizType);
    const all = thread(state, biz, String(param.BizId ?? ''));
    const ordered = kind === 'hot' ? byPraise(all) : all;
    const size = Number(param.PageSize ?? 15);
    const start = Number(param.PageNum ?? 0) * size;
    const page = ordered.slice(start, start + size);
    return {
      code: 0,
      data: {
        CommentList: {
          Comments: page.map((c, i) => ({
            CmId: c.commentid,
            SeqNo: `${c.time}${String(start + i).padStart(4, '0')}`,
            Nick: c.nick,
            Avatar: c.avatarurl,
            EncryptUin: `enc${c.uin.slice(-6)}`,
            Content: c.content,
            PubTime: c.time,
            PraiseNum: c.praisenum,
            ReplyCnt: 0,
            IsPraised: 0,
            State: 0,
            SubComments: [],
          })),
          CommentIds: page.map((c) => c.commentid),
          HasMore: start + size < ordered.length ? 1 : 0,
          NextOffset: start + page.length,
          Total: ordered.length,
        },
        TotalCmNum: ordered.length,
        CommentTip: '',
        Msg: '',
        SubCode: 0,
      },
    };
  };

const cgi: HttpHandler = ({ req, state }) => {
  const s = commentsState(state);
  if (s.cgiBody !== undefined) return { json: s.cgiBody };
  const q = req.query;
  const all = thread(state, Number(q.biztype ?? 1), q.topid ?? '');
  const size = Number(q.pagesize ?? 25);
  const start = Number(q.pagenum ?? 0) * size;
  const toItem = (c: FakeComment) => ({
    avatarurl: c.avatarurl,
    commentid: c.commentid,
    rootcommentid: c.rootcommentid,
    rootcommentcontent: c.rootcommentcontent ?? c.content,
    rootcommentnick: c.rootcommentnick ?? `@${c.nick}`,
    nick: c.nick,
    uin: c.uin,
    praisenum: c.praisenum,
    time: c.time,
    is_hot: 0,
    middlecommentcontent: c.middlecommentcontent ?? [],
  });
  const hot = byPraise(all).slice(0, 15);
  return {
    json: {
      code: 0,
      subcode: 0,
      comment: { commentlist: all.slice(start, start + size).map(toItem), commenttotal: all.length },
      hot_comment: { commentlist: hot.map(toItem), commenttotal: hot.length },
      topic_name: '',
    },
  };
};

export const commentsRoutes: FakeRoutes = {
  musicu: {
    'music.globalComment.CommentRead.GetNewCommentList': commentRead('new'),
    'music.globalComment.CommentRead.GetHotCommentList': commentRead('hot'),
    'music.globalComment.CommentRead.GetRecCommentList': commentRead('rec'),
  },
  http: { 'c /base/fcgi-bin/fcg_global_comment_h5.fcg': cgi },
};
