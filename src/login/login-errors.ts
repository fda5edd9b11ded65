import { HttpStatus } from '@nestjs/common';
import { GatewayError } from '../common/http-error';

/** Upstream answered a login step with something unusable (no uuid, no code, not JSON…): 502 with a stable code. */
export function badLoginAnswer(message: string, errorCode: string): GatewayError {
  return new GatewayError(HttpStatus.BAD_GATEWAY, errorCode, message);
}
