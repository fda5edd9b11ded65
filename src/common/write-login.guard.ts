import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { CookieChoice } from '../upstream/credential/cookie-choice';
import { adminTokenMatches } from './admin-token.guard';
import { loginKey, parseCookie } from './cookie';
import { GatewayError } from './http-error';
import { requestContext } from './request-context';

export const WRITE_LOGIN_REQUIRED_MESSAGE =
  'This write acts on the caller\'s own QQ Music login: send its cookie (the `cookie` query parameter, X-Custom-Cookie ' +
  'or Cookie header, carrying qqmusic_key or qm_keyst). The gateway\'s stored login is used for writes only together ' +
  'with the admin token';
export const WRITE_KEY_MISSING_MESSAGE =
  'The cookie sent carries no login key (qqmusic_key or qm_keyst), so it cannot change a library: send the whole ' +
  'cookie of a login';

/**
 * Whose account a library write touches (docs/library.md "Whose account"): the caller's own login cookie; the stored
 * login (cookie file or Redis) only when the caller also presents the admin token. Anything else is refused before any
 * upstream call, so an anonymous caller can never change the operator's account.
 */
@Injectable()
export class WriteLoginGuard implements CanActivate {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly cookies: CookieChoice,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    const store = requestContext.getStore();
    const callerCookie = store?.callerCookie;
    if (callerCookie !== undefined) {
      if (!loginKey(parseCookie(callerCookie))) throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', WRITE_KEY_MISSING_MESSAGE);
      return true;
    }
    if (!adminTokenMatches(req, this.config.adminToken) || !this.cookies.effectiveCookie()) {
      throw new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_REQUIRED', WRITE_LOGIN_REQUIRED_MESSAGE);
    }
    return true;
  }
}
