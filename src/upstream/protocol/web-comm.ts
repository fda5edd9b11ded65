import { cookieUin, hash33, loginKey, parseCookie } from '../../common/cookie';

/** The web comm profile (docs/upstream/README.md "Web comm"): anonymous, or carrying the account and key of the cookie. */
export function webComm(cookie: string): Record<string, unknown> {
  const cookies = parseCookie(cookie);
  const comm: Record<string, unknown> = {
    ct: 24,
    cv: 4747474,
    platform: 'yqq.json',
    chid: '0',
    uin: cookieUin(cookies),
    g_tk: gtkOf(cookie),
    format: 'json',
    inCharset: 'utf-8',
    outCharset: 'utf-8',
    notice: 0,
    needNewCode: 1,
  };
  return { ...comm, ...loginFields(cookies) };
}

/** The comm fields of a login (web and Android profiles alike): its key, and 1 for WeChat (W_X keys) or 2 for QQ. */
export function loginFields(cookies: Record<string, string>): { authst?: string; tmeLoginType?: 1 | 2 } {
  const key = loginKey(cookies);
  return key ? { authst: key, tmeLoginType: key.startsWith('W_X') ? 1 : 2 } : {};
}

/** The web APIs' `g_tk`: hash33 of the cookie's login key, 5381 when anonymous. */
export const gtkOf = (cookie: string): number => {
  const key = loginKey(parseCookie(cookie));
  return key ? hash33(key, 5381) : 5381;
};

