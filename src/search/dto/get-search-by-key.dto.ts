import { ChoiceParam, IntParam, LimitParam, PageParam, TextParam, ToTrimmed } from '../../common/validation';
import { SEARCH_TYPES, SearchType } from '../search.mapper';

/** Search text as every search route takes it: trimmed (empty = missing), at most 100 characters. */
export const SearchTextParam = (description: string, example: string) =>
  TextParam({ required: true, read: ToTrimmed(), string: true, maxLength: 100, description, example, messages: { string: 'key must be text' } });

/** The last search page, 0-based (the 100th). */
export const SEARCH_MAX_PAGE = 99;

/**
 * The 1-based `page` of the routes of the older services' search (/getSearchByType, /searchByType), kept as those
 * servers page; the normalised routes' pages are 0-based (PageParam).
 */
export const OneBasedSearchPage = () =>
  IntParam({
    min: 1,
    max: SEARCH_MAX_PAGE + 1,
    outOfRange: 'perBound',
    description: '1-based page, as the server this route comes from pages (the gateway\'s own routes page from 0).',
    example: 1,
    messages: { min: 'page must be 1 or more (search pages are 1-based)' },
  });

export class GetSearchByKeyQuery {
  @SearchTextParam('Search text (trimmed; empty = missing), at most 100 characters.', '周杰伦')
  key!: string;

  @LimitParam({ max: 50, description: 'Results per page.', example: 5 })
  limit: number = 10;

  /** The gateway's 0-based page; upstream's search pages from 1 (upstreamWindow). */
  @PageParam({ max: SEARCH_MAX_PAGE, description: 'The legacy shape reads it 1-based, as the older services did.', example: 0 })
  page: number = 0;

  @ChoiceParam(SEARCH_TYPES, { description: 'What to search for (case-insensitive).', example: 'song' })
  type: SearchType = 'song';
}
