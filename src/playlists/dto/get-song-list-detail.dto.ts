import { IdParam, LimitParam, PageParam, PLAYLIST_ID } from '../../common/validation';

export class GetSongListDetailQuery {
  /** Numeric playlist id (dissid / disstid). */
  @IdParam(PLAYLIST_ID, { required: true, description: 'Numeric playlist id (dissid / disstid), ≤ 15 digits.', example: '7024415872' })
  disstid!: string;

  /** Songs per page of the playlist (gateway extra; default 1000 = practically the whole playlist). */
  @LimitParam({ max: 1000, description: 'Songs per page of the playlist (gateway extra; 1000 = practically the whole playlist).', example: 50 })
  limit: number = 1000;

  /** 0-based page of songs: song_begin = page × limit. */
  @PageParam({ max: 1000, description: 'Of the songs: song_begin = page × limit.', example: 0 })
  page: number = 0;
}
