import type { UpstreamHost } from '../config/app-config';

export type UpstreamFailureKind = 'timeout' | 'network' | 'bad_status' | 'bad_body' | 'business';

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
