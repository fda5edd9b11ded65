import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsOptional, Matches } from 'class-validator';
import { hash33 } from '../../common/cookie';
import { BoolParam, ChoiceParam, TextParam, ToTrimmed } from '../../common/validation';
import { ALT_STATES } from '../login.parse';

/** The documented QR pair: a qrsig and its ptqrtoken, computed as the check demands (hash33(qrsig)). */
export const EXAMPLE_QRSIG = 'Dp6LxOWpzS4sWTBbSzkvkA6Gxx0rETf9yxeKV8Q4bw8FKgM8yqGiJ8Y2ujK3WFOK';
export const EXAMPLE_PTQRTOKEN = String(hash33(EXAMPLE_QRSIG));
export const EXAMPLE_LOGIN_TOKEN = 'q3Vt9mRkYc2xL0aN7pWs1eHfJbZu4GdK';
const LOGIN_TOKEN_DOC =
  'The `loginToken` of the QR answer; required when the gateway runs with LOGIN_TOKEN_REQUIRED=true (else 400). Another loginToken than the QR was issued with → 403 LOGIN_TOKEN_MISMATCH, before upstream is asked. The check whose own poll sees the login finish gets the session; afterwards (120 s) only a check sending this loginToken gets it again, any other one 410 LOGIN_QR_USED. Body only (never the query string).';

/**
 * The opt-in to the login's full credential (docs/credentials.md "Keeping a caller's login alive"): body only, a JSON
 * boolean, so it is never in a URL.
 */
export const CredentialOptIn = () =>
  BoolParam({
    jsonOnly: true,
    description:
      'Optional: `true` adds the login\'s full credential (`credential`: musicid, musickey, refresh_key, refresh_token, expiry…) to the success answer, beside the session, so you can renew this login yourself with POST /user/refreshLogin. Only the QR\'s owner gets it (the same rules as the session). A JSON boolean in the body; without it the answer is unchanged.',
    example: true,
  });

/** hash33 of a qrsig, in digits (a 32-bit number). */
const PTQRTOKEN = /^\d{1,10}$/;

/** The loginToken of the QR answer, bound to the QR: no other token checks it, only it redeems a finished login. */
export const LoginTokenParam = () =>
  TextParam({
    string: true,
    match: { pattern: /^[A-Za-z0-9_-]{16,128}$/, message: 'loginToken must be the loginToken of the QR answer (16 to 128 characters of letters, digits, _ or -)' },
    description: LOGIN_TOKEN_DOC,
    example: EXAMPLE_LOGIN_TOKEN,
  });

/** Body of POST /checkMainLoginQr (and its aliases). */
export class CheckMainLoginBody {
  /** The `qrsig` returned by /getMainLoginQr; sent to ptlogin as the qrsig cookie. */
  // RFC 6265 cookie-value characters: qrsig goes into a Cookie header and is hashed byte for byte (ptqrtoken).
  @TextParam({
    required: true,
    read: ToTrimmed(),
    string: true,
    maxLength: 512,
    match: { pattern: /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/, message: 'qrsig must be printable ASCII without spaces, quotes, commas, semicolons or backslashes' },
    description: 'The `qrsig` returned by /getMainLoginQr (≤ 512 printable ASCII characters; no spaces, quotes, commas, semicolons or backslashes).',
    example: EXAMPLE_QRSIG,
  })
  qrsig: string;

  /** hash33(qrsig) as returned by /getMainLoginQr (string or number); computed when absent. */
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() || undefined : value))
  @Matches(PTQRTOKEN, { message: 'ptqrtoken must be a string of digits' })
  @ApiPropertyOptional({ description: 'hash33(qrsig) as returned by /getMainLoginQr: digits as a string or a number; computed when absent. A value that does not match qrsig → 400.', oneOf: [{ type: 'string', pattern: PTQRTOKEN.source }, { type: 'integer' }], example: EXAMPLE_PTQRTOKEN })
  ptqrtoken?: string;

  @LoginTokenParam()
  loginToken?: string;

  @CredentialOptIn()
  credential?: boolean;
}

/** The poll states a client can report back as `last` (405 ends the login). */
export const ALT_LAST_CODES = Object.keys(ALT_STATES).map(Number).sort((a, b) => b - a); // 408 waiting first

/** Body of POST /checkAltLoginQr (and its aliases). */
export class CheckAltLoginBody {
  /** The `uuid` returned by /getAltLoginQr. */
  @TextParam({
    required: true,
    read: ToTrimmed(),
    string: true,
    match: { pattern: /^[A-Za-z0-9_=-]{8,64}$/, message: 'uuid must be 8 to 64 characters of letters, digits, _, = or -' },
    description: 'The `uuid` returned by /getAltLoginQr: 8 to 64 characters of letters, digits, _, = or -.',
    example: '071Xw4Xx1a2b3c4d',
  })
  uuid: string;

  /** The errcode of the previous answer for this QR; WeChat then holds the poll until the state changes. */
  @ChoiceParam(ALT_LAST_CODES, {
    description: 'Optional: the `errcode` of your previous answer for this QR (408, 404, 403 or 402), sent to WeChat as `last` so the poll waits for a change instead of repeating it. The gateway also remembers it per instance; pass it when several instances serve you.',
    example: 404,
    messages: { choice: `last must be the errcode of the previous answer: ${ALT_LAST_CODES.join(', ')}` },
  })
  last?: number;

  @LoginTokenParam()
  loginToken?: string;

  @CredentialOptIn()
  credential?: boolean;
}
