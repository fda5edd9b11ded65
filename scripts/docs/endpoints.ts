import type { OpenAPIObject } from '@nestjs/swagger';
import { createApp } from '../../src/app.factory';
import { ADMIN_ERRORS, BODY_ERRORS, ERROR_DEFAULTS, errorCodesOfSchema, GATEWAY_WIDE_ERRORS, UPSTREAM_UNAVAILABLE, type ErrorDoc } from '../../src/common/api-docs';
import { buildApiDocument } from '../../src/common/api-document';
import type { GeneratedDoc } from './generated-doc';

/**
 * docs/endpoints.md, rendered from the OpenAPI document the gateway serves at /docs-json (buildApiDocument, on an app
 * made by the same factory as main.ts), so the controllers' and DTOs' decorators are the one description of each
 * endpoint. The app is built against unreachable upstream origins and never listens: nothing is called.
 */

/** The base URL the example requests use: the default HOST:PORT as seen from the same machine. */
const BASE_URL = 'http://localhost:3200';

/** Fixed settings, so the machine's environment (or a cookie file in config/) cannot change the document. */
const DOC_ENV: Record<string, string> = {
  LOG_LEVEL: 'silent',
  COOKIE_FILE: '/nonexistent/qqmusic-gateway-docs/user-info.json',
  ...Object.fromEntries(
    ['U', 'C', 'C6', 'Y', 'PTLOGIN', 'PTLOGIN_GRAPH', 'GRAPH', 'WX_OPEN', 'WX_LP'].map((host) => [`UPSTREAM_${host}_ORIGIN`, 'http://127.0.0.1:9']),
  ),
};

/** The OpenAPI document exactly as GET /docs-json answers it. */
export async function buildDocument(): Promise<OpenAPIObject> {
  const app = await createApp(DOC_ENV, { closeOnSignals: false });
  try {
    // A JSON round trip: what a client of /docs-json reads (no undefined, no class instances).
    return JSON.parse(JSON.stringify(buildApiDocument(app))) as OpenAPIObject;
  } finally {
    await app.close();
  }
}

type Json = Record<string, unknown>;
interface Operation {
  method: string;
  path: string;
  op: Json;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Operations in document order (a handler's alias paths are named in its description: foldAliasPaths). */
function operations(document: OpenAPIObject): Operation[] {
  const list: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Json)[method] as Json | undefined;
      if (op) list.push({ method: method.toUpperCase(), path, op });
    }
  }
  return list;
}

/** Resolves a local `#/components/...` $ref. */
function deref(document: OpenAPIObject, schema: Json | undefined): Json {
  if (!schema) return {};
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  let node: unknown = document;
  for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Json)[part];
  return deref(document, node as Json);
}

const cell = (text: unknown): string => String(text ?? '').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();
const code = (value: unknown): string => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;

function typeOf(schema: Json): string {
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as Json[]).map(typeOf).join(' | ');
  if (schema.type === 'array') return `${typeOf((schema.items as Json | undefined) ?? {})}[]`;
  return [schema.type ?? 'any', schema.format ? `(${String(schema.format)})` : ''].join(' ').trim();
}

/** Range, length, pattern and allowed values, as one short cell. */
function limits(schema: Json): string {
  const out: string[] = [];
  const range = (min: unknown, max: unknown, what: string) => {
    if (min !== undefined && max !== undefined) out.push(`${what}${String(min)}–${String(max)}`);
    else if (min !== undefined) out.push(`${what}≥ ${String(min)}`);
    else if (max !== undefined) out.push(`${what}≤ ${String(max)}`);
  };
  range(schema.minimum, schema.maximum, '');
  range(schema.minLength, schema.maxLength, 'length ');
  range(schema.minItems, schema.maxItems, 'items ');
  if (Array.isArray(schema.enum)) out.push(`one of ${(schema.enum as unknown[]).map(code).join(', ')}`);
  if (typeof schema.pattern === 'string') out.push(`pattern ${code(schema.pattern)}`);
  if (schema.type === 'array' && schema.items) {
    const inner = limits(schema.items as Json);
    if (inner) out.push(`each: ${inner}`);
  }
  if (Array.isArray(schema.oneOf)) for (const alt of schema.oneOf as Json[]) if (limits(alt)) out.push(limits(alt));
  return out.join('; ');
}

