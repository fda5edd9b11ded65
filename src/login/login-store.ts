import { HttpStatus } from '@nestjs/common';
import type { Request } from 'express';
import { adminTokenMatches } from '../common/admin-token.guard';
import { GatewayError } from '../common/http-error';

/**
 * Whether a check's confirmed login becomes the gateway's own stored login (docs/login.md "Storing a login as the
 * gateway's own"):
 * - 'store': the check presented the admin token (the login page, `npm run login`): stored, with its full
 *   credential, whatever LOGIN_PERSIST_COOKIE says;
 * - 'skip': the check asked for its session alone (`X-Login-Persist: false`, the login page's visitor mode): never
 *   stored, even with LOGIN_PERSIST_COOKIE;
 * - undefined: LOGIN_PERSIST_COOKIE decides, as it always did.
 */
export type StoreChoice = 'store' | 'skip' | undefined;

/** The header a check sends to keep its login to itself (any other value, or none, changes nothing). */
export const LOGIN_PERSIST_HEADER = 'X-Login-Persist';

/**
 * Reads the choice off a check request, before upstream is asked. An admin token that is presented must be the right
 * one (401 otherwise, also when the gateway has none): a mistyped token never quietly turns into a visitor's login.
 */
export function storeChoiceOf(req: Request, adminToken: string | undefined): StoreChoice {
  const presented = /^bearer(\s|$)/i.test(req.header('authorization') ?? '') || req.header('x-admin-token') !== undefined;
  if (presented) {
    if (adminTokenMatches(req, adminToken)) return 'store';
    throw new GatewayError(
      HttpStatus.UNAUTHORIZED,
      'ADMIN_TOKEN_REQUIRED',
      adminToken ? 'A valid admin token is required' : 'This gateway has no ADMIN_TOKEN: a login is stored as its own only with one',
    );
  }
  return req.header(LOGIN_PERSIST_HEADER)?.trim().toLowerCase() === 'false' ? 'skip' : undefined;
}
