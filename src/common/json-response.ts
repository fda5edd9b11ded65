import { Logger } from '@nestjs/common';
import type { Express, Request, Response } from 'express';
import { hash } from 'node:crypto';

/**
 * Express's `res.json`, minus per-request work a JSON answer does not need: the body goes to `res.send` as bytes with
 * its Content-Type already carrying the charset (for a string body Express parses and rebuilds that header on every
 * answer), and the weak ETag is the same value Express computes, from a one-shot hash. The answer is byte-identical.
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
  app.set('etag', weakEtag);
}

/** Turns what a handler returned into the body to send (ResponseShaper); a promise when that takes upstream calls. */
export type JsonRenderer = (req: Request, res: Response, value: unknown) => unknown;

const logger = new Logger('Http');

function writeJson(res: Response, value: unknown): Response {
  const text = JSON.stringify(value) as string | undefined;
  if (!res.get('Content-Type')) res.set('Content-Type', 'application/json; charset=utf-8');
  return res.send(Buffer.from(text ?? ''));
}

/** `W/"<length in hex>-<first 27 characters of the SHA-1 in base64>"`, as the etag package writes a weak ETag. */
export function weakEtag(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
