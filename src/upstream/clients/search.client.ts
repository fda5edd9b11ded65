import { Injectable, Logger } from '@nestjs/common';
import { CGI_COMMON } from '../cgi-helpers';
import { warrantsFallback } from '../upstream.errors';
import {
  CGI_SEARCH_TYPE,
  type HotkeyList,
  mapCgiHotkeys,
  mapCgiSearch,
  mapMusicuHotkeys,
  mapMobileSearch,
  mapMusicuSearch,
  type SearchResult,
  type SearchType,
} from './search.parse';
import { UpstreamClient } from './upstream-client';

/** The musicu searches' `search_type` per type. docs/upstream/search.md "Desktop search". */
export const MUSICU_SEARCH_TYPE: Record<SearchType, number> = { song: 0, singer: 1, album: 2, playlist: 3, mv: 4, lyric: 7 };
/** The musicu `search_type` of a user search (docs/upstream/search.md "Search by type"). */
export const USER_SEARCH_TYPE = 8;

/**
 * A search id as the Python QQMusicApi project builds it: (1..20)·2^54 + (0..2^22)·2^32 + the milliseconds of the UTC
 * day, as a decimal string (past 2^53, hence BigInt).
 */
export function searchId(now = Date.now(), random: () => number = Math.random): string {
  const high = BigInt(1 + Math.floor(random() * 20)) * 2n ** 54n;
  const low = BigInt(Math.floor(random() * (2 ** 22 + 1))) * 2n ** 32n;
  return (high + low + BigInt(now % 86_400_000)).toString();
}

/** One upstream search page to fetch: `pageNum` is 1-based, `perPage` ≥ 10 (smaller pages come back empty). */
export interface SearchPageRequest {
  key: string;
  type: SearchType;
  pageNum: number;
  perPage: number;
}

/** The hot keys and the raw body they came from; `fromCgi` when the CGI fallback answered (its raw is the old shape). */
export interface HotkeysAnswer {
  raw: unknown;
  list: HotkeyList;
  fromCgi: boolean;
}

/** One search's answer: the raw body (for the legacy shape) and the result mapped from whichever search answered. */
export interface SearchAnswer {
  raw: unknown;
  result: SearchResult;
}

/** QQ Music's search, hot keys, smartbox and the h5 chart list (docs/upstream/search.md). */
@Injectable()
export class SearchClient extends UpstreamClient {
  private readonly logger = new Logger(SearchClient.name);

  /**
   * One upstream page of a search, in the order of docs/upstream/search.md:
   * - "Desktop search" first;
   * - "Mobile search" on a business code of the Desktop search that warrants a fallback, and also when the Desktop
   *   search finds nothing at all (upstream's degraded searches answer exactly that); in the latter case an empty or
   *   failed Mobile answer leaves the empty Desktop one;
   * - "Search CGI (last resort)" after two such business codes.
   * A transport failure (502/504) is never a reason to fall back.
   */
  async search(req: SearchPageRequest): Promise<SearchAnswer> {
    let found: SearchAnswer;
    try {
      found = await this.desktopSearch(req);
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.fellBack('music.search.SearchCgiService.DoSearchForQQMusicDesktop');
      this.logger.warn(`Desktop search failed (${err.message}); trying the Mobile search`);
      try {
        return await this.mobileSearch(req);
      } catch (mobileErr) {
        if (!warrantsFallback(mobileErr)) throw mobileErr;
        this.fellBack('music.search.SearchCgiService.DoSearchForQQMusicMobile');
        this.logger.warn(`Mobile search failed (${mobileErr.message}); trying client_search_cp`);
        return this.cgiSearch(req);
      }
    }
    if (found.result.total === 0 && found.result.list.length === 0) {
      try {
        const mobile = await this.mobileSearch(req);
        if (mobile.result.list.length > 0) {
          this.fellBack('music.search.SearchCgiService.DoSearchForQQMusicDesktop');
          found = mobile;
        }
      } catch (err) {
        this.logger.warn(`Mobile search after an empty Desktop answer failed (${(err as Error).message}); answering the empty result`);
      }
    }
    return found;
  }

  private async desktopSearch({ key, type, pageNum, perPage }: SearchPageRequest): Promise<SearchAnswer> {
    const res = await this.musicu(
      {
        req: {
          module: 'music.search.SearchCgiService',
          method: 'DoSearchForQQMusicDesktop',
          param: { query: key, search_type: MUSICU_SEARCH_TYPE[type], page_num: pageNum, num_per_page: perPage },
        },
      },
      { profile: 'desktopSearch' },
    );
    return this.sampleShape('search', { raw: res.raw, result: mapMusicuSearch(res.data.req, type) });
  }

