import { IMAGE_TYPES, type ImageType } from '../../common/catalogue';
import { ChoiceParam, IntParam, LimitParam, PageParam, TextParam, ToLowerTrimmed, ToTrimmed } from '../../common/validation';

/** 1..3000, written without leading zeros. */
const DIM = '([1-9]\\d{0,2}|[12]\\d{3}|3000)';
export const IMAGE_SIZE = new RegExp(`^${DIM}x${DIM}$`);
/** Largest `maxAge`: 2^31 − 1 seconds, the usual ceiling of a max-age (a signed 32-bit count). */
export const MAX_AGE_LIMIT = 2147483647;
const IMAGE_TYPE_NAMES = Object.keys(IMAGE_TYPES) as ImageType[];

export class GetImageUrlQuery {
  /** Album MID (default), singer MID or MV picture id: letters and digits. */
  @TextParam({
    required: true,
    read: ToTrimmed(),
    match: { pattern: /^[0-9A-Za-z]{1,64}$/, message: 'id must be an album or singer MID (letters and digits)' },
    description: 'Album MID (type album), singer MID (type singer) or MV picture id (type mv): letters and digits, ≤ 64.',
    example: '002MiVxC2Ibwf1',
  })
  id!: string;

  /** `<w>x<h>`, each 1..3000. */
  @TextParam({
    read: ToLowerTrimmed(),
    match: { pattern: IMAGE_SIZE, message: 'size must be <w>x<h> with each side between 1 and 3000, e.g. 300x300' },
    description: '`<w>x<h>`, each side 1..3000 without leading zeros.',
    example: '500x500',
  })
  size: string = '300x300';

  /** Seconds, 0..2^31 − 1 (about 68 years): a larger whole number would no longer be written as sent. */
  @IntParam({
    min: 0,
    max: MAX_AGE_LIMIT,
    outOfRange: 'perBound',
    description: '`max_age` (seconds) appended to the image URL: 0..2147483647 (2^31 − 1).',
    example: 86400,
    messages: { integer: 'maxAge must be an integer number of seconds', max: `maxAge must be at most ${MAX_AGE_LIMIT} (seconds)` },
  })
  maxAge: number = 2592000;

  /** album → T002 (default), singer → T001, mv → T015 (docs/upstream/discover.md "Image URL"). */
  @ChoiceParam(IMAGE_TYPE_NAMES, {
    read: ToTrimmed(),
    description: 'album → T002 (default), singer → T001, mv → T015 URL prefix. mv is unreliable: real MV pictures are named M000, M101, M102 or M103 + key, and only M000 is built. Prefer the `cover` from /getMv or /getMvPlay (docs/mv.md).',
    example: 'singer',
  })
  type: ImageType = 'album';
}

export class GetDigitalAlbumListsQuery {
  @LimitParam({ max: 100, description: 'Albums per page (paged locally over the upstream list).', example: 10 })
  limit: number = 20;

  /** 0-based page over the upstream list. */
  @PageParam({ max: 1000, example: 0 })
  page: number = 0;
}
