import type { UpstreamHost } from '../config/app-config';

export type UpstreamFailureKind = 'timeout' | 'network' | 'bad_status' | 'bad_body' | 'business' | 'circuit_open';

/** The one error type UpstreamHttp throws; the exception filter turns it into status + `{ error, errorCode }`. */
export class UpstreamError extends Error {
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

/** The client went away (or the server is shutting down) before upstream answered. */
export class RequestAbortedError extends Error {
  constructor() {
    super('Request aborted');
    this.name = 'RequestAbortedError';
  }
}

/** The server began shutting down while the call waited (e.g. a long poll). */
export class ShuttingDownError extends Error {
  constructor() {
    super('The gateway is restarting; retry the request');
    this.name = 'ShuttingDownError';
  }
}

/** Codes about the account or our quota: another module would fail the same way, so no fallback call is tried. */
const ACCOUNT_OR_QUOTA_CODES = new Set([1000, 104400, 104401, 2001, 20274]);

/** True when a different upstream call (the documented fallback) may succeed where this one failed. */
export function warrantsFallback(err: unknown): err is UpstreamError {
  return (
    err instanceof UpstreamError &&
    err.kind === 'business' &&
    !ACCOUNT_OR_QUOTA_CODES.has(err.details.upstreamCode ?? -1)
  );
}
