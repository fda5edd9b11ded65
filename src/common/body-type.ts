import { applyDecorators, HttpStatus, SetMetadata } from '@nestjs/common';
import { ApiConsumes } from '@nestjs/swagger';
import type { Request } from 'express';
import type { RouteTable } from './route-table';
import { GatewayError } from './http-error';

/** The body types the gateway reads: JSON on every route with a body; a form too on the few marked @AcceptsForm. */
export const JSON_BODY = 'application/json';
export const FORM_BODY = 'application/x-www-form-urlencoded';
/** The one charset a body may declare (RFC 8259 section 8.1: JSON between systems is UTF-8); absent means UTF-8. */
export const BODY_CHARSET = 'utf-8';

/** Metadata key of @AcceptsForm, read by RouteTable. */
export const ACCEPTS_FORM = 'gateway:accepts-form';

/**
 * Marks a POST handler that reads a form-urlencoded body as well as JSON (docs/legacy.md "Request bodies" says which
 * and why). RouteTable reads the mark for the 415 check, and OpenAPI lists both types: declared once, here.
 */
export const AcceptsForm = (): MethodDecorator => applyDecorators(SetMetadata(ACCEPTS_FORM, true), ApiConsumes(JSON_BODY, FORM_BODY));

/**
 * A non-empty body the route would not read as sent, sent to a route that reads a body: a 415, else undefined.
 * - A type the route does not take (text/plain, which browser fetch sends for a string body; XML; no Content-Type; a
 *   form on a JSON-only route): skipped by the parsers, it left the handler on its defaults (batchGetSongInfo
 *   answered 200 with no songs, checkMainLoginQr said qrsig was required).
 * - A charset other than UTF-8: body-parser decoded UTF-16, UTF-32 and UTF-7 (a 400 or a 200 depending on the bytes)
 *   and refused only non-`utf-` names; now each is refused the same way, naming what is expected.
 * A request that no route reads a body for (an unknown path, another method, a GET) goes on to its 404, 405 or answer.
 */
export function unsupportedBody(req: Request, routes: Pick<RouteTable, 'allowed' | 'bodyTypes'>): GatewayError | undefined {
  if (req.method === 'GET' || req.method === 'HEAD' || req.headers['content-length'] === '0') return undefined;
  if (!routes.allowed(req.path)?.includes(req.method)) return undefined;
  const types = routes.bodyTypes(req.path, req.method);
  // Express's req.is is type-is, which the parsers match with too: null without a body, the type matched, or false.
  const matched = req.is(types);
  if (matched === null) return undefined;
  const header = req.headers['content-type'];
  if (matched === false) return refuse(`Content-Type must be ${types.join(' or ')} (got ${mediaTypeOf(header)})`);
  const charset = charsetOf(header ?? '');
  if (charset !== undefined && charset !== BODY_CHARSET) return refuse(`Request body charset must be ${BODY_CHARSET} (got ${charset})`);
  return undefined;
}

const refuse = (message: string): GatewayError => new GatewayError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE', message);

const TOKEN = '[a-z0-9!#$&^_.+-]{1,64}';
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}$`);
const CHARSET = new RegExp(`^${TOKEN}$`);

/** The media type a Content-Type names, without its parameters, for the message: never more of the header than that. */
function mediaTypeOf(header: string | undefined): string {
  if (!header?.trim()) return 'none';
  const type = header.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : 'an unreadable type';
}

/**
 * The charset parameter of a Content-Type, lower-cased and unquoted (`utf-16le`); a value that is no token reads
 * 'an unreadable charset' (the message never repeats more of the header); undefined when there is none.
 */
function charsetOf(header: string): string | undefined {
  for (const param of header.split(';').slice(1)) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'charset') continue;
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    return CHARSET.test(value) ? value : 'an unreadable charset';
  }
  return undefined;
}
