import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiErrorResponses, type ErrorSpec } from '../common/api-docs';

/** The caller's login cookie header, as every route that reads or writes an account documents it. */
export const ApiLoginCookieHeader = (): MethodDecorator =>
  ApiHeader({
    name: 'X-Custom-Cookie',
    required: false,
    description: 'The caller\'s QQ Music login cookie (`uin=o0…; qqmusic_key=Q_H_L_…`); a `cookie` query parameter wins over it, it wins over `Cookie`.',
  });

/** The 404 of the routes that read the user's homepage CGI. */
export const HOMEPAGE_404: ErrorSpec = {
  status: 404,
  description: 'Wrong uin: upstream answered another non-zero code, or no creator.',
  errorCodes: ['USER_NOT_FOUND'],
};

/**
 * The header and errors of a route that reads the caller's account (the caller's cookie, else the stored login): the
 * same 400/401/403/5xx on every such route (user, recommendation, collected-state and relation reads), plus `more`.
 */
export function ApiAccountRoute(...more: ErrorSpec[]): MethodDecorator {
  return applyDecorators(
    ApiLoginCookieHeader(),
    ApiErrorResponses(
      400,
      { status: 401, description: 'No cookie at all (upstream not called).', errorCodes: ['LOGIN_REQUIRED'] },
      401,
      { status: 401, description: 'A cookie without a login key (qqmusic_key or qm_keyst) is told so in the LOGIN_EXPIRED message.', errorCodes: ['LOGIN_EXPIRED'] },
      ...more,
      403,
      500,
      502,
      503,
      504,
    ),
  );
}
