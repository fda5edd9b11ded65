/**
 * What an upstream call can end with, as the exception filter answers it. Defined here so common needs nothing from
 * src/upstream: the transport and protocols there throw these, and UpstreamError implements UpstreamFailure.
 */

/** `proxy_*`: UPSTREAM_PROXY itself failed the call (unreachable, refused its credentials, refused the tunnel). */
export type UpstreamFailureKind =
  | 'timeout'
  | 'network'
  | 'bad_status'
  | 'bad_body'
  | 'business'
  | 'circuit_open'
  | 'busy'
  | 'proxy_unreachable'
  | 'proxy_auth'
  | 'proxy_refused';

/** The call failed at the outbound proxy (UPSTREAM_PROXY), before upstream: routes keep its own errorCode. */
export const failedAtProxy = (kind: UpstreamFailureKind): boolean => kind.startsWith('proxy_');

/** A failed upstream call: the filter maps its kind (and a business code) to status + `{ error, errorCode }`. */
export abstract class UpstreamFailure extends Error {
  abstract readonly kind: UpstreamFailureKind;
  abstract readonly host: string;
  abstract readonly details: { status?: number; upstreamCode?: number; target?: string };
}

/** The upstream call an error answer blames, as the exception filter notes it in `res.locals.upstream`. */
export interface UpstreamBlame {
  host: string;
  target?: string;
  kind: string;
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
