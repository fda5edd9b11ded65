import { IsDefined, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToTrimmed } from '../../common/validation';

export class GetSongListDetailQuery {
  /** Numeric playlist id (dissid / disstid). */
  @ToTrimmed() @IsDefined({ message: 'disstid is required' })
  @Matches(/^\d{1,15}$/, { message: 'disstid must be a numeric playlist id' })
  disstid!: string;

  /** Songs per page of the playlist (gateway extra; default 1000 = practically the whole playlist). */
  @Min(1, { message: 'limit must be between 1 and 1000' }) @Max(1000, { message: 'limit must be between 1 and 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  limit: number = 1000;

  /** 0-based page of songs: song_begin = page × limit. */
  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  page: number = 0;
}