  /**
   * One Desktop search page of users (search_type 8), raw: no Mobile or CGI form of a user search is known, so there
   * is no fallback. docs/upstream/search.md "Search by type".
   */
  async searchUsers({ key, pageNum, perPage }: Omit<SearchPageRequest, 'type'>): Promise<{ raw: unknown; data: Record<string, any> | undefined }> {
    const res = await this.musicu(
      {
        req: {
          module: 'music.search.SearchCgiService',
          method: 'DoSearchForQQMusicDesktop',
          param: { query: key, search_type: USER_SEARCH_TYPE, page_num: pageNum, num_per_page: perPage },
        },
      },
      { profile: 'desktopSearch' },
    );
    return { raw: res.raw, data: res.data.req };
  }

  /** docs/upstream/search.md "Mobile search": searchid, highlight and grp, signed, with the Android comm. */
  private async mobileSearch({ key, type, pageNum, perPage }: SearchPageRequest): Promise<SearchAnswer> {
    const res = await this.musicu(
      {
        req: {
          module: 'music.search.SearchCgiService',
          method: 'DoSearchForQQMusicMobile',
          param: {
            searchid: searchId(),
            query: key,
            search_type: MUSICU_SEARCH_TYPE[type],
            num_per_page: perPage,
            page_num: pageNum,
            highlight: 1,
            grp: 1,
          },
        },
      },
      { profile: 'android', signed: true },
    );
    return { raw: res.raw, result: mapMobileSearch(res.data.req, type) };
  }

  /** docs/upstream/search.md "Search CGI (last resort)" (degraded since 2026-05). */
  private async cgiSearch({ key, type, pageNum, perPage }: SearchPageRequest): Promise<SearchAnswer> {
    const cgiType = CGI_SEARCH_TYPE[type];
    const res = await this.cgi('/soso/fcgi-bin/client_search_cp', {
      ...CGI_COMMON,
      w: key,
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
    return { raw: res.raw, result: mapCgiSearch(res.raw, type) };
  }

  /**
   * The hot search keywords, docs/upstream/search.md "Hot keys": the live-tested musicu call first; the CGI when it
   * fails with a code that warrants a fallback, or answers no keyword at all. A transport failure is final, as elsewhere.
   */
  async hotkeys(): Promise<HotkeysAnswer> {
    try {
      const res = await this.musicu(
        { hotkey: { module: 'music.musicsearch.HotkeyService', method: 'GetHotkeyForQQMusicMobile', param: { search_id: searchId() } } },
        { profile: 'android' },
      );
      const list = mapMusicuHotkeys(res.data.hotkey);
      if (list.hotkeys.length > 0) return { raw: res.raw, list, fromCgi: false };
      this.logger.warn('GetHotkeyForQQMusicMobile answered no keyword; trying gethotkey.fcg');
    } catch (err) {
      if (!warrantsFallback(err)) throw err;
      this.logger.warn(`GetHotkeyForQQMusicMobile failed (${err.message}); trying gethotkey.fcg`);
    }
    this.fellBack('music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile');
    const { raw } = await this.cgi<Record<string, any>>('/splcloud/fcgi-bin/gethotkey.fcg', { ...CGI_COMMON }, { referer: 'https://y.qq.com/' });
    return { raw, list: mapCgiHotkeys(raw), fromCgi: true };
  }

  /** Suggestions for what was typed so far (raw body). docs/upstream/search.md "Smartbox". */
  async smartbox(key: string): Promise<Record<string, any>> {
    const { raw } = await this.cgi<Record<string, any>>('/splcloud/fcgi-bin/smartbox_new.fcg', {
      ...CGI_COMMON,
      key,
      is_xml: 0,
    }, { referer: 'https://y.qq.com/' });
    return raw;
  }

  /** Every chart with a few of its songs (raw body; may come as JSONP). docs/upstream/search.md "Chart list". */
  async topLists(): Promise<Record<string, any>> {
    const { raw } = await this.cgi<Record<string, any>>('/v8/fcg-bin/fcg_myqq_toplist.fcg', {
      format: 'json',
      inCharset: 'utf8',
      outCharset: 'utf-8',
      notice: 0,
      platform: 'h5',
      needNewCode: 1,
    });
    return raw;
  }
}
