import type { Express, Request, Response } from 'express';

/**
 * Express's `res.json`, minus per-request work a JSON answer does not need: the Content-Type already carries the
 * charset (Express would parse and rebuild it on every answer) and the body is written straight to the socket when
 * nothing of `res.send` applies (writeJson). Express's own ETag is off: every answer it would tag is
 * `Cache-Control: no-store`, which no client revalidates; the response cache tags the answers it stores itself.
 */
export function useLeanJsonResponses(app: Express, render: JsonRenderer = (_req, _res, value) => value): void {
  app.response.json = function json(this: Response, value: unknown): Response {
    return writeJson(this, render(this.req, this, value));
  };
  app.set('etag', false);
}

/** Turns what a handler returned into the body to send (ResponseShaper). Synchronous: no upstream call while writing. */
export type JsonRenderer = (req: Request, res: Response, value: unknown) => unknown;

/** A body already serialised (the legacy shape's, measured for the body budget): written as it is. */
export class SerialisedJson {
  constructor(readonly text: string) {}
}

function writeJson(res: Response, value: unknown): Response {
  const text = value instanceof SerialisedJson ? value.text : ((JSON.stringify(value) as string | undefined) ?? '');
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
  // The common case ends the response with the text itself: Node sends head and body in one write (for a Buffer it
  // writes two chunks) and sets Content-Length. Express's send stays for what it adds: HEAD, 204/304, an ETag to
  // check against If-None-Match, and a `send` the response cache has wrapped for this request.
  if (!Object.hasOwn(res, 'send') && res.req.method !== 'HEAD' && !NO_BODY_STATUS.has(res.statusCode) && !res.hasHeader('ETag')) {
    res.end(text);
    return res;
  }
  return res.send(Buffer.from(text));
}

/** Statuses whose answers carry no body (Express's send strips it). */
const NO_BODY_STATUS = new Set([204, 304]);
