import type { ToolRoute } from './tools';

/**
 * MCP tool definitions derived from the gateway's OpenAPI document (GET /docs-json): a tool's description is what
 * it does for a listener (tools.ts), and its input schema lists the operation's query parameters and JSON body
 * fields with their types, limits and examples. Headers are not inputs: the caller's cookie is the server's own
 * setting (GATEWAY_COOKIE), never something the model passes on.
 */

type Json = Record<string, any>;

export interface InputSchema {
  type: 'object';
  properties: Record<string, Json>;
  required?: string[];
  additionalProperties: false;
}

export interface GatewayTool {
  name: string;
  description: string;
  inputSchema: InputSchema;
  route: ToolRoute;
  /** Input names sent as query parameters; the rest go in the JSON body. */
  queryNames: string[];
  hasBody: boolean;
}

/** The JSON Schema keywords an input schema keeps (OpenAPI-only ones such as `nullable` and `example` are dropped). */
const KEPT = ['type', 'enum', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength', 'pattern', 'format', 'default', 'minItems', 'maxItems', 'description'];

function deref(document: Json, schema: Json | undefined, seen = new Set<string>()): Json {
  if (!schema || typeof schema.$ref !== 'string') return schema ?? {};
  if (seen.has(schema.$ref)) return {};
  seen.add(schema.$ref);
  let node: any = document;
  for (const part of schema.$ref.replace(/^#\//, '').split('/')) node = node?.[part];
  return deref(document, node as Json, seen);
}

/** An OpenAPI 3.0 schema as plain JSON Schema: references resolved, `example` turned into `examples`. */
export function jsonSchemaOf(document: Json, raw: Json | undefined): Json {
  const schema = deref(document, raw);
  const out: Json = {};
  for (const key of KEPT) if (schema[key] !== undefined) out[key] = schema[key];
  if (schema.example !== undefined) out.examples = [schema.example];
  if (schema.items) out.items = jsonSchemaOf(document, schema.items);
  for (const key of ['oneOf', 'anyOf'] as const) if (Array.isArray(schema[key])) out[key] = schema[key].map((s: Json) => jsonSchemaOf(document, s));
  if (schema.properties) {
    out.properties = Object.fromEntries(Object.entries<Json>(schema.properties).map(([name, prop]) => [name, jsonSchemaOf(document, prop)]));
    if (Array.isArray(schema.required)) out.required = schema.required;
  }
  return out;
}

const oneLine = (text: unknown) => String(text ?? '').replace(/\s+/g, ' ').trim();

/** The tools of `routes` the document has; a route not marked `whenPresent` and missing from it is an error. */
export function toolsFromDocument(document: Json, routes: ToolRoute[]): GatewayTool[] {
  const tools: GatewayTool[] = [];
  for (const route of routes) {
    const op = document.paths?.[route.path]?.[route.method] as Json | undefined;
    if (!op) {
      if (route.whenPresent) continue;
      throw new Error(`the gateway's OpenAPI document has no ${route.method.toUpperCase()} ${route.path} (tool ${route.name})`);
    }
    const properties: Record<string, Json> = {};
    const required: string[] = [];
    const queryNames: string[] = [];
    for (const param of (op.parameters ?? []) as Json[]) {
      if (param.in !== 'query') continue;
      properties[param.name] = { ...jsonSchemaOf(document, param.schema), ...(param.description ? { description: oneLine(param.description) } : {}) };
      if (param.example !== undefined && !properties[param.name].examples) properties[param.name].examples = [param.example];
      if (param.required) required.push(param.name);
      queryNames.push(param.name);
    }
    const body = deref(document, op.requestBody?.content?.['application/json']?.schema);
    const hasBody = !!op.requestBody;
    for (const [name, prop] of Object.entries<Json>(body.properties ?? {})) {
      if (name in properties) throw new Error(`${route.path}: "${name}" is both a query parameter and a body field`);
      properties[name] = jsonSchemaOf(document, prop);
    }
    for (const name of (body.required ?? []) as string[]) if (op.requestBody?.required !== false) required.push(name);
    // What it does for a listener (tools.ts), not how the gateway gets it: the operation's text names upstream calls.
    const login = route.account ? ' Needs a QQ Music login (GATEWAY_COOKIE).' : '';
    tools.push({
      name: route.name,
      description: `${route.listener}${login} (${route.method.toUpperCase()} ${route.path} of the gateway; answers its JSON.)`,
      inputSchema: { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false },
      route,
      queryNames,
      hasBody,
    });
  }
  return tools;
}
