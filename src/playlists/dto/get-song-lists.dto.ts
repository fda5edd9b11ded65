import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToInt } from '../../common/validation';

/** Sort modes upstream lists per category: 5 recommended (default), 2 newest, 3 hottest, 4 rating, 1 default. */
export const SORT_IDS = [1, 2, 3, 4, 5] as const;
export type SortId = (typeof SORT_IDS)[number];
export const ALL_CATEGORIES = 10000000;

export class GetSongListsQuery {
  /** Category id from /getSongListCategories; 10000000 = all. */
  @Min(1, { message: 'categoryId must be a positive category id' }) @Max(99999999, { message: 'categoryId must be a valid category id' })
  @IsOptional() @ToInt() @IsInt({ message: 'categoryId must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Category id from /getSongListCategories; 10000000 = all.', default: 10000000, minimum: 1, maximum: 99999999, example: 165 })
  categoryId: number = ALL_CATEGORIES;

  @IsIn(SORT_IDS, { message: 'sortId must be one of 5 (recommended), 2 (newest), 3 (hottest), 4 (rating), 1 (default)' })
  @IsOptional() @ToInt() @IsInt({ message: 'sortId must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '5 recommended, 2 newest, 3 hottest, 4 rating, 1 default.', enum: [...SORT_IDS], default: 5, example: 2 })
  sortId: SortId = 5;

  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Playlists per page.', default: 20, minimum: 1, maximum: 100, example: 10 })
  limit: number = 20;

  /** 0-based page: upstream sin = page × limit, ein = (page + 1) × limit − 1. */
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream sin = page × limit, ein = (page + 1) × limit − 1.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}
