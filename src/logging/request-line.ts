import type { IncomingMessage, ServerResponse } from 'node:http';
import type { UpstreamBlame } from '../common/upstream-failures';

/** What the exception filter leaves on the response for the request line (Express's res.locals). */
interface ErrorNotes {
  errorCode?: string;
  upstream?: UpstreamBlame;
}

const notesOf = (res: ServerResponse): ErrorNotes => ((res as { locals?: ErrorNotes }).locals ?? {});

/** The route that answered (`/getRanks`), not the URL: Express's matched route, absent when none matched. */
function routeOf(req: IncomingMessage): string | undefined {
  const path = (req as { route?: { path?: unknown } }).route?.path;
  return path === undefined ? undefined : String(path);
}

/** pino-http's line for a request answered below 500: its own fields, plus the errorCode of a 4xx. */
export function requestLine(_req: IncomingMessage, res: ServerResponse, val: Record<string, unknown>): Record<string, unknown> {
  const { errorCode } = notesOf(res);
  return errorCode ? { ...val, errorCode } : val;
}

/**
 * pino-http's line for a 5xx (or a response stream error): status, route, errorCode, the upstream call to blame and
 * the duration (`responseTime`, ms). pino-http hands in an Error it made up (`failed with status code 502`) whose stack
 * only shows the logger's own frames: it is dropped. A real unexpected exception has its stack on the filter's
 * `Errors` line; a stream error keeps its type and message here.
 */
export function failedRequestLine(req: IncomingMessage, res: ServerResponse, error: Error, val: { res: unknown; responseTime: number }): Record<string, unknown> {
  const { errorCode, upstream } = notesOf(res);
  // `upstreamCall`, not `upstream`: that field marks the Upstream context's one line per failed call.
  const line: Record<string, unknown> = { res: val.res, responseTime: val.responseTime, route: routeOf(req), errorCode, upstreamCall: upstream };
  if (!isMadeUp(error, res)) line.err = { type: error.name, message: error.message };
  return line;
}

/** `GET /getRanks failed: 502 UPSTREAM_BAD_STATUS (upstream u music.musicToplist.Toplist.GetDetail bad_status) in 14 ms`. */
export function failedRequestMessage(req: IncomingMessage, res: ServerResponse, error: Error, responseTime?: number): string {
  const { errorCode, upstream } = notesOf(res);
  const parts = [`${req.method} ${routeOf(req) ?? '(no route)'} failed: ${res.statusCode}`, isMadeUp(error, res) ? errorCode : `${error.name}: ${error.message}`];
  if (upstream) parts.push(`(upstream ${[upstream.host, upstream.target, upstream.kind].filter(Boolean).join(' ')})`);
  if (responseTime !== undefined) parts.push(`in ${responseTime} ms`);
  return parts.filter(Boolean).join(' ');
}

/** The Error pino-http creates for a 5xx that no error event came with. */
const isMadeUp = (error: Error, res: ServerResponse): boolean => error.message === `failed with status code ${res.statusCode}`;

/**
 * LOG_FORMAT=pretty's headline for a request answered below 500, the only line a developer reads per request:
 * `GET /getRanks?topId=4 200 12 ms cache HIT` (plus the errorCode of a 4xx). `url` is already redacted.
 */
export function prettyRequestMessage(req: IncomingMessage, res: ServerResponse, url: string, responseTime: number): string {
  const cache = res.getHeader('x-cache');
  const { errorCode } = notesOf(res);
  const parts = [req.method, url, res.statusCode, `${Math.round(responseTime)} ms`];
  if (cache) parts.push(`cache ${String(cache)}`);
  if (errorCode) parts.push(errorCode);
  return parts.join(' ');
}
