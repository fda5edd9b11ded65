import { HttpStatus } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { describeCode, retryAfterHeader, UPSTREAM_CODES } from '../common/upstream-codes';
import { throwIfLoginCode } from '../user/user-login';

// The refusals every library write shares (docs/library.md "Errors"), so a client sees one vocabulary. A code the
// gateway gives a meaning everywhere (src/common/upstream-codes.ts) keeps it on a write; upstream codes with no
// documented meaning are WRITE_REFUSED with `upstreamCode`.

/** Upstream's "not applied" on a write (docs/upstream/library.md "Error codes seen on these calls"). */
export const NOT_APPLIED = 80092;

/** The GatewayError for an upstream write key that answered `code` (non-zero): login codes first, then the known ones. */
export function writeRefusal(code: number, cookie: string, what: string): GatewayError {
  throwIfLoginCode(code, cookie);
  const known = UPSTREAM_CODES[code];
  if (known) return new GatewayError(known.status, known.errorCode, `QQ Music refused ${what}: ${describeCode(code)}`, { upstreamCode: code }, retryAfterHeader(known));
  if (code === NOT_APPLIED) {
    return new GatewayError(HttpStatus.CONFLICT, 'WRITE_NOT_APPLIED', `QQ Music did not apply ${what} (upstream code ${code}); read the state back and try again`, { upstreamCode: code });
  }
  return new GatewayError(HttpStatus.BAD_GATEWAY, 'WRITE_REFUSED', `QQ Music refused ${what} (upstream code ${code})`, { upstreamCode: code });
}

/** A write whose upstream call timed out or lost its connection: it may have landed, so it is not retried. */
export function writeOutcomeUnknown(what: string): GatewayError {
  return new GatewayError(
    HttpStatus.GATEWAY_TIMEOUT,
    'WRITE_OUTCOME_UNKNOWN',
    `QQ Music did not answer ${what} in time; it may or may not have been applied: read the state back before retrying`,
  );
}
