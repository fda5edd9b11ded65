import { PickType } from '@nestjs/swagger';
import { ChoiceParam, LimitParam } from '../../common/validation';
import { SEARCH_TYPES } from '../search.mapper';
import { GetSearchByKeyQuery, OneBasedSearchPage } from './get-search-by-key.dto';

/** The musicu `search_type` codes the route takes, as the Koa project's fork numbers them (docs/upstream/search.md "Search by type"). */
export const SEARCH_BY_TYPE_CODES = [1, 2, 3, 8] as const;
export type SearchByTypeCode = (typeof SEARCH_BY_TYPE_CODES)[number];
const T_MESSAGE = 't must be one of 1 (singer), 2 (album), 3 (playlist), 8 (user)';

/** `GET /getSearchByType`: the Koa project's fork (Yuuz12/qq-music-api) names and limits. */
export class GetSearchByTypeQuery extends PickType(GetSearchByKeyQuery, ['key'] as const) {
  /** 1-based, as the fork pages. */
  @OneBasedSearchPage()
  page: number = 1;

  /** Capped at 30: the fork found 50 gave empty singer and album pages. */
  @LimitParam({ max: 30, description: 'Results per page.', example: 10 })
  limit: number = 10;

  @ChoiceParam(SEARCH_BY_TYPE_CODES, {
    description: 'What to search for: 1 singer, 2 album, 3 playlist, 8 user (upstream\'s search_type).',
    example: 1,
    messages: { integer: T_MESSAGE, choice: T_MESSAGE },
  })
  t: SearchByTypeCode = 1;
}

/** `/searchByType`'s types: the gateway's search types, and `artist` for singer (as WQTY-MASTER/tiaolv-music sends it). */
export const SEARCH_BY_TYPE_NAMES = [...SEARCH_TYPES, 'artist'] as const;
export type SearchByTypeName = (typeof SEARCH_BY_TYPE_NAMES)[number];

/** `GET /searchByType`: the query WQTY-MASTER/tiaolv-music sends (`key`, `limit`, `page`, `type=playlist|artist`). */
export class SearchByTypeQuery extends PickType(GetSearchByKeyQuery, ['key', 'limit'] as const) {
  /** 1-based, as that app's server pages. */
  @OneBasedSearchPage()
  page: number = 1;

  @ChoiceParam(SEARCH_BY_TYPE_NAMES, {
    required: true,
    description: 'What to search for (case-insensitive); `artist` = singer.',
    example: 'playlist',
    messages: { required: `type is required (one of ${SEARCH_BY_TYPE_NAMES.join(', ')})` },
  })
  type!: SearchByTypeName;
}
