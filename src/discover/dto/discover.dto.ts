import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { IMAGE_TYPES, type ImageType } from '../../common/catalogue';
import { ToInt, ToLowerTrimmed, ToTrimmed } from '../../common/validation';

/** 1..3000, written without leading zeros. */
const DIM = '([1-9]\\d{0,2}|[12]\\d{3}|3000)';
export const IMAGE_SIZE = new RegExp(`^${DIM}x${DIM}$`);
/** Largest `maxAge`: 2^31 − 1 seconds, the usual ceiling of a max-age (a signed 32-bit count). */
export const MAX_AGE_LIMIT = 2147483647;
const IMAGE_TYPE_NAMES = Object.keys(IMAGE_TYPES) as ImageType[];

export class GetImageUrlQuery {
  /** Album MID (default), singer MID or MV picture id: letters and digits. */
  @ToTrimmed()
  @IsDefined({ message: 'id is required' })
  @Matches(/^[0-9A-Za-z]{1,64}$/, { message: 'id must be an album or singer MID (letters and digits)' })
  @ApiProperty({ type: 'string', description: 'Album MID (type album), singer MID (type singer) or MV picture id (type mv): letters and digits, ≤ 64.', pattern: '^[0-9A-Za-z]{1,64}$', example: '002MiVxC2Ibwf1' })
  id!: string;

  /** `<w>x<h>`, each 1..3000. */
  @ToLowerTrimmed()
  @IsOptional()
  @Matches(IMAGE_SIZE, { message: 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300' })
  @ApiPropertyOptional({ type: 'string', description: '`<w>x<h>`, each side 1..3000 without leading zeros.', pattern: IMAGE_SIZE.source, default: '300x300', example: '500x500' })
  size: string = '300x300';

  /** Seconds, 0..2^31 − 1 (about 68 years): a larger whole number would no longer be written as sent. */
  @IsOptional() @ToInt()
  @Min(0, { message: 'maxAge must be 0 or more' }) @Max(MAX_AGE_LIMIT, { message: `maxAge must be at most ${MAX_AGE_LIMIT} (seconds)` })
  @IsInt({ message: 'maxAge must be an integer number of seconds' })
  @ApiPropertyOptional({ type: 'integer', description: '`max_age` (seconds) appended to the image URL: 0..2147483647 (2^31 − 1).', default: 2592000, minimum: 0, maximum: MAX_AGE_LIMIT, example: 86400 })
  maxAge: number = 2592000;

  /** album → T002 (default), singer → T001, mv → T015 (docs/upstream/discover.md "Image URL"). */
  @ToTrimmed()
  @IsOptional()
  @IsIn(IMAGE_TYPE_NAMES, { message: `type must be one of ${IMAGE_TYPE_NAMES.join(', ')}` })
  @ApiPropertyOptional({ type: 'string', description: 'album → T002 (default), singer → T001, mv → T015 URL prefix. mv is unreliable: real MV pictures are named M000, M101, M102 or M103 + key, and only M000 is built. Prefer the `cover` from /getMv or /getMvPlay (docs/mv.md).', enum: IMAGE_TYPE_NAMES, default: 'album', example: 'singer' })
  type: ImageType = 'album';
}

export class GetDigitalAlbumListsQuery {
  @IsOptional() @ToInt()
  @Max(100, { message: 'limit must be between 1 and 100' }) @Min(1, { message: 'limit must be between 1 and 100' })
  @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Albums per page (paged locally over the upstream list).', default: 20, minimum: 1, maximum: 100, example: 10 })
  limit: number = 20;

  /** 0-based page over the upstream list. */
  @IsOptional() @ToInt()
  @Max(1000, { message: 'page must be at most 1000' }) @Min(0, { message: 'page must be 0 or more' })
  @IsInt({ message: 'page must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: '0-based page.', default: 0, minimum: 0, maximum: 1000, example: 0 })
  page: number = 0;
}
