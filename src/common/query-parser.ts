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
