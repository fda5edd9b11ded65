import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiAdminToken, ApiErrorResponses, type ErrorSpec } from '../common/api-docs';

/**
 * Whose account a library write touches, as every write route's OpenAPI text says it (docs/library.md "Whose account
 * a write touches").
 */
export const WHOSE_ACCOUNT =
  'Acts on the caller\'s own QQ Music login: the cookie sent with the request (`cookie` query parameter, `X-Custom-Cookie` ' +
  'header or `Cookie` header; one account in uin / qqmusic_uin, a p_uin agreeing). The gateway\'s stored login is used only when the caller also presents the admin token ' +
  '(`X-Admin-Token` or `Authorization: Bearer`); otherwise a write without a cookie is refused with 401 LOGIN_REQUIRED ' +
  'before anything is sent upstream. Never cached, never shared with another request, and not retried once it may have ' +
  'reached QQ Music. Idempotent: asking for the state the item is already in answers 200. A success drops the cached ' +
  'reads it changes for that account (on every instance sharing Redis).';

/** WriteLoginGuard's refusal of a cookie pasted from two logins (docs/library.md "Whose account a write touches"). */
export const AMBIGUOUS_ACCOUNT_ERROR: ErrorSpec = {
  status: 401,
  description: 'The cookie\'s uin, qqmusic_uin and p_uin name different accounts (compared without the o0 prefix): nothing was sent upstream.',
  errorCodes: ['AMBIGUOUS_ACCOUNT'],
};

/** The login-cookie header and the errors every library write can answer, plus the route's own. */
export function ApiLibraryWrite(...own: ErrorSpec[]): MethodDecorator {
  return applyDecorators(
    ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie (must carry qqmusic_key or qm_keyst); a `cookie` query parameter wins over it, it wins over `Cookie`.' }),
    ApiAdminToken(),
    ApiErrorResponses(
      { status: 400, description: 'Bad input; the message names the parameter (`dissid must be a playlist id …`, `collect must be true or false`).', errorCodes: ['BAD_REQUEST'] },
      { status: 401, description: 'No login: no cookie (and no admin token with a stored login), or a cookie without a login key or without an account in uin / qqmusic_uin; nothing was sent upstream.', errorCodes: ['LOGIN_REQUIRED'] },
      AMBIGUOUS_ACCOUNT_ERROR,
      { status: 401, description: 'Upstream code 1000, 104400 or 104401: the login has expired; log in again (body has `upstreamCode`).', errorCodes: ['LOGIN_EXPIRED'] },
      { status: 409, description: 'QQ Music did not apply the write (upstream code 80092 on the write; body has `upstreamCode`): read the state back and try again.', errorCodes: ['WRITE_NOT_APPLIED'] },
      { status: 502, description: 'QQ Music refused the write with another code (body has `upstreamCode`; 80105 / 500026 mean the request profile was refused, not the login).', errorCodes: ['WRITE_REFUSED'] },
      { status: 504, description: 'The write was sent but QQ Music did not answer in time or the connection broke: it may or may not have been applied; read the state back before retrying.', errorCodes: ['WRITE_OUTCOME_UNKNOWN'] },
      ...own,
      403,
      500,
      502,
      503,
      504,
    ),
  );
}

/** The header and errors of a collected-state read (the caller's cookie, else the stored login, as the user reads). */
export function ApiLibraryStateRead(): MethodDecorator {
  return applyDecorators(
    ApiHeader({ name: 'X-Custom-Cookie', required: false, description: 'The caller\'s QQ Music login cookie; a `cookie` query parameter wins over it, it wins over `Cookie`.' }),
    ApiErrorResponses(
      400,
      { status: 401, description: 'No cookie at all (upstream not called).', errorCodes: ['LOGIN_REQUIRED'] },
      { status: 401, description: 'Upstream code 1000, 104400 or 104401: log in again (body has `upstreamCode`).', errorCodes: ['LOGIN_EXPIRED'] },
      { status: 502, description: 'The state read answered another code (body has `upstreamCode`; 10006 = ids not accepted).', errorCodes: ['UPSTREAM_ERROR'] },
      403,
      500,
      502,
      503,
      504,
    ),
  );
}
