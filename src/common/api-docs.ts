import { applyDecorators } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { jsonSchemaOf, type TSchema } from './answer-schema';

/**
 * OpenAPI helpers shared by every controller. Documentation only: nothing here changes validation or behaviour.
 * Error bodies are always `{ error, errorCode }` (docs/operations.md "Errors"): declared once as the ErrorBody schema,
 * each response narrowing `errorCode` to its own codes (see errorSchema and shareErrorResponses).
 */

export interface ErrorDoc {
  status: number;
  description: string;
  errorCodes: string[];
  /**
   * Its name among the shared responses (`components.responses`): a response made only of named docs is declared
   * once under the names of its parts and referenced from every operation (shareErrorResponses).
   */
  name?: string;
}

/** The outbound proxy's own failures (UPSTREAM_PROXY; all 502): unreachable, credentials refused, tunnel refused. */
export const UPSTREAM_PROXY_CODES = ['UPSTREAM_PROXY_UNREACHABLE', 'UPSTREAM_PROXY_AUTH_FAILED', 'UPSTREAM_PROXY_REFUSED'];

/** The gateway-wide meaning of each status (docs/operations.md "Errors"). */
export const ERROR_DEFAULTS: Record<number, ErrorDoc> = {
  400: { status: 400, name: 'BadInput', description: 'Bad input: missing required, non-numeric, out of range or bad enum value. The message names the parameter.', errorCodes: ['BAD_REQUEST'] },
  401: {
    status: 401,
    name: 'LoginExpired',
    description:
      'Upstream code 1000 (login expired or missing) or 104400/104401 (credential invalid), a stored login being refreshed once first: ' +
      'log in again or refresh the cookie (body has `upstreamCode`).',
    errorCodes: ['LOGIN_EXPIRED'],
  },
  403: { status: 403, name: 'UpstreamDeviceLimit', description: 'Upstream code 20274 (device limit of the account).', errorCodes: ['UPSTREAM_DEVICE_LIMIT'] },
  404: { status: 404, name: 'NotFound', description: 'Not found.', errorCodes: ['NOT_FOUND'] },
  413: { status: 413, name: 'PayloadTooLarge', description: 'Body larger than BODY_LIMIT.', errorCodes: ['PAYLOAD_TOO_LARGE'] },
  502: {
    status: 502,
    name: 'UpstreamFailed',
    description:
      'Upstream unreachable, answered a non-2xx status or an unreadable body (HTML, garbage, truncated), needs a signature (2000), ' +
      'refused the call for want of a device identity (104009, `UPSTREAM_DEVICE_IDENTITY_REQUIRED`), or answered another business code; ' +
      'or the outbound proxy (UPSTREAM_PROXY) is unreachable, refused its credentials or refused the tunnel (`UPSTREAM_PROXY_*`).',
    errorCodes: [
      'UPSTREAM_UNREACHABLE',
      'UPSTREAM_BAD_STATUS',
      'UPSTREAM_BAD_RESPONSE',
      'UPSTREAM_SIGNATURE_REQUIRED',
      'UPSTREAM_DEVICE_IDENTITY_REQUIRED',
      'UPSTREAM_ERROR',
      ...UPSTREAM_PROXY_CODES,
    ],
  },
  500: {
    status: 500,
    name: 'StoredCookieInvalid',
    description: 'The stored login (cookie file or Redis record) holds characters that cannot be sent in a header: set it again (`STORED_COOKIE_INVALID`).',
    errorCodes: ['STORED_COOKIE_INVALID'],
  },
  503: {
    status: 503,
    name: 'UpstreamRateLimitedOrUnavailable',
    description:
      'Upstream code 2001 (`UPSTREAM_RATE_LIMITED`, `Retry-After: 30`); the upstream host\'s circuit breaker is open after recent failures ' +
      '(`UPSTREAM_CIRCUIT_OPEN`, `Retry-After: 10`); upstream answers already fill UPSTREAM_BODY_BUDGET_MB (`UPSTREAM_BUSY`, `Retry-After: 1`); ' +
      'or the gateway is shutting down and ended the upstream call (`SHUTTING_DOWN`, `Retry-After: 1`).',
    errorCodes: ['UPSTREAM_RATE_LIMITED', 'UPSTREAM_CIRCUIT_OPEN', 'UPSTREAM_BUSY', 'SHUTTING_DOWN'],
  },
  504: { status: 504, name: 'UpstreamTimeout', description: 'Upstream did not answer within UPSTREAM_TIMEOUT_MS.', errorCodes: ['UPSTREAM_TIMEOUT'] },
};

/**
 * The 503s of any call to upstream that no business code decides (the login chains, whose codes have their own
 * answers, list these instead of the whole 503 default).
 */
export const UPSTREAM_UNAVAILABLE: ErrorDoc = {
  status: 503,
  name: 'UpstreamUnavailable',
  description:
    'The upstream host\'s circuit breaker is open after recent failures (`UPSTREAM_CIRCUIT_OPEN`, `Retry-After: 10`), ' +
    'upstream answers already fill UPSTREAM_BODY_BUDGET_MB (`UPSTREAM_BUSY`, `Retry-After: 1`), ' +
    'or the gateway is shutting down and ended the upstream call (`SHUTTING_DOWN`, `Retry-After: 1`).',
  errorCodes: ['UPSTREAM_CIRCUIT_OPEN', 'UPSTREAM_BUSY', 'SHUTTING_DOWN'],
};

