import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { Transform } from 'class-transformer';
import { ToInt, ToLowerTrimmed, ToTrimmed } from '../../common/validation';
import { MV_ORDERS, type MvOrder } from '../../upstream/clients/singers.params';
import { SPEC_AREAS, SPEC_GENRES, SPEC_SEXES, UPSTREAM_ALL } from '../singer-codes';

/** A singer MID: letters and digits, at most 32 characters (e.g. 0025NhlN2yWrP4). */
export const MID_PATTERN = /^[0-9A-Za-z]{1,32}$/;

/** Every singer endpoint but the list takes a required `singermid`. */
export class SingerMidQuery {
  @ToTrimmed()
  @IsDefined({ message: 'singermid is required' })
  @Matches(MID_PATTERN, { message: 'singermid must be a singer MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'Singer MID: letters and digits, at most 32 characters.', pattern: '^[0-9A-Za-z]{1,32}$', example: '0025NhlN2yWrP4' })
  singermid!: string;
}

/**
 * A filter as a whole number (blank = absent), with upstream's "all" code −100 read as −1: Rain120/qq-music-api
 * passed its filters to upstream as they came, so its clients send −100 for "all" (lmh199504/small_program).
 */
const ToFilter = () =>
  Transform(({ value }) => {
    const text = typeof value === 'string' ? value.trim() : value;
    if (text === undefined || text === null || text === '') return undefined;
    const n = typeof text === 'number' ? text : /^[-+]?\d+$/.test(text) ? Number(text) : text;
    return n === UPSTREAM_ALL ? -1 : n;
  });
const ALL_NOTE = ' −100 (upstream\'s and the older qq-music-api\'s code for "all") is accepted as −1.';

// Decorators run bottom-up with stopAtFirstError: the type check sits last so it speaks first (`abc` → "must be an integer").
export class GetSingerListQuery {
  /** −1 all, 2 Chinese-language, 3 Western. */
  @IsOptional() @ToFilter()
  @IsIn([...SPEC_AREAS], { message: 'area must be one of -1 (all), 2 (Chinese-language), 3 (Western)' })
  @ApiPropertyOptional({ type: 'integer', description: `−1 all, 2 Chinese-language, 3 Western.${ALL_NOTE}`, enum: [UPSTREAM_ALL, ...SPEC_AREAS], default: -1, example: 2 })
  area: number = -1;

  /** −1 all, 1 male, 2 female. */
  @IsOptional() @ToFilter()
  @IsIn([...SPEC_SEXES], { message: 'sex must be one of -1 (all), 1 (male), 2 (female)' })
  @ApiPropertyOptional({ type: 'integer', description: `−1 all, 1 male, 2 female.${ALL_NOTE}`, enum: [UPSTREAM_ALL, ...SPEC_SEXES], default: -1, example: 1 })
  sex: number = -1;

  /** −1 all, 1 pop, 2 rock. */
  @IsOptional() @ToFilter()
  @IsIn([...SPEC_GENRES], { message: 'genre must be one of -1 (all), 1 (pop), 2 (rock)' })
  @ApiPropertyOptional({ type: 'integer', description: `−1 all, 1 pop, 2 rock.${ALL_NOTE}`, enum: [UPSTREAM_ALL, ...SPEC_GENRES], default: -1, example: -1 })
  genre: number = -1;

  /** 0-based page of `limit` singers. */
  @IsOptional() @ToInt()
  @Max(10000, { message: 'page must be at most 10000' })
  @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page of `limit` singers.', default: 0, minimum: 0, maximum: 10000, example: 0 })
  page: number = 0;

  /** Singers per page; at most one upstream page (80). */
  @IsOptional() @ToInt()
  @Max(80, { message: 'limit must be between 1 and 80' })
  @Min(1, { message: 'limit must be between 1 and 80' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Singers per page (at most one upstream page, 80).', default: 20, minimum: 1, maximum: 80, example: 30 })
  limit: number = 20;
}

export class SingerPagedQuery extends SingerMidQuery {
  @IsOptional() @ToInt()
  @Max(100, { message: 'limit must be between 1 and 100' })
  @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Items per page.', default: 10, minimum: 1, maximum: 100, example: 20 })
  limit: number = 10;

  /** 0-based page; upstream begin = page × limit. */
  @IsOptional() @ToInt()
  @Max(1000, { message: 'page must be at most 1000' })
  @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page; upstream begin = page × limit.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}

export { MV_ORDERS, type MvOrder };

export class GetSingerMvQuery extends SingerPagedQuery {
  /** `listen` (most played, the default) or `time` (newest first); case-insensitive. */
  @IsOptional() @ToLowerTrimmed()
  @IsIn([...MV_ORDERS], { message: 'order must be time or listen' })
  @ApiPropertyOptional({ type: 'string', description: '`listen` (most played) or `time` (newest first); case-insensitive.', enum: [...MV_ORDERS], default: 'listen', example: 'time' })
  order: MvOrder = 'listen';
}
