import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger, NotFoundException, Optional } from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import type { Request, Response } from 'express';
import { ResponseShaper } from './response-shape';
import { RouteTable } from './route-table';
import { GatewayError } from './http-error';
import { RequestAbortedError, ShuttingDownError, UpstreamFailure, type UpstreamBlame } from './upstream-failures';
import { OTHER_UPSTREAM_CODE, retryAfterHeader, UPSTREAM_CODES } from './upstream-codes';

interface ErrorBody {
  error: string;
  errorCode: string;
  [extra: string]: unknown;
}

const STATUS_CODES: Partial<Record<number, string>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/** The one place errors become responses: `{ error, errorCode }`, never a stack trace or a secret. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  /** Optional so the filter also serves apps without the route table (a 404 then stays a 404). */
  constructor(
    @Optional() private readonly routes?: RouteTable,
    @Optional() private readonly shaper?: ResponseShaper,
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof NotFoundException) exception = this.noRoute(host.switchToHttp().getRequest<Request>(), exception);
    // The rate limiter has already set Retry-After on the response: the message repeats it.
    const [status, body, headers] =
      exception instanceof ThrottlerException ? describeRateLimit(res.getHeader('Retry-After')) : describeError(exception);
    // getMusicPlay's "no URL" in the legacy shape is the older services' 200, not an error.
    const legacy = this.shaper?.errorAnswer(host.switchToHttp().getRequest<Request>(), body.errorCode);
    if (legacy) {
      res.status(200).json(legacy);
      return;
    }
    if (headers) res.set(headers);
    // For the response cache: only an upstream failure may be answered with a stale copy (docs/operations.md "Caching").
    res.locals.errorCode = body.errorCode;
    // For the request line: which upstream call failed it (docs/operations.md "Logs").
    if (exception instanceof UpstreamFailure) {
      res.locals.upstream = { host: exception.host, target: exception.details.target, kind: exception.kind } satisfies UpstreamBlame;
    }
    res.status(status).json(body);
  }

  /**
   * No route matched. Nest's router says `Cannot <METHOD> <url>` with the whole URL, query included, which may hold
   * the caller's cookie or a token: the answer names the method and path only (as the admin routes' 404 does), or is a
   * 405 when the path has routes for other methods. Any other NotFoundException is left as it is.
   */
  private noRoute(req: Request, exception: NotFoundException): HttpException {
    if (!exception.message.startsWith(`Cannot ${req.method} `)) return exception;
    return this.wrongMethod(req) ?? new GatewayError(HttpStatus.NOT_FOUND, 'NOT_FOUND', `Cannot ${req.method} ${req.path}`);
  }

  /** The path has routes for other methods: a 405 with `Allow`. */
  private wrongMethod(req: Request): GatewayError | undefined {
    const allowed = this.routes?.allowed(req.path);
    if (!allowed || allowed.includes(req.method)) return undefined;
    const allow = allowed.join(', ');
    return new GatewayError(HttpStatus.METHOD_NOT_ALLOWED, 'METHOD_NOT_ALLOWED', `Method ${req.method} is not allowed on ${req.path}; use ${allow}`, {}, { Allow: allow });
  }
}

const logger = new Logger('Errors');

/**
 * The error → response mapping as a plain function: the filter uses it for whole responses, and aggregate endpoints
 * (batches) use it to describe one failed element the same way.
 */
export function describeError(exception: unknown): [number, ErrorBody, Record<string, string>?] {
  if (exception instanceof GatewayError) {
    return [exception.getStatus(), { error: exception.message, errorCode: exception.errorCode, ...exception.extra }, exception.headers];
  }
  if (exception instanceof UpstreamFailure) return describeUpstream(exception);
  if (exception instanceof ShuttingDownError) {
    return [503, { error: exception.message, errorCode: 'SHUTTING_DOWN' }, { 'Retry-After': '1', Connection: 'close' }];
  }
  if (exception instanceof RequestAbortedError) {
    return [499, { error: 'Client closed the request', errorCode: 'CLIENT_CLOSED_REQUEST' }];
  }
  if (exception instanceof ThrottlerException) return describeRateLimit(undefined);
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
  const parserError = bodyParserError(exception);
  if (parserError) return describeError(parserError);
  logger.error(describeThrown(exception));
  return [500, { error: 'Internal server error', errorCode: 'INTERNAL' }];
}

