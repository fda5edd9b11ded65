import { parse } from 'node:querystring';

/**
 * Express query parser: flat `name=value` pairs only (no `a[b]=c` objects), and a repeated parameter keeps
 * its first value — the spec's rule for the avatar endpoint, applied everywhere.
 */
export function parseQueryFirstValue(text: string): Record<string, string> {
  const parsed = parse(text);
  const out: Record<string, string> = Object.create(null);
  for (const [key, value] of Object.entries(parsed)) {
    out[key] = Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
  }
  return out;
}

const PARSED = Symbol('parsedQuery');
type QueryCarrier = { url: string; [PARSED]?: { url: string; query: Record<string, string> } };

/**
 * Express 5's `req.query` is a getter that parses the query string again on every read, and a request is read by
 * several middlewares, the validation pipe and the logger. This getter parses once per request URL (a middleware
 * that rewrites `req.url` gets a fresh parse) with the same parser.
 */
export function parseQueryOncePerUrl(request: object): void {
  Object.defineProperty(request, 'query', {
    configurable: true,
    enumerable: true,
    get(this: QueryCarrier) {
      const cached = this[PARSED];
      if (cached?.url === this.url) return cached.query;
      const q = this.url.indexOf('?');
      const hash = this.url.indexOf('#', q);
      const text = q < 0 ? '' : this.url.slice(q + 1, hash < 0 ? undefined : hash);
      const query = parseQueryFirstValue(text);
      this[PARSED] = { url: this.url, query };
      return query;
    },
  });
}
