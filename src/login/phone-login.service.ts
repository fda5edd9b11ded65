import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { isPhoneNumber } from 'class-validator';
import { GatewayError } from '../common/http-error';
import { describeCode, retryAfterHeader, UPSTREAM_CODES } from '../common/upstream-codes';
import { Shaped } from '../common/shaped';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { PhoneLoginClient, type PhoneLoginAnswer } from '../upstream/clients/phone-login.client';
import { UpstreamError } from '../upstream/upstream.errors';
import type { CheckPhoneCodeBody, SendPhoneCodeBody } from './dto/phone-login.dto';
import { FinishedLogins } from './finished-logins';
import { attemptOf } from './login-admission';
import type { PhoneCodeSent, PhoneLoggedIn } from './login.answers';
import { LoginPersistService } from './login-persist.service';
import type { StoreChoice } from './login-store';
import { extractMusicid, sessionOfMusicuLogin } from './login.parse';
import { SmsBudget } from './sms-budget';

/** The finished-login channel of phone logins: one record per number, bound to the loginToken of its last code. */
const CHANNEL = 'phone';
/** How long a caller told "upstream limits this number" should wait, when upstream does not say. */
const UPSTREAM_LIMIT_RETRY_S = 60;

/**
 * Phone number + SMS code login (docs/login.md "Phone number and SMS code"): send a code, then log in with it. The
 * send is bounded by the SMS budgets (SmsBudget) and binds the number to a new loginToken for PHONE_CODE_TTL_S; the
 * check goes through the same finished-login rules as a QR (FinishedLogins): one run per code, the session to its
 * owner, a used code never logged in twice. Neither the number nor the code is ever logged or answered.
 */
@Injectable()
export class PhoneLoginService {
  constructor(
    private readonly client: PhoneLoginClient,
    private readonly persist: LoginPersistService,
    private readonly finished: FinishedLogins,
    private readonly budget: SmsBudget,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendCode(body: SendPhoneCodeBody, ip: string): Promise<Shaped<PhoneCodeSent>> {
    const number = checkedNumber(body.countryCode, body.phone);
    await this.budget.spend(number, ip);
    const answer = await this.ask(() => this.client.sendCode(body.phone, body.countryCode));
    if (answer.code !== 0) throw sendRefused(answer);
    const ttlS = this.config.phoneCodeTtlS;
    // A new code binds the number to a new loginToken: the previous code's holder can no longer check it here.
    const loginToken = await this.finished.issue(CHANNEL, number, ttlS * 1000);
    const sent: PhoneCodeSent = { sent: true, loginToken, expiresIn: ttlS, resendIn: this.config.phoneCodeIntervalS };
    return new Shaped(sent, answer.raw);
  }

  async check(body: CheckPhoneCodeBody, store?: StoreChoice): Promise<Shaped> {
    const number = checkedNumber(body.countryCode, body.phone);
    // Settled before upstream is asked: the code must have been sent by this gateway, within PHONE_CODE_TTL_S.
    const sendCheck = await this.finished.admit(CHANNEL, number, body.loginToken, codeExpired);
    // One key per code of one send: the same digits sent again later are a new login.
    const check = attemptOf(sendCheck, `${sendCheck.owner ?? ''}:${body.code}`);
    try {
      // A code that already logged in answers its owner the same session (120 s) and anyone else 410, uncounted.
      const done = await this.finished.find(check);
      if (done) return withCredentialIf(done, body.credential);
      await this.budget.attempt(number, sendCheck.owner ?? '');
      const result = await this.finished.run(check, () => this.login(body.phone, body.code, store), (r) => (r.body as PhoneLoggedIn).isOk === true);
      return withCredentialIf(result, body.credential);
    } catch (err) {
      throw usedAsCode(err);
    }
  }

  private async login(phone: string, code: string, store: StoreChoice): Promise<Shaped<PhoneLoggedIn>> {
    const answer = await this.ask(() => this.client.login(phone, code));
    if (answer.code !== 0) throw loginRefused(answer);
    const data = answer.data;
    const { musicid, loginType, session, credential } = sessionOfMusicuLogin(data, extractMusicid(JSON.stringify(data)));
    const body: PhoneLoggedIn = { isOk: true, message: '登录成功', session, credential };
    await this.persist.saveConfirmedLogin(body, { cookie: session.cookie, musicid, loginType, data }, store);
    return new Shaped(body, answer.raw);
  }

  /** A single-use call: a timeout is the login's (504), a business code is read by the caller. */
  private async ask(call: () => Promise<PhoneLoginAnswer>): Promise<PhoneLoginAnswer> {
    try {
      return await call();
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'timeout') throw new GatewayError(HttpStatus.GATEWAY_TIMEOUT, 'LOGIN_TIMEOUT', 'The phone login call timed out');
      throw err;
    }
  }
}

