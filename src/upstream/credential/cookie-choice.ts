import { Injectable } from '@nestjs/common';
import { cookieUin, parseCookie } from '../../common/cookie';
import { requestContext } from '../../common/request-context';
import { LOGIN_CODES } from '../../common/upstream-codes';
import { CookieFileService } from '../../config/cookie-file.service';
import { UpstreamError } from '../upstream.errors';
import type { StoredCredentialProvider } from '../upstream.types';

/**
 * Which cookie an upstream call carries: the caller's own, else the stored login's (pinned per request), and the one
 * retry after an auth failure with a freshly refreshed stored login (docs/upstream/README.md "Auth-failure refresh").
 */
@Injectable()
export class CookieChoice {
  private stored?: StoredCredentialProvider;

  constructor(private readonly cookieFile: CookieFileService) {}

  /**
   * The cookie an upstream call carries by default: the caller's own, else the stored login's (cookie file / Redis).
   * Within a request the stored one is read once and pinned (a cached route's first read makes its cache key, before
   * the handler runs): a login stored while the request is in flight (QR login, /user/setCookie, another instance's
   * sync) must not make an answer that is cached, or shared with coalesced requests, under the old account's key.
   * Outside a request (credential refresh, detached login chains) it is the login stored now.
   */
  effectiveCookie(): string {
    const context = requestContext.getStore();
    if (!context) return this.storedCookie();
    return context.callerCookie ?? (context.storedCookie ??= this.storedCookie());
  }

  /** The cookie a call sends for its `cookie` option: none for false, exactly the string given, else the default. */
  cookieFor(option: string | false | undefined): string {
    return option === false ? '' : (option ?? this.effectiveCookie());
  }

  /** Plugs in the stored-login provider (CredentialsModule does this at start-up). */
  useStoredCredential(provider: StoredCredentialProvider): void {
    this.stored = provider;
  }

  /**
   * Runs `call` with the stored login's cookie when that is the one in play; on an auth-failure answer
   * (`authCode` of the result, or of the thrown UpstreamError) asks the provider once for a fresh cookie and retries
   * once with it, unless it is another account's (a login stored meanwhile: see adopt). Anything else (caller cookie,
   * explicit cookie) runs `call` as is.
   */
  async withStoredCredential<T>(
    cookieOption: string | false | undefined,
    call: (cookie: string | false | undefined) => Promise<T>,
    authCode: (result: T) => number | undefined,
  ): Promise<T> {
    // Only calls that fall back on the stored login (no caller cookie, no explicit cookie) are its business.
    if (!this.stored || cookieOption !== undefined || requestContext.getStore()?.callerCookie !== undefined) return call(cookieOption);
    await this.stored.beforeCall();
    // A key refreshed just now (or by another instance) is used if it is the pinned account's.
    this.adopt(this.storedCookie());
    const cookie = this.effectiveCookie();
    if (!cookie) return call(undefined);
    let result: T;
    try {
      result = await call(cookie);
    } catch (err) {
      const code = err instanceof UpstreamError && err.kind === 'business' ? err.details.upstreamCode : undefined;
      if (code === undefined || !LOGIN_CODES.has(code)) throw err;
      const fresh = await this.stored.onAuthFailure(cookie, code);
      if (!fresh || fresh === cookie || !this.adopt(fresh)) throw err;
      return call(fresh);
    }
    const code = authCode(result);
    if (code === undefined) return result;
    const fresh = await this.stored.onAuthFailure(cookie, code);
    return fresh && fresh !== cookie && this.adopt(fresh) ? call(fresh) : result;
  }

  private storedCookie(): string {
    return (this.stored ? this.stored.cookie() : this.cookieFile.get()?.cookie) ?? '';
  }

  /**
   * Takes `cookie` (the stored login's now, e.g. just refreshed) as the request's pinned cookie when it logs in the
   * same account: that account's answer may still be cached under the key its old key named. Another account's is refused
   * (false): the request goes on, or fails, as the account it was keyed under. Outside a request: always taken.
   */
  private adopt(cookie: string): boolean {
    const context = requestContext.getStore();
    if (!context) return true;
    if (context.storedCookie !== undefined && !sameAccount(context.storedCookie, cookie)) return false;
    context.storedCookie = cookie;
    return true;
  }
}

/** Whether two cookies log in the same account: the same uin (a cookie without one only matches itself). */
function sameAccount(a: string, b: string): boolean {
  if (a === b) return true;
  const uin = cookieUin(parseCookie(a));
  return uin !== '0' && uin === cookieUin(parseCookie(b));
}
