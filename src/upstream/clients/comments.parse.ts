/**
 * Comment answers (musicu CommentRead and the legacy h5 CGI) → pages of comments: what the comments client reads to
 * page and fall back (docs/upstream/comments.md). Pure; unit-tested through src/comments/comments.mapper.ts.
 */
import { Arr, Bool, Int, Obj, type Static, Str, WithOldNames, withOldNames } from '../../common/answer-schema';
import { num, records, str } from '../../common/catalogue';

type Raw = Record<string, any>;

/*
 * The comment shapes are answer schemas (decision 021) declared here, not in src/comments/comments.answers.ts: the
 * client builds them to page and fall back, and src/upstream may not import from a feature folder.
 */

/** The old names of a comment's renamed fields (src/common/glossary.ts). */
export const COMMENT_RENAMES = { commentid: 'commentId', avatar: 'avatarUrl' } as const;

export const CommentItem = Obj(
  WithOldNames(
    {
      rootcommentid: Str({ description: 'Id of the thread the comment opens (the CGI\'s paging cursor); the comment\'s own id for CommentRead.' }),
      commentId: Str({ description: 'The comment\'s own id.' }),
      content: Str(),
      nick: Str(),
      avatarUrl: Str({ description: 'Avatar URL; \'\' when upstream gave none.' }),
      praisenum: Int({ description: 'Likes.' }),
      time: Int({ description: 'Unix seconds.' }),
    },
    COMMENT_RENAMES,
  ),
);
export type CommentItem = Static<typeof CommentItem>;

export const CommentPage = Obj({
  list: Arr(CommentItem),
  total: Int({ description: 'Comments of the whole thread, as upstream counts them.' }),
  nextCursor: Str({ description: 'Pass as `rootcommentid` (with `pagenum + 1`) for the next page; \'\' when there is none.' }),
  hasMore: Bool(),
});
export type CommentPage = Static<typeof CommentPage>;

/** One `CommentList.Comments[]` entry of CommentRead (docs/upstream/comments.md "Comment list"). */
export function mapCommentReadItem(c: Raw): CommentItem {
  return withOldNames(
    {
      rootcommentid: str(c.CmId),
      commentId: str(c.CmId),
      content: str(c.Content),
      nick: str(c.Nick),
      avatarUrl: str(c.Avatar),
      praisenum: num(c.PraiseNum),
      time: num(c.PubTime),
    },
    COMMENT_RENAMES,
  );
}

/** CommentRead's `data` → a page; the next cursor is the last item's SeqNo (sent back as LastCommentSeqNo). */
export function mapCommentReadPage(data: Raw, pageNum: number, pageSize: number): CommentPage {
  const block: Raw = data?.CommentList ?? {};
  const raw = records(block.Comments);
  const total = num(block.Total ?? data?.TotalCmNum);
  const hasMore = block.HasMore !== undefined ? Number(block.HasMore) === 1 : (pageNum + 1) * pageSize < total;
  return {
    list: raw.map(mapCommentReadItem),
    total,
    nextCursor: hasMore && raw.length ? str(raw[raw.length - 1].SeqNo) : '',
    hasMore,
  };
}

/** One `commentlist[]` entry of the CGI (recorded: c-fcg-global-comment-h5-mv.comment.fragment.json); ids stay strings. */
export function mapCgiCommentItem(c: Raw): CommentItem {
  return withOldNames(
    {
      rootcommentid: str(c.rootcommentid),
      commentId: str(c.commentid),
      content: str(ownText(c)),
      nick: str(c.nick ?? c.rootcommentnick),
      avatarUrl: str(c.avatarurl),
      praisenum: num(c.praisenum),
      time: num(c.time),
    },
    COMMENT_RENAMES,
  );
}

/**
 * A CGI item's own text. For a reply (commentid ≠ rootcommentid) the genuine answer carries the ROOT comment's text in
 * `rootcommentcontent` and the reply's own in its `middlecommentcontent` entry (same `subcommentid`); the Koa projects'
 * `content ← rootcommentcontent` would show the replier as the author of the root's text (docs/upstream/comments.md).
 */
function ownText(c: Raw): unknown {
  const id = str(c.commentid);
  if (id && id !== str(c.rootcommentid)) {
    const own = records(c.middlecommentcontent).find((m) => str(m.subcommentid) === id);
    if (own && own.subcommentcontent !== undefined) return own.subcommentcontent;
  }
  return c.rootcommentcontent ?? c.content;
}

/** The CGI body → a page: `comment.{commentlist, commenttotal}`; the next cursor is the last item's rootcommentid. */
export function mapCgiPage(body: Raw, pageNum: number, pageSize: number): CommentPage {
  const block: Raw = body?.comment ?? {};
  const raw = records(block.commentlist);
  const total = num(block.commenttotal);
  const hasMore = (pageNum + 1) * pageSize < total && raw.length > 0;
  return {
    list: raw.map(mapCgiCommentItem),
    total,
    nextCursor: hasMore ? str(raw[raw.length - 1].rootcommentid) : '',
    hasMore,
  };
}
