import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { numericIdForm, ToInt } from '../../common/validation';
import { ALL_CATEGORIES, SORT_IDS, type SortId } from './get-song-lists.dto';

/** At most this many ids (categories or playlists) per batch call. */
export const MAX_BATCH_IDS = 20;

/** A JSON number stays; a whole-number string becomes a number; anything else stays and fails validation. */
const ToIntArray = () =>
  Transform(({ value }) =>
    Array.isArray(value)
      ? value.map((v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v))
      : value,
  );

/** '165, 0166' or 165 → '165,166' (each id in its canonical form); '' → absent. */
const ToIdList = () =>
  Transform(({ value }) => {
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') return value;
    const ids = value.split(',').map(numericIdForm).filter(Boolean);
    return ids.length ? ids.join(',') : undefined;
  });

export class BatchGetSongListsBody {
  // class-validator runs these bottom-up and the first failure is reported: the type, then the size, then each id.
  @Max(99999999, { each: true, message: 'categoryIds must be an array of positive integers' })
  @Min(1, { each: true, message: 'categoryIds must be an array of positive integers' })
  @IsInt({ each: true, message: 'categoryIds must be an array of positive integers' })
  @ArrayMaxSize(MAX_BATCH_IDS, { message: `categoryIds must hold at most ${MAX_BATCH_IDS} ids` })
  @ArrayMinSize(1, { message: 'categoryIds must not be empty' })
  @IsArray({ message: 'categoryIds must be an array of positive integers' })
  @IsOptional() @ToIntArray()
  @ApiPropertyOptional({ type: 'array', items: {type: 'integer', minimum: 1, maximum: 99999999}, description: 'Category ids (positive integers; numeric strings accepted), 1 to 20; one getSongLists page per id. Ignored when disstid is given.', default: [10000000], minItems: 1, maxItems: 20, example: [165, 167] })
  categoryIds: number[] = [ALL_CATEGORIES];

  @Min(0, { message: 'page must be 0 or more' }) @Max(1000, { message: 'page must be at most 1000' })
  @IsOptional() @ToInt() @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page of each category list.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;

  @Min(1, { message: 'limit must be between 1 and 100' }) @Max(100, { message: 'limit must be between 1 and 100' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Playlists per category page.', default: 19, minimum: 1, maximum: 100, example: 5 })
  limit: number = 19;

  @IsIn(SORT_IDS, { message: 'sortId must be one of 5 (recommended), 2 (newest), 3 (hottest), 4 (rating), 1 (default)' })
  @IsOptional() @ToInt() @IsInt({ message: 'sortId must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '5 recommended, 2 newest, 3 hottest, 4 rating, 1 default.', enum: [...SORT_IDS], default: 5, example: 2 })
  sortId: SortId = 5;

  /** Comma-separated numeric playlist ids; when present it wins over categoryIds. */
  @IsOptional() @ToIdList()
  @Matches(/^\d{1,15}(,\d{1,15}){0,19}$/, {
    message: `disstid must be a comma-separated list of at most ${MAX_BATCH_IDS} numeric playlist ids`,
  })
  @ApiPropertyOptional({ type: 'string', description: 'Comma-separated numeric playlist ids (≤ 20); when present it wins over categoryIds and each element is a getSongListDetail record.', pattern: '^\\d{1,15}(,\\d{1,15}){0,19}$', example: '7024415872,7011264340' })
  disstid?: string;
}
