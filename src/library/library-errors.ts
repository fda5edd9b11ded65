import { HttpStatus } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { describeCode, LOGIN_CODES } from '../common/upstream-codes';
import { throwIfLoginCode } from '../user/user-login';

// The refusals every library write shares (docs/library.md "Errors"), so a client sees one vocabulary. Upstream
// codes with no documented meaning are WRITE_REFUSED with `upstreamCode`.

/** Upstream codes with a meaning for writes (docs/upstream/library.md "Error codes seen on these calls"). */
const NOT_APPLIED_CODES = new Set([80092, 2001]);
/** The key service's refusal of a caller without a device identity: not about the write, the same code as any call's. */
const DEVICE_IDENTITY_REQUIRED = 104009;

/** The GatewayError for an upstream write key that answered `code` (non-zero): login codes first, then the known ones. */
export function writeRefusal(code: number, cookie: string, what: string): GatewayError {
  if (LOGIN_CODES.has(code)) throwIfLoginCode(code, cookie);
  if (code === DEVICE_IDENTITY_REQUIRED) {
    return new GatewayError(HttpStatus.BAD_GATEWAY, 'UPSTREAM_DEVICE_IDENTITY_REQUIRED', `QQ Music refused ${what}: ${describeCode(code)}`, { upstreamCode: code });
  }
  if (NOT_APPLIED_CODES.has(code)) {
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
