import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt } from '../../common/validation';
import { ALL_CATEGORIES, SORT_IDS } from './get-song-lists.dto';

/** At most this many ids (categories or playlists) per batch call. */
export const MAX_BATCH_IDS = 20;

/** A JSON number stays; a whole-number string becomes a number; anything else stays and fails validation. */
const ToIntArray = () =>
  Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v))
      : value,
  );

/** '165, 166' or 165 → '165,166'; '' → absent. */
const ToIdList = () =>
  Transform(({ value }) => {
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return value;
    const ids = value.split(',').map((s) => s.trim()).filter(Boolean);
    return ids.length ? ids.join(',') : undefined;
  });

export class BatchGetSongListsBody {
  @IsOptional() @ToIntArray()
  @IsArray({ message: 'categoryIds must be an array of positive integers' })
  @ArrayMinSize(1, { message: 'categoryIds must not be empty' })
  @ArrayMaxSize(MAX_BATCH_IDS, { message: `categoryIds must hold at most ${MAX_BATCH_IDS} ids` })
  @IsInt({ each: true, message: 'categoryIds must be an array of positive integers' })
  @Min(1, { each: true, message: 'categoryIds must be an array of positive integers' })
  @Max(99999999, { each: true, message: 'categoryIds must be an array of positive integers' })
  categoryIds: number[] = [ALL_CATEGORIES];

  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  page: number = 0;

  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  limit: number = 19;

  @IsIn(SORT_IDS, { message: 'sortId must be one of 5 (recommended), 2 (newest), 3 (hottest), 4 (rating), 1 (default)' })
  @IsOptional() @ToInt() @IsInt({ message: 'sortId must be an integer' })
  sortId: number = 5;

  /** Comma-separated numeric playlist ids; when present it wins over categoryIds. */
  @IsOptional() @ToIdList()
  @Matches(/^\d{1,15}(,\d{1,15}){0,19}$/, {
    message: `disstid must be a comma-separated list of at most ${MAX_BATCH_IDS} numeric playlist ids`,
  })
  disstid?: string;
}
