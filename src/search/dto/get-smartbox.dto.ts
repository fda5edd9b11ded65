import { SearchTextParam } from './get-search-by-key.dto';

export class GetSmartboxQuery {
  @SearchTextParam('Text typed so far (trimmed; empty = missing), at most 100 characters.', 'jay')
  key!: string;
}
