import { writeFileSync, renameSync } from 'node:fs';
import type { RecordedRequest } from '../../fake-upstream/fake-upstream';
import type { Endpoint, Family, ParamKind, ParamSpec, UpstreamDep } from './endpoints';
import { Harness, startHarness } from './harness';

/**
 * Derives an ENDPOINTS row for every operation of the app's OpenAPI document: method, path, tag (family), parameter
 * kinds from the documented schemas, the example request Swagger UI's "Try it out" would send, and the upstream calls
 * the fake upstream logged while answering that example once. Run in a child process when the code changed
 * (test/support/derived-endpoints-file.ts); test/support/derived-endpoints.ts reads the result.
 */

/** A derived row, with what the OpenAPI test checks about how it was derived. */
export interface DerivedRow extends Endpoint {
  /** `Controller_method`, with `[n]` on the n-th path of a handler registered under several paths. */
  operationId: string;
  /** Required parameters (or body fields) the document gives no example for: the example request lacks them. */
  missingExamples: string[];
  /** The gateway's status for the example request. */
  exampleStatus: number;
  /** The errorCode of a refused example request (LOGIN_REQUIRED: a route on the caller's own account). */
  exampleErrorCode?: string;
}

/** The value the document shows for a parameter or property (its own example, else its schema's). */
export const exampleOf = (holder: any): unknown => holder?.example ?? holder?.schema?.example;

/** The query Swagger UI sends with every documented query example filled in (strings, as a URL carries them). */
export function exampleQueryOf(op: any): Record<string, string> {
  const params: any[] = (op.parameters ?? []).filter((p: any) => p.in === 'query');
  return Object.fromEntries(params.filter((p) => exampleOf(p) !== undefined).map((p) => [p.name, String(exampleOf(p))]));
}

/** The JSON body Swagger UI sends: the first named body example, else the body built from the property examples. */
export function exampleBodyOf(op: any, resolve: (schema: any) => any): Record<string, unknown> | undefined {
  const json = op.requestBody?.content?.['application/json'];
  if (!json) return undefined;
  const first = Object.values<any>(json.examples ?? {})[0];
  if (first) return first.value as Record<string, unknown>;
  const schema = resolve(json.schema);
  return Object.fromEntries(
    Object.entries<any>(schema?.properties ?? {}).filter(([, prop]) => exampleOf(prop) !== undefined).map(([name, prop]) => [name, exampleOf(prop)]),
  );
}

/** The hostile-input kind of a documented schema. */
export function kindOf(schema: any): ParamKind {
  if (!schema) return 'token';
  if (schema.enum) return 'enum';
  if (schema.type === 'integer' || schema.type === 'number') return 'int';
  if (schema.type === 'boolean') return 'bool';
  if (schema.type === 'array') return 'array';
  // `digits as a string or a number` (ptqrtoken): the string branch says what it holds
  if (schema.oneOf) return kindOf(schema.oneOf.find((s: any) => s.type === 'string') ?? schema.oneOf[0]);
  const pattern: string | undefined = schema.pattern;
  if (pattern === undefined) return 'text';
  if (/^\^\\d\{[\d,]+\}\(,\\d/.test(pattern)) return 'idlist';
  if (/^\^\\d\{[\d,]+\}\$$/.test(pattern)) return 'numid';
  if (pattern.startsWith('^(o0*)?\\d')) return 'uin';
  if (/^\^\[0-9A-Za-z\]\{[\d,]+\}\$$/.test(pattern)) return 'mid';
  return 'token';
}

const LOGIN_HOSTS = new Set(['ptlogin', 'ptloginGraph', 'graph', 'wxOpen', 'wxLp']);

/** One logged upstream request as an UpstreamDep (a musicu request by its first key's module.method). */
export function depOf(r: RecordedRequest): UpstreamDep {
  if (r.musicu?.length) return { host: r.hostKey, path: r.path, module: `${r.musicu[0].module}.${r.musicu[0].method}`, format: 'musicu' };
  if (LOGIN_HOSTS.has(r.hostKey)) return { host: r.hostKey, path: r.path, format: 'http' };
  return { host: r.hostKey, path: r.path, format: r.query.format === 'xml' ? 'xml' : 'json' };
}

/** The distinct upstream calls, first call first. */
function distinctDeps(requests: RecordedRequest[]): UpstreamDep[] {
  const seen = new Map<string, UpstreamDep>();
  for (const dep of requests.map(depOf)) seen.set(JSON.stringify(dep), seen.get(JSON.stringify(dep)) ?? dep);
  return [...seen.values()];
}

/** Boots the app on a fresh fake upstream and derives one row per documented operation. */
export async function deriveEndpoints(): Promise<DerivedRow[]> {
  // A stored login, so routes that need one reach upstream; the WeChat long poll answers at once for the example uuid.
  const h: Harness = await startHarness({
    env: { ALT_LOGIN_POLL_TIMEOUT_MS: '2000' },
    cookieFile: { cookie: 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_derive; qm_keyst=Q_H_L_derive', uin: '10001' },
  });
  try {
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const resolve = (schema: any): any =>
      schema?.$ref ? resolve(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]) : schema;
    const rows: DerivedRow[] = [];
    for (const [path, ops] of Object.entries<any>(doc.paths)) {
      for (const method of ['get', 'post'] as const) {
        const op = ops[method];
        if (!op) continue;
        const params: Record<string, ParamSpec> = {};
        const missingExamples: string[] = [];
        let example: Record<string, unknown>;
        if (method === 'get') {
          for (const p of (op.parameters ?? []).filter((x: any) => x.in === 'query')) {
            params[p.name] = { kind: kindOf(p.schema), ...(p.required ? { required: true } : {}) };
            if (p.required && exampleOf(p) === undefined) missingExamples.push(p.name);
          }
          example = exampleQueryOf(op);
        } else {
          const schema = resolve(op.requestBody?.content?.['application/json']?.schema);
          const required = new Set<string>(schema?.required ?? []);
          for (const [name, prop] of Object.entries<any>(schema?.properties ?? {})) {
            params[name] = { kind: kindOf(prop), ...(required.has(name) ? { required: true } : {}) };
          }
          example = exampleBodyOf(op, resolve) ?? {};
          missingExamples.push(...[...required].filter((name) => example[name] === undefined));
        }
        h.fake.reset();
        const req = method === 'get' ? h.http().get(path).query(example) : h.http().post(path).send(example);
        const res = await req;
        const tag: string = op.tags?.[0] ?? 'untagged';
        rows.push({
          name: path.split('/').pop() as string,
          family: tag as Family,
          method: method === 'get' ? 'GET' : 'POST',
          path,
          params,
          example,
          upstream: distinctDeps(h.fake.requests),
          // login steps are never retried (docs/login.md), whatever their method
          idempotent: method === 'get' && tag !== 'login',
          operationId: op.operationId,
          missingExamples,
          exampleStatus: res.status,
          ...(typeof res.body?.errorCode === 'string' ? { exampleErrorCode: res.body.errorCode } : {}),
        });
      }
    }
    return rows;
  } finally {
    await h.close();
  }
}

// `node -r test/support/ts-register.js test/support/derive-endpoints.ts <out.json>`
if (require.main === module) {
  const out = process.argv[2];
  deriveEndpoints().then(
    (rows) => {
      writeFileSync(`${out}.${process.pid}`, JSON.stringify(rows, null, 1));
      renameSync(`${out}.${process.pid}`, out);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