/** `{ topList: { id, name }, songInfoList: [{ songId, … }] }` from an example value: the keys and their nesting. */
export function sketch(value: unknown): string {
  if (Array.isArray(value)) {
    if (!value.length) return '[]';
    return `[${sketch(value[0])}]`;
  }
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Json).map(([key, inner]) => (inner && typeof inner === 'object' ? `${key}: ${sketch(inner)}` : key));
    return parts.length ? `{ ${parts.join(', ')} }` : '{}';
  }
  return value === null ? 'null' : typeof value;
}

function parametersSection(op: Json): string[] {
  const params = (op.parameters as Json[] | undefined) ?? [];
  if (!params.length) return op.requestBody ? [] : ['No parameters.', ''];
  return [
    '| Name | In | Type | Required | Default | Range / values | Description |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...params.map((p) => {
      const schema = (p.schema as Json | undefined) ?? {};
      const dflt = schema.default === undefined ? '' : code(schema.default);
      return `| \`${String(p.name)}\` | ${String(p.in)} | ${cell(typeOf(schema))} | ${p.required ? 'yes' : 'no'} | ${cell(dflt)} | ${cell(limits(schema))} | ${cell(p.description)} |`;
    }),
    '',
  ];
}

function bodySection(document: OpenAPIObject, op: Json): string[] {
  const body = op.requestBody as Json | undefined;
  if (!body) return [];
  const media = ((body.content as Json | undefined)?.['application/json'] as Json | undefined) ?? {};
  const schema = deref(document, media.schema as Json | undefined);
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const props = Object.entries((schema.properties as Record<string, Json> | undefined) ?? {});
  // Every type the operation lists (JSON; a form too on the routes marked @AcceptsForm).
  const types = Object.keys((body.content as Json | undefined) ?? { 'application/json': {} }).map((t) => `\`${t}\``).join(' or ');
  return [
    `**Request body** (Content-Type ${types}, ${body.required ? 'required' : 'optional'}): ${cell(body.description)}`,
    '',
    '| Field | Type | Required | Default | Range / values | Description |',
    '| --- | --- | --- | --- | --- | --- |',
    ...props.map(([name, raw]) => {
      const field = deref(document, raw);
      const dflt = field.default === undefined ? '' : code(field.default);
      return `| \`${name}\` | ${cell(typeOf(field))} | ${required.has(name) ? 'yes' : 'no'} | ${cell(dflt)} | ${cell(limits(field))} | ${cell(field.description)} |`;
    }),
    '',
  ];
}

