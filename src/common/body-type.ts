import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import type { RouteTable } from './route-table';
import { GatewayError } from './http-error';

/** The body types the gateway reads (JSON; form-urlencoded too, e.g. for /user/setCookie). Its parsers take exactly these. */
export const JSON_BODY = 'application/json';
export const FORM_BODY = 'application/x-www-form-urlencoded';

/**
 * A non-empty body of a type the parsers skip (text/plain, which browser fetch sends for a string body; XML; no
 * Content-Type at all), sent to a route that reads a body: a 415, else undefined. Skipped, it left the handler on its
 * defaults: batchGetSongInfo answered 200 with no songs, checkMainLoginQr said qrsig was required. A request that no
 * route reads a body for (an unknown path, another method, a GET) goes on to its 404, 405 or answer.
 */
export function unsupportedBody(req: Request, routes: Pick<RouteTable, 'allowed'>): GatewayError | undefined {
  if (req.method === 'GET' || req.method === 'HEAD' || req.headers['content-length'] === '0') return undefined;
  // Express's req.is is type-is, which the parsers match with too: null without a body, the type matched, or false.
  if (req.is([JSON_BODY, FORM_BODY]) !== false) return undefined;
  if (!routes.allowed(req.path)?.includes(req.method)) return undefined;
  const got = mediaTypeOf(req.headers['content-type']);
  return new GatewayError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, 'UNSUPPORTED_MEDIA_TYPE', `Content-Type must be ${JSON_BODY} (got ${got})`);
}

const MEDIA_TYPE = /^[a-z0-9!#$&^_.+-]{1,64}\/[a-z0-9!#$&^_.+-]{1,64}$/;

/** The media type a Content-Type names, without its parameters, for the message: never more of the header than that. */
function mediaTypeOf(header: string | undefined): string {
  if (!header?.trim()) return 'none';
  const type = header.split(';')[0].trim().toLowerCase();
  return MEDIA_TYPE.test(type) ? type : 'an unreadable type';
}
