import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieChoice } from '../upstream/credential/cookie-choice';
import { adminTokenMatches } from '../common/admin-token.guard';
import { cookieUin, loginKey, parseCookie, UIN_FIELDS, uinFieldsNamingOthers } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { requestContext, type WriteAccount } from '../common/request-context';

export type { WriteAccount };

export const WRITE_LOGIN_REQUIRED_MESSAGE =
  'This write acts on the caller\'s own QQ Music login: send its cookie (the `cookie` query parameter, X-Custom-Cookie ' +
  'or Cookie header, carrying qqmusic_key or qm_keyst). The gateway\'s stored login is used for writes only together ' +
  'with the admin token';
export const WRITE_KEY_MISSING_MESSAGE =
  'The cookie sent carries no login key (qqmusic_key or qm_keyst), so it cannot change a library: send the whole ' +
  'cookie of a login';
export const WRITE_NO_ACCOUNT_MESSAGE =
  'The login cookie names no account in uin or qqmusic_uin (a p_uin alone is the QQ web login\'s, not the one QQ Music ' +
  'writes as), so the gateway cannot tell whose library to change: send the whole cookie of a login';

/** Which login a write uses, for the refusal messages: the caller's cookie or the stored one. */
type LoginSource = 'caller' | 'stored';

/**
 * Whose account a library write touches (docs/library.md "Whose account a write touches"): the caller's own login
 * cookie; the stored login (cookie file or Redis) only when the caller also presents the admin token. That cookie must
 * carry a login key and name exactly one account; anything else is refused before any upstream call, so an anonymous
 * caller can never change the operator's account and a cookie pasted from two logins cannot pass one account's
 * ownership check while writing as another. The account is kept in the request context for the services
 * (writeAccount()).
 */
@Injectable()
export class WriteLoginGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: CookieChoice,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const store = requestContext.getStore();
    const callerCookie = store?.callerCookie;
    let account: WriteAccount;
    if (callerCookie !== undefined) {
      account = resolveWriteAccount(callerCookie, 'caller');
    } else {
      // Reading the stored login pins it for the request: every upstream call of this write carries the same account.
      const stored = adminTokenMatches(context.switchToHttp().getRequest<Request>(), this.config.adminToken) ? this.cookies.effectiveCookie() : '';
      if (!stored) throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', WRITE_LOGIN_REQUIRED_MESSAGE);
      account = resolveWriteAccount(stored, 'stored');
    }
    if (store) store.writeAccount = account;
    return true;
  }
}

/** The one account `cookie` logs in, or the 401 saying why it logs in none. */
function resolveWriteAccount(cookie: string, source: LoginSource): WriteAccount {
  const cookies = parseCookie(cookie);
  if (!loginKey(cookies)) {
    throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', source === 'caller' ? WRITE_KEY_MISSING_MESSAGE : STORED_KEY_MISSING_MESSAGE);
  }
  if (uinFieldsNamingOthers(cookies).length > 0) {
    const named = UIN_FIELDS.filter((name) => cookies[name]).join(', ');
    throw new GatewayError(HttpStatus.UNAUTHORIZED, 'AMBIGUOUS_ACCOUNT', `${source === 'caller' ? 'The cookie sent' : 'The stored login'} ${ambiguousMessage(named)}`);
  }
  // QQ Music writes as the cookie's uin / qqmusic_uin: an account named by p_uin alone is not the one that would change.
  const uin = cookies.uin || cookies.qqmusic_uin ? cookieUin(cookies) : '0';
  if (uin === '0') throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', WRITE_NO_ACCOUNT_MESSAGE);
  return { uin, cookie };
}

const STORED_KEY_MISSING_MESSAGE = 'The stored login carries no login key (qqmusic_key or qm_keyst), so it cannot change a library: store a login again';
const ambiguousMessage = (named: string) =>
  `names more than one account: its ${named} do not agree (compared without the o0… prefix and leading zeros), so the ` +
  'gateway cannot tell whose library to change: send the cookie of one login, as a QR login gives it';

/**
 * The account WriteLoginGuard resolved for this request. Only a guarded route may ask: without the guard there is
 * none, and that is the route's bug, not the caller's.
 */
export function writeAccount(): WriteAccount {
  const account = requestContext.getStore()?.writeAccount;
  if (!account) throw new Error('writeAccount() was called on a route without WriteLoginGuard');
  return account;
}
