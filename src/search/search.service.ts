import { Injectable, Logger } from '@nestjs/common';
import { cookieUin, parseCookie } from '../common/cookie';
import { envelope, Shaped } from '../common/shaped';
import { CGI_COMMON } from '../upstream/cgi-helpers';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { UpstreamError, warrantsFallback } from '../upstream/upstream.errors';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import {
  CGI_SEARCH_TYPE,
  mapCgiSearch,
  mapHotkeys,
  mapMusicuSearch,
  mapSmartbox,
  mapTopLists,
  MUSICU_SEARCH_TYPE,
  SearchResult,
} from './search.mapper';

/** Upstream's Desktop search returns empty lists when asked for fewer than 10 per page (CONTRACT §12 "search"). */
export const MIN_UPSTREAM_PAGE = 10;

/**
 * The Desktop search's whole comm: CONTRACT §12's minimal `{ct:19, cv:1859, uin}` (the body that revived search in
 * 2026-06), not the web profile. `uin` is the cookie's account as a digit string, "0" when anonymous, as that body sends.
 */
const searchComm = (cookie: string): Record<string, unknown> => ({ ct: 19, cv: 1859, uin: cookieUin(parseCookie(cookie)) });

/**
 * The upstream page that holds client items [(page−1)·limit, page·limit): pages of n = the smallest multiple of
 * `limit` that is ≥ 10, so the requested window never straddles two upstream pages; `skip` is where it starts.
 */
export function upstreamWindow(page: number, limit: number): { pageNum: number; perPage: number; skip: number } {
  const perPage = limit * Math.ceil(MIN_UPSTREAM_PAGE / limit);
  const offset = (page - 1) * limit;
  return { pageNum: Math.floor(offset / perPage) + 1, perPage, skip: offset % perPage };
}

@Injectable()
export class SearchService {
  private readonly logger = new Logger(SearchService.name);

  constructor(private readonly upstream: UpstreamHttp) {}

  async getSearchByKey(query: GetSearchByKeyQuery): Promise<Shaped> {
    const { raw, result } = await this.search(query);
    return envelope({ key: query.key, page: query.page, limit: query.limit, ...result }, raw);
  }

  /**
   * Primary: musicu `music.search.SearchCgiService`/`DoSearchForQQMusicDesktop` (CONTRACT §12: the fix that
   * revived search in 2026-06, no searchid, num_per_page ≥ 10, minimal desktop comm). On a business error: the
   * legacy CGI `soso/fcgi-bin/client_search_cp` (§9; degraded, but the last resort §12 names).
   */
  private async search(query: GetSearchByKeyQuery): Promise<{ raw: unknown; result: SearchResult }> {
    const { pageNum, perPage, skip } = upstreamWindow(query.page, query.limit);
    let raw: unknown;
    let result: SearchResult;
    try {
      // CONTRACT §12 "search" primary: the Desktop POST with a minimal comm (Rain120#117, lx#2848, 2026-06).
      const res = await this.upstream.musicu(
        {
          req: {
            module: 'music.search.SearchCgiService',
            method: 'DoSearchForQQMusicDesktop',
            param: { query: query.key, search_type: MUSICU_SEARCH_TYPE[query.type], page_num: pageNum, num_per_page: perPage },
          },
        },
        { ownComm: searchComm },
      );
      raw = res.raw;
      result = mapMusicuSearch(res.data.req, query.type);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`Desktop search failed (${err.message}); trying client_search_cp`);
      // CONTRACT §12 "search" fallback (3), the last resort: the refs' CGI (degraded since 2026-05).
      const cgiType = CGI_SEARCH_TYPE[query.type];
      const res = await this.upstream.cgi('/soso/fcgi-bin/client_search_cp', {
        ...CGI_COMMON,
        w: query.key,
        n: perPage,
        p: pageNum,
        t: cgiType.t,
        remoteplace: `txt.yqq.${cgiType.place}`,
        catZhida: 1,
        ct: 24,
        qqmusic_ver: 1298,
        aggr: 1,
        cr: 1,
        lossless: 0,
        flag_qc: 0,
      }, { referer: 'https://y.qq.com/' });
      raw = res.raw;
      result = mapCgiSearch(res.raw as any, query.type);
    }
    return { raw, result: { ...result, list: result.list.slice(skip, skip + query.limit) } };
  }

  /**
   * The CGI `splcloud/fcgi-bin/gethotkey.fcg` rather than §12's musicu HotkeyService: it was reported working on
   * 2026-05-07 (Rain120#113), needs no search_id or Android comm, and we hold a genuine recording of its answer.
   */
  async getHotkey(): Promise<Shaped> {
    const { raw } = await this.upstream.cgi('/splcloud/fcgi-bin/gethotkey.fcg', { ...CGI_COMMON }, { referer: 'https://y.qq.com/' });
    return envelope(mapHotkeys(raw), raw);
  }

  /** CONTRACT §12 "smartbox": the CGI `splcloud/fcgi-bin/smartbox_new.fcg` (L1 calls the same URL in daily tests). */
  async getSmartbox(query: GetSmartboxQuery): Promise<Shaped> {
    const { raw } = await this.upstream.cgi('/splcloud/fcgi-bin/smartbox_new.fcg', {
      ...CGI_COMMON,
      key: query.key,
      is_xml: 0,
    }, { referer: 'https://y.qq.com/' });
    return envelope({ key: query.key, ...mapSmartbox(raw) }, raw);
  }

  /** CONTRACT §9 / §2.1: the h5 chart list CGI `v8/fcg-bin/fcg_myqq_toplist.fcg` (may answer JSONP). */
  async getTopLists(): Promise<Shaped> {
    const { raw } = await this.upstream.cgi('/v8/fcg-bin/fcg_myqq_toplist.fcg', {
      format: 'json',
      inCharset: 'utf8',
      outCharset: 'utf-8',
      notice: 0,
      platform: 'h5',
      needNewCode: 1,
    });
    return envelope({ topLists: mapTopLists(raw) }, raw);
  }
}
