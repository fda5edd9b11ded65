import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToNumericId } from '../common/validation';

/** A numeric QQ Music singer id as the older services took it (e.g. 13948 = G.E.M.): 1 to 15 digits. */
export const SINGER_ID_PATTERN = /^\d{1,15}$/;

/**
 * `GET /getSingerHotsong?singerid=<digits>` (rewritten to /legacy/getSingerHotsongById by the legacy request rewrite):
 * the numeric singer id, and the same `limit`/`page` as /getSingerHotsong.
 */
export class LegacySingerHotsongByIdQuery {
  @ToNumericId()
  @IsDefined({ message: 'singerid is required' })
  @Matches(SINGER_ID_PATTERN, { message: 'singerid must be a numeric singer id (at most 15 digits) or a singer MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'Numeric singer id (1 to 15 digits), e.g. 13948.', pattern: '^\\d{1,15}$', example: '13948' })
  singerid!: string;

  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @ApiPropertyOptional({ type: 'integer', description: 'Songs per page.', default: 10, minimum: 1, maximum: 100, example: 20 })
  limit: number = 10;

  /** 0-based page; upstream begin = page × limit. */
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream begin = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}
