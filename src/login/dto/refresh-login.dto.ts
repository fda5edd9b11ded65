import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsString, Matches } from 'class-validator';
import { ChoiceParam, IntParam, TextParam } from '../../common/validation';

/**
 * Body of POST /user/refreshLogin: the credential a QR login check answered with `credential: true` (or the previous
 * refresh's), as it came (docs/credentials.md "Keeping a caller's login alive"). Unknown fields are dropped.
 */

/** A cookie value: printable ASCII without spaces, quotes, commas, semicolons or backslashes (RFC 6265). */
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/;
const MUSICID = /^\d{1,20}$/;
/** An int32, as upstream's epoch seconds and lifetimes are (to 2038). */
const MAX_SECONDS = 2 ** 31 - 1;

/** A secret of the credential: cookie-value characters (it travels in cookies and JSON); the message names the field. */
function secret(description: string, example: string, required = true): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    TextParam({
      required,
      string: true,
      maxLength: 1024,
      match: { pattern: COOKIE_VALUE, message: `${name} must be printable ASCII without spaces, quotes, commas, semicolons or backslashes` },
      description,
      example,
    })(target, key);
  };
}
const seconds = (description: string, example: number) => IntParam({ min: 0, max: MAX_SECONDS, description, example });

/** An account id as its canonical digits: an exact JSON number as text, leading zeros dropped; anything else as sent. */
function digitsOf(value: unknown): unknown {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && /^\d+$/.test(value) ? value.replace(/^0+(?=\d)/, '') : value;
}

export class RefreshLoginBody {
  /** The account as its exact digit string; a JSON number is taken only while it is exact (below 2^53). */
  @IsDefined({ message: 'musicid is required' })
  @Transform(({ value }) => digitsOf(value))
  @IsString({ message: 'musicid must be the account\'s digits as a string (a JSON number beyond 2^53 has lost digits)' })
  @Matches(MUSICID, { message: 'musicid must be the account\'s digits (at most 20)' })
  @ApiProperty({ description: 'The account: its exact digit string (a JSON number only below 2^53).', type: 'string', pattern: MUSICID.source, example: '1503255237' })
  musicid: string;

  @TextParam({ string: true, read: Transform(({ value }) => digitsOf(value)), match: { pattern: MUSICID, message: 'str_musicid must be the account\'s digits (at most 20)' }, description: 'Optional: the same as musicid.', example: '1503255237' })
  str_musicid?: string;

  @secret('The login key (`qqmusic_key`).', 'Q_H_L_63k3Nx')
  musickey: string;

  @secret('Single-use: spent by this refresh, which answers a new one.', 'RK0123456789abcdef')
  refresh_key: string;

  @secret('The refresh token of the login.', 'RT0123456789abcdef')
  refresh_token: string;

  @secret('The openid of the login.', 'OPENID255237')
  openid: string;

  @secret('QQ logins (loginType 2): required.', 'AT0123456789abcdef', false)
  access_token?: string;

  @secret('WeChat logins (loginType 1): required.', 'oUnion_0123456789', false)
  unionid?: string;

  @seconds('Optional (QQ): when the refresh token expires, seconds since the epoch; sent as `expired_in`.', 1803099610)
  expired_at?: number;

  @ChoiceParam([1, 2], { description: 'Optional: 2 = QQ, 1 = WeChat; inferred from musickey when absent (`W_X…` keys are WeChat).', example: 2, messages: { choice: 'loginType must be 2 (QQ) or 1 (WeChat)' } })
  loginType?: number;

  @seconds('Optional: when musickey was issued (seconds since the epoch).', 1795323610)
  musickeyCreateTime?: number;

  @seconds('Optional: how long musickey lives (seconds).', 259200)
  keyExpiresIn?: number;
}
