import type { Express, Response } from 'express';
import { hash } from 'node:crypto';

/**
 * Express's `res.json`, minus per-request work a JSON answer does not need: the body goes to `res.send` as bytes with
 * its Content-Type already carrying the charset (for a string body Express parses and rebuilds that header on every
 * answer), and the weak ETag is the same value Express computes, from a one-shot hash. The answer is byte-identical.
 */
export function useLeanJsonResponses(app: Express): void {
  app.response.json = function json(this: Response, value: unknown): Response {
    const text = JSON.stringify(value) as string | undefined;
    if (!this.get('Content-Type')) this.set('Content-Type', 'application/json; charset=utf-8');
    return this.send(Buffer.from(text ?? ''));
  };
  app.set('etag', weakEtag);
}

/** `W/"<length in hex>-<first 27 characters of the SHA-1 in base64>"`, as the etag package writes a weak ETag. */
export function weakEtag(body: string | Buffer): string {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  if (bytes.length === 0) return 'W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"';
  return `W/"${bytes.length.toString(16)}-${hash('sha1', bytes, 'base64').slice(0, 27)}"`;
}
