import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToNumericId } from '../../common/validation';

export class GetSongListDetailQuery {
  /** Numeric playlist id (dissid / disstid). */
  @ToNumericId() @IsDefined({ message: 'disstid is required' })
  @Matches(/^\d{1,15}$/, { message: 'disstid must be a numeric playlist id' })
  @ApiProperty({ type: 'string', description: 'Numeric playlist id (dissid / disstid), ≤ 15 digits.', pattern: '^\\d{1,15}$', example: '7024415872' })
  disstid!: string;

  /** Songs per page of the playlist (gateway extra; default 1000 = practically the whole playlist). */
  @Min(1, { message: 'limit must be between 1 and 1000' }) @Max(1000, { message: 'limit must be between 1 and 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Songs per page of the playlist (gateway extra; 1000 = practically the whole playlist).', default: 1000, minimum: 1, maximum: 1000, example: 50 })
  limit: number = 1000;

  /** 0-based page of songs: song_begin = page × limit. */
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page of songs: song_begin = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}
