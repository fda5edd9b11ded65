import { CACHE_TTL_METADATA } from '@nestjs/cache-manager';
import { applyDecorators, Injectable, type INestApplication, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { ApiHeader, ApiOkResponse, ApiResponse, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { jsonSchemaOf, type TSchema } from './answer-schema';
import { THROTTLER_SKIP } from '@nestjs/throttler/dist/throttler.constants';

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
const ERROR_BODY_SCHEMA = 'ErrorBody';

const ERROR_BODY: SchemaObject = {
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
function errorSchema(codes: string[]): SchemaObject {
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
const SHARED_PARTS = 'x-shared-response-parts';

/** The names of a response's parts, or undefined once an unnamed part joins it. */
const joinParts = (parts: string[] | undefined, doc: { name?: string }): string[] | undefined => (parts && doc.name ? [...parts, doc.name] : undefined);

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
function retryAfterHeader(codes: string[]): { headers?: Record<string, { description: string; schema: Record<string, unknown> }> } {
  const timed = codes.filter((code) => code in RETRY_AFTER);
  if (!timed.length) return {};
  const description = `Seconds to wait: ${timed.map((code) => `${RETRY_AFTER[code]} for ${code}`).join(', ')}.`;
  return { headers: { 'Retry-After': { description, schema: { type: 'integer', example: RETRY_AFTER[timed[0]] } } } };
}

/** A step that completes the OpenAPI document after the controllers' own (LegacyModule's `x-legacy-shape`). */
export type OpenApiAddition = (document: OpenAPIObject) => void;

/** The additions the modules that own them register at start-up, so this file imports none of those modules. */
@Injectable()
export class OpenApiAdditions {
  private readonly additions: OpenApiAddition[] = [];

  add(addition: OpenApiAddition): void {
    this.additions.push(addition);
  }

  applyTo(document: OpenAPIObject): void {
    for (const addition of this.additions) addition(document);
  }
}

/**
 * The OpenAPI document /docs and /docs-json serve, from the controllers and DTOs; `npm run docs` renders
 * docs/endpoints.md from the same document.
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('QQ Music API gateway')
      .setDescription(
        [
          'Normalised QQ Music catalogue, QR login and user endpoints.',
          'Catalogue answers use the envelope `{ code: 0, msg, data }`; `page` is 0-based on every route the gateway defines (the older services\' /getSearchByType and /searchByType: 1-based, as they were).',
          'Each answer field name is listed once in docs/glossary.md; a renamed field is answered under its old name too (marked `deprecated`) until it is removed.',
          'Errors are `{ error, errorCode }` (plus `upstreamCode` for upstream business codes).',
          'A caller may pass its own login cookie on any request: query `cookie` > header `X-Custom-Cookie` > header `Cookie`;',
          'otherwise the cookie file applies. `?shape=legacy` or `X-Response-Shape: legacy` selects the qq-music-api shape.',
        ].join(' '),
      )
      .setVersion('1')
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Admin-Token' }, 'adminToken')
      // The admin token is an opaque string (ADMIN_TOKEN), not a JWT: the default bearerFormat would say JWT.
      .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: undefined, description: 'The ADMIN_TOKEN value (an opaque string, not a JWT).' })
      .addTag('charts', 'Charts and song info')
      .addTag('playlists', 'Playlists by category, categories, playlist detail, new albums')
      .addTag('singers', 'Singer list, description, songs, albums, MVs, similar singers, fans')
      .addTag('music', 'Play and download URLs, lyrics, albums, batch song info')
      .addTag('mv', 'MV lists, MV play URLs, MVs by tag')
      .addTag('discover', 'Images, digital albums, radio, recommendations, tickets')
      .addTag('comments', 'Comments')
      .addTag('search', 'Search, hot keys, suggestions, chart list')
      .addTag('login', 'QR login: Main = QQ, Alt = WeChat')
      .addTag('user', 'User playlists and avatar')
      .addTag('library', 'Library writes on the caller\'s own account: likes, owned playlists (docs/library.md)')
      .addTag('recommend', 'Personal recommendations (daily songs, guess you like, stations) and a song\'s similar songs, playlists and MVs')
      .addTag('legacy', 'qq-music-api compatibility routes')
      .addTag('operations', 'Health, upstream canary, credential status')
      .build(),
  );
  addGatewayWideErrors(document, app);
  app.get(OpenApiAdditions).applyTo(document);
  addCacheTtls(document, app);
  foldAliasPaths(document);
  shareErrorResponses(document);
  return document;
}

/**
 * Declares the error body once (`components.schemas.ErrorBody`), and each error response made only of named ErrorDocs
 * once (`components.responses`, named after its parts: `StoredCookieInvalidOrInternal`), referenced from every
 * operation that answers it. Repeated inline, the ~900 error responses made up half of the document and of the client
 * generated from it. A response with an endpoint-specific part stays inline.
 */
export function shareErrorResponses(document: OpenAPIObject): void {
  const components = (document.components ??= {});
  components.schemas = { ...components.schemas, [ERROR_BODY_SCHEMA]: ERROR_BODY };
  const shared: Record<string, ResponseObject> = {};
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const responses = item[method]?.responses ?? {};
      for (const [status, response] of Object.entries(responses)) {
        const { [SHARED_PARTS]: parts, ...rest } = response as ResponseObject & { [SHARED_PARTS]?: string[] };
        if (!parts) continue;
        const name = parts.join('Or');
        if (shared[name] && JSON.stringify(shared[name]) !== JSON.stringify(rest)) {
          throw new Error(`shareErrorResponses: two different ${status} responses are both named ${name}; a doc copied with another text must drop its name`);
        }
        shared[name] = rest;
        responses[status] = { $ref: `#/components/responses/${name}` };
      }
    }
  }
  components.responses = { ...components.responses, ...Object.fromEntries(Object.entries(shared).sort(([a], [b]) => a.localeCompare(b))) };
}

/**
 * One documented operation per handler: Swagger lists a handler mounted on several paths (the login routes' /user/
 * and QQ / WX names) once per path, with operation ids `X[0]`, `X[1]`…, which client generators turn into four
 * methods. The first path keeps the operation (id `X`); the others are named in `x-aliases` and its description.
 */
export function foldAliasPaths(document: OpenAPIObject): void {
  const kept = new Map<string, { op: OperationObject; aliases: string[] }>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const op = item[method];
      const match = op?.operationId ? /^(.*)\[(\d+)\]$/.exec(op.operationId) : null;
      if (!op || !match) continue;
      const id = `${method} ${match[1]}`;
      const first = kept.get(id);
      if (!first) {
        op.operationId = match[1];
        kept.set(id, { op, aliases: [] });
        continue;
      }
      first.aliases.push(path);
      delete item[method];
    }
    if (!HTTP_METHODS.some((method) => item[method])) delete document.paths[path];
  }
  for (const { op, aliases } of kept.values()) {
    const named = aliases.map((alias) => `\`${alias}\``).join(', ');
    Object.assign(op, { 'x-aliases': aliases, description: `${op.description ?? ''}\n\nAlso answered at ${named}.`.trim() });
  }
}

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Adds GATEWAY_WIDE_ERRORS to every operation of the built document (merged into a route's own entry for the same
 * status), so no controller can forget them: 400, 405 and 500 everywhere, 429 except on routes the rate limiter skips
 * (@SkipThrottle), and BODY_ERRORS on every route that takes a JSON body. Done on the document, not with decorators,
 * because it covers routes added later as well.
 */
