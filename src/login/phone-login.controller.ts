import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorResponses, ApiPlainOk } from '../common/api-docs';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { EXAMPLE_LOGIN_TOKEN } from './dto/check-login.dto';
import { CheckPhoneCodeBody, EXAMPLE_CODE, EXAMPLE_PHONE, SendPhoneCodeBody } from './dto/phone-login.dto';
import { PhoneCodeSent, PhoneLoggedIn } from './login.answers';
import { LOGIN_PERSIST_HEADER, storeChoiceOf } from './login-store';
import { PhoneLoginService } from './phone-login.service';

export const PHONE_LOGIN_PATHS = {
  send: ['sendPhoneLoginCode', 'user/sendPhoneLoginCode'],
  check: ['checkPhoneLoginCode', 'user/checkPhoneLoginCode'],
};

const BAD_NUMBER = {
  status: 400,
  description: 'phone missing, not 4 to 14 digits, or not a valid number of countryCode; countryCode not an integer from 1 to 999.',
  errorCodes: ['BAD_REQUEST'],
};

/** Phone number + SMS code login (docs/login.md "Phone number and SMS code"); thin: PhoneLoginService does the work. */
@ApiTags('login')
@Controller()
export class PhoneLoginController {
  constructor(
    private readonly phone: PhoneLoginService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post(PHONE_LOGIN_PATHS.send)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Send a login code by SMS',
    description:
      'Upstream `music.login.LoginServer`/`SendPhoneAuthCode` (Android comm). Bounded by the SMS budgets before upstream is asked: one code per number per PHONE_CODE_INTERVAL_S, PHONE_CODE_PER_NUMBER_HOURLY per number and PHONE_CODE_PER_IP_HOURLY per client address an hour (429 with `Retry-After`; shared by every instance with REDIS_URL). ' +
      'The answer\'s `loginToken` is bound to this number\'s new code for PHONE_CODE_TTL_S: send it with /checkPhoneLoginCode. The number is never logged.',
  })
  @ApiBody({ type: SendPhoneCodeBody, description: 'JSON body.', examples: { send: { value: { phone: EXAMPLE_PHONE } } } })
  @ApiPlainOk('`{ sent: true, loginToken, expiresIn, resendIn }`.', { sent: true, loginToken: EXAMPLE_LOGIN_TOKEN, expiresIn: 300, resendIn: 60 }, PhoneCodeSent)
  @ApiErrorResponses(
    BAD_NUMBER,
    { status: 403, description: 'Upstream wants a captcha solved first (code 20276; `securityUrl` when upstream gave one).', errorCodes: ['LOGIN_CAPTCHA_REQUIRED'] },
    {
      status: 429,
      description: 'An SMS budget is spent (this number too soon or too often, this address too often), or upstream limits sending (code 100001 or 104604). `Retry-After` says when to try again.',
      errorCodes: ['PHONE_CODE_TOO_SOON', 'PHONE_CODE_NUMBER_BUDGET', 'PHONE_CODE_IP_BUDGET', 'LOGIN_UPSTREAM_LIMITED'],
    },
    { status: 502, description: 'Upstream answered a code the gateway has no reading for (`upstreamCode`).', errorCodes: ['PHONE_CODE_NOT_SENT'] },
    { status: 504, description: 'Upstream did not answer in time.', errorCodes: ['LOGIN_TIMEOUT'] },
    401,
    403,
    502,
    503,
  )
  sendPhoneLoginCode(@Body() body: SendPhoneCodeBody, @Req() req: Request) {
    return this.phone.sendCode(body, req.ip ?? '');
  }

  @Post(PHONE_LOGIN_PATHS.check)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Log in with the SMS code',
    description:
      'Upstream `music.login.LoginServer`/`Login` with `loginMode: 1` (Android comm). Success (200): `{ isOk: true, message, session }` as a confirmed QR login, plus `credential` with `"credential": true`, and `persisted` when stored (the admin token stores it as the gateway\'s own login; `X-Login-Persist: false` never does). ' +
      'The same finished-login rules as the QR logins: the code is taken only within PHONE_CODE_TTL_S of its send by this gateway and at most PHONE_CODE_MAX_ATTEMPTS times; a code that logged in answers the same session for 120 s to a check with its `loginToken` and 410 `LOGIN_CODE_USED` to any other. Neither the number nor the code is logged.',
  })
  @ApiBody({ type: CheckPhoneCodeBody, description: 'JSON body.', examples: { check: { value: { phone: EXAMPLE_PHONE, code: EXAMPLE_CODE } } } })
  @ApiPlainOk('The logged-in session (`PhoneLoggedIn`).', { isOk: true, message: '登录成功', session: phoneSessionExample() }, PhoneLoggedIn)
  @ApiHeader({ name: LOGIN_PERSIST_HEADER, required: false, description: 'Optional: `false` keeps this login to the caller: it is never stored as the gateway\'s own.' })
  @ApiErrorResponses(
    { ...BAD_NUMBER, description: `${BAD_NUMBER.description} code not 4 to 8 digits; with LOGIN_TOKEN_REQUIRED=true no loginToken.` },
    {
      status: 401,
      description: 'The code is wrong (upstream code 20271; the check counts against PHONE_CODE_MAX_ATTEMPTS); or an admin token was sent and is not ADMIN_TOKEN (checked before upstream is asked).',
      errorCodes: ['LOGIN_CODE_WRONG', 'ADMIN_TOKEN_REQUIRED'],
    },
    {
      status: 403,
      description: 'loginToken is not the one the last code to this number was sent with (before upstream is asked); the account must be verified or bound first (20272, 20274), is restricted (20277, 20278, 20450) or has too many devices (20279).',
      errorCodes: ['LOGIN_TOKEN_MISMATCH', 'LOGIN_VERIFY_REQUIRED', 'LOGIN_ACCOUNT_RESTRICTED', 'LOGIN_DEVICE_LIMIT'],
    },
    { status: 410, description: 'No code this gateway sent to the number is valid any more (PHONE_CODE_TTL_S passed, or upstream code 1000/104400/104401); or this code already logged in.', errorCodes: ['LOGIN_CODE_EXPIRED', 'LOGIN_CODE_USED'] },
    { status: 429, description: 'This code was tried PHONE_CODE_MAX_ATTEMPTS times (send a new one); or upstream limits attempts (104604, `Retry-After`).', errorCodes: ['LOGIN_CODE_ATTEMPTS', 'LOGIN_UPSTREAM_LIMITED'] },
    { status: 502, description: 'Upstream refused the login with a code the gateway has no reading for (`upstreamCode`), or its answer lacks the credential.', errorCodes: ['LOGIN_REJECTED', 'LOGIN_NO_CREDENTIAL'] },
    { status: 504, description: 'Upstream did not answer in time.', errorCodes: ['LOGIN_TIMEOUT'] },
    502,
    503,
  )
  checkPhoneLoginCode(@Body() body: CheckPhoneCodeBody, @Req() req: Request) {
    return this.phone.check(body, storeChoiceOf(req, this.config.adminToken));
  }
}

function phoneSessionExample() {
  const pairs = { uin: '1152921504606846976', qqmusic_uin: '1152921504606846976', qqmusic_key: 'Q_H_L_…', qm_keyst: 'Q_H_L_…', tmeLoginType: '2' };
  const cookieList = Object.entries(pairs).map(([k, v]) => `${k}=${v}`);
  return { loginUin: pairs.uin, uin: pairs.uin, cookie: cookieList.join('; '), cookieList, cookieObject: pairs };
}
