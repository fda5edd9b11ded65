import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToInt } from '../../common/validation';

/** Upstream's new-album areas: 1 内地, 2 港台, 3 欧美, 4 韩国, 5 日本, 6 其他. */
export const NEW_ALBUM_AREAS = [1, 2, 3, 4, 5, 6] as const;
export type NewAlbumArea = (typeof NEW_ALBUM_AREAS)[number];

export class GetNewDisksQuery {
  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Albums per page.', default: 20, minimum: 1, maximum: 100, example: 10 })
  limit: number = 20;

  /** 0-based page (as everywhere in the gateway): upstream start = page × limit. */
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream start = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;

  /** 1 内地 (mainland, default), 2 港台, 3 欧美, 4 韩国, 5 日本, 6 其他. */
  @Min(1, { message: 'area must be between 1 and 6' }) @Max(6, { message: 'area must be between 1 and 6' })
  @IsOptional() @ToInt() @IsInt({ message: 'area must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '1 内地 (mainland), 2 港台, 3 欧美 (Western), 4 韩国 (Korea), 5 日本 (Japan), 6 其他 (other).', default: 1, minimum: 1, maximum: 6, enum: [...NEW_ALBUM_AREAS], example: 3 })
  area: NewAlbumArea = 1;
}
