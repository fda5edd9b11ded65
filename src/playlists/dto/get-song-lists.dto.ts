import { ChoiceParam, IntParam, LimitParam, PageParam } from '../../common/validation';

/** Sort modes upstream lists per category: 5 recommended (default), 2 newest, 3 hottest, 4 rating, 1 default. */
export const SORT_IDS = [1, 2, 3, 4, 5] as const;
export type SortId = (typeof SORT_IDS)[number];
export const ALL_CATEGORIES = 10000000;
/** Category ids from /getSongListCategories: positive, at most 8 digits. */
export const CATEGORY_ID_MAX = 99999999;

/** The sort of a category list (here and in the batch). */
export const SortIdParam = () =>
  ChoiceParam(SORT_IDS, {
    description: '5 recommended, 2 newest, 3 hottest, 4 rating, 1 default.',
    example: 2,
    messages: { integer: 'sortId must be an integer', choice: 'sortId must be one of 5 (recommended), 2 (newest), 3 (hottest), 4 (rating), 1 (default)' },
  });

export class GetSongListsQuery {
  /** Category id from /getSongListCategories; 10000000 = all. */
  @IntParam({
    min: 1,
    max: CATEGORY_ID_MAX,
    description: 'Category id from /getSongListCategories; 10000000 = all.',
    example: 165,
    messages: { min: 'categoryId must be a positive category id', max: 'categoryId must be a valid category id' },
  })
  categoryId: number = ALL_CATEGORIES;

  @SortIdParam()
  sortId: SortId = 5;

  @LimitParam({ max: 100, description: 'Playlists per page.', example: 10 })
  limit: number = 20;

  /** 0-based page: upstream sin = page × limit, ein = (page + 1) × limit − 1. */
  @PageParam({ max: 1000, description: 'Upstream sin = page × limit, ein = (page + 1) × limit − 1.', example: 0 })
  page: number = 0;
}
