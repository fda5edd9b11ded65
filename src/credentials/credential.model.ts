import { createHash } from 'node:crypto';
import { parseCookie } from '../common/cookie';
import { LOGIN_CODES } from '../common/upstream-codes';
import type { REFRESH_OUTCOMES } from './credential.answers';

/**
 * The stored login credential (docs/upstream/login.md "Credential refresh"). `musicid` is always the exact digit
 * string (WeChat musicids exceed 2^53). Upstream may add fields; unknown ones are kept as they came.
 */
export interface Credential {
  musicid: string;
  str_musicid?: string;
  musickey: string;
  refresh_key?: string;
  refresh_token?: string;
  openid?: string;
  access_token?: string;
  expired_at?: number;
  unionid?: string;
  encryptUin?: string;
  /** 2 = QQ, 1 = WeChat. */
  loginType?: number;
  /** Seconds since the epoch. */
  musickeyCreateTime?: number;
  /** Seconds. */
  keyExpiresIn?: number;
  [extra: string]: unknown;
}

export type RefreshOutcome = (typeof REFRESH_OUTCOMES)[number];

/** The last refresh attempt, stored beside the credential (so every instance and a restart see it). */
export interface RefreshStatus {
  at: string;
  outcome: RefreshOutcome;
  /** The upstream code of a failed refresh. */
  code?: number;
  message: string;
  /** Which musickey the attempt was about (a hash, never the key): a newer key starts with a clean slate. */
  key: string;
}

/** What a credential store holds: the cookie every call carries, and (unless cookie-only) the full credential. */
export interface StoredRecord {
  cookie: string;
  uin?: string;
  credential?: Credential;
  refresh?: RefreshStatus;
}

/** What each refresh outcome means for the operator (docs/upstream/login.md "Credential refresh"). */
export const OUTCOME_MESSAGES: Record<RefreshOutcome, string> = {
  ok: 'refreshed',
  auth_expired: 'the login has expired upstream: log in again (scan a QR code)',
  restricted: 'the account is restricted (or at its device limit) upstream: log in again after resolving it',
  too_frequent: 'refreshed too frequently: will try again later',
  bad_params: 'upstream rejected the refresh parameters: log in again',
  error: 'the refresh call failed: will try again later',
};

/**
 * How a refresh a caller asked for (POST /user/refreshLogin) answers a failed outcome of outcomeOfCode: the stored
 * login's reading of the codes, as a status. `error` (another code, timeout, network) answers the call's own error.
 * `too_frequent` carries `Retry-After: CREDENTIAL_REFRESH_BACKOFF_S`, the wait the stored login keeps after it.
 */
export const REFRESH_REFUSALS: Record<Exclude<RefreshOutcome, 'ok' | 'error'>, { status: number; errorCode: string; message: string }> = {
  auth_expired: { status: 401, errorCode: 'LOGIN_EXPIRED', message: 'the login has expired upstream and cannot be refreshed: log in again (scan a QR code)' },
  restricted: { status: 403, errorCode: 'LOGIN_RESTRICTED', message: 'the account is restricted (or at its device limit) upstream: log in again after resolving it' },
  bad_params: { status: 401, errorCode: 'LOGIN_REFRESH_REJECTED', message: 'upstream rejected this credential\'s refresh parameters: log in again' },
  too_frequent: { status: 503, errorCode: 'LOGIN_REFRESH_TOO_FREQUENT', message: 'refreshed too frequently: try again after Retry-After seconds' },
};

/** Outcomes after which the same key is never sent for refresh again (only a new login helps). */
export const FINAL_OUTCOMES: ReadonlySet<RefreshOutcome> = new Set(['auth_expired', 'restricted', 'bad_params']);

/** Upstream code of a failed refresh → outcome (docs/upstream/login.md "Credential refresh"). */
export function outcomeOfCode(code: number): RefreshOutcome {
  if (LOGIN_CODES.has(code)) return 'auth_expired';
  if ([20274, 20277, 20278, 20450, 20279].includes(code)) return 'restricted';
  if (code === 104604) return 'too_frequent';
  if (code === 20261) return 'bad_params';
  return 'error';
}

/** A short non-reversible tag of a musickey, to tell keys apart without storing or logging one. */
export const keyTag = (musickey: string): string => createHash('sha256').update(musickey).digest('hex').slice(0, 16);

/** 2 = QQ, 1 = WeChat; inferred from the key when absent (`W_X` keys are WeChat, as the Python QQMusicApi infers). */
export function loginTypeOf(cred: Pick<Credential, 'loginType' | 'musickey'>): 1 | 2 {
  const t = Number(cred.loginType);
  if (t === 1 || t === 2) return t;
  return cred.musickey?.startsWith('W_X') ? 1 : 2;
}

/** When the musickey expires (ms since the epoch), or undefined when the credential does not say. */
export function expiresAtMs(cred: Credential | undefined): number | undefined {
  const created = Number(cred?.musickeyCreateTime);
  const lifetime = Number(cred?.keyExpiresIn);
  if (!Number.isFinite(created) || !Number.isFinite(lifetime) || created <= 0 || lifetime <= 0) return undefined;
  return (created + lifetime) * 1000;
}

