import { Injectable, Logger } from '@nestjs/common';
import { cookieUin, parseCookie } from '../common/cookie';
import { envelope, Shaped } from '../common/shaped';
import { ANDROID_RETRY } from '../upstream/android-comm';
import { CGI_COMMON } from '../upstream/cgi-helpers';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { warrantsFallback } from '../upstream/upstream.errors';
import { GetSearchByKeyQuery } from './dto/get-search-by-key.dto';
import { GetSmartboxQuery } from './dto/get-smartbox.dto';
import {
  CGI_SEARCH_TYPE,
  mapCgiSearch,
  mapHotkeys,
  mapMobileSearch,
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

interface UpstreamWindow {
  pageNum: number;
  perPage: number;
  skip: number;
}

/**
 * The upstream page that holds client items [(page−1)·limit, page·limit): pages of n = the smallest multiple of
 * `limit` that is ≥ 10, so the requested window never straddles two upstream pages; `skip` is where it starts.
 */
export function upstreamWindow(page: number, limit: number): UpstreamWindow {
  const perPage = limit * Math.ceil(MIN_UPSTREAM_PAGE / limit);
  const offset = (page - 1) * limit;
  return { pageNum: Math.floor(offset / perPage) + 1, perPage, skip: offset % perPage };
}

/** One upstream search's answer: the raw body (for the legacy shape) and its normalised result. */
type Found = { raw: unknown; result: SearchResult };

/** The client's window out of the upstream page that holds it. */
const sliced = (found: Found, skip: number, limit: number): Found => ({
  raw: found.raw,
  result: { ...found.result, list: found.result.list.slice(skip, skip + limit) },
});

/**
 * A search id as L1's `get_searchID` builds it: (1..20)·2^54 + (0..2^22)·2^32 + the milliseconds of the UTC day,
 * as a decimal string (past 2^53, hence BigInt).
 */
export function searchId(now = Date.now(), random: () => number = Math.random): string {
  const high = BigInt(1 + Math.floor(random() * 20)) * 2n ** 54n;
  const low = BigInt(Math.floor(random() * (2 ** 22 + 1))) * 2n ** 32n;
  return (high + low + BigInt(now % 86_400_000)).toString();
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
   * CONTRACT §12 "search", in its order:
   * - primary: musicu `DoSearchForQQMusicDesktop` (the fix that revived search in 2026-06: no searchid,
   *   num_per_page ≥ 10, minimal desktop comm);
   * - fallback 1: `DoSearchForQQMusicMobile`, signed on musics.fcg with the Android comm (§12.2), on a business
   *   error of the primary, and also when the primary finds nothing at all (§12.1: code 0 with empty lists is asked
   *   once more with the Android comm; upstream's degraded searches answer exactly that);
   * - last resort, after two business errors: the legacy CGI `client_search_cp` (degraded since 2026-05).
   * Smartbox (§12's fallback 2) is not used: it suggests a handful of names, with no paging, totals or details.
   * A transport failure (502/504) is never a reason to fall back.
   */
  private async search(query: GetSearchByKeyQuery): Promise<Found> {
    const window = upstreamWindow(query.page, query.limit);
    let found: Found;
    try {
      found = await this.desktopSearch(query, window);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`Desktop search failed (${err.message}); trying the Mobile search`);
      try {
        found = await this.mobileSearch(query, window);
      } catch (mobileErr) {
        if (!warrantsFallback(mobileErr)) throw mobileErr;
        this.logger.warn(`Mobile search failed (${mobileErr.message}); trying client_search_cp`);
        found = await this.cgiSearch(query, window);
      }
      return sliced(found, window.skip, query.limit);
    }
    if (found.result.total === 0 && found.result.list.length === 0) {
      // Nothing at all may be a degraded answer: ask the Mobile search once; if that fails too, nothing it is.
      try {
        const mobile = await this.mobileSearch(query, window);
        if (mobile.result.list.length > 0) found = mobile;
      } catch (err) {
        this.logger.warn(`Mobile search after an empty Desktop answer failed (${(err as Error).message}); answering the empty result`);
      }
    }
    return sliced(found, window.skip, query.limit);
  }

  private async desktopSearch(query: GetSearchByKeyQuery, { pageNum, perPage }: UpstreamWindow): Promise<Found> {
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
    return { raw: res.raw, result: mapMusicuSearch(res.data.req, query.type) };
  }

  /** Fallback 1: L1's `search_by_type` call (searchid, highlight, grp), signed as lx's current code does. */
  private async mobileSearch(query: GetSearchByKeyQuery, { pageNum, perPage }: UpstreamWindow): Promise<Found> {
    const res = await this.upstream.musicu(
      {
        req: {
          module: 'music.search.SearchCgiService',
          method: 'DoSearchForQQMusicMobile',
          param: {
            searchid: searchId(),
            query: query.key,
            search_type: MUSICU_SEARCH_TYPE[query.type],
            num_per_page: perPage,
            page_num: pageNum,
            highlight: 1,
            grp: 1,
          },
        },
      },
      { ...ANDROID_RETRY, signed: true },
    );
    return { raw: res.raw, result: mapMobileSearch(res.data.req, query.type) };
  }

  /** The last resort: the refs' CGI (degraded since 2026-05). */
  private async cgiSearch(query: GetSearchByKeyQuery, { pageNum, perPage }: UpstreamWindow): Promise<Found> {
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
    return { raw: res.raw, result: mapCgiSearch(res.raw, query.type) };
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
