import { Body, Controller, Get, HttpCode, Inject, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorResponses, ApiPlainOk, UPSTREAM_UNAVAILABLE } from '../common/api-docs';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AltLoginService } from './alt-login.service';
import { CheckAltLoginBody, CheckMainLoginBody, EXAMPLE_LOGIN_TOKEN, EXAMPLE_PTQRTOKEN, EXAMPLE_QRSIG } from './dto/check-login.dto';
import { AltCheckAnswer, AltQrAnswer, MainCheckAnswer, MainQrAnswer } from './login.answers';
import { MainLoginService } from './main-login.service';
import { LOGIN_PERSIST_HEADER, storeChoiceOf } from './login-store';
import { QueryFallback } from './query-fallback.interceptor';

/** Every login path: the spec's names, their /user/ aliases, and the Koa projects' real-name aliases (QQ / WX). */
export const LOGIN_PATHS = {
  getMain: ['getMainLoginQr', 'user/getMainLoginQr', 'getQQLoginQr', 'user/getQQLoginQr'],
  checkMain: ['checkMainLoginQr', 'user/checkMainLoginQr', 'checkQQLoginQr', 'user/checkQQLoginQr'],
  getAlt: ['getAltLoginQr', 'user/getAltLoginQr', 'getWXLoginQr', 'user/getWXLoginQr'],
  checkAlt: ['checkAltLoginQr', 'user/checkAltLoginQr', 'checkWXLoginQr', 'user/checkWXLoginQr'],
};

const CONFIRMED_ONCE =
  'Once the scan is confirmed the chain finishes even if the client hangs up. The session goes to the check whose own poll saw the login finish; for 120 s a check sending the QR answer\'s `loginToken` gets it again, any other check of that QR gets 410 `LOGIN_QR_USED` (a used QR never logs in twice). ' +
  'A check sending another `loginToken` than the QR was issued with gets 403 `LOGIN_TOKEN_MISMATCH` before upstream is asked: it neither spends the QR nor gets its session.';
const LOGIN_TOKEN =
  '`loginToken` is for this caller alone and bound to this QR (on every instance): send it with each check, so no one else can take the login and a retry after a lost answer can still get the session. With LOGIN_TOKEN_REQUIRED=true a check without it is refused.';
const SESSION_EXAMPLE = {
  loginUin: 'o0123456789',
  uin: 'o0123456789',
  cookie: 'uin=o0123456789; p_skey=…; qqmusic_key=Q_H_L_…; qm_keyst=Q_H_L_…; tmeLoginType=2',
  cookieList: ['uin=o0123456789', 'p_skey=…', 'qqmusic_key=Q_H_L_…', 'qm_keyst=Q_H_L_…', 'tmeLoginType=2'],
  cookieObject: { uin: 'o0123456789', p_skey: '…', qqmusic_key: 'Q_H_L_…', qm_keyst: 'Q_H_L_…', tmeLoginType: '2' },
};
const QUERY_FORM =
  'A field the body lacks is read from the query string (the older services\' clients send `?ptqrtoken=…&qrsig=…` or `?uuid=…` with no body); the body wins.';
const LOGIN_EXCHANGE_ERRORS = [
  {
    status: 400,
    description: 'With LOGIN_TOKEN_REQUIRED=true: no `loginToken` in the JSON body (checked before upstream is asked).',
    errorCodes: ['BAD_REQUEST'],
  },
  {
    status: 403,
    description:
      '`loginToken` is not the one this QR was issued with; with LOGIN_TOKEN_REQUIRED=true, no instance issued this QR (or its 10 min record is gone). Refused before upstream is asked.',
    errorCodes: ['LOGIN_TOKEN_MISMATCH', 'LOGIN_QR_UNKNOWN'],
  },
  { status: 410, description: 'This QR already logged in: its session goes only to a check sending its `loginToken` (120 s).', errorCodes: ['LOGIN_QR_USED'] },
  { status: 403, description: 'Login exchange code 20274 (too many devices on the account; body has `upstreamCode`).', errorCodes: ['LOGIN_DEVICE_LIMIT'] },
  { status: 502, description: 'Login exchange refused (any other code) or its answer lacks the credential.', errorCodes: ['LOGIN_REJECTED', 'LOGIN_NO_CREDENTIAL'] },
  { status: 504, description: 'A step of the login chain timed out.', errorCodes: ['LOGIN_TIMEOUT'] },
  502,
  UPSTREAM_UNAVAILABLE,
];

