import { HttpStatus, Injectable } from '@nestjs/common';
import { loginKey, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { envelope, Shaped } from '../common/shaped';
import { UserClient } from '../upstream/clients/user.client';
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

/**
 * Codes that mean "log in again": 1000 expired or not logged in, 104400/104401 credential invalid
 * (docs/upstream/user.md "User homepage").
 */
const LOGIN_CODES = new Set([1000, 104400, 104401]);

export interface UserPlaylistsData {
  playlists: UserPlaylist[];
  total: number;
  message?: string;
}

@Injectable()
export class UserService {
  constructor(private readonly user: UserClient) {}

  async getUserPlaylists(query: GetUserPlaylistsQuery): Promise<Shaped> {
    const cookie = this.user.effectiveCookie();
    if (!cookie) throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', LOGIN_REQUIRED_MESSAGE);
    const { uin } = query;
    // Its login and unknown-user codes have their own answers here (LOGIN_EXPIRED, USER_NOT_FOUND): read below.
    const raw = await this.user.homepage(uin);
    const code = Number(raw.code ?? 0);
    if (LOGIN_CODES.has(code)) {
      // A cookie without a key (e.g. `uin=…` alone, or a QQ web login's skey) is still sent: upstream decides.
      const template = loginKey(parseCookie(cookie)) ? LOGIN_EXPIRED_MESSAGE : LOGIN_KEY_MISSING_MESSAGE;
      const message = template.replace('{code}', String(code));
      throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_EXPIRED', message, { upstreamCode: code });
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

  /** Built locally (docs/upstream/user.md "Avatar URL"): no upstream call, no login needed. */
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
