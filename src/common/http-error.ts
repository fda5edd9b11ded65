import { HttpException, HttpStatus } from '@nestjs/common';

/** A gateway-level failure with a stable machine-readable code, rendered as `{ error, errorCode }`. */
export class GatewayError extends HttpException {
  constructor(
    status: HttpStatus,
    readonly errorCode: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to the error (e.g. `Allow` on a 405). */
    readonly headers?: Record<string, string>,
  ) {
    super(message, status);
  }
}
