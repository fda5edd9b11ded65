/**
 * What the identity services may issue, as the gateway accepts it (docs/upstream/identity.md): checked before a value
 * is used, stored or read back from the store. Anything else is not adopted (the fallback is used) and is never
 * quoted in an error or a log line: an answer may carry control characters, escapes or megabytes.
 */

/** A QIMEI (q16 or q36): letters and digits only, short. */
const QIMEI_VALUE = /^[0-9A-Za-z]{8,64}$/;
/** A session uid: digits, at most 20 (a 64-bit number). */
const SESSION_UID = /^\d{1,20}$/;
/** A session id: printable ASCII, no space, at most 128 characters. */
const SESSION_SID = /^[\x21-\x7e]{1,128}$/;

export function isQimeiValue(value: unknown): value is string {
  return typeof value === 'string' && QIMEI_VALUE.test(value);
}

/** The session uid as text: a digit string, or a safe non-negative integer; undefined for anything else. */
export function sessionUidOf(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? String(value) : undefined;
  return typeof value === 'string' && SESSION_UID.test(value) ? value : undefined;
}

export function isSessionSid(value: unknown): value is string {
  return typeof value === 'string' && SESSION_SID.test(value);
}
