import { records } from '../../common/catalogue';
import { isRecord } from '../../common/catalogue';
import type { Raw, LegacyAdapter } from './util';

/** getComments: the CGI's `comment.commentlist` / `commenttotal` (rebuilt when the musicu CommentRead answered). */
export const getComments: LegacyAdapter = (s) => {
  const raw = s.raw;
  if (isRecord(raw?.comment)) return { response: raw };
  const page = s.body?.data?.comment ?? {};
  const list = records(page.list).map((c: Raw) => ({ ...c, rootcommentcontent: c.content, avatarurl: c.avatar }));
  return { response: { code: 0, subcode: 0, comment: { commentlist: list, commenttotal: page.total ?? 0 }, raw } };
};