export function addGatewayWideErrors(document: OpenAPIObject, app: INestApplication): void {
  const unthrottled = unthrottledOperations(app);
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      if (!op) continue;
      const skipsLimiter = unthrottled.has(baseOperationId(op.operationId));
      const docs = [
        ...Object.values(GATEWAY_WIDE_ERRORS).filter((doc) => !(doc.status === 429 && skipsLimiter)),
        ...(op.requestBody ? BODY_ERRORS : []),
      ];
      for (const doc of docs) {
        const key = String(doc.status);
        const own = op.responses[key] as (ResponseObject & { [SHARED_PARTS]?: string[] }) | undefined;
        const ownCodes = errorCodesOfSchema(own?.content?.['application/json']?.schema as SchemaObject | undefined);
        const codes = [...new Set([...ownCodes, ...doc.errorCodes])];
        const description = !own?.description ? doc.description : own.description.includes(doc.description) ? own.description : `${own.description} ${doc.description}`;
        const parts = !own?.description ? joinParts([], doc) : own.description.includes(doc.description) ? own[SHARED_PARTS] : joinParts(own[SHARED_PARTS], doc);
        op.responses[key] = {
          description,
          content: { 'application/json': { schema: errorSchema(codes) } },
          ...(parts ? { [SHARED_PARTS]: parts } : {}),
          ...(doc.status === 429
            ? { headers: { 'Retry-After': { description: 'Seconds until this client may send again.', schema: { type: 'integer', example: 42 } } } }
            : doc.status === 405
              ? { headers: { Allow: { description: 'The methods this path answers, e.g. `GET, HEAD` or `POST`.', schema: { type: 'string', example: 'GET, HEAD' } } } }
              : retryAfterHeader(codes)),
        };
      }
    }
  }
}

/**
 * Adds `x-cache-ttl` (seconds) to every operation whose handler has `@CacheTTL`, read from the same metadata the
 * response cache reads (RouteTable), so /docs and docs/endpoints.md show how long an answer is kept.
 */
export function addCacheTtls(document: OpenAPIObject, app: INestApplication): void {
  const ttls = new Map<string, number>();
  forEachHandler(app, (ctrl, name, handler) => {
    const ttl: unknown = Reflect.getMetadata(CACHE_TTL_METADATA, handler);
    if (typeof ttl === 'number') ttls.set(`${ctrl.name}_${name}`, ttl);
  });
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      const ttl = op && ttls.get(baseOperationId(op.operationId));
      if (op && ttl !== undefined) Object.assign(op, { 'x-cache-ttl': ttl });
    }
  }
}

/** The default operationId is `<Controller>_<method>`, plus `[n]` for each extra path of one handler. */
const baseOperationId = (operationId: string | undefined): string => (operationId ?? '').replace(/\[\d+\]$/, '');

/** `<Controller>_<method>` of every handler the rate limiter skips (@SkipThrottle on the handler or its controller). */
function unthrottledOperations(app: INestApplication): Set<string> {
  const skipped = new Set<string>();
  const key = `${THROTTLER_SKIP}default`;
  forEachHandler(app, (ctrl, name, handler) => {
    const skip: unknown = Reflect.getMetadata(key, handler) ?? Reflect.getMetadata(key, ctrl);
    if (skip === true) skipped.add(`${ctrl.name}_${name}`);
  });
  return skipped;
}

function forEachHandler(app: INestApplication, visit: (ctrl: Type<unknown>, name: string, handler: object) => void): void {
  for (const mod of app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as Type<unknown> | undefined;
      if (!ctrl) continue;
      for (const name of Object.getOwnPropertyNames(ctrl.prototype)) {
        const handler: unknown = ctrl.prototype[name];
        if (name !== 'constructor' && typeof handler === 'function') visit(ctrl, name, handler);
      }
    }
  }
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
