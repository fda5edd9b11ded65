import { Transform } from 'class-transformer';
import { ArrayParam, IdListParam, LimitParam, numericIdForm, PageParam, PLAYLIST_ID } from '../../common/validation';
import { ALL_CATEGORIES, CATEGORY_ID_MAX, type SortId, SortIdParam } from './get-song-lists.dto';

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
  @ArrayParam(
    { min: 1, max: CATEGORY_ID_MAX },
    {
      read: ToIntArray(),
      min: 1,
      max: MAX_BATCH_IDS,
      description: `Category ids (positive integers; numeric strings accepted), 1 to ${MAX_BATCH_IDS}; one getSongLists page per id. Ignored when disstid is given.`,
      example: [165, 167],
      messages: {
        notArray: 'categoryIds must be an array of positive integers',
        tooFew: 'categoryIds must not be empty',
        tooMany: `categoryIds must hold at most ${MAX_BATCH_IDS} ids`,
        item: 'categoryIds must be an array of positive integers',
      },
    },
  )
  categoryIds: number[] = [ALL_CATEGORIES];

  @PageParam({ max: 1000, description: 'Of each category list.', example: 0 })
  page: number = 0;

  @LimitParam({ max: 100, description: 'Playlists per category page.', example: 5 })
  limit: number = 19;

  @SortIdParam()
  sortId: SortId = 5;

  /** Comma-separated numeric playlist ids; when present it wins over categoryIds. */
  @IdListParam(PLAYLIST_ID, {
    read: ToIdList(),
    max: MAX_BATCH_IDS,
    description: `Comma-separated numeric playlist ids (≤ ${MAX_BATCH_IDS}); when present it wins over categoryIds and each element is a getSongListDetail record.`,
    example: '7024415872,7011264340',
    message: `disstid must be a comma-separated list of at most ${MAX_BATCH_IDS} numeric playlist ids`,
  })
  disstid?: string;
}
