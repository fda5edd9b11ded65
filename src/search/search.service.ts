import { Injectable } from '@nestjs/common';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { SearchAnswer, SearchClient } from '../upstream/clients/search.client';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSearchByTypeQuery, SearchByTypeCode, SearchByTypeQuery } from './dto/get-search-by-type.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import type { HotkeysAnswer, SearchByCodePage, SearchPage, SmartboxAnswer, TopListsAnswer } from './search.answers';
import { legacyHotkeyBody, mapMusicuUserSearch, mapSmartbox, mapTopLists, SearchType, sliceResult } from './search.mapper';

/** The search types behind the musicu codes `/getSearchByType` takes (8, users, has its own call). */
const TYPE_OF_CODE: Record<Exclude<SearchByTypeCode, 8>, SearchType> = { 1: 'singer', 2: 'album', 3: 'playlist' };

/** Upstream's searches answer empty lists when asked for fewer than 10 per page (docs/upstream/search.md "Desktop search"). */
export const MIN_UPSTREAM_PAGE = 10;

interface UpstreamWindow {
  pageNum: number;
  perPage: number;
  skip: number;
}

/**
 * The upstream page (1-based, upstream's own paging) that holds the 0-based `page` of client items [page·limit,
 * (page+1)·limit): pages of n = the smallest multiple of `limit` that is ≥ 10, so the requested window never
 * straddles two upstream pages; `skip` is where it starts.
 */
export function upstreamWindow(page: number, limit: number): UpstreamWindow {
  const perPage = limit * Math.ceil(MIN_UPSTREAM_PAGE / limit);
  const offset = page * limit;
  return { pageNum: Math.floor(offset / perPage) + 1, perPage, skip: offset % perPage };
}

/** The client's window out of the upstream page that holds it. */
const sliced = (found: SearchAnswer, skip: number, limit: number): SearchAnswer => ({
  raw: found.raw,
  result: sliceResult(found.result, skip, skip + limit),
});

/** A singer, album or playlist page with the code /getSearchByType names its type by (the code asked). */
function withCode(found: SearchPage): SearchByCodePage {
  switch (found.type) {
    case 'singer':
      return { ...found, t: 1 };
    case 'album':
      return { ...found, t: 2 };
    case 'playlist':
      return { ...found, t: 3 };
    default:
      // TYPE_OF_CODE asks only these three types.
      throw new Error(`search by type code answered type ${found.type}`);
  }
}

@Injectable()
export class SearchService {
  constructor(private readonly search: SearchClient) {}

  async getSearchByKey(query: GetSearchByKeyQuery): Promise<Shaped<Envelope<SearchPage>>> {
    const { raw, result } = await this.searchPage(query);
    return envelope<SearchPage>({ key: query.key, page: query.page, limit: query.limit, ...result }, raw);
  }

  /** `query.page` is 0-based. */
  private async searchPage(query: GetSearchByKeyQuery): Promise<SearchAnswer> {
    const { pageNum, perPage, skip } = upstreamWindow(query.page, query.limit);
    const found = await this.search.search({ key: query.key, type: query.type, pageNum, perPage });
    return sliced(found, skip, query.limit);
  }

  /**
   * The Koa project's fork's search by musicu type code: singers, albums and playlists are /getSearchByKey's search
   * (same fallbacks); users are one Desktop search (docs/upstream/search.md "Search by type"). `page` is 1-based, as
   * the fork pages, and answered as asked.
   */
  async getSearchByType(query: GetSearchByTypeQuery): Promise<Shaped<Envelope<SearchByCodePage>>> {
    const { key, page, limit, t } = query;
    if (t !== 8) {
      const { raw, result } = await this.searchPage({ key, page: page - 1, limit, type: TYPE_OF_CODE[t] });
      return envelope(withCode({ key, page, limit, ...result }), raw);
    }
    const { pageNum, perPage, skip } = upstreamWindow(page - 1, limit);
    const { raw, data } = await this.search.searchUsers({ key, pageNum, perPage });
    const { total, list } = mapMusicuUserSearch(data);
    return envelope<SearchByCodePage>({ key, page, limit, type: 'user', t, total, list: list.slice(skip, skip + limit) }, raw);
  }

  /** WQTY-MASTER/tiaolv-music's `/searchByType`: /getSearchByKey's search, `artist` read as singer; `page` 1-based, as that app sends it. */
  async searchByType(query: SearchByTypeQuery): Promise<Shaped<Envelope<SearchPage>>> {
    const { key, page, limit } = query;
    const type: SearchType = query.type === 'artist' ? 'singer' : query.type;
    const { raw, result } = await this.searchPage({ key, page: page - 1, limit, type });
    return envelope<SearchPage>({ key, page, limit, ...result }, raw);
  }

  async getHotkey(): Promise<Shaped<Envelope<HotkeysAnswer>>> {
    const { raw, list, fromCgi } = await this.search.hotkeys();
    // The legacy shape is the CGI's body (docs/legacy.md): rebuilt from the keys when the musicu call answered.
    return envelope<HotkeysAnswer>(list, fromCgi ? raw : legacyHotkeyBody(list));
  }

  async getSmartbox(query: GetSmartboxQuery): Promise<Shaped<Envelope<SmartboxAnswer>>> {
    const raw = await this.search.smartbox(query.key);
    return envelope<SmartboxAnswer>({ key: query.key, ...mapSmartbox(raw) }, raw);
  }

  async getTopLists(): Promise<Shaped<Envelope<TopListsAnswer>>> {
    const raw = await this.search.topLists();
    return envelope<TopListsAnswer>({ topLists: mapTopLists(raw) }, raw);
  }
}
