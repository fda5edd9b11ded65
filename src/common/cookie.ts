/** Cookie helpers shared by the upstream client and the login flows. */

/** Parses `a=1; b=2` into an object: split on the first `=` only (base64 padding survives), last duplicate wins. */
export function parseCookie(header: string | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name) out[name] = value;
  }
  return out;
}

/**
 * A caller's cookie as the gateway both forwards it upstream and files cached answers under: its `name=value` pairs
 * trimmed, the first of a repeated name kept (RFC 6265 section 5.4 lists the most specific first; `parseCookie` alone
 * would keep the last), pieces without a name dropped. '' when nothing usable is left.
 */
export function normaliseCallerCookie(raw: string): string {
  const seen = new Set<string>();
  const pairs: string[] = [];
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    const name = eq < 0 ? '' : part.slice(0, eq).trim();
    if (!name || seen.has(name)) continue;
    seen.add(name);
    pairs.push(`${name}=${part.slice(eq + 1).trim()}`);
  }
  return pairs.join('; ');
}

/**
 * `a=1; b=2` from names and values, pairs with an empty value left out. Pairs or a Map keep their order exactly; a
 * plain object lists integer-like names first (JavaScript's key order), so a cookie of upstream's names goes in as pairs.
 */
export function serializeCookie(cookies: Record<string, string> | Iterable<readonly [string, string]>): string {
  const pairs = Symbol.iterator in cookies ? [...cookies] : Object.entries(cookies);
  return pairs
    .filter(([, v]) => v !== '')
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
}

/** True when the string can go into a Cookie header: no control characters, nothing past Latin-1. */
export function isHeaderSafe(value: string): boolean {
  // Control characters, and anything past Latin-1 (a percent-decoded ?cookie=…中), cannot go into the upstream Cookie
  // header: undici would refuse the call, and the failure would be blamed on upstream (502, retries, breaker).
  // eslint-disable-next-line no-control-regex
  return !/[\u0000-\u001f\u007f\u0100-\uffff]/.test(value);
}

/** The cookie names that carry an account, in the order cookieUin reads them. */
export const UIN_FIELDS = ['uin', 'qqmusic_uin', 'p_uin'] as const;

/** A uin as a number string: the `o0…` ptlogin prefix and leading zeros removed; '0' when it is no number. */
function normalisedUin(raw: string): string {
  const digits = raw.replace(/^[a-zA-Z]+/, '').replace(/^0+(?=\d)/, '');
  return /^\d+$/.test(digits) ? digits : '0';
}

/**
 * The numeric account of a cookie: `uin`/`qqmusic_uin`/`p_uin`, with the `o0…` prefix and leading zeros removed. The
 * upstream comm's `uin` / `qq` is this, so it is also whose account a write is checked against.
 */
export function cookieUin(cookies: Record<string, string>): string {
  return normalisedUin(cookies.uin || cookies.qqmusic_uin || cookies.p_uin || '');
}

/**
 * The account fields (UIN_FIELDS) that name another account than cookieUin's, compared normalised: a cookie pasted
 * together from two logins. Empty when every field present agrees.
 */
export function uinFieldsNamingOthers(cookies: Record<string, string>): string[] {
  const account = cookieUin(cookies);
  return UIN_FIELDS.filter((name) => cookies[name] && normalisedUin(cookies[name]) !== account);
}

/** The login key of a parsed cookie (QQ logins carry `qqmusic_key`, WeChat logins `qm_keyst`), or ''. */
export const loginKey = (cookies: Record<string, string>): string => cookies.qqmusic_key || cookies.qm_keyst || '';

/**
 * hash33 over a string, as ptlogin and the QQ web pages compute it: h = h*33 + code unit, kept to 32 bits, then the
 * low 31 bits. ptqrtoken is hash33(qrsig) with seed 0; g_tk/bkn is hash33(p_skey) with seed 5381.
 */
export function hash33(text: string, seed = 0): number {
  let h = seed;
  for (let i = 0; i < text.length; i++) {
    h = (h + ((h << 5) >>> 0) + text.charCodeAt(i)) >>> 0;
  }
  return h & 0x7fffffff;
}
