import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToInt } from '../../common/validation';
import { GetAlbumInfoQuery } from './get-album-info.dto';

/** GET /getAlbumSongs: an album's songs, one page at a time. */
export class GetAlbumSongsQuery extends GetAlbumInfoQuery {
  @IsOptional() @ToInt()
  @Max(10000, { message: 'page must be at most 10000' })
  @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page of `limit` songs.', default: 0, minimum: 0, maximum: 10000, example: 0 })
  page: number = 0;

  @IsOptional() @ToInt()
  @Max(100, { message: 'limit must be between 1 and 100' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Songs per page.', default: 30, minimum: 1, maximum: 100, example: 10 })
  limit: number = 30;
}
