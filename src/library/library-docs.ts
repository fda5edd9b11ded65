import { applyDecorators, HttpCode, Post, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { ApiAdminToken, ApiErrorResponses, type ErrorSpec } from '../common/api-docs';
import { WriteLoginGuard } from './write-login.guard';
import { ApiAccountRoute, ApiLoginCookieHeader } from '../user/api-account-route';

/**
 * Whose account a library write (or a read of the account a write would touch) acts on, as every such route's OpenAPI
 * text says it (docs/library.md "Whose account a write touches").
 */
export const WHOSE_ACCOUNT =
  'Acts on the caller\'s own QQ Music login: the cookie sent with the request (`cookie` query parameter, `X-Custom-Cookie` or `Cookie` header), ' +
  'carrying qqmusic_key or qm_keyst and naming one account in uin / qqmusic_uin (a p_uin must agree). ' +
  'The gateway\'s stored login (cookie file or Redis) is used only when the caller also sends the admin token (`X-Admin-Token` or `Authorization: Bearer`); ' +
  'otherwise the request is refused with 401 LOGIN_REQUIRED before any upstream call.';

/** What every write promises (docs/library.md "Errors" and "Reads after a write"). */
const WRITE_RULES =
  'Never cached, never shared with another request, never retried once it may have reached QQ Music (a timeout answers 504 WRITE_OUTCOME_UNKNOWN: ' +
  'read the state back before trying again). A success drops the cached reads it changed for the account, on every instance sharing Redis.';

/** What the collect and follow writes add: setting the state an item is already in is no error. */
export const IDEMPOTENT = 'Idempotent: asking for the state the item is already in answers 200.';

/** The follow's fallback, the web follow CGI, answers in codes of its own. */
export const FOLLOW_CGI_ERRORS: ErrorSpec[] = [
  { status: 401, description: 'Upstream code 1006 from the web follow CGI (fallback): the web session (`p_skey`) expired.', errorCodes: ['LOGIN_EXPIRED'] },
  { status: 409, description: 'Upstream code 104604 from the web follow CGI (fallback): too many follows in a short time.', errorCodes: ['WRITE_NOT_APPLIED'] },
];

/** The login refusals of a route that acts on the caller's own account (WriteLoginGuard, then upstream's codes). */
const OWN_LOGIN_ERRORS: ErrorSpec[] = [
  {
    status: 401,
    description: 'No caller login and no admin token with a stored login, or a cookie without a login key or without an account in uin / qqmusic_uin: refused before any upstream call.',
    errorCodes: ['LOGIN_REQUIRED'],
  },
  {
    status: 401,
    description: 'The cookie\'s uin, qqmusic_uin and p_uin name different accounts (compared without the o0 prefix): nothing was sent upstream.',
    errorCodes: ['AMBIGUOUS_ACCOUNT'],
  },
  401,
];

/** The refusals every write shares (docs/library.md "Errors"). */
const WRITE_ERRORS: ErrorSpec[] = [
  { status: 409, description: 'QQ Music did not apply the write (upstream code 80092; body has `upstreamCode`): read the state back and try again.', errorCodes: ['WRITE_NOT_APPLIED'] },
  {
    status: 502,
    description: 'QQ Music refused the write with another code, a full playlist included (body has `upstreamCode`; 80105 / 500026 mean the request profile was refused, not the login).',
    errorCodes: ['WRITE_REFUSED'],
  },
  {
    status: 504,
    description: 'The write was sent but QQ Music did not answer in time or the connection broke: it may or may not have been applied; read the state back before retrying.',
    errorCodes: ['WRITE_OUTCOME_UNKNOWN'],
  },
];

const UPSTREAM: ErrorSpec[] = [403, 500, 502, 503, 504];

/** The header, admin token and errors of a route on the caller's own account. */
const ApiOwnAccount = (...errors: ErrorSpec[]): MethodDecorator =>
  // The admin token is documented so the generated example (run against the demo) can use the stored login as an operator would.
  applyDecorators(ApiLoginCookieHeader(), ApiAdminToken(), ApiErrorResponses(400, ...OWN_LOGIN_ERRORS, ...errors, ...UPSTREAM));

/**
 * A library write: `POST <path>` answering 200, behind WriteLoginGuard, its description followed by whose account it
 * touches and what every write promises, and the errors every write shares plus the route's own.
 */
export function LibraryWrite(path: string, summary: string, description: string, ...errors: ErrorSpec[]): MethodDecorator {
  return applyDecorators(
    Post(path),
    HttpCode(200),
    UseGuards(WriteLoginGuard),
    ApiOperation({ summary, description: `${description} ${WHOSE_ACCOUNT} ${WRITE_RULES}` }),
    ApiOwnAccount(...WRITE_ERRORS, ...errors),
  );
}

/** A read of the account a write would touch (the liked state): the same login rule, never cached. */
export function OwnAccountRead(): MethodDecorator {
  return applyDecorators(UseGuards(WriteLoginGuard), ApiOwnAccount());
}

/** The header and errors of a collected-state read (the caller's cookie, else the stored login, as the user reads). */
export const ApiLibraryStateRead = (): MethodDecorator =>
  ApiAccountRoute({ status: 502, description: 'The state read answered another code (body has `upstreamCode`; 10006 = ids not accepted).', errorCodes: ['UPSTREAM_ERROR'] });