/**
 * What the operator's log says of an unexpected throw: an Error's stack, a string as is; of any other object its kind
 * and property names only (`[object Object]` said nothing, and its values may hold a cookie).
 */
function describeThrown(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.stack ?? thrown.message;
  if (typeof thrown === 'string') return thrown;
  if (typeof thrown !== 'object' || thrown === null) return `Non-Error thrown: ${String(thrown)}`;
  const keys = Object.keys(thrown);
  const kind = (thrown.constructor as { name?: string } | undefined)?.name || 'object';
  const shown = keys.slice(0, 10).join(', ') + (keys.length > 10 ? ', …' : '');
  return `Non-Error thrown: ${kind} ${keys.length ? `with keys ${shown}` : 'without keys'}`;
}

/** The throttler's own message is `ThrottlerException: Too Many Requests`: a class name is no answer for a client. */
function describeRateLimit(retryAfter: unknown): [number, ErrorBody] {
  const seconds = Number(retryAfter);
  const error = Number.isFinite(seconds) && seconds >= 0 ? `Too many requests; retry after ${seconds} s` : 'Too many requests; retry later';
  return [HttpStatus.TOO_MANY_REQUESTS, { error, errorCode: 'TOO_MANY_REQUESTS' }];
}

/**
 * A body-parser failure (invalid JSON, too large, bad charset: an error with its own 4xx `status`) as a GatewayError
 * with a fixed message, else undefined. The parser's own message is never used: for invalid JSON it quotes the start
 * of the body, which may be a cookie or a token.
 */
export function bodyParserError(exception: unknown): GatewayError | undefined {
  if (exception instanceof HttpException) return undefined;
  const { status, type, errno } = (exception ?? {}) as { status?: unknown; type?: unknown; errno?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  // body-parser's own errors (http-errors) carry `type`, naming the failure (entity.parse.failed, entity.too.large, …).
  // A body that does not decompress (Content-Encoding gzip, deflate or br over other bytes, or cut short) is zlib's
  // error given a 400 status, with no type: unrecognised, it was a 500 with an error-level stack trace per request.
  const undecodable = typeof type !== 'string' && typeof errno === 'number';
  if (typeof type !== 'string' && !undecodable) return undefined;
  const message = undecodable
    ? 'Request body could not be decompressed: it does not match its Content-Encoding'
    : type === 'entity.parse.failed'
      ? 'Request body is not valid JSON'
      : type === 'entity.too.large'
        ? 'Request body is too large'
        : 'Request body could not be read';
  return new GatewayError(status, STATUS_CODES[status] ?? `HTTP_${status}`, message);
}

function describeUpstream(err: UpstreamFailure): [number, ErrorBody, Record<string, string>?] {
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
    case 'busy':
      return [503, { error: err.message, errorCode: 'UPSTREAM_BUSY' }, { 'Retry-After': '1' }];
    case 'proxy_unreachable':
      return [502, { error: err.message, errorCode: 'UPSTREAM_PROXY_UNREACHABLE' }];
    case 'proxy_auth':
      return [502, { error: err.message, errorCode: 'UPSTREAM_PROXY_AUTH_FAILED' }];
    case 'proxy_refused':
      return [502, { error: err.message, errorCode: 'UPSTREAM_PROXY_REFUSED' }];
    case 'business': {
      const code = err.details.upstreamCode ?? -1;
      const answer = UPSTREAM_CODES[code] ?? OTHER_UPSTREAM_CODE;
      return [answer.status, { error: err.message, errorCode: answer.errorCode, upstreamCode: code }, retryAfterHeader(answer)];
    }
  }
}
