/**
 * Pure parsers and builders of the login flows (docs/upstream/login.md). No I/O here; unit-tested in
 * test/unit/login-parse.spec.ts.
 */

import { serializeCookie } from '../common/cookie';
import { Shaped } from '../common/shaped';
import { loginTypeOf } from '../credentials/credential.model';
import { badLoginAnswer } from './login-errors';
import type { LoginCredential, LoginSession } from './login.answers';


/** The Main (QQ) poll states the gateway reports, by ptuiCB code (docs/upstream/login.md "QQ poll (ptqrlogin)"). */
export const MAIN_STATES = {
  66: { state: 'waiting', message: 'Waiting for the QR code to be scanned', refresh: false },
  67: { state: 'scanned', message: 'QR code scanned; waiting for confirmation on the phone', refresh: false },
  65: { state: 'expired', message: 'QR code expired; request a new one', refresh: true },
  68: { state: 'refused', message: 'Login was refused on the phone; request a new QR code', refresh: true },
} as const;
export type MainPollCode = keyof typeof MAIN_STATES;

/** The Alt (WeChat) long-poll states, by wx_errcode (docs/upstream/login.md "WeChat long poll"); 405 = confirmed. */
export const ALT_STATES = {
  408: { state: 'waiting', message: 'Waiting for the QR code to be scanned' },
  404: { state: 'scanned', message: 'QR code scanned; waiting for confirmation on the phone' },
  403: { state: 'cancelled', message: 'Login was cancelled on the phone; request a new QR code' },
  402: { state: 'expired', message: 'QR code expired; request a new one' },
} as const;
export type AltPollCode = keyof typeof ALT_STATES;

export interface PtuiCallback {
  code: number;
  /** Third argument: the check_sig redirect on success, else ''. */
  url: string;
  message: string;
  nickname: string;
  args: string[];
}

/**
 * `ptuiCB('<code>','0','<url>','0','<message>', '<nickname>'[, ''])`, with any spacing, an optional trailing `;`
 * and the older `(digits)` suffix inside the message. Returns null when the text is not a ptuiCB call.
 */
export function parsePtuiCB(text: string): PtuiCallback | null {
  const m = /ptuiCB\s*\(([\s\S]*)\)/.exec(text);
  if (!m) return null;
  const args = [...m[1].matchAll(/'([^']*)'/g)].map((a) => a[1]);
  if (args.length < 5 || !/^\d+$/.test(args[0].trim())) return null;
  return {
    code: Number(args[0].trim()),
    url: args[2],
    message: args[4].replace(/\(\d+\)\s*$/, ''),
    nickname: args[5] ?? '',
    args,
  };
}

/** The check_sig URL of a success answer: the 3rd argument, else the first single-quoted http(s) URL. */
export function extractCheckSigUrl(text: string, cb: PtuiCallback | null): string | null {
  if (cb && /^https?:\/\//i.test(cb.url)) return cb.url;
  const m = /'(https?:\/\/[^']+)'/i.exec(text);
  return m ? m[1] : null;
}

/** The upstream host key each real login host is configured under. */
const LOGIN_HOSTS: Record<string, 'ptlogin' | 'ptloginGraph' | 'graph'> = {
  'ssl.ptlogin2.qq.com': 'ptlogin',
  'ssl.ptlogin2.graph.qq.com': 'ptloginGraph',
  'graph.qq.com': 'graph',
};

/**
 * Splits an absolute upstream URL into the configured host key and the path + query, the latter BYTE-EXACT
 * (no decoding, so `ptsigx` keeps its `+`). Null for hosts the gateway does not know.
 */
