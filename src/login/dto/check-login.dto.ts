import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, IsString, Matches, MaxLength } from 'class-validator';
import { hash33 } from '../../common/cookie';
import { ToInt, ToTrimmed } from '../../common/validation';
import { ALT_STATES } from '../login.parse';

/** The documented QR pair: a qrsig and its ptqrtoken, computed as the check demands (hash33(qrsig)). */
export const EXAMPLE_QRSIG = 'Dp6LxOWpzS4sWTBbSzkvkA6Gxx0rETf9yxeKV8Q4bw8FKgM8yqGiJ8Y2ujK3WFOK';
export const EXAMPLE_PTQRTOKEN = String(hash33(EXAMPLE_QRSIG));
export const EXAMPLE_LOGIN_TOKEN = 'q3Vt9mRkYc2xL0aN7pWs1eHfJbZu4GdK';
const LOGIN_TOKEN_DOC =
  'The `loginToken` of the QR answer; required when the gateway runs with LOGIN_TOKEN_REQUIRED=true (else 400). Another loginToken than the QR was issued with → 403 LOGIN_TOKEN_MISMATCH, before upstream is asked. The check whose own poll sees the login finish gets the session; afterwards (120 s) only a check sending this loginToken gets it again, any other one 410 LOGIN_QR_USED. Body only (never the query string).';

/** Body of POST /checkMainLoginQr (and its aliases). */
export class CheckMainLoginBody {
  /** The `qrsig` returned by /getMainLoginQr; sent to ptlogin as the qrsig cookie. */
  @ToTrimmed()
  @IsDefined({ message: 'qrsig is required' })
  // class-validator runs these bottom-up: type, then length, then characters.
  // RFC 6265 cookie-value characters: qrsig goes into a Cookie header and is hashed byte for byte (ptqrtoken).
  @Matches(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/, {
    message: 'qrsig must be printable ASCII without spaces, quotes, commas, semicolons or backslashes',
  })
  @MaxLength(512, { message: 'qrsig must be at most 512 characters' })
  @IsString({ message: 'qrsig must be a string' })
  @ApiProperty({ type: 'string', description: 'The `qrsig` returned by /getMainLoginQr (≤ 512 printable ASCII characters; no spaces, quotes, commas, semicolons or backslashes).', maxLength: 512, example: EXAMPLE_QRSIG })
  qrsig: string;

  /** hash33(qrsig) as returned by /getMainLoginQr (string or number); computed when absent. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() || undefined : value))
  @Matches(/^\d{1,10}$/, { message: 'ptqrtoken must be a string of digits' })
  @ApiPropertyOptional({ description: 'hash33(qrsig) as returned by /getMainLoginQr: digits as a string or a number; computed when absent. A value that does not match qrsig → 400.', oneOf: [{type: 'string', pattern: '^\\d{1,10}$'}, {type: 'integer'}], example: EXAMPLE_PTQRTOKEN })
  ptqrtoken?: string;

  /** The loginToken of the QR answer, bound to the QR: no other token checks it, only it redeems a finished login. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{16,128}$/, { message: 'loginToken must be the loginToken of the QR answer (16 to 128 characters of letters, digits, _ or -)' })
  @IsString({ message: 'loginToken must be a string' })
  @ApiPropertyOptional({ type: 'string', description: LOGIN_TOKEN_DOC, pattern: '^[A-Za-z0-9_-]{16,128}$', example: EXAMPLE_LOGIN_TOKEN })
  loginToken?: string;
}

/** The poll states a client can report back as `last` (405 ends the login). */
export const ALT_LAST_CODES = Object.keys(ALT_STATES).map(Number).sort((a, b) => b - a); // 408 waiting first

/** Body of POST /checkAltLoginQr (and its aliases). */
export class CheckAltLoginBody {
  /** The `uuid` returned by /getAltLoginQr. */
  @ToTrimmed()
  @IsDefined({ message: 'uuid is required' })
  @Matches(/^[A-Za-z0-9_=-]{8,64}$/, { message: 'uuid must be 8 to 64 characters of letters, digits, _, = or -' })
  @IsString({ message: 'uuid must be a string' })
  @ApiProperty({ type: 'string', description: 'The `uuid` returned by /getAltLoginQr: 8 to 64 characters of letters, digits, _, = or -.', pattern: '^[A-Za-z0-9_=-]{8,64}$', example: '071Xw4Xx1a2b3c4d' })
  uuid: string;

  /** The errcode of the previous answer for this QR; WeChat then holds the poll until the state changes. */
  @IsOptional()
  @ToInt()
  @IsIn(ALT_LAST_CODES, { message: `last must be the errcode of the previous answer: ${ALT_LAST_CODES.join(', ')}` })
  @ApiPropertyOptional({ description: 'Optional: the `errcode` of your previous answer for this QR (408, 404, 403 or 402), sent to WeChat as `last` so the poll waits for a change instead of repeating it. The gateway also remembers it per instance; pass it when several instances serve you.', enum: ALT_LAST_CODES, example: 404 })
  last?: number;

  /** The loginToken of the QR answer, bound to the QR: no other token checks it, only it redeems a finished login. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9_-]{16,128}$/, { message: 'loginToken must be the loginToken of the QR answer (16 to 128 characters of letters, digits, _ or -)' })
  @IsString({ message: 'loginToken must be a string' })
  @ApiPropertyOptional({ type: 'string', description: LOGIN_TOKEN_DOC, pattern: '^[A-Za-z0-9_-]{16,128}$', example: EXAMPLE_LOGIN_TOKEN })
  loginToken?: string;
}
