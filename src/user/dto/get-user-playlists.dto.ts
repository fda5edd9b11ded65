import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToCanonical, ToInt } from '../../common/validation';
import { canonicalUin, DEFAULT_LIMIT, DEFAULT_OFFSET, UIN_PATTERN } from '../user.mapper';

export class GetUserPlaylistsQuery {
  /** Account whose playlists are listed: digits (≤ 20), or the `o0…` cookie form (`o` and zeros dropped). */
  @ToCanonical(canonicalUin)
  @IsOptional()
  @Matches(UIN_PATTERN, { message: 'uin must be a QQ number (digits only, at most 20; an o0… prefix is accepted)' })
  @ApiPropertyOptional({ type: 'string', description: 'QQ number: digits only, at most 20 (the `o0…` cookie form is accepted; the `o` and leading zeros are dropped). Optional: without it, the account of the login cookie in play (the caller\'s cookie, else the stored login; its `uin` / `qqmusic_uin` / `p_uin`); with no cookie at all 400 BAD_REQUEST naming uin.', pattern: '^(o0*)?\\d{1,20}$', example: '10001' })
  uin?: string;

  /** Index of the first playlist returned (the gateway pages locally; upstream has no paging). */
  // class-validator runs the decorators bottom-up: IsInt last so a non-number is reported as such.
  @IsOptional() @ToInt()
  @Min(0, { message: 'offset must be 0 or more' }) @Max(100000, { message: 'offset must be at most 100000' })
  @IsInt({ message: 'offset must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Index of the first playlist returned (paged locally; upstream has no paging).', default: DEFAULT_OFFSET, minimum: 0, maximum: 100000, example: 0 })
  offset: number = DEFAULT_OFFSET;

  @IsOptional() @ToInt()
  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Playlists per page.', default: DEFAULT_LIMIT, minimum: 1, maximum: 100, example: 10 })
  limit: number = DEFAULT_LIMIT;
}
