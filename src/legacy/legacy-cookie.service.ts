import { HttpStatus, Injectable } from '@nestjs/common';
import { cookieUin, loginKey, parseCookie } from '../common/cookie';
import { NOT_PRINTABLE_ASCII } from '../config/cookie-file.service';
import { GatewayError } from '../common/http-error';
import { maskUin } from '../credentials/credential.model';
import { CredentialService } from '../credentials/credential.service';

import type { CookieDescription } from './legacy.answers';

/**
 * The older services' `/user/setCookie` and `/user/getCookie` (docs/legacy.md "`/user/setCookie` and `/user/getCookie`"): an admin
 * stores the login cookie by hand where the stored login lives (CredentialService: the cookie file, or Redis), and
 * reads back a description of it.
 */
@Injectable()
export class LegacyCookieService {
  constructor(private readonly credentials: CredentialService) {}

  /** Stores a non-empty, trimmed cookie, replacing the stored login; 400 for text the cookie file would refuse, 500 when the write fails. */
  async store(cookie: string): Promise<CookieDescription> {
    // The rule the cookie file is loaded with: a stored cookie the next start-up would refuse must not be stored.
    if (NOT_PRINTABLE_ASCII.test(cookie)) throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'cookie must be printable ASCII (no control or non-ASCII characters)');
    const pairs = parseCookie(cookie);
    if (!Object.keys(pairs).length) throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'cookie must look like `name=value; name2=value2`');
    try {
      await this.credentials.replaceCookie(cookie, cookieUin(pairs));
    } catch (err) {
      throw new GatewayError(
        HttpStatus.INTERNAL_SERVER_ERROR,
        'COOKIE_WRITE_FAILED',
        `Could not save the cookie (${(err as NodeJS.ErrnoException).code ?? (err as Error).name}); only this instance uses it, until it restarts`,
      );
    }
    return describe(cookie);
  }

  /** The stored login in use (cookie file or Redis), described; `{ set: false }` when there is none. */
  async stored(): Promise<CookieDescription> {
    // The record /user/credential/status reads too: both routes always agree.
    const cookie = (await this.credentials.stored())?.cookie;
    return cookie ? describe(cookie) : { set: false };
  }
}

function describe(cookie: string): CookieDescription {
  const pairs = parseCookie(cookie);
  const uin = cookieUin(pairs);
  return {
    set: true,
    uin: uin === '0' ? null : maskUin(uin),
    names: Object.keys(pairs).sort(),
    hasMusicKey: !!loginKey(pairs),
  };
}
