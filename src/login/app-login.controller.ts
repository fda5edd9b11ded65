import { Body, Controller, Get, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBody, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { ApiErrorResponses, ApiPlainOk, UPSTREAM_UNAVAILABLE } from '../common/api-docs';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AppLoginService } from './app-login.service';
import { CheckAppLoginBody, EXAMPLE_QRCODE_ID } from './dto/app-login.dto';
import { EXAMPLE_LOGIN_TOKEN } from './dto/check-login.dto';
import { AppCheckAnswer, AppQrAnswer } from './login.answers';
import { LOGIN_PERSIST_HEADER, storeChoiceOf } from './login-store';

export const APP_LOGIN_PATHS = {
  get: ['getAppLoginQr', 'user/getAppLoginQr'],
  check: ['checkAppLoginQr', 'user/checkAppLoginQr'],
};

const EXCHANGE_FAILURES = [
  { status: 403, description: 'The login exchange refused the account: too many devices (20274, 20279) or restricted (20277, 20278, 20450); `upstreamCode` says which.', errorCodes: ['LOGIN_DEVICE_LIMIT', 'LOGIN_ACCOUNT_RESTRICTED'] },
  {
    status: 502,
    description: 'The app reported the login failed, the exchange refused it or answered no credential, or the push connection closed before the login finished (get a new QR).',
    errorCodes: ['LOGIN_REJECTED', 'LOGIN_NO_CREDENTIAL', 'LOGIN_PUSH_LOST'],
  },
  { status: 504, description: 'The login exchange timed out.', errorCodes: ['LOGIN_TIMEOUT'] },
];

/** The QQ Music app QR login (docs/login.md "QQ Music app QR"); thin: AppLoginService does the work. */
@ApiTags('login')
@Controller()
export class AppLoginController {
  constructor(
    private readonly app: AppLoginService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get(APP_LOGIN_PATHS.get)
  @ApiOperation({
    summary: 'New QQ Music app login QR code',
    description:
      'Upstream `music.login.LoginServer`/`CreateQRCode` (Android comm); scan it with the QQ Music app. This instance then subscribes to the QR\'s pushed states (MQTT over WebSocket, UPSTREAM_MU_ORIGIN) until a terminal state or APP_LOGIN_QR_TTL_S, at most APP_LOGIN_MAX_SUBSCRIPTIONS QRs at once. ' +
      'The confirmed login is exchanged as soon as it is pushed, so who keeps it is decided here: with the admin token (`Authorization: Bearer <ADMIN_TOKEN>` or `X-Admin-Token`) it is stored as the gateway\'s own; with `X-Login-Persist: false` never; else LOGIN_PERSIST_COOKIE decides. ' +
      'Pass `qrcodeId` and `loginToken` to /checkAppLoginQr: the session goes only to a check sending this `loginToken`. No parameters.',
  })
  @ApiHeader({ name: LOGIN_PERSIST_HEADER, required: false, description: 'Optional: `false` keeps this login to the caller: never stored as the gateway\'s own.' })
  @ApiPlainOk('`{ img: <PNG data URL>, qrcodeId, loginToken }`.', { img: 'data:image/png;base64,iVBORw0KGgo…', qrcodeId: EXAMPLE_QRCODE_ID, loginToken: EXAMPLE_LOGIN_TOKEN }, AppQrAnswer)
  @ApiErrorResponses(
    { status: 401, description: 'An admin token was sent and is not ADMIN_TOKEN, or the gateway has none.', errorCodes: ['ADMIN_TOKEN_REQUIRED'] },
    { status: 502, description: 'CreateQRCode refused (`upstreamCode`) or answered no image or id; the push service could not be reached or refused the subscription.', errorCodes: ['LOGIN_REJECTED', 'LOGIN_QR_FETCH_FAILED', 'LOGIN_PUSH_UNAVAILABLE'] },
    { status: 503, description: 'This instance watches APP_LOGIN_MAX_SUBSCRIPTIONS QRs already, or is shutting down; `Retry-After` says when to try again.', errorCodes: ['LOGIN_APP_QR_BUSY'] },
    { status: 504, description: 'CreateQRCode or the push service did not answer in time.', errorCodes: ['LOGIN_TIMEOUT', 'LOGIN_PUSH_UNAVAILABLE'] },
    401,
    403,
    502,
    503,
    UPSTREAM_UNAVAILABLE,
  )
  getAppLoginQr(@Req() req: Request) {
    return this.app.getQr(storeChoiceOf(req, this.config.adminToken));
  }

  @Post(APP_LOGIN_PATHS.check)
  @HttpCode(200)
  @ApiOperation({
    summary: 'Check the QQ Music app login',
    description:
      'Answers at once from the states the issuing instance recorded (shared through Redis with REDIS_URL; poll every ~1.5 s). States (200, `isOk: false`): waiting, scanned, confirming, canceled (`refresh: true`), expired (`refresh: true`). ' +
      'Success (200): `{ isOk: true, state: \'confirmed\', message, session[, credential][, persisted[, persistPending]] }`, only to a check sending the QR answer\'s `loginToken` (for 120 s); any other check of a logged-in QR gets 410 `LOGIN_QR_USED`. ' +
      'A failed login answers its error (below) to every check.',
  })
  @ApiBody({ type: CheckAppLoginBody, description: 'JSON body.', examples: { check: { value: { qrcodeId: EXAMPLE_QRCODE_ID } } } })
  @ApiPlainOk('A state (`AppPollState`) or the logged-in session (`AppLoggedIn`), both 200.', { isOk: false, state: 'scanned', message: '已扫码，等待确认' }, AppCheckAnswer)
  @ApiErrorResponses(
    { status: 400, description: 'qrcodeId missing or malformed; with LOGIN_TOKEN_REQUIRED=true, no `loginToken`.', errorCodes: ['BAD_REQUEST'] },
    { status: 403, description: '`loginToken` is not the one this QR was issued with, or no instance recorded this QR (or its record expired).', errorCodes: ['LOGIN_TOKEN_MISMATCH', 'LOGIN_QR_UNKNOWN'] },
    { status: 410, description: 'This QR already logged in: its session goes only to its `loginToken` (120 s).', errorCodes: ['LOGIN_QR_USED'] },
    ...EXCHANGE_FAILURES,
    502,
    UPSTREAM_UNAVAILABLE,
  )
  checkAppLoginQr(@Body() body: CheckAppLoginBody) {
    return this.app.check(body);
  }
}
