import { ApiProperty, ApiPropertyOptional, PickType } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { ToInt, ToLowerTrimmed } from '../../common/validation';
import { SEARCH_TYPES } from '../search.mapper';
import { GetSearchByKeyQuery } from './get-search-by-key.dto';

/** The musicu `search_type` codes the route takes, as the Koa project's fork numbers them (docs/upstream/search.md "Search by type"). */
export const SEARCH_BY_TYPE_CODES = [1, 2, 3, 8] as const;
export type SearchByTypeCode = (typeof SEARCH_BY_TYPE_CODES)[number];
const T_MESSAGE = 't must be one of 1 (singer), 2 (album), 3 (playlist), 8 (user)';

/** `GET /getSearchByType`: the Koa project's fork (Yuuz12/qq-music-api) names and limits. */
export class GetSearchByTypeQuery extends PickType(GetSearchByKeyQuery, ['key', 'page'] as const) {
  /** Capped at 30: the fork found 50 gave empty singer and album pages. */
  @Min(1, { message: 'limit must be between 1 and 30' }) @Max(30, { message: 'limit must be between 1 and 30' })
  @IsOptional() @ToInt() @IsInt({ message: 'limit must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Results per page.', default: 10, minimum: 1, maximum: 30, example: 10 })
  limit: number = 10;

  @IsIn(SEARCH_BY_TYPE_CODES, { message: T_MESSAGE })
  @IsOptional() @ToInt() @IsInt({ message: T_MESSAGE })
  @ApiPropertyOptional({
    type: 'integer',
    description: 'What to search for: 1 singer, 2 album, 3 playlist, 8 user (upstream\'s search_type).',
    enum: [...SEARCH_BY_TYPE_CODES],
    default: 1,
    example: 1,
  })
  t: SearchByTypeCode = 1;
}

/** `/searchByType`'s types: the gateway's search types, and `artist` for singer (as WQTY-MASTER/tiaolv-music sends it). */
export const SEARCH_BY_TYPE_NAMES = [...SEARCH_TYPES, 'artist'] as const;
export type SearchByTypeName = (typeof SEARCH_BY_TYPE_NAMES)[number];

/** `GET /searchByType`: the query WQTY-MASTER/tiaolv-music sends (`key`, `limit`, `page`, `type=playlist|artist`). */
export class SearchByTypeQuery extends PickType(GetSearchByKeyQuery, ['key', 'limit', 'page'] as const) {
  @IsDefined({ message: `type is required (one of ${SEARCH_BY_TYPE_NAMES.join(', ')})` })
  @ToLowerTrimmed() @IsIn(SEARCH_BY_TYPE_NAMES, { message: `type must be one of ${SEARCH_BY_TYPE_NAMES.join(', ')}` })
  @ApiProperty({ type: 'string', description: 'What to search for (case-insensitive); `artist` = singer.', enum: [...SEARCH_BY_TYPE_NAMES], example: 'playlist' })
  type!: SearchByTypeName;
}
