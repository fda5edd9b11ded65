import { HttpStatus, Injectable } from '@nestjs/common';
import { loginKey, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { UpstreamHttp } from '../upstream/upstream-http.service';
import { businessError, UpstreamError } from '../upstream/upstream.errors';
import { GetUserAvatarQuery } from './dto/get-user-avatar.dto';
import { GetUserPlaylistsQuery } from './dto/get-user-playlists.dto';
import {
  avatarUrl,
  DEFAULT_AVATAR_SIZE,
  DEFAULT_LIMIT,
  DEFAULT_OFFSET,
  hasCreator,
  mapUserPlaylists,
  snapAvatarSize,
  UserPlaylist,
} from './user.mapper';

export const HOMEPAGE_PATH = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';

export const LOGIN_REQUIRED_MESSAGE =
  'This endpoint needs a login cookie: pass it per request as the `cookie` query parameter, the X-Custom-Cookie ' +
  'header or the Cookie header (it must carry qqmusic_key or qm_keyst), or put it in the cookie file; ' +
  'a QR login (/getMainLoginQr or /getAltLoginQr) gives one';
export const LOGIN_EXPIRED_MESSAGE =
  'QQ Music says the login has expired or is missing (upstream code {code}): log in again with a QR login or ' +
  'refresh the cookie (qqmusic_key / qm_keyst)';
/** The same refusal when the cookie sent had no key at all: nothing expired, the cookie was never a login. */
export const LOGIN_KEY_MISSING_MESSAGE =
  'QQ Music refused the cookie (upstream code {code}): it carries no login key (qqmusic_key or qm_keyst), so it is ' +
  'no login; send the whole cookie of a login, or log in with a QR login (/getMainLoginQr or /getAltLoginQr)';
export const EMPTY_PLAYLISTS_MESSAGE =
  'This account has no visible playlists: it has created none, or they are private';

/** Codes that mean "log in again" (CONTRACT §1.4: 1000 expired/not logged in; 104400/104401 credential invalid). */
const LOGIN_CODES = new Set([1000, 104400, 104401]);
/** Codes with a gateway-wide meaning (signature, rate limit, device limit): mapped centrally, not "user not found". */
const GLOBAL_CODES = new Set([2000, 2001, 20274]);

export interface UserPlaylistsData {
  playlists: UserPlaylist[];
  total: number;
  message?: string;
}

@Injectable()
export class UserService {
  constructor(private readonly upstream: UpstreamHttp) {}

  async getUserPlaylists(query: GetUserPlaylistsQuery): Promise<Shaped> {
    const cookie = this.upstream.effectiveCookie();
    if (!cookie) throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', LOGIN_REQUIRED_MESSAGE);
    const { uin } = query;
    // Spec-derived c6 homepage CGI (CONTRACT §8.1); §12 keeps it as primary and L1 still calls it for its expiry check.
    const { raw } = await this.upstream.cgi<Record<string, any>>(
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
      // Its codes have their own answers here (LOGIN_EXPIRED, USER_NOT_FOUND): read below.
      { host: 'c6', referer: `https://y.qq.com/portal/profile.html?uin=${uin}`, noRefererRetry: true, gtk: true, ownCodes: true },
    );
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      throw new UpstreamError('bad_body', 'Upstream fcg_get_profile_homepage.fcg answered an unexpected body', 'c6', {
        target: 'fcg_get_profile_homepage.fcg',
      });
    }
    const code = Number(raw.code ?? 0);
    if (LOGIN_CODES.has(code)) {
      // A cookie without a key (e.g. `uin=…` alone, or a QQ web login's skey) is still sent: upstream decides.
      const template = loginKey(parseCookie(cookie)) ? LOGIN_EXPIRED_MESSAGE : LOGIN_KEY_MISSING_MESSAGE;
      const message = template.replace('{code}', String(code));
      throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_EXPIRED', message, { upstreamCode: code });
    }
    if (GLOBAL_CODES.has(code)) {
      throw businessError(code, 'fcg_get_profile_homepage.fcg', 'c6');
    }
    if (code !== 0 || !hasCreator(raw.data)) {
      throw new GatewayError(HttpStatus.NOT_FOUND, 'USER_NOT_FOUND', `No QQ Music user with uin ${uin}`, {
        ...(code !== 0 ? { upstreamCode: code } : {}),
      });
    }
    const all = mapUserPlaylists(raw.data);
    // `?? default`: an empty parameter (`limit=`) reaches here as undefined, not as the DTO default.
    const offset = query.offset ?? DEFAULT_OFFSET;
    const limit = query.limit ?? DEFAULT_LIMIT;
    const data: UserPlaylistsData = {
      playlists: all.slice(offset, offset + limit),
      total: all.length,
    };
    if (!all.length) data.message = EMPTY_PLAYLISTS_MESSAGE;
    // The spec: "the upstream raw payload of the user playlists endpoint is not passed through" — so the legacy
    // `raw` slot gets the normalised answer too (the homepage payload carries encrypt_uin and other account data).
    return envelope(data, { code: 0, data });
  }

  /** Built locally (CONTRACT §8.2): no upstream call, no login needed. */
  getUserAvatar(query: GetUserAvatarQuery): Shaped {
    if (query.k === undefined && query.uin === undefined) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'k or uin is required');
    }
    const requested = query.size ?? DEFAULT_AVATAR_SIZE; // `size=` (empty) reaches here as undefined
    const size = snapAvatarSize(requested);
    const url = query.k !== undefined ? avatarUrl({ k: query.k }, size) : avatarUrl({ uin: query.uin as string }, size);
    const message =
      size === requested
        ? 'avatar URL built'
        : `avatar URL built; size ${requested} is not a supported size, using the nearest one (${size})`;
    const inner = { code: 0, data: { avatarUrl: url, message } };
    return new Shaped({ response: inner }, inner);
  }
}
