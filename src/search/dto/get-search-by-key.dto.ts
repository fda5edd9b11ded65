import { ChoiceParam, IntParam, LimitParam, TextParam, ToTrimmed } from '../../common/validation';
import { SEARCH_TYPES, SearchType } from '../search.mapper';

/** Search text as every search route takes it: trimmed (empty = missing), at most 100 characters. */
export const SearchTextParam = (description: string, example: string) =>
  TextParam({ required: true, read: ToTrimmed(), string: true, maxLength: 100, description, example, messages: { string: 'key must be text' } });

export class GetSearchByKeyQuery {
  @SearchTextParam('Search text (trimmed; empty = missing), at most 100 characters.', '周杰伦')
  key!: string;

  @LimitParam({ max: 50, description: 'Results per page.', example: 5 })
  limit: number = 10;

  /** 1-based page (upstream's own convention for search). */
  @IntParam({
    min: 1,
    max: 100,
    outOfRange: 'perBound',
    description: '1-based page (upstream convention for search).',
    example: 1,
    messages: { min: 'page must be 1 or more (search pages are 1-based)' },
  })
  page: number = 1;

  @ChoiceParam(SEARCH_TYPES, { description: 'What to search for (case-insensitive).', example: 'song' })
  type: SearchType = 'song';
}