/** Codes answered with `Retry-After`, and its value (docs/operations.md "Errors"). */
// LOGIN_REFRESH_TOO_FREQUENT: CREDENTIAL_REFRESH_BACKOFF_S, documented at its default.
const RETRY_AFTER: Record<string, number> = { UPSTREAM_RATE_LIMITED: 30, UPSTREAM_CIRCUIT_OPEN: 10, UPSTREAM_BUSY: 1, SHUTTING_DOWN: 1, LOGIN_REFRESH_TOO_FREQUENT: 600 };

/**
 * What every route can answer whatever its own decorators say (see addGatewayWideErrors): 400 for a caller's cookie
 * that cannot be sent on (RequestContextMiddleware) or an unknown response shape (legacyRewrite), 405 for its path asked with another method, 429 from
 * the rate limiter, 500 for a failure the gateway did not foresee.
 */
export const GATEWAY_WIDE_ERRORS: Record<400 | 405 | 429 | 500, ErrorDoc> = {
  400: {
    status: 400,
    name: 'BadCookieOrShape',
    description:
      'The caller\'s cookie (query `cookie`, header `X-Custom-Cookie` or `Cookie`) holds control characters or characters past Latin-1, ' +
      'or `shape` / `X-Response-Shape` names no shape (legacy, normalised or normalized).',
    errorCodes: ['BAD_REQUEST'],
  },
  405: {
    status: 405,
    name: 'MethodNotAllowed',
    description: 'The path exists, but not for this method (e.g. `PUT`); `Allow` lists the methods it answers (GET brings HEAD).',
    errorCodes: ['METHOD_NOT_ALLOWED'],
  },
  429: {
    status: 429,
    name: 'TooManyRequests',
    description:
      'Rate limited: more than RATE_LIMIT requests per RATE_LIMIT_WINDOW_MS from this client IP (only when RATE_LIMIT > 0). `Retry-After` says how many seconds to wait.',
    errorCodes: ['TOO_MANY_REQUESTS'],
  },
  500: { status: 500, name: 'Internal', description: 'Unexpected gateway failure; the details are logged, never sent.', errorCodes: ['INTERNAL'] },
};

/**
 * What every route with a JSON body can answer before its handler runs (see addGatewayWideErrors): the body parser's
 * refusals. The parser's own message is never sent (it may quote the body).
 */
export const BODY_ERRORS: ErrorDoc[] = [
  { status: 400, name: 'BadBody', description: 'A body that is not valid JSON (`Request body is not valid JSON`) or nested deeper than 32 levels.', errorCodes: ['BAD_REQUEST'] },
  { status: 413, name: 'PayloadTooLarge', description: 'Body larger than BODY_LIMIT.', errorCodes: ['PAYLOAD_TOO_LARGE'] },
  {
    status: 415,
    name: 'UnsupportedMediaType',
    description:
      'A body whose `Content-Type` the route does not read (`Content-Type must be application/json (got text/plain)`: JSON, and a form only where the route lists it), ' +
      'a charset other than UTF-8 (`Request body charset must be utf-8 (got utf-16le)`), or a `Content-Encoding` other than gzip, deflate, br or identity.',
    errorCodes: ['UNSUPPORTED_MEDIA_TYPE'],
  },
];

/** What any endpoint that calls upstream can answer besides its own errors. */
export const UPSTREAM_ERRORS = [401, 403, 500, 502, 503, 504] as const;

/** Routes behind AdminTokenGuard: absent without ADMIN_TOKEN (404), token missing or wrong (401). */
export const ADMIN_ERRORS: ErrorDoc[] = [
  { status: 404, name: 'AdminRoutesDisabled', description: 'ADMIN_TOKEN is not set: the route does not exist.', errorCodes: ['NOT_FOUND'] },
  { status: 401, name: 'AdminTokenRequired', description: 'Admin token missing or wrong (`Authorization: Bearer <token>` or `X-Admin-Token`).', errorCodes: ['ADMIN_TOKEN_REQUIRED'] },
];

/** A status with the default text, or an endpoint-specific case (merged with any other case of the same status). */
export type ErrorSpec = number | { status: number; description: string; errorCodes?: string[]; name?: string };

/** The one schema of every error body; each response narrows `errorCode` to its own codes (errorSchema). */
export const ERROR_BODY_SCHEMA = 'ErrorBody';

export const ERROR_BODY: SchemaObject = {
  type: 'object',
  description: 'Every error answer. Some add fields their response names (e.g. `available`, `upstreamResult`).',
  required: ['error', 'errorCode'],
  properties: {
    error: { type: 'string', description: 'What went wrong (for a 400 it names the parameter).' },
    errorCode: { type: 'string', description: 'Stable machine-readable code; each response lists the codes it answers.' },
    upstreamCode: { type: 'integer', description: 'Upstream business code, when the failure came from one.' },
    securityUrl: { type: 'string', description: 'A login upstream refused for want of a captcha or a verification: the page where the user does it.' },
  },
};

