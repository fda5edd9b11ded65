import { Injectable } from '@nestjs/common';
import { isRecord } from '../../common/catalogue';
import { LOGIN_CODES, UPSTREAM_CODES } from '../../common/upstream-codes';
import { businessError, UpstreamError } from '../upstream.errors';
import type { QueryValue } from '../upstream.types';
import { LIKED_DIRID } from './library.client';
import { UpstreamClient } from './upstream-client';

const HOMEPAGE_PATH = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const ORDER_ASSET_PATH = '/fav/fcgi-bin/fcg_get_profile_order_asset.fcg';
const FOLLOWED_SINGERS_PATH = '/rsc/fcgi-bin/fcg_order_singer_getlist.fcg';
const FOLLOW_LIST_PATH = '/rsc/fcgi-bin/friend_follow_or_listen_list.fcg';
/** A code with a gateway-wide meaning other than the login codes (the routes read those): mapped centrally, not "user not found". */
const answeredCentrally = (code: number): boolean => code in UPSTREAM_CODES && !LOGIN_CODES.has(code);
/** What the profile page's own CGIs are signed with: hash33 of nothing, as the projects these routes come from send. */
const ANONYMOUS_GTK = 5381;
const profileReferer = (uin: string) => `https://y.qq.com/portal/profile.html?uin=${uin}`;

/** fcg_get_profile_order_asset.fcg `reqtype`: what the user collected. */
export const COLLECTION_REQTYPE = { playlists: 3, albums: 2 } as const;
export type CollectionKind = keyof typeof COLLECTION_REQTYPE;

/**
 * The user endpoints' upstream calls. The cookie a call will carry is `effectiveCookie()` (the caller's own, else the
 * stored login's). Every call here leaves the login and unknown-user codes to the service (docs/upstream/user.md).
 */
@Injectable()
export class UserClient extends UpstreamClient {
  /**
   * docs/upstream/user.md "User homepage": the c6 homepage CGI (creator, created playlists, the liked entry), signed
   * with g_tk from the cookie it carries.
   */
  homepage(uin: string): Promise<Record<string, any>> {
    return this.ownCodesCgi(
      HOMEPAGE_PATH,
      {
        _: Date.now(),
        cv: 4747474,
        ct: 24,
        format: 'json',
        inCharset: 'utf-8',
        outCharset: 'utf-8',
        notice: 0,
        platform: 'yqq.json',
        needNewCode: 0,
        uin,
        cid: 205360838,
        userid: uin,
        reqfrom: 1,
        reqtype: 0,
        hostUin: 0,
        loginUin: uin,
      },
      { host: 'c6', referer: profileReferer(uin), gtk: true },
    );
  }

  /**
   * docs/upstream/library.md "Read the liked songs": `songNum` songs from `songBegin` of the 我喜欢 list (dirid 201) of
   * the account whose encrypt_uin is `euin`, with CgiGetDiss. Answers the key's data (`dirinfo`, `songlist`,
   * `total_song_num`); a key code (login codes included) throws the usual business error.
   */
  async likedSongs(euin: string, songBegin: number, songNum: number): Promise<Record<string, any>> {
    const { data } = await this.musicu({
      liked: {
        module: 'music.srfDissInfo.DissInfo',
        method: 'CgiGetDiss',
        param: { disstid: 0, dirid: LIKED_DIRID, tag: 1, userinfo: 1, orderlist: 1, onlysonglist: 0, song_begin: songBegin, song_num: songNum, enc_host_uin: euin },
      },
    });
    return isRecord(data.liked) ? data.liked : {};
  }

  /** docs/upstream/user.md "Collected playlists and albums": items `sin`..`ein` of what the user collected. */
  collections(uin: string, kind: CollectionKind, sin: number, ein: number): Promise<Record<string, any>> {
    const query = { ct: 20, cid: 205360956, userid: uin, reqtype: COLLECTION_REQTYPE[kind], sin, ein, format: 'json', g_tk: ANONYMOUS_GTK };
    return this.ownCodesCgi(ORDER_ASSET_PATH, query, { referer: profileReferer(uin) });
  }

  /** docs/upstream/user.md "Followed singers": one page (1-based) of the singers the user follows. */
  followedSingers(uin: string, page: number, perpage: number): Promise<Record<string, any>> {
    return this.ownCodesCgi(FOLLOWED_SINGERS_PATH, { utf8: 1, page, perpage, uin, g_tk: ANONYMOUS_GTK, format: 'json' });
  }

  /** docs/upstream/user.md "Followed users and fans": `num` entries from `start`; `fans` asks who follows the user. */
  followList(uin: string, start: number, num: number, fans: boolean): Promise<Record<string, any>> {
    const query: Record<string, QueryValue> = { utf8: 1, start, num, uin, format: 'json', g_tk: ANONYMOUS_GTK };
    if (fans) query.is_listen = 1;
    return this.ownCodesCgi(FOLLOW_LIST_PATH, query);
  }

  /**
   * A CGI whose codes the caller reads: a gateway-wide code (signature, rate limit, device) throws the usual business error, an
   * answer that is no JSON object is a bad body; the rest (login expired, unknown user…) is returned.
   */
  private async ownCodesCgi(
    path: string,
    query: Record<string, QueryValue>,
    options: { host?: 'c' | 'c6'; referer?: string; gtk?: boolean } = {},
  ): Promise<Record<string, any>> {
    const { host = 'c' } = options;
    const target = path.split('/').pop() as string;
    const { raw } = await this.cgi<Record<string, any>>(path, query, { ...options, host, noRefererRetry: !!options.referer, ownCodes: true });
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new UpstreamError('bad_body', `Upstream ${target} answered an unexpected body`, host, { target });
    }
    const code = Number(raw.code ?? 0);
    if (answeredCentrally(code)) throw businessError(code, target, host);
    return raw;
  }
}
