import { Logger } from '@nestjs/common';
import type { Express, Request, Response } from 'express';

/**
 * Express's `res.json`, minus per-request work a JSON answer does not need: the body goes to `res.send` as bytes with
 * its Content-Type already carrying the charset (for a string body Express parses and rebuilds that header on every
 * answer). Express's own ETag is off: every answer it would tag is `Cache-Control: no-store`, which no client
 * revalidates; the response cache tags the answers it stores (ETag, 304) itself.
 */
export function useLeanJsonResponses(app: Express, render: JsonRenderer = (_req, _res, value) => value): void {
  app.response.json = function json(this: Response, value: unknown): Response {
    const body = render(this.req, this, value);
    if (!(body instanceof Promise)) return writeJson(this, body);
    body.then(
      (rendered) => writeJson(this, rendered),
      (err: unknown) => {
        logger.error(`Rendering the answer of ${this.req.method} ${this.req.path} failed: ${(err as Error)?.message ?? String(err)}`);
        if (!this.headersSent) writeJson(this.status(500), { error: 'Internal server error', errorCode: 'INTERNAL' });
      },
    );
    return this;
  };
  app.set('etag', false);
}

/** Turns what a handler returned into the body to send (ResponseShaper); a promise when that takes upstream calls. */
export type JsonRenderer = (req: Request, res: Response, value: unknown) => unknown;

const logger = new Logger('Http');

function writeJson(res: Response, value: unknown): Response {
  const text = JSON.stringify(value) as string | undefined;
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
  return res.send(Buffer.from(text ?? ''));
}
