import { UpstreamFailure, type UpstreamFailureKind } from '../common/upstream-failures';
import type { UpstreamHost } from '../config/app-config';

/** The one error type the upstream transport and protocols throw; the exception filter turns it into status + `{ error, errorCode }`. */
export class UpstreamError extends UpstreamFailure {
  constructor(
    readonly kind: UpstreamFailureKind,
    message: string,
    readonly host: UpstreamHost,
    readonly details: { status?: number; upstreamCode?: number; target?: string } = {},
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

/** Upstream business codes that mean something a client can act on (docs/upstream/README.md "Error codes"). */
export const UPSTREAM_CODE_MESSAGES: Record<number, string> = {
  1000: 'login expired or missing',
  104400: 'credential invalid',
  104401: 'credential invalid',
  2000: 'signature required or invalid',
  2001: 'rate limited by upstream',
  20274: 'too many devices on this account',
  104009: 'refused without a device identity (invalidq): the gateway sends none',
};

/** A business code in words, naming the code once: 'rate limited by upstream (code 2001)', or 'upstream code 500001'. */
export function describeCode(code: number): string {
  const meaning = UPSTREAM_CODE_MESSAGES[code];
  return meaning ? `${meaning} (code ${code})` : `upstream code ${code}`;
}

/** What a call to `target` answering business code `code` throws: 'Upstream <target> failed: <describeCode>'. */
export function businessError(code: number, target: string, host: UpstreamHost = 'u'): UpstreamError {
  return new UpstreamError('business', `Upstream ${target} failed: ${describeCode(code)}`, host, { upstreamCode: code, target });
}

/** A musicu key's data (from a partial call), or the business error a strict `musicu` call would have thrown. */
export function requireKey(result: { code: number; data: unknown }, target: string): any {
  if (result.code === 0) return result.data;
  throw businessError(result.code, target);
}

/**
 * Codes about the account, our quota or our device identity (104009): another module would fail the same way, so no
 * fallback call is tried.
 */
const ACCOUNT_OR_QUOTA_CODES = new Set([1000, 104400, 104401, 2001, 20274, 104009]);

/** True when a different upstream call (the documented fallback) may succeed where this one failed. */
export function warrantsFallback(err: unknown): err is UpstreamError {
  return (
    err instanceof UpstreamError &&
    err.kind === 'business' &&
    !ACCOUNT_OR_QUOTA_CODES.has(err.details.upstreamCode ?? -1)
  );
}
