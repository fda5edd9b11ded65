import { HttpStatus, Injectable } from '@nestjs/common';
import { hash33 } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { QqLoginClient } from '../upstream/clients/qq-login.client';
import { failedAtProxy } from '../common/upstream-failures';
import { UpstreamError } from '../upstream/upstream.errors';
import { CheckMainLoginBody } from './dto/check-login.dto';
import { FinishedLogins, SpendGuard } from './finished-logins';
import { badLoginAnswer } from './login-errors';
import type { LoginCredential, MainLoggedIn, MainPollState, MainQrAnswer } from './login.answers';
import { LoginPersistService } from './login-persist.service';
import type { StoreChoice } from './login-store';
import {
  buildSession,
  CookieJar,
  extractCheckSigUrl,
  extractMusicid,
  MAIN_STATES,
  MainPollCode,
  answerCredentialIf,
  parsePtuiCB,
  pickCredential,
  ptloginUin,
  splitLoginUrl,
} from './login.parse';

export const MAIN_ERRORS = {
  timeout: 'Login check timed out',
  noQrsig: 'Failed to get qrsig from response',
  qrFetch: 'Failed to fetch QQ login QR',
  badPoll: 'Unrecognised answer from the QQ login poll',
  noCheckSig: 'Failed to extract checkSigUrl from response',
  noPskey: 'Failed to extract p_skey from response',
  noRedirect: 'Authorization response has no redirect address',
  noCode: 'Authorization redirect has no code',
} as const;

/**
 * Main channel (QQ) QR login: ptqrshow → ptqrlogin poll → check_sig → graph authorize → QQLogin exchange
 * (docs/upstream/login.md "QQ QR login"). Stateless: the QR answer carries everything the check needs.
 */
@Injectable()
export class MainLoginService {
  constructor(
    private readonly qq: QqLoginClient,
    private readonly persist: LoginPersistService,
    private readonly finished: FinishedLogins,
  ) {}

  async getQr(): Promise<Shaped<MainQrAnswer>> {
    let res;
    try {
      res = await this.qq.qrImage();
    } catch (err) {
      if (err instanceof UpstreamError && err.kind !== 'timeout' && !failedAtProxy(err.kind)) throw badLoginAnswer(MAIN_ERRORS.qrFetch, 'LOGIN_QR_FETCH_FAILED');
      throw err;
    }
    if (res.status < 200 || res.status > 299 || !res.body.length) throw badLoginAnswer(MAIN_ERRORS.qrFetch, 'LOGIN_QR_FETCH_FAILED');
    const qrsig = CookieJar.find(res.setCookies, 'qrsig');
    if (!qrsig) throw badLoginAnswer(MAIN_ERRORS.noQrsig, 'LOGIN_NO_QRSIG');
    // loginToken goes to this caller alone, bound to the QR: only it checks the QR and redeems its login (the qrsig cannot).
    const loginToken = await this.finished.issue('main', qrsig);
    const body: MainQrAnswer = { img: `data:image/png;base64,${res.body.toString('base64')}`, ptqrtoken: String(hash33(qrsig)), qrsig, loginToken };
    return new Shaped(body, { status: res.status, setCookies: res.setCookies });
  }

