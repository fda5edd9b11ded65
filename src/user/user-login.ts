import { HttpStatus } from '@nestjs/common';
import { cookieUin, loginKey, parseCookie } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { LOGIN_CODES, UPSTREAM_CODES } from '../common/upstream-codes';
import { hasCreator } from './user.mapper';

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

/** No cookie at all (caller's or stored): the upstream is not called. */
export function requireLoginCookie(cookie: string | undefined): string {
  if (!cookie) throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', LOGIN_REQUIRED_MESSAGE);
  return cookie;
}

/**
 * Whose list a /user/ read shows: `uin` as asked, else the account of the cookie in play (docs/user.md "Whose
 * account"); a cookie naming no account is 401 LOGIN_REQUIRED, before any upstream call.
 */
export function readUin(uin: string | undefined, cookie: string): string {
  if (uin) return uin;
  const own = cookieUin(parseCookie(cookie));
  if (own === '0') throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', NO_UIN_MESSAGE);
  return own;
}

const NO_UIN_MESSAGE = 'uin was not sent and the login cookie names no account (uin, qqmusic_uin or p_uin): send uin, or the whole cookie of a login';

/** The answer's `code` as a number (absent = 0). */
export const codeOf = (raw: Record<string, any>): number => Number(raw.code ?? 0);

/**
 * A login code's answer (401 LOGIN_EXPIRED), told in the words of the cookie that was sent: a cookie without a key is
 * still sent, and the message then says it was no login.
 */
export function throwIfLoginCode(code: number, cookie: string): void {
  if (!LOGIN_CODES.has(code)) return;
  const { status, errorCode } = UPSTREAM_CODES[code];
  const template = loginKey(parseCookie(cookie)) ? LOGIN_EXPIRED_MESSAGE : LOGIN_KEY_MISSING_MESSAGE;
  throw new GatewayError(status, errorCode, template.replace('{code}', String(code)), { upstreamCode: code });
}

/** 404 USER_NOT_FOUND: upstream answered another non-zero code (or, for the homepage, no creator). */
export function userNotFound(uin: string, code: number): GatewayError {
  return new GatewayError(HttpStatus.NOT_FOUND, 'USER_NOT_FOUND', `No QQ Music user with uin ${uin}`, {
    ...(code !== 0 ? { upstreamCode: code } : {}),
  });
}

/** The homepage answer's codes read as getUserPlaylists reads them: login codes → 401, another code or no creator → 404. */
export function checkHomepage(raw: Record<string, any>, cookie: string, uin: string): Record<string, any> {
  const code = codeOf(raw);
  throwIfLoginCode(code, cookie);
  if (code !== 0 || !hasCreator(raw.data)) throw userNotFound(uin, code);
  return raw.data;
}
