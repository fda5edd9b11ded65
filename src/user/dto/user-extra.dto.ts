import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToCanonical, ToInt } from '../../common/validation';
import { canonicalUin, UIN_PATTERN } from '../user.mapper';

/** getUserCollected* / getUserFollow* / getUserFans paging defaults (sansenjian/qq-music-api: page 1, limit 20). */
export const DEFAULT_PAGE = 1;
export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE = 1000;
export const MAX_PAGE_LIMIT = 100;

const UIN_MESSAGE = 'uin must be a QQ number (digits only, at most 20; an o0… prefix is accepted)';

/** `uin` alone: GET /user/getUserDetail, /user/getUserLikedSongs. */
export class UserUinQuery {
  /** Whose profile: digits (≤ 20), or the `o0…` cookie form (`o` and zeros dropped). */
  @ToCanonical(canonicalUin)
  @IsOptional()
  @Matches(UIN_PATTERN, { message: UIN_MESSAGE })
  @ApiPropertyOptional({ type: 'string', description: 'QQ number: digits only, at most 20 (the `o0…` cookie form is accepted; the `o` and leading zeros are dropped). Optional: without it, the account of the login cookie in play (the caller\'s cookie, else the stored login; its `uin` / `qqmusic_uin` / `p_uin`); with no cookie at all 401 LOGIN_REQUIRED.', pattern: '^(o0*)?\\d{1,20}$', example: '10001' })
  uin?: string;
}

/** `uin` + 1-based `page` and `limit`: the collected, followed and fan lists (upstream pages them itself). */
export class UserPagedQuery extends UserUinQuery {
  // class-validator runs the decorators bottom-up: IsInt last so a non-number is reported as such.
  @IsOptional() @ToInt()
  @Min(1, { message: `page must be between 1 and ${MAX_PAGE}` }) @Max(MAX_PAGE, { message: `page must be between 1 and ${MAX_PAGE}` })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Page number, from 1.', default: DEFAULT_PAGE, minimum: 1, maximum: MAX_PAGE, example: 1 })
  page: number = DEFAULT_PAGE;

  @IsOptional() @ToInt()
  @Min(1, { message: `limit must be between 1 and ${MAX_PAGE_LIMIT}` }) @Max(MAX_PAGE_LIMIT, { message: `limit must be between 1 and ${MAX_PAGE_LIMIT}` })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Entries per page.', default: DEFAULT_PAGE_LIMIT, minimum: 1, maximum: MAX_PAGE_LIMIT, example: 10 })
  limit: number = DEFAULT_PAGE_LIMIT;
}
