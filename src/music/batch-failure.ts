import { describeError } from '../common/all-exceptions.filter';
import { GatewayError } from '../common/http-error';
import { UpstreamError } from '../upstream/upstream.errors';

/** A failed element of a batch, as the single route would have answered it. */
export interface BatchFailure {
  error: string;
  errorCode: string;
  upstreamCode?: number;
}

/**
 * The error and errorCode the single route answers for `reason` (account codes stay distinct), plus upstream's
 * business code when there is one. Anything else is an internal error, named as little as the error filter names it.
 */
export function batchFailure(reason: unknown): BatchFailure {
  if (!(reason instanceof GatewayError || reason instanceof UpstreamError)) return { error: 'Internal error', errorCode: 'INTERNAL' };
  const [, body] = describeError(reason);
  const upstreamCode = (reason instanceof GatewayError ? reason.extra : reason.details).upstreamCode;
  return { error: body.error, errorCode: body.errorCode, ...(typeof upstreamCode === 'number' ? { upstreamCode } : {}) };
}
