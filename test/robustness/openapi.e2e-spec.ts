import { documentedRoutes } from '../support/documented-routes';
import { CLIENT_ERROR_ANSWERS } from '../../src/common/client-error';
import { RequestMethod, Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import SwaggerParser from '@apidevtools/swagger-parser';
import AjvDraft04 from 'ajv-draft-04';
import { getMetadataStorage } from 'class-validator';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_ENDPOINTS, DERIVED, DERIVED_ROWS, NO_ROW } from '../support/derived-endpoints';
import { ENDPOINTS, ownAccountRowAdvice } from '../support/endpoints';
import { LoggedQuery, SECRET_PARAMS } from '../../src/logging/logged-query';
import { Harness, startHarness, waitFor } from '../support/harness';

/**
 * The OpenAPI document must describe every route the app registers. Three sources are compared:
 * the expected routes (the ENDPOINTS rows, hand-written or derived (test/support/derived-endpoints.ts), plus the
 * exceptions below), the routes Nest actually
 * registered (read from the controllers' metadata), and the paths in /docs-json. Every input is checked against its DTO (class-validator metadata + property initialisers),
 * so a new endpoint, parameter, default or range that is not documented fails this suite.
 */

/** @nestjs/swagger's metadata key of @ApiExcludeController() (its constants are not exported). */
const API_EXCLUDE_CONTROLLER = 'swagger/apiExcludeController';

type Method = 'get' | 'post';
const get = (path: string): [Method, string] => ['get', path];
const post = (path: string): [Method, string] => ['post', path];

/**
 * Routes with no ENDPOINTS row, and why (NO_ROW in test/support/derived-endpoints.ts: the derivation skips them).
 * Every other route has a hand row in test/support/endpoints.ts or a derived one. An alias (another path of a handler
 * that has a row: /getQQLoginQr, /user/getMainLoginQr…) is covered by that row and needs neither.
 */
const NOT_IN_ENDPOINTS = NO_ROW;

/**
 * Other paths of a handler that has a row in ENDPOINTS: the login routes under `/user/` and under the reference
 * projects' names (QQ = Main, WX = Alt). Such an alias is covered by its handler's row.
 */
const ALIASES: [Method, string][] = ['', '/user'].flatMap((prefix) => [
  ...(prefix
    ? [get(`${prefix}/getMainLoginQr`), post(`${prefix}/checkMainLoginQr`), get(`${prefix}/getAltLoginQr`), post(`${prefix}/checkAltLoginQr`), post(`${prefix}/sendPhoneLoginCode`), post(`${prefix}/checkPhoneLoginCode`), get(`${prefix}/getAppLoginQr`), post(`${prefix}/checkAppLoginQr`)]
    : []),
  get(`${prefix}/getQQLoginQr`),
  post(`${prefix}/checkQQLoginQr`),
  get(`${prefix}/getWXLoginQr`),
  post(`${prefix}/checkWXLoginQr`),
]);

/**
 * Every route the app must register and document: one per ENDPOINTS row (hand-written in test/support/endpoints.ts,
 * or derived from this document and the fake upstream's log; the rows put it under the hostile-input, faults, security
 * and upstream-schema suites), plus NOT_IN_ENDPOINTS and ALIASES. A documented route gets a derived row by itself;
 * one registered but hidden from the document has none and fails below.
 */
const EXPECTED_ROUTES: [Method, string][] = [
  ...new Map<string, [Method, string]>(
    [
      ...ALL_ENDPOINTS.map((e): [Method, string] => [e.method === 'GET' ? 'get' : 'post', e.path]),
      ...Object.keys(NOT_IN_ENDPOINTS).map((route): [Method, string] => {
        const [method, path] = route.split(' ');
        return [method === 'GET' ? 'get' : 'post', path];
      }),
      ...ALIASES,
    ].map((route) => [`${route[0]} ${route[1]}`, route]),
  ).values(),
];

/** The Terminus probes: a check down answers 503 (/health/upstream answers from memory, always 200 to an admin). */
const TERMINUS_PROBES = new Set(['/health/live', '/health/ready']);
/**
 * Built locally (no upstream call) or health probes; /batchGetSongInfo and /getMusicPlayBatch report upstream failures
 * per entry inside their 200.
 */
const UPSTREAM_FREE = new Set(['/getImageUrl', '/user/getUserAvatar', '/health/live', '/health/ready', '/health/upstream', '/batchGetSongInfo', '/getMusicPlayBatch', '/user/credential/status', '/user/setCookie', '/user/getCookie']);

/**
 * One-of parameter pairs (one is required, one wins when both are sent): the one named here has no `example` (its
 * example is in its description), so the example request Swagger UI builds sends only the other.
 */
const ALTERNATIVE_WITHOUT_EXAMPLE: Record<string, string> = { '/getSongInfo': 'songmid', '/user/getUserAvatar': 'k' };

/** Spot checks named in the issue, on top of the generic "every DTO default is documented" rule. */
const NAMED_DEFAULTS: [string, string, unknown][] = [
  ['/getRanks', 'limit', 20],
  ['/getMv', 'area_id', 15],
  ['/getImageUrl', 'size', '300x300'],
  ['/getImageUrl', 'maxAge', 2592000],
  ['/user/getUserPlaylists', 'limit', 30],
];

const TAGS = ['charts', 'playlists', 'singers', 'music', 'mv', 'discover', 'comments', 'search', 'login', 'user', 'library', 'recommend', 'operations', 'legacy'];

