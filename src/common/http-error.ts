import { HttpException, HttpStatus } from '@nestjs/common';

/** A gateway-level failure with a stable machine-readable code, rendered as `{ error, errorCode }`. */
export class GatewayError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message, status);
  }
}
