import type { GroupEntries } from './entry';

/** The glossary's "Comments" names (src/common/glossary.ts merges the groups). */
export const COMMENTS: GroupEntries<'Comments'> = {
  avatar: { group: 'Comments', meaning: 'A commenter\'s avatar URL.', type: 'string', upstream: '`avatarurl` / `Avatar`', deprecatedFor: 'avatarUrl' },
  comment: { group: 'Comments', meaning: 'A page of comments `{ list, total, nextCursor, hasMore }`.', type: 'object', upstream: 'CommentRead / the comment CGI', fixedBy: 'comments `data.comment`' },
  commentId: { group: 'Comments', meaning: 'A comment\'s own id.', type: 'string', upstream: '`commentid` / `CmId`' },
  commentid: { group: 'Comments', meaning: 'A comment\'s own id.', type: 'string', upstream: '`commentid` / `CmId`', deprecatedFor: 'commentId' },
  content: { group: 'Comments', meaning: 'A comment\'s own text.', type: 'string', upstream: '`rootcommentcontent` / the reply\'s `middlecommentcontent` / `Content`', fixedBy: 'comment list `content`' },
  list: { group: 'Comments', meaning: 'The items of a page (comments, MVs, search hits, relation entries, play URLs).', type: 'object[]', upstream: 'gateway', fixedBy: 'comment `list`' },
  praisenum: { group: 'Comments', meaning: 'A comment\'s likes.', type: 'integer', upstream: '`praisenum` / `PraiseNum`', fixedBy: 'comment list `praisenum`' },
  rootcommentid: { group: 'Comments', meaning: 'The id of the thread a comment opens (the CGI\'s paging cursor).', type: 'string', upstream: '`rootcommentid` / `CmId`', fixedBy: 'comment list `rootcommentid`' },
};
