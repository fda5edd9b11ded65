import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import { ToInt, ToTrimmed } from '../../common/validation';

/** 1..3000, written without leading zeros. */
const DIM = '([1-9]\\d{0,2}|[12]\\d{3}|3000)';
export const IMAGE_SIZE = new RegExp(`^${DIM}x${DIM}$`);

export class GetImageUrlQuery {
  /** Album MID (default), singer MID or MV picture id: letters and digits. */
  @ToTrimmed()
  @IsDefined({ message: 'id is required' })
  @Matches(/^[0-9A-Za-z]{1,64}$/, { message: 'id must be an album or singer MID (letters and digits)' })
  id!: string;

  /** `<w>x<h>`, each 1..3000. */
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value))
  @IsOptional()
  @Matches(IMAGE_SIZE, { message: 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300' })
  size: string = '300x300';

  @IsOptional() @ToInt()
  @Min(0, { message: 'maxAge must be 0 or more' })
  @IsInt({ message: 'maxAge must be an integer number of seconds' })
  maxAge: number = 2592000;

  /** album → T002 (default), singer → T001, mv → T015 (CONTRACT §4). */
  @ToTrimmed()
  @IsOptional()
  @IsIn(['album', 'singer', 'mv'], { message: 'type must be one of album, singer, mv' })
  type: 'album' | 'singer' | 'mv' = 'album';
}

export class GetDigitalAlbumListsQuery {
  @IsOptional() @ToInt()
  @Max(100, { message: 'limit must be between 1 and 100' }) @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  limit: number = 20;

  /** 0-based page over the upstream list. */
  @IsOptional() @ToInt()
  @Max(1000, { message: 'page must be at most 1000' }) @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  page: number = 0;
}
