/** Parsers for the shapes c.y.qq.com answers in (docs/upstream/README.md "CGI answers"). Pure functions, unit-tested. */

/**
 * JSON or JSONP (`callback({...})`, `callback({...});`). Plain JSON is tried first; otherwise the text between
 * the first `(` and the last `)` is parsed, so nested parentheses inside strings survive.
 * Throws when neither yields JSON.
 */
export function parseJsonOrJsonp(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new SyntaxError('empty body');
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) return JSON.parse(trimmed);
  const open = trimmed.indexOf('(');
  const close = trimmed.lastIndexOf(')');
  if (open <= 0 || close <= open || !/^[\w$.]+\s*$/.test(trimmed.slice(0, open))) {
    throw new SyntaxError('neither JSON nor JSONP');
  }
  return JSON.parse(trimmed.slice(open + 1, close));
}

/** The answers that mean "the CGI refused us" rather than real data: the trigger for the Referer retry. */
export function looksLikeRefusal(text: string): boolean {
  const trimmed = text.trim();
  return trimmed === '' || trimmed === '{}' || trimmed.startsWith('<');
}