interface AppRoute {
  method: Method;
  path: string;
  /** `Controller.method`: the paths of one handler are aliases. */
  handler: string;
  query?: Type<unknown>;
  body?: Type<unknown>;
}

/** Every route Nest registered, with the DTO classes of its @Query() / @Body() (controllers hidden from Swagger excluded). */
function registeredRoutes(h: Harness): AppRoute[] {
  const routes: AppRoute[] = [];
  const seen = new Set<unknown>();
  for (const mod of h.app.get(ModulesContainer).values()) {
    for (const wrapper of mod.controllers.values()) {
      const ctrl = wrapper.metatype as Type<unknown> | undefined;
      if (!ctrl || seen.has(ctrl)) continue;
      seen.add(ctrl);
      if (Reflect.getMetadata(API_EXCLUDE_CONTROLLER, ctrl)?.[0]) continue;
      const prefixes = ([] as string[]).concat(Reflect.getMetadata(PATH_METADATA, ctrl) ?? '/');
      for (const name of Object.getOwnPropertyNames(ctrl.prototype)) {
        const handler = ctrl.prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const paths = Reflect.getMetadata(PATH_METADATA, handler);
        if (paths === undefined) continue;
        const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
        const method: Method | undefined =
          requestMethod === RequestMethod.GET ? 'get' : requestMethod === RequestMethod.POST ? 'post' : undefined;
        if (!method) throw new Error(`${ctrl.name}.${name}: unexpected HTTP method ${requestMethod}; extend this test`);
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, ctrl, name) ?? {}) as Record<string, { index: number }>;
        const types = (Reflect.getMetadata('design:paramtypes', ctrl.prototype, name) ?? []) as Type<unknown>[];
        const dtoOf = (kind: RouteParamtypes) => {
          const entry = Object.entries(args).find(([key]) => key.split(':')[0] === String(kind));
          return entry ? types[entry[1].index] : undefined;
        };
        for (const prefix of prefixes) {
          for (const p of ([] as string[]).concat(paths)) {
            const path = ('/' + [prefix, p].map((s) => s.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')) || '/';
            routes.push({ method, path, handler: `${ctrl.name}.${name}`, query: dtoOf(RouteParamtypes.QUERY), body: dtoOf(RouteParamtypes.BODY) });
          }
        }
      }
    }
  }
  return routes;
}

interface DtoProp {
  name: string;
  required: boolean;
  default: unknown;
  min?: number;
  max?: number;
  allowed?: unknown[];
}

/** What the DTO accepts, read from class-validator's metadata and the property initialisers. */
function dtoProps(dto: Type<unknown>): DtoProp[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const instance = new (dto as new () => Record<string, unknown>)();
  const names = [...new Set(metas.map((m) => m.propertyName))];
  return names.map((name) => {
    const own = metas.filter((m) => m.propertyName === name && !m.each);
    const byName = (n: string) => own.find((m) => m.name === n)?.constraints;
    return {
      name,
      required: own.some((m) => m.type === 'isDefined' || m.name === 'isNotEmpty'),
      default: instance[name],
      min: byName('min')?.[0] as number | undefined,
      max: byName('max')?.[0] as number | undefined,
      allowed: byName('isIn')?.[0] as unknown[] | undefined,
    };
  });
}

