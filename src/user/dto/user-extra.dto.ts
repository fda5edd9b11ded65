import { IdParam, type IdFamily, LimitParam, PageParam } from '../../common/validation';
import { canonicalUin, UIN_PATTERN } from '../user.mapper';

/**
 * getUserCollected* / getUserFollow* / getUserFans paging defaults: the first page (0; sansenjian/qq-music-api's page 1,
 * which the legacy shape still reads), 20 entries.
 */
export const DEFAULT_PAGE = 0;
export const DEFAULT_PAGE_LIMIT = 20;
/** The last page, 0-based (sansenjian/qq-music-api's page 1000). */
export const MAX_PAGE = 999;
export const MAX_PAGE_LIMIT = 100;

/** A QQ number as the user routes take it: the `o0…` cookie form is read as its digits (canonicalUin). */
export const UIN: IdFamily = {
  pattern: UIN_PATTERN,
  noun: 'a QQ number (digits only, at most 20; an o0… prefix is accepted)',
  form: canonicalUin,
  sent: /^(o0*)?\d{1,20}$/,
};
/** How every `uin` is described before what leaving it out means on the route. */
export const UIN_TEXT = 'QQ number: digits only, at most 20 (the `o0…` cookie form is accepted; the `o` and leading zeros are dropped).';

/** `uin` alone: GET /user/getUserDetail, /user/getUserLikedSongs. */
export class UserUinQuery {
  /** Whose profile: digits (≤ 20), or the `o0…` cookie form (`o` and zeros dropped). */
  @IdParam(UIN, {
    description: `${UIN_TEXT} Optional: without it, the account of the login cookie in play (the caller's cookie, else the stored login; its \`uin\` / \`qqmusic_uin\` / \`p_uin\`); with no cookie at all 401 LOGIN_REQUIRED.`,
    example: '10001',
  })
  uin?: string;
}

/** `uin` + `page` and `limit`: the collected, followed and fan lists (upstream pages them itself, from 1: page + 1). */
export class UserPagedQuery extends UserUinQuery {
  @PageParam({ max: MAX_PAGE, description: 'The legacy shape reads it 1-based, as the older services did.', example: 0 })
  page: number = DEFAULT_PAGE;

  @LimitParam({ max: MAX_PAGE_LIMIT, description: 'Entries per page.', example: 10 })
  limit: number = DEFAULT_PAGE_LIMIT;
}
