import { TextParam } from '../common/validation';

/** The documented example: printable ASCII, as the route demands (a pasted `…` would be refused). */
export const SET_COOKIE_EXAMPLE = 'uin=o0123456789; qqmusic_key=Q_H_L_<key>';
const COOKIE_MAX = 8192;

/** POST /user/setCookie: `{ cookie }`, or the references' `{ data: "<cookie>" }`. */
export class SetCookieBody {
  @TextParam({
    string: true,
    maxLength: COOKIE_MAX,
    description: `The login cookie, e.g. \`uin=o0123456789; qqmusic_key=Q_H_L_<key>\` (at most ${COOKIE_MAX} characters).`,
    example: SET_COOKIE_EXAMPLE,
    messages: { maxLength: `cookie is too long (at most ${COOKIE_MAX} characters)` },
  })
  cookie?: string;

  @TextParam({
    string: true,
    maxLength: COOKIE_MAX,
    description: `The references' name for the same cookie string (used when \`cookie\` is absent; at most ${COOKIE_MAX} characters).`,
    example: SET_COOKIE_EXAMPLE,
    messages: { string: 'data must be a string (the cookie)', maxLength: `data is too long (at most ${COOKIE_MAX} characters)` },
  })
  data?: string;
}