/** Country code and national number as one key (`86:13800138000`), once libphonenumber says the number exists. */
function checkedNumber(countryCode: number, phone: string): string {
  if (!isPhoneNumber(`+${countryCode}${phone}`)) {
    throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'phone is not a valid phone number of countryCode (the national number, without the country code)');
  }
  return `${countryCode}:${phone}`;
}

function withCredentialIf(result: Shaped, wanted: boolean | undefined): Shaped {
  const body = result.body as Record<string, unknown> | null;
  if (wanted === true || !body || typeof body !== 'object' || !('credential' in body)) return result;
  const { credential: _left, ...rest } = body;
  return new Shaped(rest, result.raw, result.supplements);
}

function codeExpired(): GatewayError {
  return new GatewayError(
    HttpStatus.GONE,
    'LOGIN_CODE_EXPIRED',
    'No login code sent to this number by this gateway is still valid: send a new one with /sendPhoneLoginCode',
  );
}

/** The finished-login rules speak of QRs: a used code is told in the phone login's words. */
function usedAsCode(err: unknown): unknown {
  if (err instanceof GatewayError && err.errorCode === 'LOGIN_QR_USED') {
    return new GatewayError(HttpStatus.GONE, 'LOGIN_CODE_USED', 'This login code was already used to log in; its session goes only to the loginToken it was sent with');
  }
  return err;
}

/** A link upstream gives for the user to verify (captcha, binding): answered to the caller, never logged. */
function securityUrl(data: Record<string, unknown>): Record<string, unknown> {
  const url = data.securityURL ?? data.securityUrl;
  return typeof url === 'string' && /^https:\/\//.test(url) ? { securityUrl: url } : {};
}

/** docs/upstream/login.md "Phone login: send the code": the codes of a refused send. */
function sendRefused({ code, data }: PhoneLoginAnswer): GatewayError {
  if (code === 20276) {
    return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_CAPTCHA_REQUIRED', 'Upstream wants a captcha solved before it sends a code to this number (open securityUrl)', {
      upstreamCode: code,
      ...securityUrl(data),
    });
  }
  if (code === 100001 || code === 104604) return upstreamLimited(code);
  return commonAnswer(code) ?? new GatewayError(HttpStatus.BAD_GATEWAY, 'PHONE_CODE_NOT_SENT', `Upstream did not send the login code (code ${code})`, { upstreamCode: code });
}

/** docs/upstream/login.md "Phone login: log in with the code": the codes of a refused login. */
function loginRefused({ code, data }: PhoneLoginAnswer): GatewayError {
  const extra = { upstreamCode: code };
  switch (code) {
    case 20271:
      return new GatewayError(HttpStatus.UNAUTHORIZED, 'LOGIN_CODE_WRONG', 'The login code is wrong (code 20271)', extra);
    case 1000:
    case 104400:
    case 104401:
      return new GatewayError(HttpStatus.GONE, 'LOGIN_CODE_EXPIRED', `Upstream no longer takes this login code (code ${code}): send a new one`, extra);
    case 104604:
      return upstreamLimited(code);
    case 20272:
    case 20274:
      return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_VERIFY_REQUIRED', `This account must be verified or bound first (code ${code}; open securityUrl)`, { ...extra, ...securityUrl(data) });
    case 20277:
    case 20278:
    case 20450:
      return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_ACCOUNT_RESTRICTED', `This account is restricted (code ${code})`, extra);
    case 20279:
      return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_DEVICE_LIMIT', 'Login refused: too many devices on this account (code 20279)', extra);
    default:
      return commonAnswer(code) ?? new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_REJECTED', `QQ Music login failed (code ${code})`, extra);
  }
}

/** A code every route answers alike (src/common/upstream-codes.ts: 2001, 104009…), when the phone login has no reading of its own. */
function commonAnswer(code: number): GatewayError | undefined {
  const known = UPSTREAM_CODES[code];
  if (!known) return undefined;
  return new GatewayError(known.status, known.errorCode, `QQ Music refused the phone login call: ${describeCode(code)}`, { upstreamCode: code }, retryAfterHeader(known));
}

function upstreamLimited(code: number): GatewayError {
  return new GatewayError(HttpStatus.TOO_MANY_REQUESTS, 'LOGIN_UPSTREAM_LIMITED', `Upstream refuses more login codes or attempts for now (code ${code})`, { upstreamCode: code }, {
    'Retry-After': String(UPSTREAM_LIMIT_RETRY_S),
  });
}
