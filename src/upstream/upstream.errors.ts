import { UpstreamFailure, type UpstreamFailureKind } from '../common/upstream-failures';
import { describeCode, FINAL_CODES } from '../common/upstream-codes';
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
 * True when a different upstream call (the documented fallback) may succeed where this one failed: not on a code about
 * the account, the quota or the device identity, which another module would answer the same way.
 */
export function warrantsFallback(err: unknown): err is UpstreamError {
  return err instanceof UpstreamError && err.kind === 'business' && !FINAL_CODES.has(err.details.upstreamCode ?? -1);
}
