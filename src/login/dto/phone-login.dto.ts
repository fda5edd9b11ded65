import { BoolParam, IntParam, TextParam } from '../../common/validation';
import { EXAMPLE_LOGIN_TOKEN } from './check-login.dto';

/** The documented number and code: the demo's (fake-upstream/handlers/phone-login.ts sends this code to this number). */
export const EXAMPLE_PHONE = '13800138000';
export const EXAMPLE_CODE = '246810';

const PhoneParam = () =>
  TextParam({
    required: true,
    string: true,
    match: { pattern: /^\d{4,14}$/, message: 'phone must be the national number: 4 to 14 digits, without the country code, spaces or +' },
    description:
      'The phone number without the country code: 4 to 14 digits (a JSON string, so leading zeros survive). It must be a valid number of `countryCode` (else 400). Never logged.',
    example: EXAMPLE_PHONE,
  });

const CountryCodeParam = () =>
  IntParam({ min: 1, max: 999, description: 'Optional: the country calling code (86 = China), an integer or its digits.', example: 86 });

/** Body of POST /sendPhoneLoginCode. */
export class SendPhoneCodeBody {
  @PhoneParam()
  phone: string;

  @CountryCodeParam()
  countryCode = 86;
}

/** Body of POST /checkPhoneLoginCode: the number the code went to, the code, and the same opt-ins as a QR check. */
export class CheckPhoneCodeBody {
  @PhoneParam()
  phone: string;

  @CountryCodeParam()
  countryCode = 86;

  @TextParam({
    required: true,
    string: true,
    match: { pattern: /^\d{4,8}$/, message: 'code must be the SMS code: 4 to 8 digits, as a JSON string' },
    description: 'The code of the SMS (digits, as a JSON string so leading zeros survive). Never logged.',
    example: EXAMPLE_CODE,
  })
  code: string;

  @TextParam({
    string: true,
    match: { pattern: /^[A-Za-z0-9_-]{16,128}$/, message: 'loginToken must be the loginToken of the /sendPhoneLoginCode answer (16 to 128 characters of letters, digits, _ or -)' },
    description:
      'The `loginToken` of the /sendPhoneLoginCode answer; required with LOGIN_TOKEN_REQUIRED=true (else 400). Another loginToken than the last code to this number was sent with → 403 LOGIN_TOKEN_MISMATCH, before upstream is asked. After a login, only a check sending it gets the session again (120 s).',
    example: EXAMPLE_LOGIN_TOKEN,
  })
  loginToken?: string;

  @BoolParam({
    jsonOnly: true,
    description: 'Optional: `true` adds the login\'s full credential (`credential`) to the success answer, as on the QR checks. A JSON boolean in the body.',
    example: true,
  })
  credential?: boolean;
}
