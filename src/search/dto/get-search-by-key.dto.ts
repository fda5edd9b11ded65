import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ToInt, ToLowerTrimmed, ToTrimmed } from '../../common/validation';
import { SEARCH_TYPES, SearchType } from '../search.mapper';

export class GetSearchByKeyQuery {
  @ToTrimmed() @IsDefined({ message: 'key is required' }) @IsString({ message: 'key must be text' })
  @MaxLength(100, { message: 'key must be at most 100 characters' })
  @ApiProperty({ type: 'string', description: 'Search text (trimmed; empty = missing), at most 100 characters.', maxLength: 100, example: '周杰伦' })
  key!: string;

  @Min(1, { message: 'limit must be between 1 and 50' }) @Max(50, { message: 'limit must be between 1 and 50' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Results per page.', default: 10, minimum: 1, maximum: 50, example: 5 })
  limit: number = 10;

  /** 1-based page (upstream's own convention for search). */
  @Min(1, { message: 'page must be 1 or more (search pages are 1-based)' }) @Max(100, { message: 'page must be at most 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '1-based page (upstream convention for search).', default: 1, minimum: 1, maximum: 100, example: 1 })
  page: number = 1;

  @IsOptional() @ToLowerTrimmed() @IsIn(SEARCH_TYPES, { message: `type must be one of ${SEARCH_TYPES.join(', ')}` })
  @ApiPropertyOptional({ type: 'string', description: 'What to search for (case-insensitive).', enum: [...SEARCH_TYPES], default: 'song', example: 'song' })
  type: SearchType = 'song';
}
