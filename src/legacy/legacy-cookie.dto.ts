import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The documented example: printable ASCII, as the route demands (a pasted `…` would be refused). */
export const SET_COOKIE_EXAMPLE = 'uin=o0123456789; qqmusic_key=Q_H_L_<key>';

/** POST /user/setCookie: `{ cookie }`, or the references' `{ data: "<cookie>" }`. */
export class SetCookieBody {
  // class-validator runs these bottom-up: the type first, so a non-string is not reported as "too long".
  @IsOptional() @MaxLength(8192, { message: 'cookie is too long (at most 8192 characters)' }) @IsString({ message: 'cookie must be a string' })
  @ApiPropertyOptional({ type: 'string', description: 'The login cookie, e.g. `uin=o0123456789; qqmusic_key=Q_H_L_<key>` (at most 8192 characters).', maxLength: 8192, example: SET_COOKIE_EXAMPLE })
  cookie?: string;

  @IsOptional() @MaxLength(8192, { message: 'data is too long (at most 8192 characters)' }) @IsString({ message: 'data must be a string (the cookie)' })
  @ApiPropertyOptional({ type: 'string', description: 'The references\' name for the same cookie string (used when `cookie` is absent; at most 8192 characters).', maxLength: 8192, example: SET_COOKIE_EXAMPLE })
  data?: string;
}
