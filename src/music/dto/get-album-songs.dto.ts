import { LimitParam, PageParam } from '../../common/validation';
import { GetAlbumInfoQuery } from './get-album-info.dto';

/** GET /getAlbumSongs: an album's songs, one page at a time. */
export class GetAlbumSongsQuery extends GetAlbumInfoQuery {
  @PageParam({ max: 10000, description: 'A page holds `limit` songs.', example: 0 })
  page: number = 0;

  @LimitParam({ max: 100, description: 'Songs per page.', example: 10 })
  limit: number = 30;
}
