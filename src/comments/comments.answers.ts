import { Obj, type Static } from '../common/answer-schema';
import { CommentPage } from '../upstream/clients/comments.parse';

/** What /getComments answers (decision 021); the page's shape is declared where the comments client builds it. */

export const CommentsAnswer = Obj({ comment: CommentPage });
export type CommentsAnswer = Static<typeof CommentsAnswer>;
