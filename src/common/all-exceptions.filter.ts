import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { RequestAbortedError, ShuttingDownError, UpstreamError } from '../upstream/upstream.errors';
import { GatewayError } from './http-error';

interface ErrorBody {
  error: string;
  errorCode: string;
  [extra: string]: unknown;
}

/** Upstream business codes → status + errorCode (README "Errors"). Anything else is a 502 UPSTREAM_ERROR. */
const BUSINESS_CODES: Record<number, [HttpStatus, string]> = {
  1000: [HttpStatus.UNAUTHORIZED, 'UPSTREAM_LOGIN_REQUIRED'],
  104400: [HttpStatus.UNAUTHORIZED, 'UPSTREAM_CREDENTIAL_INVALID'],
  104401: [HttpStatus.UNAUTHORIZED, 'UPSTREAM_CREDENTIAL_INVALID'],
  2000: [HttpStatus.BAD_GATEWAY, 'UPSTREAM_SIGNATURE_REQUIRED'],
  2001: [HttpStatus.SERVICE_UNAVAILABLE, 'UPSTREAM_RATE_LIMITED'],
  20274: [HttpStatus.FORBIDDEN, 'UPSTREAM_DEVICE_LIMIT'],
};

const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
};

/** The one place errors become responses: `{ error, errorCode }`, never a stack trace or a secret. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    const [status, body, headers] = describeError(exception);
    if (headers) res.set(headers);
    // For the response cache: only an upstream failure may be answered with a stale copy (README "Caching").
    res.locals.errorCode = body.errorCode;
    res.status(status).json(body);
  }
}

const logger = new Logger('Errors');

/**
 * The error → response mapping as a plain function: the filter uses it for whole responses, and aggregate endpoints
 * (batches) use it to describe one failed element the same way.
 */
export function describeError(exception: unknown): [number, ErrorBody, Record<string, string>?] {
  if (exception instanceof GatewayError) {
    return [exception.getStatus(), { error: exception.message, errorCode: exception.errorCode, ...exception.extra }];
  }
  if (exception instanceof UpstreamError) return describeUpstream(exception);
  if (exception instanceof ShuttingDownError) {
    return [503, { error: exception.message, errorCode: 'SHUTTING_DOWN' }, { 'Retry-After': '1', Connection: 'close' }];
  }
  if (exception instanceof RequestAbortedError) {
    return [499, { error: 'Client closed the request', errorCode: 'CLIENT_CLOSED_REQUEST' }];
  }
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const response = exception.getResponse();
    const message =
      typeof response === 'string'
        ? response
        : Array.isArray((response as { message?: unknown }).message)
          ? ((response as { message: string[] }).message).join('; ')
          : String((response as { message?: unknown }).message ?? exception.message);
    return [status, { error: message, errorCode: STATUS_CODES[status] ?? `HTTP_${status}` }];
  }
  // Body-parser errors (invalid JSON, too large, bad charset) carry their own 4xx status.
  const parserStatus = (exception as { status?: number; type?: string })?.status;
  if (typeof parserStatus === 'number' && parserStatus >= 400 && parserStatus < 500) {
    const type = (exception as { type?: string }).type;
    const message =
      type === 'entity.parse.failed'
        ? 'Request body is not valid JSON'
        : type === 'entity.too.large'
          ? 'Request body is too large'
          : 'Request body could not be read';
    return [parserStatus, { error: message, errorCode: STATUS_CODES[parserStatus] ?? `HTTP_${parserStatus}` }];
  }
  logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
  return [500, { error: 'Internal server error', errorCode: 'INTERNAL' }];
}

function describeUpstream(err: UpstreamError): [number, ErrorBody, Record<string, string>?] {
  switch (err.kind) {
    case 'timeout':
      return [504, { error: err.message, errorCode: 'UPSTREAM_TIMEOUT' }];
    case 'network':
      return [502, { error: err.message, errorCode: 'UPSTREAM_UNREACHABLE' }];
    case 'bad_status':
      return [502, { error: err.message, errorCode: 'UPSTREAM_BAD_STATUS' }];
    case 'bad_body':
      return [502, { error: err.message, errorCode: 'UPSTREAM_BAD_RESPONSE' }];
    case 'circuit_open':
      return [503, { error: err.message, errorCode: 'UPSTREAM_CIRCUIT_OPEN' }, { 'Retry-After': '10' }];
    case 'business': {
      const code = err.details.upstreamCode ?? -1;
      const [status, errorCode] = BUSINESS_CODES[code] ?? [HttpStatus.BAD_GATEWAY, 'UPSTREAM_ERROR'];
      const headers = status === HttpStatus.SERVICE_UNAVAILABLE ? { 'Retry-After': '30' } : undefined;
      return [status, { error: err.message, errorCode, upstreamCode: code }, headers];
    }
  }
}
