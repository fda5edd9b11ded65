import { CACHE_TTL_METADATA } from '@nestjs/cache-manager';
import { Injectable, type INestApplication, type Type } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { OperationObject, ResponseObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { THROTTLER_SKIP } from '@nestjs/throttler/dist/throttler.constants';
import { BODY_ERRORS, ERROR_BODY, ERROR_BODY_SCHEMA, errorCodesOfSchema, errorSchema, GATEWAY_WIDE_ERRORS, joinParts, retryAfterHeader, SHARED_PARTS } from './api-docs';

/**
 * The OpenAPI document, derived at the first /docs or /docs-json request (and by `npm run docs`) from what the
 * controllers declare with the decorators of api-docs.ts: shared error responses, alias paths folded, the gateway-wide
 * errors and cache lifetimes added, and the additions other modules register.
 */

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