/** Why a record cannot be refreshed, or null when it can. */
export function notRefreshableReason(record: StoredRecord | null): string | null {
  if (!record) return 'no stored login';
  const c = record.credential;
  if (!c) return 'cookie-only login (no refresh_key/refresh_token stored): log in by QR code with LOGIN_PERSIST_COOKIE=true';
  const missing = ['musicid', 'musickey', 'refresh_key', 'refresh_token', 'openid'].filter((f) => !c[f]);
  if (loginTypeOf(c) === 2 && !c.access_token) missing.push('access_token');
  if (loginTypeOf(c) === 1 && !c.unionid) missing.push('unionid');
  return missing.length ? `credential lacks ${missing.join(', ')}` : null;
}

/**
 * The refresh params (docs/upstream/login.md "Credential refresh"). QQ sends `musicid` as a number: QQ musicids are
 * below 2^53; one that is not a safe integer goes as its digit string rather than a rounded number.
 */
export function refreshParams(c: Credential): Record<string, unknown> {
  if (loginTypeOf(c) === 1) {
    return {
      openid: c.openid,
      refresh_token: c.refresh_token,
      str_musicid: c.str_musicid || c.musicid,
      musickey: c.musickey,
      unionid: c.unionid,
      refresh_key: c.refresh_key,
      loginMode: 2,
    };
  }
  const asNumber = Number(c.musicid);
  return {
    openid: c.openid,
    access_token: c.access_token,
    refresh_token: c.refresh_token,
    expired_in: Number(c.expired_at ?? 0),
    musicid: Number.isSafeInteger(asNumber) ? asNumber : c.musicid,
    musickey: c.musickey,
    refresh_key: c.refresh_key,
    loginMode: 2,
  };
}

/**
 * Merges a refresh answer over the old credential. The account does not change on refresh, so the musicid stays
 * the old exact string (the answer's number may have lost digits).
 */
export function mergeRefreshed(old: Credential, data: Record<string, unknown>): Credential {
  const merged: Credential = { ...old };
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null && v !== '') merged[k] = v;
  merged.musicid = old.musicid;
  merged.str_musicid = old.str_musicid || old.musicid;
  merged.loginType = loginTypeOf(old);
  return merged;
}

/**
 * The cookie after a refresh: the old cookie with the key cookies (`qqmusic_key`, `qm_keyst`) and `euin` replaced
 * in place; the account cookies are added when the old cookie lacks them (a credential written without a cookie).
 */
export function cookieWithCredential(oldCookie: string, c: Credential): string {
  const pairs = oldCookie
    .split(';')
    .map((s) => s.trim())
    .filter((s) => s.indexOf('=') > 0)
    .map((s) => [s.slice(0, s.indexOf('=')).trim(), s.slice(s.indexOf('=') + 1).trim()] as [string, string]);
  const set = (name: string, value: string | undefined, onlyIfMissing = false) => {
    if (!value) return;
    const i = pairs.findIndex(([k]) => k === name);
    if (i >= 0) {
      if (!onlyIfMissing) pairs[i][1] = value;
    } else pairs.push([name, value]);
  };
  set('uin', c.musicid, true);
  set('qqmusic_uin', c.musicid, true);
  set('qqmusic_key', c.musickey);
  set('qm_keyst', c.musickey);
  set('tmeLoginType', String(loginTypeOf(c)), true);
  if (typeof c.encryptUin === 'string') set('euin', c.encryptUin);
  return pairs.map(([k, v]) => `${k}=${v}`).join('; ');
}

/** accountOf's answer for a record that names no account (its refresh lock and in-flight key). */
const NO_ACCOUNT = 'anonymous';

/** The account a record belongs to: the credential's musicid, else the cookie's uin. */
export function accountOf(record: StoredRecord): string {
  if (record.credential?.musicid) return record.credential.musicid;
  const cookies = parseCookie(record.cookie);
  return (record.uin ?? cookies.qqmusic_uin ?? cookies.uin ?? '').replace(/^o0*/, '') || NO_ACCOUNT;
}

/** The account of a record, masked for display; null when it names none (no uin at all, or uin 0). */
export function maskedAccountOf(record: StoredRecord | null): string | null {
  const account = record ? accountOf(record) : NO_ACCOUNT;
  return account === NO_ACCOUNT || /^0+$/.test(account) ? null : maskUin(account);
}

/** `1503255237` → `15******37`: enough to tell accounts apart in a status page or a log line. */
export function maskUin(uin: string | undefined): string | null {
  if (!uin) return null;
  if (uin.length <= 4) return '*'.repeat(uin.length);
  return `${uin.slice(0, 2)}${'*'.repeat(uin.length - 4)}${uin.slice(-2)}`;
}

/**
 * Whether two records are the same stored login: the test of the refresh's compare-and-set (CredentialStore.replaceIf).
 * The whole record is compared (cookie, uin, credential and refresh status; key order aside), not a version field:
 * any write since the refresh read the store (a QR login, /user/setCookie, a hand edit, another instance) changes at
 * least the cookie or the credential, and writers that know nothing of the compare-and-set (LoginPersistService's own
 * file write, an operator's editor) still count, with the file format unchanged. A false "changed" would throw away
 * a refresh that spent the single-use refresh_key, so only content counts, never file times or object identity.
 */
export function sameRecord(a: StoredRecord | null, b: StoredRecord | null): boolean {
  return canonical(a) === canonical(b);
}

/** JSON with object keys sorted (arrays keep their order); undefined fields are left out, as JSON.stringify does. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** A credential from a stored JSON object (file or Redis); null when it lacks the essentials. */
export function toCredential(value: unknown): Credential | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const c = value as Record<string, unknown>;
  if (c.musicid === undefined || typeof c.musickey !== 'string') return undefined;
  return { ...c, musicid: String(c.musicid), musickey: c.musickey };
}