describe('OpenAPI document (/docs-json) and Swagger UI (/docs)', () => {
  let h: Harness;
  let doc: any;
  let appRoutes: AppRoute[];

  beforeAll(async () => {
    h = await startHarness();
    doc = (await h.http().get('/docs-json').expect(200)).body;
    appRoutes = registeredRoutes(h);
  });
  afterAll(() => h.close());

  /** A schema or response with its `$ref` followed (`#/components/schemas/…`, `#/components/responses/…`). */
  const resolve = (node: any): any => (node?.$ref ? resolve(node.$ref.replace(/^#\//, '').split('/').reduce((at: any, key: string) => at?.[key], doc)) : node);
  /** A schema with its `allOf` parts merged into one: an error body is ErrorBody narrowed to the response's codes. */
  const flatten = (node: any): any => {
    const schema = resolve(node);
    if (!schema?.allOf) return schema;
    const parts = schema.allOf.map(flatten);
    const properties: Record<string, any> = {};
    for (const part of parts) for (const [name, prop] of Object.entries<any>(part.properties ?? {})) properties[name] = { ...properties[name], ...prop };
    return { type: 'object', properties, required: [...new Set(parts.flatMap((part: any) => part.required ?? []))] };
  };
  /** The body schema of one documented error response, shared or inline. */
  const errorBody = (res: any): any => flatten(resolve(res)?.content?.['application/json']?.schema);
  /** The errorCode enum of one documented response. */
  const codes = (res: any): string[] => errorBody(res)?.properties?.errorCode?.enum ?? [];
  /** An operation's responses with the shared ones (`$ref`) resolved. */
  const resolveAll = (responses: Record<string, any>): Record<string, any> => Object.fromEntries(Object.entries(responses).map(([status, res]) => [status, resolve(res)]));
  /** Every documented route, alias paths (`x-aliases`) included. */
  const docRoutes = (): string[] => documentedRoutes(doc).map((r) => `${r.method.toUpperCase()} ${r.path}`);
  /** The operation documenting a route (for an alias path, its handler's operation). */
  const opOf = (method: string, path: string): any => documentedRoutes(doc).find((r) => r.method === method && r.path === path)?.op;
  const key = ([m, p]: [Method, string]) => `${m.toUpperCase()} ${p}`;

  it('is a valid OpenAPI 3.0 document (the official schema, every $ref resolved), as client generators read it', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    // swagger-parser dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(doc))).resolves.toBeDefined();
  });

  it('documents each handler once: alias paths in x-aliases and the description, operation ids unique and plain', () => {
    const ops = Object.entries<Record<string, any>>(doc.paths).flatMap(([path, item]) => Object.values<any>(item).map((op) => ({ path, op })));
    const ids = ops.map(({ op }) => op.operationId as string);
    expect(ids.filter((id) => /\[\d+\]$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    const check = doc.paths['/checkMainLoginQr'].post;
    expect(check.operationId).toBe('LoginController_checkMainLoginQr');
    expect(check['x-aliases']).toEqual(['/user/checkMainLoginQr', '/checkQQLoginQr', '/user/checkQQLoginQr']);
    expect(check.description).toContain('Also answered at `/user/checkMainLoginQr`, `/checkQQLoginQr`, `/user/checkQQLoginQr`.');
    expect(doc.paths['/user/checkMainLoginQr']).toBeUndefined();
  });

  it('the admin bearer scheme is a plain bearer token, not announced as a JWT', () => {
    expect(doc.components?.securitySchemes?.bearer).toEqual({ type: 'http', scheme: 'bearer', description: expect.stringContaining('not a JWT') });
  });

  // Inline, the error bodies made up half of the document and of the TypeScript client generated from it.
  it('declares the error body once: every error response narrows ErrorBody by allOf, the common ones are shared responses', () => {
    const errorBodyRef = { $ref: '#/components/schemas/ErrorBody' };
    expect(doc.components.schemas.ErrorBody).toEqual(expect.objectContaining({ type: 'object', required: ['error', 'errorCode'] }));
    const problems: string[] = [];
    const referenced = new Set<string>();
    for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
      for (const [method, op] of Object.entries<any>(item)) {
        for (const [status, res] of Object.entries<any>(op.responses)) {
          if (Number(status) < 400) continue;
          if (res.$ref) referenced.add(res.$ref);
          const schema = resolve(res)?.content?.['application/json']?.schema;
          const [base, narrowing] = schema?.allOf ?? [];
          if (JSON.stringify(base) !== JSON.stringify(errorBodyRef) || Object.keys(narrowing?.properties ?? {}).join() !== 'errorCode') {
            problems.push(`${method} ${path} ${status}: ${JSON.stringify(schema).slice(0, 120)}`);
          }
        }
        if (op.responses['405']?.$ref !== '#/components/responses/MethodNotAllowed') problems.push(`${method} ${path} 405 is not the shared MethodNotAllowed`);
      }
    }
    expect(problems).toEqual([]);
    expect(Object.keys(doc.components.responses).map((name) => `#/components/responses/${name}`).sort()).toEqual([...referenced].sort());
    expect(referenced.size).toBeGreaterThan(10);
    // the marker shareErrorResponses works from is never served
    expect(JSON.stringify(doc)).not.toContain('x-shared-response-parts');
  });

  it('every example matches the schema it stands in (parameters, bodies, responses, nested properties)', async () => {
    const dereferenced = (await SwaggerParser.dereference(structuredClone(doc))) as any;
    // OpenAPI 3.0 schemas are JSON Schema draft 4 (boolean exclusiveMinimum) plus keywords ajv need not know.
    const ajv = new AjvDraft04({ strict: false, allErrors: true });
    const mismatches: string[] = [];
    let checked = 0;
    const seen = new Set<object>();
    const walk = (schema: any, where: string): void => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      if (schema.example !== undefined) {
        checked++;
        const valid = ajv.compile(schema);
        if (!valid(schema.example)) mismatches.push(`${where}: ${JSON.stringify(schema.example).slice(0, 80)} (${ajv.errorsText(valid.errors)})`);
      }
      for (const [name, property] of Object.entries<any>(schema.properties ?? {})) walk(property, `${where}.${name}`);
      walk(schema.items, `${where}[]`);
      for (const part of [...(schema.allOf ?? []), ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])]) walk(part, where);
    };
    for (const [path, operations] of Object.entries<any>(dereferenced.paths)) {
      for (const [method, operation] of Object.entries<any>(operations)) {
        for (const parameter of operation.parameters ?? []) walk(parameter.schema, `${method} ${path} ?${parameter.name}`);
        for (const content of Object.values<any>(operation.requestBody?.content ?? {})) walk(content.schema, `${method} ${path} body`);
        for (const [status, response] of Object.entries<any>(operation.responses ?? {})) {
          for (const content of Object.values<any>(response.content ?? {})) walk(content.schema, `${method} ${path} ${status}`);
        }
      }
    }
    expect(mismatches).toEqual([]);
    // the walk reached the examples: every operation's parameters and envelopes carry some
    expect(checked).toBeGreaterThan(300);
  });

  it('lists exactly the routes the app registers, and those are exactly the expected ones', () => {
    const expected = EXPECTED_ROUTES.map(key).sort();
    const registered = appRoutes.map((r) => key([r.method, r.path]));
    const documented = docRoutes();
    const where = 'a hand or derived ENDPOINTS row (test/support/endpoints.ts, derived-endpoints.ts), or an entry in NO_ROW or ALIASES';
    expect({
      [`registered, without ${where}`]: registered.filter((r) => !expected.includes(r)),
      [`${where}, not registered`]: expected.filter((r) => !registered.includes(r)),
      [`in /docs-json, without ${where}`]: documented.filter((r) => !expected.includes(r)),
      [`${where}, not in /docs-json`]: expected.filter((r) => !documented.includes(r)),
    }).toEqual({
      [`registered, without ${where}`]: [],
      [`${where}, not registered`]: [],
      [`in /docs-json, without ${where}`]: [],
      [`${where}, not in /docs-json`]: [],
    });
    expect(documented.sort()).toEqual(expected);
    expect(appRoutes.map((r) => key([r.method, r.path])).sort()).toEqual(expected);
  });

  it('logged URLs show the values of exactly the query parameters the document declares, secrets excepted', () => {
    const declared = Object.values<Record<string, any>>(doc.paths).flatMap((ops) =>
      Object.values(ops).flatMap((op: any) => (op?.parameters ?? []).filter((p: any) => p.in === 'query').map((p: any) => p.name as string)),
    );
    const expected = [...new Set([...declared, 'shape', 'nocache'])].filter((name) => !SECRET_PARAMS.has(name.toLowerCase())).sort();
    expect(declared.length).toBeGreaterThan(20);
    expect(h.app.get(LoggedQuery).allowedNames()).toEqual(expected);
  });

  it('NOT_IN_ENDPOINTS and ALIASES hold only what needs them: routes without a row, aliases of handlers with one', () => {
    const rows = new Set(ALL_ENDPOINTS.map((e) => `${e.method} ${e.path}`));
    const handlerOf = (route: string) => appRoutes.find((r) => key([r.method, r.path]) === route)?.handler;
    const handlersWithRow = new Set([...rows].map(handlerOf).filter(Boolean));
    expect({
      'in NO_ROW (test/support/derived-endpoints.ts) but has a row in ENDPOINTS': Object.keys(NOT_IN_ENDPOINTS).filter((route) => rows.has(route)),
      'in ALIASES (test/robustness/openapi.e2e-spec.ts) but its handler has no row in ENDPOINTS (give it a documented first path, or list it in NO_ROW)': ALIASES.map(key).filter(
        (route) => rows.has(route) || !handlersWithRow.has(handlerOf(route)),
      ),
    }).toEqual({
      'in NO_ROW (test/support/derived-endpoints.ts) but has a row in ENDPOINTS': [],
      'in ALIASES (test/robustness/openapi.e2e-spec.ts) but its handler has no row in ENDPOINTS (give it a documented first path, or list it in NO_ROW)': [],
    });
    // the spec's login aliases: every channel's get and check under /user/ and the references' QQ/WX names
    expect(ALIASES).toHaveLength(16);
  });

  // The data-driven suites (hostile-input, security, faults) attack only the parameters a row lists: one left out is
  // never attacked, and nothing said so (checkAltLoginQr's `last` was missing).
  it('every ENDPOINTS row (with the other rows of its route) lists every parameter of the route\'s DTO', () => {
    const listed = new Map<string, Set<string>>();
    for (const e of ALL_ENDPOINTS) {
      const route = `${e.method} ${e.path}`;
      listed.set(route, new Set([...(listed.get(route) ?? []), ...Object.keys(e.params)]));
    }
    const unlisted = [...listed].flatMap(([route, names]) => {
      const r = appRoutes.find((x) => key([x.method, x.path]) === route);
      const dto = r?.query ?? r?.body;
      return (dto ? dtoProps(dto) : []).filter((p) => !names.has(p.name)).map((p) => `${route} ${p.name}`);
    });
    expect(listed.size).toBeGreaterThan(30);
    expect(unlisted).toEqual([]);
  });

  // A route without a hand row is covered through its derived row: the example request the document gives and the
  // upstream calls the fake logged for it. Without them the data-driven suites would attack nothing real.
  it('every derived ENDPOINTS row has a documented example the gateway answers, and the upstream calls it made', () => {
    const problems = DERIVED_ROWS.flatMap((d) => {
      const route = `${d.method} ${d.path}`;
      return [
        ...d.missingExamples.map(
          (name) => `${route}: required ${name} has no example; add \`example\` to its @ApiProperty in the DTO (or a named body example in @ApiBody)`,
        ),
        ...(d.missingExamples.length || d.exampleStatus < 300
          ? []
          : d.exampleErrorCode === 'LOGIN_REQUIRED'
            ? [ownAccountRowAdvice(d)]
            : [`${route}: the documented example request is answered ${d.exampleStatus}; make the DTO examples a valid request the fake upstream answers (add its fixture)`]),
        // (a refused example calls nothing: that is reported above)
        ...(d.upstream.length || UPSTREAM_FREE.has(d.path) || d.missingExamples.length || d.exampleStatus >= 300
          ? []
          : [`${route}: its example made no upstream call; if it answers without upstream, add it to UPSTREAM_FREE (test/robustness/openapi.e2e-spec.ts)`]),
        ...(d.upstream.length && UPSTREAM_FREE.has(d.path) ? [`${route}: in UPSTREAM_FREE, but its example called upstream`] : []),
      ];
    });
    expect(problems).toEqual([]);
    // every hand row's route was derived too (the derivation saw the whole document)
    const derivedRoutes = new Set(DERIVED.map((e) => `${e.method} ${e.path}`));
    expect(ENDPOINTS.filter((e) => !derivedRoutes.has(`${e.method} ${e.path}`))).toEqual([]);
  });

  it('the spec-named defaults are in the document', () => {
    for (const [path, name, value] of NAMED_DEFAULTS) {
      const param = doc.paths[path].get.parameters.find((p: any) => p.name === name);
      expect({ path, name, default: param?.schema?.default }).toEqual({ path, name, default: value });
    }
  });

  it('declares the tags used by the operations', () => {
    const used = new Set(Object.values<any>(doc.paths).flatMap((ops) => Object.values<any>(ops).flatMap((op) => op.tags ?? [])));
    expect([...used].sort()).toEqual([...TAGS].sort());
  });

  describe.each(EXPECTED_ROUTES.map((r) => [key(r), r] as const))('%s', (_name, [method, path]) => {
    const op = () => opOf(method, path);
    const route = () => appRoutes.find((r) => r.method === method && r.path === path) as AppRoute;

    it('has a tag, a summary and a description', () => {
      expect(op()).toBeDefined();
      expect(op().tags?.length).toBe(1);
      expect(TAGS).toContain(op().tags[0]);
      expect(op().summary).toEqual(expect.stringMatching(/\S{3}/));
      expect(op().description).toEqual(expect.stringMatching(/\S{3}/));
    });

    it('documents every query parameter of its DTO (description, type, example, required, default, range, values)', () => {
      const params: any[] = (op().parameters ?? []).filter((p: any) => p.in === 'query');
      const props = route().query ? dtoProps(route().query as Type<unknown>) : [];
      expect(params.map((p) => p.name).sort()).toEqual(props.map((p) => p.name).sort());
      // Besides the DTO's query parameters only documented headers (cookie, admin token) are allowed.
      for (const p of op().parameters?.filter((x: any) => x.in !== 'query') ?? []) {
        expect({ path, in: p.in, name: p.name, described: p.description?.length > 5 }).toEqual({ path, in: 'header', name: p.name, described: true });
      }
      for (const prop of props) {
        const p = params.find((x) => x.name === prop.name);
        const where = `${path} ?${prop.name}`;
        expect({ where, description: typeof p.description === 'string' && p.description.length > 5 }).toEqual({ where, description: true });
        expect({ where, type: p.schema?.type ?? (p.schema?.oneOf ? 'oneOf' : undefined) }).toEqual({ where, type: expect.any(String) });
        if (ALTERNATIVE_WITHOUT_EXAMPLE[path] === prop.name) {
          // Swagger UI fills in every example: the alternative of a one-of pair has its example in the description.
          expect({ where, example: p.example ?? p.schema?.example, inDescription: /e\.g\. `[^`]+`/.test(p.description) }).toEqual({ where, example: undefined, inDescription: true });
        } else {
          expect({ where, example: p.example !== undefined || p.schema?.example !== undefined }).toEqual({ where, example: true });
        }
        expect({ where, required: p.required === true }).toEqual({ where, required: prop.required });
        expect({ where, default: p.schema?.default }).toEqual({ where, default: prop.default });
        if (prop.min !== undefined) expect({ where, minimum: p.schema.minimum }).toEqual({ where, minimum: prop.min });
        if (prop.max !== undefined) expect({ where, maximum: p.schema.maximum }).toEqual({ where, maximum: prop.max });
        if (prop.allowed) expect({ where, enum: p.schema.enum }).toEqual({ where, enum: expect.arrayContaining(prop.allowed) });
      }
    });

    it('documents its JSON body against its DTO (POST only)', () => {
      if (method !== 'post') {
        expect(op().requestBody).toBeUndefined();
        return;
      }
      const body = op().requestBody;
      expect(body?.content?.['application/json']).toBeDefined();
      const schema = resolve(body.content['application/json'].schema);
      const props = dtoProps(route().body as Type<unknown>);
      expect(Object.keys(schema.properties ?? {}).sort()).toEqual(props.map((p) => p.name).sort());
      expect([...(schema.required ?? [])].sort()).toEqual(props.filter((p) => p.required).map((p) => p.name).sort());
      for (const prop of props) {
        const s = schema.properties[prop.name];
        const where = `${path} body.${prop.name}`;
        expect({ where, description: typeof s.description === 'string' && s.description.length > 5, example: s.example !== undefined }).toEqual({ where, description: true, example: true });
        expect({ where, default: s.default }).toEqual({ where, default: prop.default });
        if (prop.min !== undefined) expect({ where, minimum: s.minimum }).toEqual({ where, minimum: prop.min });
        if (prop.max !== undefined) expect({ where, maximum: s.maximum }).toEqual({ where, maximum: prop.max });
        if (prop.allowed) expect({ where, enum: s.enum }).toEqual({ where, enum: expect.arrayContaining(prop.allowed) });
      }
    });

    it('documents a 200 answer with a schema or example', () => {
      const ok = op().responses?.['200'];
      expect(ok?.description).toEqual(expect.stringMatching(/\S/));
      const schema = resolve(ok.content?.['application/json']?.schema);
      expect(schema?.example !== undefined || Object.keys(schema?.properties ?? {}).length > 0).toBe(true);
    });

    it('documents 400 (every route checks the caller\'s cookie), and every error answer as { error, errorCode }', () => {
      expect({ path, 400: codes(op().responses['400']) }).toEqual({ path, 400: ['BAD_REQUEST'] });
      const errors = Object.entries<any>(op().responses).filter(([status]) => Number(status) >= 400);
      expect(errors.length).toBeGreaterThan(0);
      for (const [status, res] of errors) {
        const schema = errorBody(res);
        const where = `${path} ${status}`;
        expect({ where, props: Object.keys(schema?.properties ?? {}) }).toEqual({ where, props: expect.arrayContaining(['error', 'errorCode']) });
        expect({ where, required: schema.required }).toEqual({ where, required: expect.arrayContaining(['error', 'errorCode']) });
        expect({ where, codes: schema.properties.errorCode.enum?.length > 0 }).toEqual({ where, codes: true });
        expect(resolve(res).description).toEqual(expect.stringMatching(/\S/));
      }
    });
  });

  it('documents the upstream error statuses on endpoints that call upstream, and the endpoint-specific codes', () => {
    const upstreamFree = UPSTREAM_FREE;
    const codesAt = (path: string, method: Method, status: number): string[] => codes(opOf(method, path).responses[String(status)]);
    for (const [method, path] of EXPECTED_ROUTES) {
      const statuses = Object.keys(opOf(method, path).responses).map(Number);
      // 500 (INTERNAL) is on every route: see the next test.
      if (upstreamFree.has(path)) expect({ path, upstream: statuses.filter((s) => s > 500) }).toEqual({ path, upstream: TERMINUS_PROBES.has(path) ? [503] : [] });
      else expect({ path, statuses }).toEqual({ path, statuses: expect.arrayContaining([502, 504]) });
    }
    expect(codesAt('/getRanks', 'get', 404)).toEqual(['CHART_NOT_FOUND']);
    expect(codesAt('/getSongInfo', 'get', 404)).toEqual(['SONG_NOT_FOUND']);
    expect(codesAt('/getMusicPlay', 'get', 404)).toEqual(['SONG_NOT_FOUND', 'QUALITY_UNAVAILABLE']);
    expect(codesAt('/getMusicPlay', 'get', 403)).toEqual(expect.arrayContaining(['NO_PLAY_URL', 'UPSTREAM_DEVICE_LIMIT']));
    expect(codesAt('/getSongListDetail', 'get', 404)).toEqual(['PLAYLIST_NOT_FOUND']);
    expect(codesAt('/getMvPlay', 'get', 502)).toContain('MV_URL_UNAVAILABLE');
    expect(codesAt('/user/getUserPlaylists', 'get', 401)).toEqual(['LOGIN_REQUIRED', 'LOGIN_EXPIRED']);
    expect(doc.paths['/user/getUserPlaylists'].get.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name)).toEqual(['X-Custom-Cookie']);
    expect(codesAt('/getComments', 'get', 401)).toEqual(['LOGIN_EXPIRED']);
    expect(codesAt('/getComments', 'get', 503)).toEqual(['UPSTREAM_RATE_LIMITED', 'UPSTREAM_CIRCUIT_OPEN', 'UPSTREAM_BUSY', 'SHUTTING_DOWN']);
    expect(resolve(doc.paths['/getComments'].get.responses['503']).headers['Retry-After']).toBeDefined();
    expect(codesAt('/checkMainLoginQr', 'post', 403)).toEqual(['LOGIN_TOKEN_MISMATCH', 'LOGIN_QR_UNKNOWN', 'LOGIN_DEVICE_LIMIT']);
    expect(codesAt('/user/checkWXLoginQr', 'post', 504)).toEqual(['LOGIN_TIMEOUT']);
    for (const [method, path] of [['get', '/user/credential/status'], ['post', '/user/setCookie'], ['get', '/user/getCookie']] as const) {
      expect({ path, 401: codesAt(path, method, 401), 404: codesAt(path, method, 404) }).toEqual({ path, 401: ['ADMIN_TOKEN_REQUIRED'], 404: ['NOT_FOUND'] });
      expect(opOf(method, path).parameters.map((p: any) => `${p.in}:${p.name}`)).toEqual(['header:X-Admin-Token']);
    }
  });

  /** The routes that answer 429 for their own budgets besides RATE_LIMIT's (the phone login's SMS budgets, decision 032). */
  const OWN_429: Record<string, string[]> = {
    '/sendPhoneLoginCode': ['PHONE_CODE_TOO_SOON', 'PHONE_CODE_NUMBER_BUDGET', 'PHONE_CODE_IP_BUDGET', 'LOGIN_UPSTREAM_LIMITED'],
    '/checkPhoneLoginCode': ['LOGIN_CODE_ATTEMPTS', 'LOGIN_UPSTREAM_LIMITED'],
  };

  it('documents 500 (INTERNAL) on every route and 429 (TOO_MANY_REQUESTS, Retry-After) on every rate-limited one', () => {
    for (const [method, path] of EXPECTED_ROUTES) {
      const responses = resolveAll(opOf(method, path).responses);
      expect({ path, method, 500: codes(responses['500']) }).toEqual({ path, method, 500: expect.arrayContaining(['INTERNAL']) });
      if (path.startsWith('/health/')) {
        // @SkipThrottle: the probes are never limited
        expect({ path, has429: '429' in responses }).toEqual({ path, has429: false });
        continue;
      }
      expect({ path, method, 429: [...codes(responses['429'])].sort(), retryAfter: responses['429']?.headers?.['Retry-After'] !== undefined }).toEqual({
        path,
        method,
        429: ['TOO_MANY_REQUESTS', ...(OWN_429[path.replace(/^\/user\//, '/')] ?? [])].sort(),
        retryAfter: true,
      });
      expect(responses['429'].description).toMatch(/RATE_LIMIT/);
    }
    // a route's own 500 is kept, merged with the gateway-wide one
    expect(codes(doc.paths['/user/setCookie'].post.responses['500'])).toEqual(['COOKIE_WRITE_FAILED', 'INTERNAL']);
    expect(resolve(doc.paths['/user/setCookie'].post.responses['500']).description).toMatch(/cookie file/);
  });

  it('the documented 429 matches what the gateway answers', async () => {
    const limited = await startHarness({ env: { RATE_LIMIT: '1' } });
    try {
      await limited.http().get('/getImageUrl?id=001').expect(200);
      const res = await limited.http().get('/getImageUrl?id=001').expect(429);
      expect(res.body).toEqual({ error: `Too many requests; retry after ${res.headers['retry-after']} s`, errorCode: 'TOO_MANY_REQUESTS' });
      const documented = errorBody(doc.paths['/getImageUrl'].get.responses['429']);
      expect(Object.keys(res.body).every((k) => k in documented.properties)).toBe(true);
      expect(documented.properties.errorCode.enum).toContain(res.body.errorCode);
    } finally {
      await limited.close();
    }
  });

  it('/getSongInfo: the example request sends songid only, and the descriptions say songid is used when both are sent', async () => {
    const op = doc.paths['/getSongInfo'].get;
    const params = op.parameters.filter((p: any) => p.in === 'query');
    const exampleOf = (p: any) => p.example ?? p.schema?.example;
    expect(params.filter((p: any) => exampleOf(p) !== undefined).map((p: any) => p.name)).toEqual(['songid']);
    for (const text of [op.description, ...params.map((p: any) => p.description)]) expect(text).toMatch(/both are sent, `?songid`? is used/);
    // The example request itself is answered (and by songid).
    const query = Object.fromEntries(params.filter((p: any) => exampleOf(p) !== undefined).map((p: any) => [p.name, exampleOf(p)]));
    const res = await h.http().get('/getSongInfo').query(query).expect(200);
    expect(res.body.data.id).toBe(Number(query.songid));
  });

  it('the documented 400 matches what the gateway answers', async () => {
    const res = await h.http().get('/getRanks?limit=0').expect(400);
    expect(res.body).toEqual({ error: 'limit must be between 1 and 300', errorCode: 'BAD_REQUEST' });
    const documented = errorBody(doc.paths['/getRanks'].get.responses['400']);
    expect(Object.keys(res.body).every((k) => k in documented.properties)).toBe(true);
    expect(documented.properties.errorCode.enum).toContain(res.body.errorCode);
  });

  it('documents every errorCode of docs/operations.md "Errors" under the status the table gives it', () => {
    const table = readFileSync(join(__dirname, '..', '..', 'docs', 'operations.md'), 'utf8').split('\n## Errors\n')[1].split('\n## ')[0];
    const rows = table.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| Situation') && !line.startsWith('|---'));
    const pairs: [number, string][] = [];
    for (const row of rows) {
      const [, statusCell, codeCell] = row.slice(2, -2).split(' | ');
      const statuses = [...(statusCell ?? '').matchAll(/\b[45]\d\d\b/g)].map((m) => Number(m[0]));
      const rowCodes = [...(codeCell ?? '').matchAll(/`([A-Z][A-Z_]+)`/g)].map((m) => m[1]);
      expect({ row, parsed: statuses.length > 0 && rowCodes.length > 0 }).toEqual({ row, parsed: true });
      // '400 / 413 / 415' with three codes pairs them in order; one status covers every code of its row.
      rowCodes.forEach((code, i) => pairs.push([statuses.length === rowCodes.length ? statuses[i] : statuses[0], code]));
    }
    expect(pairs.length).toBeGreaterThan(15);
    const documented = new Set(
      Object.values<any>(doc.paths).flatMap((ops) =>
        Object.values<any>(ops).flatMap((op) => Object.entries<any>(op.responses ?? {}).flatMap(([status, res]) => codes(res).map((c) => `${status} ${c}`))),
      ),
    );
    // 499 is only logged and counted: the client that would read it has gone. Node's parser refusals come before
    // any route, so no operation lists them.
    const beforeRouting = new Set(CLIENT_ERROR_ANSWERS.map(([status, code]) => `${status} ${code}`));
    const missing = pairs.filter(([status, code]) => code !== 'CLIENT_CLOSED_REQUEST' && !beforeRouting.has(`${status} ${code}`) && !documented.has(`${status} ${code}`));
    expect(missing).toEqual([]);
  });

  it('documents every errorCode the source throws', () => {
    const files: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (full.endsWith('.ts')) files.push(full);
      }
    };
    walk(join(__dirname, '..', '..', 'src'));
    const thrown = new Set<string>();
    for (const file of files) {
      // `new GatewayError(status, 'CODE', …)` (also over several lines), `this.fail(…, 'CODE')`, `errorCode: 'CODE'`.
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:GatewayError\(|\bfail\(|errorCode:\s*)[^;]*?'([A-Z][A-Z_]*[A-Z])'/gs)) thrown.add(m[1]);
    }
    expect(thrown.size).toBeGreaterThan(30);
    const documented = new Set(Object.values<any>(doc.paths).flatMap((ops) => Object.values<any>(ops).flatMap((op) => Object.values<any>(op.responses ?? {}).flatMap(codes))));
    expect([...thrown].filter((code) => code !== 'CLIENT_CLOSED_REQUEST' && !documented.has(code)).sort()).toEqual([]);
  });

  it('documents 405 (with Allow) on every route, the body refusals on every POST, and the 503s of every route that calls upstream', () => {
    for (const [method, path] of EXPECTED_ROUTES) {
      const responses = resolveAll(opOf(method, path).responses);
      expect({ path, method, 405: codes(responses['405']), allow: responses['405']?.headers?.Allow !== undefined }).toEqual({ path, method, 405: ['METHOD_NOT_ALLOWED'], allow: true });
      if (method === 'post') {
        for (const [status, code] of [[400, 'BAD_REQUEST'], [413, 'PAYLOAD_TOO_LARGE'], [415, 'UNSUPPORTED_MEDIA_TYPE']] as const) {
          expect({ path, status, codes: codes(responses[status]) }).toEqual({ path, status, codes: expect.arrayContaining([code]) });
        }
      }
      if (UPSTREAM_FREE.has(path)) continue;
      expect({ path, method, 503: codes(responses['503']), retryAfter: responses['503']?.headers?.['Retry-After'] !== undefined }).toEqual({
        path,
        method,
        503: expect.arrayContaining(['UPSTREAM_CIRCUIT_OPEN', 'SHUTTING_DOWN']),
        retryAfter: true,
      });
    }
  });

  describe('the documented errors match what the gateway answers', () => {
    /** The answer's status and errorCode are documented for that operation, and so is each header named. */
    const expectDocumented = (method: Method, path: string, res: { status: number; body: any; headers: Record<string, string> }, headers: string[] = []) => {
      const documented = resolve(opOf(method, path).responses[String(res.status)]);
      expect({ path, status: res.status, code: codes(documented).includes(res.body.errorCode) }).toEqual({ path, status: res.status, code: true });
      expect(Object.keys(res.body).every((k) => k in errorBody(documented).properties)).toBe(true);
      for (const name of headers) {
        expect(res.headers[name.toLowerCase()]).toBeDefined();
        expect({ path, header: name, documented: documented.headers?.[name] !== undefined }).toEqual({ path, header: name, documented: true });
      }
    };

    it('405 METHOD_NOT_ALLOWED with Allow', async () => {
      const res = await h.http().put('/getRanks').expect(405);
      expect(res.body.errorCode).toBe('METHOD_NOT_ALLOWED');
      expectDocumented('get', '/getRanks', res, ['Allow']);
      expectDocumented('post', '/batchGetSongInfo', await h.http().get('/batchGetSongInfo').expect(405), ['Allow']);
    });

    it('400 for a caller\'s cookie it cannot send on or an unknown shape, on a route without parameters', async () => {
      const res = await h.http().get('/getHotkey?cookie=uin%3D1%01').expect(400);
      expectDocumented('get', '/getHotkey', res);
      const shape = await h.http().get('/getHotkey?shape=legacyy').expect(400);
      expectDocumented('get', '/getHotkey', shape);
      expect(resolve(doc.paths['/getHotkey'].get.responses['400']).description).toMatch(/X-Response-Shape/);
    });

    it('415 UNSUPPORTED_MEDIA_TYPE and 413 PAYLOAD_TOO_LARGE for a body', async () => {
      const charset = await h.http().post('/batchGetSongInfo').set('Content-Type', 'application/json; charset=koi8-r').send('{"songs":[]}').expect(415);
      expect(charset.body.errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
      expectDocumented('post', '/batchGetSongInfo', charset);
      const large = await h.http().post('/checkMainLoginQr').set('Content-Type', 'application/json').send(JSON.stringify({ qrsig: 'x'.repeat(200_000) })).expect(413);
      expectDocumented('post', '/checkMainLoginQr', large);
    });

    it('503 UPSTREAM_CIRCUIT_OPEN with Retry-After', async () => {
      // The breaker counts every call to u in its window: no identity warm-up call may count towards it.
      const failing = await startHarness({ warmIdentity: false });
      try {
        failing.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
        for (let i = 0; i < 20; i++) await failing.http().get(`/getRanks?topId=4&limit=2&i=${i}`).expect(502);
        const res = await failing.http().get('/getRanks?topId=4&limit=2').expect(503);
        expect(res.body.errorCode).toBe('UPSTREAM_CIRCUIT_OPEN');
        expectDocumented('get', '/getRanks', res, ['Retry-After']);
      } finally {
        await failing.close();
      }
    });

    it('503 SHUTTING_DOWN with Retry-After (a WeChat long poll during shutdown)', async () => {
      const closing = await startHarness({ env: { ALT_LOGIN_POLL_TIMEOUT_MS: '30000' } });
      const { body: qr } = await closing.http().get('/getAltLoginQr').expect(200);
      const poll = closing.http().post('/checkAltLoginQr').send({ uuid: qr.uuid }).then((r) => r);
      await waitFor(() => closing.fake.requestsTo('wxLp').length === 1, 3000, 'the long poll upstream');
      await closing.close();
      const res = await poll;
      expect({ status: res.status, code: res.body.errorCode }).toEqual({ status: 503, code: 'SHUTTING_DOWN' });
      expectDocumented('post', '/checkAltLoginQr', res, ['Retry-After']);
    });
  });

  it('serves the Swagger UI at /docs/', async () => {
    const ui = await h.http().get('/docs/').expect(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
    expect(ui.text).toMatch(/swagger-ui/i);
    const init = await h.http().get('/docs/swagger-ui-init.js').expect(200);
    expect(init.text).toContain('"/getRanks"');
  });
});