/**
 * An error response's body: ErrorBody with `errorCode` narrowed to `codes` by `allOf`, so validators still check the
 * code and generated clients still get the union of literals, while the body's fields are declared once.
 */
export function errorSchema(codes: string[]): SchemaObject {
  return {
    allOf: [
      { $ref: `#/components/schemas/${ERROR_BODY_SCHEMA}` },
      { type: 'object', required: ['errorCode'], properties: { errorCode: { type: 'string', enum: codes, example: codes[0] } } },
    ],
  };
}

/** The `errorCode` values an error response schema built by errorSchema lists. */
export function errorCodesOfSchema(schema: SchemaObject | undefined): string[] {
  const narrowing = (schema?.allOf ?? []).find((part): part is SchemaObject => 'properties' in part && !!part.properties?.errorCode);
  return ((narrowing?.properties?.errorCode as SchemaObject | undefined)?.enum as string[] | undefined) ?? [];
}

/**
 * Marks a response made only of named ErrorDocs with their names, until shareErrorResponses declares it once under
 * them; never left in the served document.
 */
export const SHARED_PARTS = 'x-shared-response-parts';

/** The names of a response's parts, or undefined once an unnamed part joins it. */
export const joinParts = (parts: string[] | undefined, doc: { name?: string }): string[] | undefined => (parts && doc.name ? [...parts, doc.name] : undefined);

/**
 * `@ApiErrorResponses(400, ...UPSTREAM_ERRORS, { status: 404, description: 'Unknown chart', errorCodes: ['CHART_NOT_FOUND'] })`:
 * one `{ error, errorCode }` response per status. Several entries for one status are merged (descriptions joined, codes unioned).
 */
export function ApiErrorResponses(...specs: ErrorSpec[]): MethodDecorator & ClassDecorator {
  const merged = new Map<number, { descriptions: string[]; codes: string[]; parts: string[] | undefined }>();
  for (const spec of specs) {
    const doc = typeof spec === 'number' ? ERROR_DEFAULTS[spec] : { errorCodes: [], ...spec };
    if (!doc) throw new Error(`ApiErrorResponses: no default text for status ${String(spec)}`);
    const entry = merged.get(doc.status) ?? { descriptions: [], codes: [], parts: [] };
    if (!entry.descriptions.includes(doc.description)) {
      entry.descriptions.push(doc.description);
      entry.parts = joinParts(entry.parts, doc);
    }
    for (const code of doc.errorCodes) if (!entry.codes.includes(code)) entry.codes.push(code);
    merged.set(doc.status, entry);
  }
  const decorators = [...merged.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, { descriptions, codes, parts }]) =>
      ApiResponse({
        status,
        description: descriptions.join(' '),
        schema: errorSchema(codes.length ? codes : ['INTERNAL']),
        ...retryAfterHeader(codes),
        ...(parts ? { [SHARED_PARTS]: parts } : {}),
      }),
    );
  return applyDecorators(...decorators);
}

/** The `Retry-After` header of a response whose codes are sent with one (none otherwise). */
export function retryAfterHeader(codes: string[]): { headers?: Record<string, { description: string; schema: Record<string, unknown> }> } {
  const timed = codes.filter((code) => code in RETRY_AFTER);
  if (!timed.length) return {};
  const description = `Seconds to wait: ${timed.map((code) => `${RETRY_AFTER[code]} for ${code}`).join(', ')}.`;
  return { headers: { 'Retry-After': { description, schema: { type: 'integer', example: RETRY_AFTER[timed[0]] } } } };
}

/** 200 with the catalogue envelope `{ code: 0, msg: 'ok', data }`; `data` is the route's answer schema (decision 021). */
export function ApiEnvelope(description: string, dataExample: unknown, dataSchema: TSchema): MethodDecorator & ClassDecorator {
  return ApiOkResponse({
    description,
    schema: {
      type: 'object',
      required: ['code', 'msg', 'data'],
      additionalProperties: false,
      properties: {
        code: { type: 'integer', enum: [0], example: 0 },
        msg: { type: 'string', example: 'ok' },
        data: { ...jsonSchemaOf(dataSchema), example: dataExample },
      },
    },
  });
}

/** 200 with a body that is not the envelope (login, avatar, batch playlists): its schema, with an example. */
export function ApiPlainOk(description: string, example: Record<string, unknown>, schema: TSchema): MethodDecorator & ClassDecorator {
  return ApiOkResponse({ description, schema: { ...jsonSchemaOf(schema), example } });
}

/** The admin token header of AdminTokenGuard routes (`Authorization: Bearer <token>` works as well). */
export function ApiAdminToken(): MethodDecorator & ClassDecorator {
  return ApiHeader({
    name: 'X-Admin-Token',
    required: false,
    description: 'The ADMIN_TOKEN value; alternatively send `Authorization: Bearer <token>`. One of the two is required.',
  });
}