function responseSection(op: Json): string[] {
  const ok = ((op.responses as Record<string, Json>)['200'] ?? (op.responses as Record<string, Json>)['201']) as Json | undefined;
  if (!ok) return [];
  const schema = (((ok.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined) ?? {};
  const props = schema.properties as Record<string, Json> | undefined;
  const enveloped = !!props && 'code' in props && 'msg' in props && 'data' in props;
  // A plain answer that happens to have code/msg/data (/getSongInfo) carries its example on the whole body.
  const shape =
    enveloped && props.data.example !== undefined
      ? `{ code: 0, msg: 'ok', data: ${sketch(props.data.example)} }`
      : schema.example !== undefined
        ? sketch(schema.example)
        : undefined;
  const typed = typeSketch(schema);
  const legacy = (ok['x-legacy-shape'] as Json | undefined)?.schema as Json | undefined;
  return [
    `**Answer** (200): ${cell(ok.description)}`,
    '',
    ...(typed ? ['Type:', '', '```ts', typed, '```', ''] : []),
    ...(shape ? ['Example:', '', '```text', shape, '```', ''] : []),
    ...(legacy
      ? ['Legacy shape (`?shape=legacy`, `x-legacy-shape`; [docs/legacy.md](legacy.md)):', '', '```ts', answerType(legacy, ''), '```', '']
      : ['Legacy shape: the same answer.', '']),
  ];
}

/** The answer's declared schema as a TypeScript-like type, or undefined for an untyped one (no closed objects). */
function typeSketch(schema: Json): string | undefined {
  if (schema.type === 'object' && schema.additionalProperties === undefined) return undefined;
  const data = (schema.properties as Record<string, Json> | undefined)?.data;
  if (data && data.type === 'object' && data.additionalProperties === undefined && !data.anyOf) return undefined;
  return answerType(schema, '');
}

function answerType(schema: Json, indent: string): string {
  const nullable = schema.nullable ? ' | null' : '';
  if (schema.anyOf) return (schema.anyOf as Json[]).map((s) => answerType(s, indent)).join(' | ') + nullable;
  if (schema.enum) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ') + nullable;
  if (schema.type === 'array') return `Array<${answerType(schema.items as Json, indent)}>${nullable}`;
  if (schema.type === 'integer' || schema.type === 'number') return `number${nullable}`;
  if (schema.type === 'string' || schema.type === 'boolean') return `${String(schema.type)}${nullable}`;
  if (schema.type !== 'object') return 'unknown';
  const props = Object.entries((schema.properties as Record<string, Json> | undefined) ?? {});
  const extra = schema.additionalProperties;
  if (!props.length) return extra && typeof extra === 'object' ? `Record<string, ${answerType(extra as Json, indent)}>${nullable}` : `Record<string, unknown>${nullable}`;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const inner = `${indent}  `;
  // An old name answered beside its new one until it is removed (docs/glossary.md "Renamed fields").
  const deprecated = (prop: Json) => (prop.deprecated ? ' // deprecated: the old name (docs/glossary.md)' : '');
  const fields = props.map(([name, prop]) => `${inner}${name}${required.has(name) ? '' : '?'}: ${answerType(prop, inner)};${deprecated(prop)}`);
  // An open object (the legacy shape's upstream answers): the declared keys and any others.
  if (extra === true) fields.push(`${inner}[key: string]: unknown;`);
  return `{\n${fields.join('\n')}\n${indent}}${nullable}`;
}

/** The descriptions every route shares, listed once at the top rather than under each endpoint. */
const COMMON_ERROR_GROUPS: [string, ErrorDoc[]][] = [
  ['every route', Object.values(GATEWAY_WIDE_ERRORS)],
  ['routes with a JSON body', BODY_ERRORS],
  ['routes that call QQ Music', Object.values(ERROR_DEFAULTS)],
  ['login routes (instead of the 503 above)', [UPSTREAM_UNAVAILABLE]],
  ['admin routes', ADMIN_ERRORS],
];
const COMMON_ERRORS = COMMON_ERROR_GROUPS.flatMap(([, docs]) => docs);

function errorsSection(document: OpenAPIObject, op: Json): string[] {
  const lines: string[] = [];
  for (const [status, reference] of Object.entries(op.responses as Record<string, Json>)) {
    if (!/^[45]\d\d$/.test(status)) continue;
    // A shared response is a $ref to components.responses (shareErrorResponses).
    const response = deref(document, reference);
    const schema = ((response.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
    const codes = errorCodesOfSchema(schema).map(code);
    let own = String(response.description ?? '');
    for (const common of COMMON_ERRORS) own = own.split(common.description).join('');
    own = own.replace(/\s+/g, ' ').trim();
    lines.push(`- ${status} ${codes.join(', ')}${own ? ` — ${own}` : ''}`);
  }
  return lines.length ? ['**Errors** (`{ error, errorCode, upstreamCode? }`; the common cases are described above):', '', ...lines, ''] : [];
}

const DEMO_LOGIN_NOTE = `# demo: uses its stored login (start it with LOGIN_PERSIST_COOKIE=true, log in: login.md "Trying it offline"), or add -H 'X-Custom-Cookie: uin=o10001; qqmusic_key=Q_H_L_<key>' (any key)`;
const DEMO_ADMIN_NOTE = '# demo: start it with ADMIN_TOKEN set (ADMIN_TOKEN=demo-admin-token-0123456789 npm run start:demo) and send that token';

function exampleSection(document: OpenAPIObject, method: string, path: string, op: Json): string[] {
  const params = (op.parameters as Json[] | undefined) ?? [];
  const query = new URLSearchParams();
  const headers: string[] = [];
  // What the offline demo needs for the example to answer as shown (test/docs/doc-examples runs each against it).
  const notes: string[] = [];
  if (params.some((p) => p.in === 'header' && p.name === 'X-Custom-Cookie')) notes.push(DEMO_LOGIN_NOTE);
  if (params.some((p) => p.in === 'header' && p.name === 'X-Admin-Token')) notes.push(DEMO_ADMIN_NOTE);
  for (const p of params) {
    const example = (p.schema as Json | undefined)?.example ?? p.example;
    if (p.in === 'header' && p.name === 'X-Admin-Token') headers.push(`-H 'X-Admin-Token: <ADMIN_TOKEN>'`);
    if (p.in === 'query' && example !== undefined) query.set(String(p.name), String(example));
  }
  const url = `${BASE_URL}${path}${query.size ? `?${query.toString()}` : ''}`;
  const parts = ['curl', ...(method === 'GET' ? [] : ['-X', method]), `'${url}'`, ...headers];
  const body = op.requestBody as Json | undefined;
  if (body) {
    const media = ((body.content as Json | undefined)?.['application/json'] as Json | undefined) ?? {};
    const examples = Object.values((media.examples as Record<string, Json> | undefined) ?? {});
    const example = examples[0]?.value ?? media.example ?? deref(document, media.schema as Json | undefined).example;
    parts.push(`-H 'Content-Type: application/json'`);
    if (example !== undefined) parts.push(`-d '${JSON.stringify(example).replace(/'/g, `'\\''`)}'`);
  }
  return ['**Example**', '', '```sh', ...notes, parts.join(' '), '```', ''];
}

function renderOperation(document: OpenAPIObject, { method, path, op }: Operation): string[] {
  const ttl = op['x-cache-ttl'];
  return [
    `### ${method} ${path}`,
    '',
    ...(op.summary ? [`**${cell(op.summary)}**`, ''] : []),
    ...(op.description ? [String(op.description).trim(), ''] : []),
    typeof ttl === 'number'
      ? `Cached: ${ttl} s (\`x-cache-ttl\`), keyed by path, query, response shape and caller account ([decision 003](decisions/003-cache-key.md)).`
      : 'Not cached by the gateway.',
    '',
    ...parametersSection(op),
    ...bodySection(document, op),
    ...responseSection(op),
    ...errorsSection(document, op),
    ...exampleSection(document, method, path, op),
  ];
}

/** GitHub's heading anchor for a tag name (lower case, no punctuation). */
const anchor = (text: string): string => text.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-');

export function renderEndpoints(document: OpenAPIObject): string {
  const ops = operations(document);
  const tags = (document.tags ?? []).map((tag) => ({ name: tag.name, description: tag.description ?? '' }));
  for (const { op } of ops) {
    const name = ((op.tags as string[] | undefined) ?? ['other'])[0];
    if (!tags.some((tag) => tag.name === name)) tags.push({ name, description: '' });
  }
  const tagOf = (op: Json) => ((op.tags as string[] | undefined) ?? ['other'])[0];
  const out: string[] = [
    '# Endpoints',
    '',
    '<!-- Generated by `npm run docs` from the OpenAPI document (/docs-json): edit the controllers and DTOs, not this file. -->',
    '',
    'Every route of the gateway, from the same OpenAPI document Swagger UI shows at `/docs` (JSON at `/docs-json`).',
    `Examples use \`${BASE_URL}\` (the default \`PORT\`). ${cell(document.info.description)}`,
    '',
    ...tags.map((tag) => `- [${tag.name}](#${anchor(tag.name)}): ${tag.description} (${ops.filter((o) => tagOf(o.op) === tag.name).length})`),
    '',
    '## Errors every endpoint can answer',
    '',
    'An error answer is `{ error, errorCode }`, plus `upstreamCode` when QQ Music answered a business code. Each endpoint below lists',
    'its statuses and codes, with only what is particular to it spelled out.',
    '',
    '| Where | Status | errorCode | When |',
    '| --- | --- | --- | --- |',
    ...COMMON_ERROR_GROUPS.flatMap(([where, docs]) =>
      [...docs].sort((a, b) => a.status - b.status).map((doc) => `| ${where} | ${doc.status} | ${doc.errorCodes.map(code).join(', ')} | ${cell(doc.description)} |`),
    ),
    '',
  ];
  for (const tag of tags) {
    const inTag = ops.filter((o) => tagOf(o.op) === tag.name);
    if (!inTag.length) continue;
    out.push(`## ${tag.name}`, '', ...(tag.description ? [`${tag.description}.`, ''] : []));
    for (const entry of inTag) out.push(...renderOperation(document, entry));
  }
  return `${out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}

export const endpointDocs: GeneratedDoc[] = [{ file: 'docs/endpoints.md', render: async () => renderEndpoints(await buildDocument()) }];
