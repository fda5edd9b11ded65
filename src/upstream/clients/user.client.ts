import { Injectable } from '@nestjs/common';
import { businessError, UpstreamError } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

const HOMEPAGE_PATH = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
/** Codes with a gateway-wide meaning (signature, rate limit, device limit): mapped centrally, not "user not found". */
const GLOBAL_CODES = new Set([2000, 2001, 20274]);

/**
 * The user endpoints' upstream calls. The cookie a call will carry is `effectiveCookie()` (the caller's own, else the
 * stored login's). docs/upstream/user.md
 */
@Injectable()
export class UserClient extends UpstreamClient {
  /**
   * docs/upstream/user.md "User homepage": the c6 homepage CGI (creator, created playlists), signed with g_tk from the
   * cookie it carries. A gateway-wide code (2000, 2001, 20274) throws the usual business error; the others (login
   * expired, unknown user…) are left to the caller. An answer that is not a JSON object is a bad body.
   */
  async homepage(uin: string): Promise<Record<string, any>> {
    const { raw } = await this.cgi<Record<string, any>>(
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
      { host: 'c6', referer: `https://y.qq.com/portal/profile.html?uin=${uin}`, noRefererRetry: true, gtk: true, ownCodes: true },
    );
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new UpstreamError('bad_body', 'Upstream fcg_get_profile_homepage.fcg answered an unexpected body', 'c6', {
        target: 'fcg_get_profile_homepage.fcg',
      });
    }
    const code = Number(raw.code ?? 0);
    if (GLOBAL_CODES.has(code)) throw businessError(code, 'fcg_get_profile_homepage.fcg', 'c6');
    return raw;
  }
}
