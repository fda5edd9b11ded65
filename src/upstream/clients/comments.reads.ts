import type { ShapeSpec } from '../shape/shape';

/**
 * What `mapCommentReadPage` (comments.parse.ts) reads of `CommentsClient.page` answered by CommentRead (its
 * `comments` key): each comment and the cursor of the next page; the totals may be missing (the page then counts).
 */
export const COMMENT_PAGE_READS = {
  'raw.comments.data.CommentList.Comments': 'array',
  'raw.comments.data.CommentList.Comments[].CmId': 'string',
  'raw.comments.data.CommentList.Comments[].SeqNo': 'string',
  'raw.comments.data.CommentList.Comments[].Content': 'string',
  'raw.comments.data.CommentList.Comments[].Nick': 'string',
  'raw.comments.data.CommentList.Comments[].Avatar?': 'string',
  'raw.comments.data.CommentList.Comments[].PraiseNum': 'number',
  'raw.comments.data.CommentList.Comments[].PubTime': 'number',
  'raw.comments.data.CommentList.HasMore?': 'number',
  'raw.comments.data.CommentList.Total?': 'number',
  'raw.comments.data.TotalCmNum?': 'number',
} as const satisfies ShapeSpec;
