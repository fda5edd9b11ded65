import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import { Obj, OpenObj, RawObject } from '../../common/answer-schema';
import { COMMENT_RENAMES } from '../../upstream/clients/comments.parse';
import { legacyRoute, underOldNames } from './util';
import type { Raw, LegacyAdapter, LegacyRoute } from './util';

/** getComments: the CGI's `comment.commentlist` / `commenttotal` (rebuilt when the musicu CommentRead answered). */
export const getComments: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isRecord(raw?.comment)) return { response: raw };
  const page = s.body?.data?.comment ?? {};
  const list = records(page.list).map((c: Raw) => ({ ...underOldNames(c, COMMENT_RENAMES), rootcommentcontent: c.content, avatarurl: c.avatarUrl }));
  return { response: { code: 0, subcode: 0, comment: { commentlist: list, commenttotal: page.total ?? 0 }, raw } };
};

export const COMMENTS_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getComments: legacyRoute(
    getComments,
    Obj({ response: OpenObj({ comment: RawObject({ description: 'The CGI\'s `commentlist` and `commenttotal`.' }) }) }),
  ),
};