  /** `store`: whether a confirmed login becomes the gateway's own (src/login/login-store.ts; default LOGIN_PERSIST_COOKIE). */
  async check(input: CheckMainLoginBody, store?: StoreChoice): Promise<Shaped> {
    const { qrsig } = input;
    const ptqrtoken = String(hash33(qrsig));
    if (input.ptqrtoken !== undefined && input.ptqrtoken !== ptqrtoken) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'ptqrtoken does not match qrsig (it must be hash33(qrsig))');
    }
    // Settled before the poll, so a check with another QR's or a made-up loginToken never spends this QR.
    const check = await this.finished.admit('main', qrsig, input.loginToken);
    try {
      // The poll that reports a confirmed scan spends the QR, so the whole chain runs where a hang-up cannot cut it.
      const result = await this.finished.run(check, (guard) => this.runChain(qrsig, ptqrtoken, guard, store), isLoggedIn);
      return answerCredentialIf(result, input.credential);
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'timeout') {
        throw new GatewayError(HttpStatus.GATEWAY_TIMEOUT, 'LOGIN_TIMEOUT', MAIN_ERRORS.timeout);
      }
      throw err;
    }
  }

  private async runChain(qrsig: string, ptqrtoken: string, guard: SpendGuard, store: StoreChoice): Promise<Shaped<MainPollState | MainLoggedIn>> {
    const jar = new CookieJar();
    jar.set('qrsig', qrsig);

    // Step 1: one poll, answered with a ptuiCB call (docs/upstream/login.md "QQ poll (ptqrlogin)").
    const poll = await this.qq.poll(ptqrtoken, jar.header());
    if (poll.status !== 200) {
      throw new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_POLL_FAILED', `QQ login poll was refused (HTTP ${poll.status})`);
    }
    const cb = parsePtuiCB(poll.text);
    if (!cb) throw badLoginAnswer(MAIN_ERRORS.badPoll, 'LOGIN_BAD_POLL');
    jar.addSetCookies(poll.setCookies);
    if (cb.code !== 0) {
      const known = MAIN_STATES[cb.code as MainPollCode];
      if (!known) {
        throw new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_BAD_POLL', `${MAIN_ERRORS.badPoll} (code ${cb.code})`, { upstreamCode: cb.code });
      }
      const body: MainPollState = { isOk: false, state: known.state, code: cb.code as MainPollCode, message: known.message, refresh: known.refresh };
      if (known.refresh) body.error = known.message;
      return new Shaped(body, { text: poll.text });
    }

    // A QR already logged in (on any instance, even one Redis forgot) is not spent a second time.
    await guard();

    // Step 2: check_sig at the redirect ptlogin handed back; its 302 sets p_skey, which signs step 3.
    const checkSigUrl = extractCheckSigUrl(poll.text, cb);
    const target = checkSigUrl ? splitLoginUrl(checkSigUrl) : null;
    if (!target) throw badLoginAnswer(MAIN_ERRORS.noCheckSig, 'LOGIN_NO_CHECK_SIG');
    const checkSig = await this.qq.checkSig(target, jar.header());
    const pSkey = CookieJar.find(checkSig.setCookies, 'p_skey');
    if (!pSkey) throw badLoginAnswer(MAIN_ERRORS.noPskey, 'LOGIN_NO_P_SKEY');
    jar.addSetCookies(checkSig.setCookies);
    jar.set('p_skey', pSkey);
    const gTk = hash33(pSkey, 5381);

    // Step 3: OAuth authorize for QQ Music's QQ-Connect app; the code is in the Location.
    const authorize = await this.qq.authorize(gTk, jar.header(['qrsig']));
    const { location } = authorize;
    if (authorize.status < 300 || authorize.status > 399 || !location) throw badLoginAnswer(MAIN_ERRORS.noRedirect, 'LOGIN_NO_REDIRECT');
    const codeMatch = /[?&#]code=([^&#]+)/.exec(location);
    if (!codeMatch) throw badLoginAnswer(MAIN_ERRORS.noCode, 'LOGIN_NO_CODE');
    jar.addSetCookies(authorize.setCookies);
    const code = decodeURIComponent(codeMatch[1]);

    // Step 4: the code exchange (docs/upstream/login.md "QQ login exchange (QQLogin)").
    let login;
    try {
      login = await this.qq.login(code, gTk, jar.header(['qrsig']));
    } catch (err) {
      throw loginRejected(err);
    }
    const data = login.data;
    const musicid = extractMusicid(JSON.stringify(data));
    const musickey = typeof data.musickey === 'string' ? data.musickey : '';
    if (!musicid || !musickey) throw badLoginAnswer('Login response is missing the credential', 'LOGIN_NO_CREDENTIAL');

    // Session: every collected cookie plus the QQ Music cookies built from the answer body, which is more robust than
    // relying on the exchange's Set-Cookie (docs/upstream/login.md "QQ login exchange (QQLogin)").
    if (!jar.get('uin')) jar.set('uin', ptloginUin(musicid));
    jar.set('qqmusic_uin', musicid);
    jar.set('qqmusic_key', musickey);
    jar.set('qm_keyst', musickey);
    if (typeof data.encryptUin === 'string') jar.set('euin', data.encryptUin);
    jar.set('tmeLoginType', '2');
    const session = buildSession(jar.header(['qrsig']));
    const body: MainLoggedIn = {
      isOk: true,
      message: '登录成功',
      session,
      // Kept with the finished login for its owner; answered only to a check with `credential: true` (check()).
      credential: answerableCredential(data, musicid, 2),
    };
    await this.persist.saveConfirmedLogin(body, { cookie: session.cookie, musicid, loginType: 2, data }, store);
    return new Shaped(body, login.raw);
  }
}

/** The credential a confirmed login answers its owner on request: the fields a refresh needs (login.answers.ts). */
export function answerableCredential(data: Record<string, unknown>, musicid: string, loginType: 1 | 2): LoginCredential {
  return pickCredential({ ...data, loginType }, musicid) as LoginCredential;
}

function isLoggedIn(result: Shaped): boolean {
  return (result.body as { isOk?: unknown }).isOk === true;
}

/** A business code of the login exchange: 20274 (device limit) → 403, anything else → 502, both naming the code. */
export function loginRejected(err: unknown): unknown {
  if (!(err instanceof UpstreamError) || err.kind !== 'business') return err;
  const code = err.details.upstreamCode ?? -1;
  if (code === 20274) {
    return new GatewayError(HttpStatus.FORBIDDEN, 'LOGIN_DEVICE_LIMIT', 'Login refused: too many devices on this account (code 20274)', {
      upstreamCode: code,
    });
  }
  return new GatewayError(HttpStatus.BAD_GATEWAY, 'LOGIN_REJECTED', `QQ Music login failed (code ${code})`, { upstreamCode: code });
}
