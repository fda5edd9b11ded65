import { shownLocation } from './gateway-url';
import type { GatewayTool } from './openapi-tools';

/**
 * One tool call = one HTTP request to the gateway, answered with the gateway's JSON as it came: as text (what every
 * MCP client shows) and, for a JSON object, as structuredContent too. A 4xx/5xx is an error result (`isError`)
 * carrying the gateway's `{ error, errorCode }`, so the model reads the message naming the bad parameter.
 */

export interface GatewayTarget {
  /** The gateway's base URL, e.g. http://127.0.0.1:3200, never with user-info (shown in error texts). */
  url: string;
  /** An Authorization header for every request (GATEWAY_URL's user and password as Basic auth). */
  authorization?: string;
  /** A QQ Music login cookie sent as X-Custom-Cookie on every call (else the gateway's stored login is used). */
  cookie?: string;
  timeoutMs: number;
}

export interface ToolResult {
  [key: string]: unknown;
  content: { type: 'text'; text: string }[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

const failure = (text: string): ToolResult => ({ content: [{ type: 'text', text }], isError: true });

/** A 3xx from the gateway: refused rather than followed, since the request carries the login cookie. */
export class RedirectRefused extends Error {}

/**
 * One request to the gateway with its Authorization header and time limit. Redirects are never followed: the next hop
 * would receive X-Custom-Cookie and Authorization, and a gateway has no reason to send its clients elsewhere.
 */
export async function requestGateway(url: URL | string, init: RequestInit & { headers: Record<string, string> }, target: GatewayTarget): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    headers: { ...init.headers, ...(target.authorization ? { Authorization: target.authorization } : {}) },
    redirect: 'manual',
    signal: AbortSignal.timeout(target.timeoutMs),
  });
  if (response.status >= 300 && response.status < 400) {
    await response.body?.cancel();
    throw new RedirectRefused(
      `answered HTTP ${response.status}, a redirect to ${shownLocation(response.headers.get('location'), String(url))}; ` +
        "redirects are not followed (the login would go with them): set GATEWAY_URL to the gateway's own address",
    );
  }
  return response;
}

/** A query value as text: arrays comma-joined (the gateway's lists, e.g. `shown`), objects as JSON. */
const queryValue = (value: unknown): string =>
  Array.isArray(value) ? value.map(String).join(',') : value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value);

export async function callGateway(tool: GatewayTool, args: Record<string, unknown>, target: GatewayTarget): Promise<ToolResult> {
  const known = Object.keys(tool.inputSchema.properties);
  const unknown = Object.keys(args).filter((name) => !known.includes(name));
  if (unknown.length) {
    return failure(`unknown argument${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}; ${tool.name} takes ${known.join(', ') || 'none'}`);
  }
  const url = new URL(tool.route.path, `${target.url.replace(/\/+$/, '')}/`);
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (value === undefined || value === null) continue;
    if (tool.queryNames.includes(name)) url.searchParams.set(name, queryValue(value));
    else body[name] = value;
  }
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (target.cookie) headers['X-Custom-Cookie'] = target.cookie;
  if (tool.hasBody) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await requestGateway(url, { method: tool.route.method.toUpperCase(), headers, ...(tool.hasBody ? { body: JSON.stringify(body) } : {}) }, target);
  } catch (err) {
    const { message } = err as Error;
    return failure(err instanceof RedirectRefused ? `the gateway at ${target.url} ${message}` : `the gateway at ${target.url} did not answer: ${message}`);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = json as { error?: unknown; errorCode?: unknown } | undefined;
    const summary = error?.error !== undefined ? `${String(error.errorCode ?? 'ERROR')}: ${String(error.error)}` : text.slice(0, 500);
    const hint = response.status === 401 && tool.route.account ? loginHint(target) : '';
    return { ...failure(`HTTP ${response.status} ${summary}${hint}`), ...(isObject(json) ? { structuredContent: json } : {}) };
  }
  if (json === undefined) return { content: [{ type: 'text', text }] };
  return { content: [{ type: 'text', text: JSON.stringify(json) }], ...(isObject(json) ? { structuredContent: json } : {}) };
}

/**
 * What to do about a 401 on an account tool, for the person running the MCP server (the gateway's own message speaks
 * of headers and admin tokens, which an MCP client cannot send).
 */
function loginHint(target: GatewayTarget): string {
  return target.cookie
    ? ' — GATEWAY_COOKIE was sent but the gateway refused it: it has expired or is not a QQ Music login; log in again and set it anew.'
    : ' — this tool acts on a QQ Music account: set GATEWAY_COOKIE to your login cookie (a QR login gives one: `npm run login`, docs/login.md) and restart the MCP server.';
}

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