/**
 * Who keeps a confirmed login (docs/login.md "Storing a login as the gateway's own"): the check's headers, read before
 * upstream is asked. The admin token is told in the description, not as a header parameter: it is optional here, and
 * the admin routes' header would make every example send it.
 */
const STORE_NOTE =
  'With the admin token (`Authorization: Bearer <ADMIN_TOKEN>` or `X-Admin-Token`) the confirmed login is stored as the gateway\'s own, with its full credential, whatever LOGIN_PERSIST_COOKIE says (a wrong token is 401 before upstream is asked); with `X-Login-Persist: false` it is never stored.';
const ApiLoginStore = () =>
  ApiHeader({
    name: LOGIN_PERSIST_HEADER,
    required: false,
    description: 'Optional: `false` keeps this login to the caller: it is never stored as the gateway\'s own, even with LOGIN_PERSIST_COOKIE (the login page\'s visitor mode).',
  });
const ADMIN_TOKEN_WRONG = {
  status: 401,
  description: 'An admin token was sent (`Authorization: Bearer` or `X-Admin-Token`) and is not ADMIN_TOKEN, or the gateway has none. Checked before upstream is asked.',
  errorCodes: ['ADMIN_TOKEN_REQUIRED'],
};

@ApiTags('login')
@Controller()
export class LoginController {
  constructor(
    private readonly main: MainLoginService,
    private readonly alt: AltLoginService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(LOGIN_PATHS.getMain)
  @ApiOperation({
    summary: 'New QQ (Main) login QR code',
    description: `Upstream ptlogin \`ptqrshow\`. \`ptqrtoken\` = hash33(qrsig) as a string of digits; pass \`qrsig\` and \`loginToken\` (and optionally ptqrtoken) to the check. ${LOGIN_TOKEN} No parameters.`,
  })
  @ApiPlainOk('`{ img: <PNG data URL>, ptqrtoken, qrsig, loginToken }`.', {
    img: 'data:image/png;base64,iVBORw0KGgo…',
    ptqrtoken: EXAMPLE_PTQRTOKEN,
    qrsig: EXAMPLE_QRSIG,
    loginToken: EXAMPLE_LOGIN_TOKEN,
  }, MainQrAnswer)
  @ApiErrorResponses(
    { status: 502, description: 'ptqrshow failed or set no qrsig cookie.', errorCodes: ['LOGIN_QR_FETCH_FAILED', 'LOGIN_NO_QRSIG'] },
    { status: 504, description: 'ptqrshow did not answer in time.', errorCodes: ['UPSTREAM_TIMEOUT'] },
    502,
    UPSTREAM_UNAVAILABLE,
  )
  getMainLoginQr() {
    return this.main.getQr();
  }

  @Post(LOGIN_PATHS.checkMain)
  @HttpCode(200)
  @UseInterceptors(QueryFallback(['qrsig', 'ptqrtoken']))
  @ApiOperation({
    summary: 'Poll the QQ (Main) login',
    description:
      'Answers at once (poll every ~1.5 s). Poll states (200, `isOk: false`): waiting (66), scanned (67), expired (65, `refresh: true`, carries `error`), refused (68, `refresh: true`, carries `error`). ' +
      `On success (200, \`isOk: true\`): \`session\` {loginUin, uin, cookie, cookieList, cookieObject}, and \`persisted\` (plus \`persistPending: true\` while Redis cannot take the write yet) when the login is stored. ${STORE_NOTE} ${CONFIRMED_ONCE}`,
  })
  @ApiBody({ type: CheckMainLoginBody, description: `JSON body. ${QUERY_FORM}`, examples: { poll: { value: { qrsig: EXAMPLE_QRSIG, ptqrtoken: EXAMPLE_PTQRTOKEN, loginToken: EXAMPLE_LOGIN_TOKEN } } } })
  @ApiPlainOk('A poll state (`MainPollState`) or the logged-in session (`MainLoggedIn`), both 200.', {
    isOk: true,
    message: '登录成功',
    session: SESSION_EXAMPLE,
  }, MainCheckAnswer)
  @ApiLoginStore()
  @ApiErrorResponses(
    { status: 400, description: 'qrsig missing or malformed, ptqrtoken not digits or not hash33(qrsig).', errorCodes: ['BAD_REQUEST'] },
    ADMIN_TOKEN_WRONG,
    ...LOGIN_EXCHANGE_ERRORS,
    {
      status: 502,
      description: 'ptlogin refused the poll or answered something unrecognised, or the chain (check_sig, authorize) broke.',
      errorCodes: ['LOGIN_POLL_FAILED', 'LOGIN_BAD_POLL', 'LOGIN_NO_CHECK_SIG', 'LOGIN_NO_P_SKEY', 'LOGIN_NO_REDIRECT', 'LOGIN_NO_CODE'],
    },
  )
  checkMainLoginQr(@Body() body: CheckMainLoginBody, @Req() req: Request) {
    return this.main.check(body, storeChoiceOf(req, this.config.adminToken));
  }

  @Get(LOGIN_PATHS.getAlt)
  @ApiOperation({
    summary: 'New WeChat (Alt) login QR code',
    description: `Upstream open.weixin.qq.com \`qrconnect\` page (uuid) then \`/connect/qrcode/<uuid>\` (JPEG). Pass \`uuid\` and \`loginToken\` to the check. ${LOGIN_TOKEN} No parameters.`,
  })
  @ApiPlainOk('`{ img: <JPEG data URL>, uuid, loginToken }`.', { img: 'data:image/jpeg;base64,/9j/4AAQSkZJRg…', uuid: '071Xw4Xx1a2b3c4d', loginToken: EXAMPLE_LOGIN_TOKEN }, AltQrAnswer)
  @ApiErrorResponses(
    { status: 502, description: 'The WeChat login page failed or held no uuid, or the QR image failed.', errorCodes: ['LOGIN_QR_PAGE_FAILED', 'LOGIN_NO_UUID', 'LOGIN_QR_FETCH_FAILED'] },
    { status: 504, description: 'WeChat did not answer in time.', errorCodes: ['UPSTREAM_TIMEOUT'] },
    502,
    UPSTREAM_UNAVAILABLE,
  )
  getAltLoginQr() {
    return this.alt.getQr();
  }

  @Post(LOGIN_PATHS.checkAlt)
  @HttpCode(200)
  @UseInterceptors(QueryFallback(['uuid', 'last']))
  @ApiOperation({
    summary: 'Long-poll the WeChat (Alt) login',
    description:
      'One long poll, blocking up to ALT_LOGIN_POLL_TIMEOUT_MS (default 35000 ms); call again right after each answer. States (200, `isOk: false`, `errcode` always a number): ' +
      '408 waiting (`timeout: true` when the gateway\'s bound passed first), 404 scanned, 403 cancelled (`refresh: true`), 402 expired (`refresh: true`). ' +
      `Success (200): \`{ isOk: true, errcode: 405, state: 'confirmed', message, session[, persisted[, persistPending]] }\`. ${STORE_NOTE} ${CONFIRMED_ONCE}`,
  })
  @ApiBody({ type: CheckAltLoginBody, description: `JSON body. ${QUERY_FORM}`, examples: { poll: { value: { uuid: '071Xw4Xx1a2b3c4d', loginToken: EXAMPLE_LOGIN_TOKEN } } } })
  @ApiPlainOk('A poll state (`AltPollState`) or the logged-in session (`AltLoggedIn`), both 200.', { isOk: false, errcode: 408, state: 'waiting', message: '等待扫码' }, AltCheckAnswer)
  @ApiLoginStore()
  @ApiErrorResponses(
    { status: 400, description: 'uuid missing or malformed.', errorCodes: ['BAD_REQUEST'] },
    ADMIN_TOKEN_WRONG,
    ...LOGIN_EXCHANGE_ERRORS,
    {
      status: 502,
      description: 'The WeChat poll failed or answered something unrecognised, confirmed without a code, or the exchange answer was not JSON.',
      errorCodes: ['LOGIN_POLL_FAILED', 'LOGIN_BAD_POLL', 'LOGIN_NO_CODE', 'LOGIN_BAD_RESPONSE'],
    },
  )
  checkAltLoginQr(@Body() body: CheckAltLoginBody, @Req() req: Request) {
    return this.alt.check(body, storeChoiceOf(req, this.config.adminToken));
  }
}
