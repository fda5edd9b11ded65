import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiEnvelope, ApiErrorResponses, UPSTREAM_UNAVAILABLE } from '../common/api-docs';
import { REFRESH_REFUSALS } from '../credentials/credential.model';
import { RefreshedLogin } from './login.answers';
import { RefreshLoginBody } from './dto/refresh-login.dto';
import { LoginRefreshService } from './login-refresh.service';

// The body's example leaves out the answer's numbers and encryptUin (a refresh answers them anew): send it all as answered.
const EXAMPLE_BODY = {
  musicid: '1503255237',
  str_musicid: '1503255237',
  musickey: 'Q_H_L_63k3NexampleKey',
  refresh_key: 'RKexampleRefreshKey',
  refresh_token: 'RTexampleRefreshToken',
  openid: 'OPENIDexample',
  access_token: 'ATexampleAccessToken',
  loginType: 2,
};
const EXAMPLE_CREDENTIAL = { ...EXAMPLE_BODY, expired_at: 1803099610, encryptUin: 'oKEncExample', musickeyCreateTime: 1795323610, keyExpiresIn: 259200 };

const refusal = (outcome: keyof typeof REFRESH_REFUSALS, codes: string) => ({
  status: REFRESH_REFUSALS[outcome].status,
  description: `Refresh answered ${codes}: ${REFRESH_REFUSALS[outcome].message} (body has \`upstreamCode\`).${outcome === 'too_frequent' ? ' `Retry-After`: CREDENTIAL_REFRESH_BACKOFF_S (default 600).' : ''}`,
  errorCodes: [REFRESH_REFUSALS[outcome].errorCode],
});

/** A caller's own login kept alive (docs/credentials.md "Keeping a caller's login alive"); never the stored login. */
@ApiTags('login')
@Controller()
export class LoginRefreshController {
  constructor(private readonly refresher: LoginRefreshService) {}

  @Post('user/refreshLogin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Renew a caller\'s own login (its full credential)',
    description:
      'Send the `credential` a QR login check answered with `credential: true` (or the one this route answered last) as the JSON body; the answer is the renewed credential and its session cookie. ' +
      'One upstream refresh (`music.login.LoginServer`/`Login`), never retried, never cached or shared with another request; the refresh_key is single-use, so keep the new credential and drop the old. ' +
      'The gateway\'s stored login is never read or changed. Upstream codes are read as for the stored login (docs/credentials.md).',
  })
  @ApiBody({ type: RefreshLoginBody, description: 'The credential, as answered.', examples: { qq: { value: EXAMPLE_BODY } } })
  @ApiEnvelope('The renewed credential and its session.', {
    credential: { ...EXAMPLE_CREDENTIAL, musickey: 'Q_H_L_9xYzRenewedKey', refresh_key: 'RKrenewedRefreshKey', musickeyCreateTime: 1795582810 },
    session: {
      loginUin: '1503255237',
      uin: '1503255237',
      cookie: 'uin=o1503255237; qqmusic_uin=1503255237; qqmusic_key=Q_H_L_9xYzRenewedKey; qm_keyst=Q_H_L_9xYzRenewedKey; tmeLoginType=2; euin=oKEncExample',
      cookieList: ['uin=o1503255237', 'qqmusic_uin=1503255237', 'qqmusic_key=Q_H_L_9xYzRenewedKey', 'qm_keyst=Q_H_L_9xYzRenewedKey', 'tmeLoginType=2', 'euin=oKEncExample'],
      cookieObject: { uin: 'o1503255237', qqmusic_uin: '1503255237', qqmusic_key: 'Q_H_L_9xYzRenewedKey', qm_keyst: 'Q_H_L_9xYzRenewedKey', tmeLoginType: '2', euin: 'oKEncExample' },
    },
    expiresAt: '2026-11-25T05:00:00.000Z',
  }, RefreshedLogin)
  @ApiErrorResponses(
    { status: 400, description: 'A credential field missing or malformed (the message names it; access_token for QQ, unionid for WeChat).', errorCodes: ['BAD_REQUEST'] },
    { ...refusal('auth_expired', '1000, 104400 or 104401'), errorCodes: [REFRESH_REFUSALS.auth_expired.errorCode, REFRESH_REFUSALS.bad_params.errorCode], description: `${refusal('auth_expired', '1000, 104400 or 104401').description} Or 20261 (\`${REFRESH_REFUSALS.bad_params.errorCode}\`): ${REFRESH_REFUSALS.bad_params.message}.` },
    refusal('restricted', '20274, 20277, 20278, 20450 or 20279'),
    {
      ...refusal('too_frequent', '104604'),
      errorCodes: [REFRESH_REFUSALS.too_frequent.errorCode, ...UPSTREAM_UNAVAILABLE.errorCodes],
      description: `${refusal('too_frequent', '104604').description} ${UPSTREAM_UNAVAILABLE.description}`,
    },
    502,
    504,
  )
  refreshLogin(@Body() body: RefreshLoginBody) {
    return this.refresher.refresh(body);
  }
}
