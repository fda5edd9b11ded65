import { HttpStatus, Inject, Injectable, Logger } from '@nestjs/common';
import { GatewayError } from '../common/http-error';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { LoginClient } from '../upstream/clients/login.client';
import { UpstreamError } from '../upstream/upstream.errors';
import type { LoginCredential, RefreshedLogin } from './login.answers';
import { buildSession, pickCredential, ptloginUin } from './login.parse';
import {
  cookieWithCredential,
  type Credential,
  expiresAtMs,
  loginTypeOf,
  maskUin,
  mergeRefreshed,
  outcomeOfCode,
  REFRESH_REFUSALS,
  refreshParams,
} from '../credentials/credential.model';
import type { RefreshLoginBody } from './dto/refresh-login.dto';

/**
 * A caller's own login kept alive (docs/credentials.md "Keeping a caller's login alive"): the credential the caller
 * holds, refreshed by one upstream call (LoginClient.refresh, never retried, never shared), read as the stored login's
 * refresh reads its codes (outcomeOfCode, REFRESH_REFUSALS). Stateless: nothing is stored, cached or coalesced, and the
 * stored login is never read or written. Nothing of the credential is logged but the masked account.
 */
@Injectable()
export class LoginRefreshService {
  private readonly logger = new Logger('LoginRefresh');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly login: LoginClient,
  ) {}

  async refresh(body: RefreshLoginBody): Promise<Shaped<Envelope<RefreshedLogin>>> {
    const old = credentialOf(body);
    const loginType = loginTypeOf(old);
    const account = maskUin(old.musicid);
    const cookie = cookieOf(old);
    let data;
    try {
      // Single-use refresh_key: one call, sent with the caller's key cookies, never retried (docs/upstream/login.md).
      data = await this.login.refresh(refreshParams(old), loginType, cookie);
    } catch (err) {
      throw this.refused(err, account);
    }
    const renewed = mergeRefreshed(old, data);
    const credential = pickCredential({ ...renewed, loginType }, old.musicid) as LoginCredential;
    const expiresAt = expiresAtMs(renewed);
    this.logger.log(`Caller login refresh for account ${account}: ok`);
    const answer: RefreshedLogin = {
      credential,
      session: buildSession(cookieWithCredential(cookie, renewed), old.musicid),
      expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null,
    };
    return envelope(answer, answer);
  }

  /** A business code as the stored login's refresh reads it (REFRESH_REFUSALS); anything else is the call's own error. */
  private refused(err: unknown, account: string | null): unknown {
    const code = err instanceof UpstreamError && err.kind === 'business' ? err.details.upstreamCode : undefined;
    if (code === undefined) return err;
    const outcome = outcomeOfCode(code);
    if (outcome === 'ok' || outcome === 'error') return err;
    this.logger.warn(`Caller login refresh for account ${account}: ${outcome} (upstream code ${code})`);
    const refusal = REFRESH_REFUSALS[outcome];
    const headers = outcome === 'too_frequent' ? { 'Retry-After': String(this.config.credentialRefreshBackoffS) } : undefined;
    return new GatewayError(refusal.status, refusal.errorCode, `Login refresh refused: ${refusal.message} (upstream code ${code})`, { upstreamCode: code }, headers);
  }
}

/** The body as a credential; a field the login type needs and the body lacks is a 400 naming it. */
function credentialOf(body: RefreshLoginBody): Credential {
  const fields = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined && v !== '')) as Record<string, unknown>;
  const credential = { ...fields, musicid: body.musicid, musickey: body.musickey } as Credential;
  const loginType = loginTypeOf(credential);
  const needed = loginType === 2 ? 'access_token' : 'unionid';
  if (!credential[needed]) {
    throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', `${needed} is required for a ${loginType === 2 ? 'QQ' : 'WeChat'} login (loginType ${loginType})`);
  }
  credential.loginType = loginType;
  return credential;
}

/** The cookie a login of this credential carries (as the QR logins build it), the refresh's `cookie`. */
function cookieOf(c: Credential): string {
  const wechat = loginTypeOf(c) === 1;
  const base = wechat
    ? [`uin=${c.musicid}`, ...(c.openid ? [`wx_openid=${c.openid}`] : []), ...(c.unionid ? [`wx_unionid=${c.unionid}`] : [])]
    : [`uin=${ptloginUin(c.musicid)}`];
  return cookieWithCredential(base.join('; '), c);
}
