import { Transform } from 'class-transformer';
import { ChoiceParam, IdParam, LimitParam, PageParam, SINGER_MID } from '../../common/validation';
import { MV_ORDERS, type MvOrder } from '../../upstream/clients/singers.params';
import { SPEC_AREAS, SPEC_GENRES, SPEC_SEXES, UPSTREAM_ALL } from '../singer-codes';

/** Every singer endpoint but the list takes a required `singermid`. */
export class SingerMidQuery {
  @IdParam(SINGER_MID, { required: true, trim: true, description: 'Singer MID: letters and digits, at most 32 characters.', example: '0025NhlN2yWrP4' })
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

/** A singer-list filter: one of `values`, upstream's "all" (−100) documented as read as −1. */
const FilterParam = (values: readonly number[], description: string, example: number, choice: string) =>
  ChoiceParam(values, { read: ToFilter(), documented: [UPSTREAM_ALL, ...values], description: `${description}${ALL_NOTE}`, example, messages: { choice } });

export class GetSingerListQuery {
  /** −1 all, 2 Chinese-language, 3 Western. */
  @FilterParam(SPEC_AREAS, '−1 all, 2 Chinese-language, 3 Western.', 2, 'area must be one of -1 (all), 2 (Chinese-language), 3 (Western)')
  area: number = -1;

  /** −1 all, 1 male, 2 female. */
  @FilterParam(SPEC_SEXES, '−1 all, 1 male, 2 female.', 1, 'sex must be one of -1 (all), 1 (male), 2 (female)')
  sex: number = -1;

  /** −1 all, 1 pop, 2 rock. */
  @FilterParam(SPEC_GENRES, '−1 all, 1 pop, 2 rock.', -1, 'genre must be one of -1 (all), 1 (pop), 2 (rock)')
  genre: number = -1;

  /** 0-based page of `limit` singers. */
  @PageParam({ max: 10000, description: 'A page holds `limit` singers.', example: 0 })
  page: number = 0;

  /** Singers per page; at most one upstream page (80). */
  @LimitParam({ max: 80, description: 'Singers per page (at most one upstream page, 80).', example: 30 })
  limit: number = 20;
}

export class SingerPagedQuery extends SingerMidQuery {
  @LimitParam({ max: 100, description: 'Items per page.', example: 20 })
  limit: number = 10;

  /** 0-based page; upstream begin = page × limit. */
  @PageParam({ max: 1000, description: 'Upstream begin = page × limit.', example: 0 })
  page: number = 0;
}

export { MV_ORDERS, type MvOrder };

export class GetSingerMvQuery extends SingerPagedQuery {
  /** `listen` (most played, the default) or `time` (newest first); case-insensitive. */
  @ChoiceParam(MV_ORDERS, {
    description: '`listen` (most played) or `time` (newest first); case-insensitive.',
    example: 'time',
    messages: { choice: 'order must be time or listen' },
  })
  order: MvOrder = 'listen';
}