export function splitLoginUrl(url: string): { host: 'ptlogin' | 'ptloginGraph' | 'graph'; pathAndQuery: string } | null {
  const m = /^https?:\/\/([^/?#:]+)(?::\d+)?(\/[^#]*)?/i.exec(url);
  if (!m) return null;
  const host = LOGIN_HOSTS[m[1].toLowerCase()];
  if (!host) return null;
  return { host, pathAndQuery: m[2] || '/' };
}

/** `name=value` of one Set-Cookie header: the part before the first `;`, split on the first `=`. */
export function parseSetCookie(header: string): { name: string; value: string } | null {
  const pair = header.split(';', 1)[0];
  const eq = pair.indexOf('=');
  if (eq <= 0) return null;
  const name = pair.slice(0, eq).trim();
  const value = pair.slice(eq + 1).trim();
  return name ? { name, value } : null;
}

/**
 * The cookies collected along a login chain, in first-seen order. A later value for a name replaces the earlier
 * one (last wins); an empty value is ignored (ptlogin clears cookies on sibling domains with `name=;`, and such a
 * header must not wipe the real value).
 */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  set(name: string, value: string): void {
    if (!name || value === '') return;
    this.cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** Each Set-Cookie header separately (never split on commas: Expires dates contain them). */
  addSetCookies(headers: string[]): void {
    for (const h of headers) {
      const c = parseSetCookie(h);
      if (c) this.set(c.name, c.value);
    }
  }

  /** The first non-empty value of `name` among these Set-Cookie headers (p_skey: skip empty values). */
  static find(headers: string[], name: string): string | undefined {
    for (const h of headers) {
      const c = parseSetCookie(h);
      if (c && c.name === name && c.value) return c.value;
    }
    return undefined;
  }

  /** `a=1; b=2`, optionally without some names (e.g. qrsig, which only the poll needs). */
  header(except: string[] = []): string {
    // As pairs, not an object: first-seen order must hold for any name upstream sets.
    return serializeCookie([...this.cookies].filter(([k]) => !except.includes(k)));
  }
}

/**
 * Session from a cookie string: cookieList = the pairs trimmed; cookieObject splits each pair on its FIRST `=`
 * (base64 padding survives), last duplicate wins. loginUin = uin = `uin` unless given.
 */
export function buildSession(cookie: string, uin?: string): LoginSession {
  const cookieList = cookie
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.indexOf('=') > 0);
  const cookieObject: Record<string, string> = {};
  for (const pair of cookieList) {
    const eq = pair.indexOf('=');
    cookieObject[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  const id = uin ?? cookieObject.uin ?? '';
  return { loginUin: id, uin: id, cookie: cookieList.join('; '), cookieList, cookieObject };
}

/** What a musicu `Login` answer's `data` logs in as. */
export interface MusicuLogin {
  musicid: string;
  loginType: 1 | 2;
  session: LoginSession;
  credential: LoginCredential;
}

/**
 * The session of a musicu `Login` answer (the app QR's and the phone login's): no ptlogin or WeChat cookie exists for
 * them, so it is the QQ Music cookies built from the answer body. 502 LOGIN_NO_CREDENTIAL without a musicid or musickey.
 */
export function sessionOfMusicuLogin(data: Record<string, unknown>, musicid: string | null): MusicuLogin {
  const musickey = typeof data.musickey === 'string' ? data.musickey : '';
  if (!musicid || !musickey) throw badLoginAnswer('Login response is missing the credential', 'LOGIN_NO_CREDENTIAL');
  const loginType = loginTypeOf({ loginType: Number(data.loginType), musickey });
  const jar = new CookieJar();
  jar.set('uin', musicid);
  jar.set('qqmusic_uin', musicid);
  jar.set('qqmusic_key', musickey);
  jar.set('qm_keyst', musickey);
  if (typeof data.encryptUin === 'string') jar.set('euin', data.encryptUin);
  jar.set('tmeLoginType', String(loginType));
  const session = buildSession(jar.header(), musicid);
  return { musicid, loginType, session, credential: pickCredential({ ...data, loginType }, musicid) as LoginCredential };
}

/** The login credential's fields worth keeping for a refresh (docs/upstream/login.md "Credential refresh"). */
export const CREDENTIAL_FIELDS = [
  'musicid',
  'str_musicid',
  'musickey',
  'refresh_key',
  'refresh_token',
  'openid',
  'access_token',
  'expired_at',
  'unionid',
  'encryptUin',
  'loginType',
  'musickeyCreateTime',
  'keyExpiresIn',
] as const;

/** Picks the refresh-relevant credential fields; `musicid` is always the exact digit string. */
export function pickCredential(data: Record<string, unknown>, musicid: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of CREDENTIAL_FIELDS) if (data[f] !== undefined && data[f] !== null && data[f] !== '') out[f] = data[f];
  out.musicid = musicid;
  out.str_musicid = musicid;
  return out;
}

/**
 * A login check's answer as its caller asked for it: the full credential (built into every confirmed login's answer,
 * so a retry of its owner with the opt-in still gets it) only with `credential: true`, else left out.
 */
export function answerCredentialIf(result: Shaped, wanted: boolean | undefined): Shaped {
  const body = result.body as Record<string, unknown> | null;
  if (wanted === true || !body || typeof body !== 'object' || !('credential' in body)) return result;
  const { credential: _left, ...rest } = body;
  return new Shaped(rest, result.raw, result.supplements);
}

/** `window.wx_errcode=<n>;window.wx_code='<code>';` → { errcode, code }; null when the text is something else. */
export function parseWxPoll(text: string): { errcode: number; code: string } | null {
  const m = /window\.wx_errcode\s*=\s*(\d+)\s*;\s*window\.wx_code\s*=\s*'([^']*)'/.exec(text);
  return m ? { errcode: Number(m[1]), code: m[2] } : null;
}

const UUID_CHARS = '[A-Za-z0-9_=-]{8,}';

/** The uuid of the WeChat QR page: the patterns of docs/upstream/login.md "WeChat QR page (qrconnect)", in order. */
export function extractWxUuid(html: string): string | null {
  const patterns = [
    new RegExp(`/connect/qrcode/(${UUID_CHARS})`),
    new RegExp(`"uuid"\\s*:\\s*"(${UUID_CHARS})"`),
    new RegExp(`(?<![A-Za-z_])uuid\\s*=\\s*"(${UUID_CHARS})"`),
    new RegExp(`(?<![A-Za-z_])uuid=(${UUID_CHARS})(?=["'&;\\s])`),
  ];
  for (const p of patterns) {
    const m = p.exec(html);
    if (m) return m[1];
  }
  return null;
}

/**
 * The musicid of a login answer read from the RAW text (WeChat ids exceed 2^53 and must never pass through a JS
 * number): `"strMusicid":"<digits>"` first, then `"str_musicid":"<digits>"`, then the bare `"musicid": <digits>`.
 */
export function extractMusicid(text: string): string | null {
  const m =
    /"strMusicid"\s*:\s*"(\d+)"/.exec(text) ??
    /"str_musicid"\s*:\s*"(\d+)"/.exec(text) ??
    /"musicid"\s*:\s*"?(\d+)/.exec(text);
  return m && m[1] !== '0' ? m[1] : null;
}

/** The ptlogin form of an account: `o` + the number zero-padded to 10 digits (e.g. o0123456789). */
export function ptloginUin(musicid: string): string {
  return `o${musicid.padStart(10, '0')}`;
}
