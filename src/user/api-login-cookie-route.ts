import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ApiErrorResponses, type ErrorSpec } from '../common/api-docs';

const HEADER_TEXT = 'The caller\'s QQ Music login cookie; a `cookie` query parameter wins over it, it wins over `Cookie`.';
const EXPIRED_TEXT = 'Upstream code 1000, 104400 or 104401: log in again or refresh the cookie (body has `upstreamCode`).';

/** The 404 of the routes that read the user's homepage CGI. */
export const HOMEPAGE_404: ErrorSpec = {
  status: 404,
  description: 'Wrong uin: upstream answered another non-zero code, or no creator.',
  errorCodes: ['USER_NOT_FOUND'],
};

export interface LoginCookieRouteDocs {
  /** The 404 of the route: what it means when upstream turns the uin or the list down. */
  notFound: ErrorSpec;
  /** The `X-Custom-Cookie` header's description, when the route says more than the default. */
  header?: string;
  /** The 401 LOGIN_EXPIRED description, when the route says more than the default. */
  expired?: string;
}

/**
 * The OpenAPI header and errors of a user route that needs a login cookie (the caller's, else the cookie file's):
 * every such route answers the same 400/401/403/5xx and differs only in what its 404 means.
 */
export function ApiLoginCookieRoute({ notFound, header = HEADER_TEXT, expired = EXPIRED_TEXT }: LoginCookieRouteDocs): MethodDecorator {
  return applyDecorators(
    ApiHeader({ name: 'X-Custom-Cookie', required: false, description: header }),
    ApiErrorResponses(
      400,
      { status: 401, description: 'No cookie at all (upstream not called).', errorCodes: ['LOGIN_REQUIRED'] },
      { status: 401, description: expired, errorCodes: ['LOGIN_EXPIRED'] },
      notFound,
      403,
      500,
      502,
      503,
      504,
    ),
  );
}
