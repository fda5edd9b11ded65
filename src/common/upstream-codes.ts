/**
 * The upstream business codes the gateway gives a meaning, and its one answer to each, whatever the route or the call
 * (docs/upstream/README.md "Error codes", docs/operations.md "Errors"). Any other code is a 502 UPSTREAM_ERROR, or the
 * route's own reading of it (a write's WRITE_REFUSED).
 */
export interface UpstreamCodeAnswer {
  /** In words, as error messages name the code: `rate limited by upstream (code 2001)`. */
  meaning: string;
  status: number;
  errorCode: string;
  /** Seconds a client should wait before asking again (`Retry-After`). */
  retryAfter?: number;
  /**
   * About the account, the quota or the device identity rather than the call: another module would answer the same,
   * so no fallback call is tried.
   */
  final: boolean;
}

/**
 * 1000 and 104400/104401 are one answer, LOGIN_EXPIRED: a client does the same for each (log in again), `upstreamCode`
 * tells them apart, and LOGIN_REQUIRED stays the gateway's own "no login was sent". 2001 is a rate limit on every call,
 * writes included: waiting is right whether it meant "slow down" or, on a write, "not there yet".
 */
export const UPSTREAM_CODES: Readonly<Record<number, UpstreamCodeAnswer>> = {
  1000: { meaning: 'login expired or missing', status: 401, errorCode: 'LOGIN_EXPIRED', final: true },
  104400: { meaning: 'credential invalid', status: 401, errorCode: 'LOGIN_EXPIRED', final: true },
  104401: { meaning: 'credential invalid', status: 401, errorCode: 'LOGIN_EXPIRED', final: true },
  2000: { meaning: 'signature required or invalid', status: 502, errorCode: 'UPSTREAM_SIGNATURE_REQUIRED', final: false },
  2001: { meaning: 'rate limited by upstream', status: 503, errorCode: 'UPSTREAM_RATE_LIMITED', retryAfter: 30, final: true },
  20274: { meaning: 'too many devices on this account', status: 403, errorCode: 'UPSTREAM_DEVICE_LIMIT', final: true },
  // 502, not 503: retrying cannot help while the identity sent is the fallback or refused (docs/upstream/identity.md).
  104009: {
    meaning: 'refused: no device identity it accepts (invalidq)',
    status: 502,
    errorCode: 'UPSTREAM_DEVICE_IDENTITY_REQUIRED',
    final: true,
  },
};

/** The answer to a code the table does not name. */
export const OTHER_UPSTREAM_CODE = { status: 502, errorCode: 'UPSTREAM_ERROR' } as const;

const codesWhere = (test: (answer: UpstreamCodeAnswer) => boolean): ReadonlySet<number> =>
  new Set(Object.entries(UPSTREAM_CODES).filter(([, answer]) => test(answer)).map(([code]) => Number(code)));

/** The codes that mean "log in again": a stored login is refreshed once on them, a route answers LOGIN_EXPIRED. */
export const LOGIN_CODES = codesWhere((answer) => answer.errorCode === 'LOGIN_EXPIRED');

/** The codes no fallback call is tried on (account, quota, device identity). */
export const FINAL_CODES = codesWhere((answer) => answer.final);

/** A business code in words, naming the code once: 'rate limited by upstream (code 2001)', or 'upstream code 500001'. */
export function describeCode(code: number): string {
  const meaning = UPSTREAM_CODES[code]?.meaning;
  return meaning ? `${meaning} (code ${code})` : `upstream code ${code}`;
}

/** The `Retry-After` header of a code's answer, if it has one. */
export const retryAfterHeader = (answer: { retryAfter?: number }): Record<string, string> | undefined =>
  answer.retryAfter === undefined ? undefined : { 'Retry-After': String(answer.retryAfter) };
