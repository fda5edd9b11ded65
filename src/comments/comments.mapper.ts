/** The spec's comment vocabulary; the answers' parsing lives with the client (src/upstream/clients/comments.parse.ts). */
export {
  CommentItem,
  CommentPage,
  mapCgiCommentItem,
  mapCgiPage,
  mapCommentReadItem,
  mapCommentReadPage,
} from '../upstream/clients/comments.parse';

/** Spec biztype: 1 song, 2 album, 3 playlist, 4 MV. */
export const SPEC_BIZTYPES = [1, 2, 3, 4] as const;
/** Spec reqtype: 1 recommended, 2 newest, 3 most liked. */
export const SPEC_REQTYPES = [1, 2, 3] as const;
