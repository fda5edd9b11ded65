import { HttpStatus, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hash33 } from '../common/cookie';
import { GatewayError } from '../common/http-error';
import { Shaped } from '../common/shaped';
import { UpstreamHttp, UpstreamResponse } from '../upstream/upstream-http.service';
import { UpstreamError } from '../upstream/upstream.errors';
import { CheckMainLoginBody } from './dto/check-login.dto';
import { FinishedLogins } from './finished-logins';
import { LoginImageClient } from './login-image.client';
import { badLoginAnswer } from './login-errors';
import { LoginPersistService } from './login-persist.service';
import {
  buildSession,
  CookieJar,
  extractCheckSigUrl,
  extractMusicid,
  MAIN_STATES,
  MainPollCode,
  parsePtuiCB,
  ptloginUin,
  splitLoginUrl,
} from './login.parse';

/** QQ Music web's ptlogin app, its QQ-Connect app id, and where ptlogin sends the browser afterwards. */
const APPID = 716027609;
const DAID = 383;
const PT_3RD_AID = 100497308;
const U1 = 'https://graph.qq.com/oauth2.0/login_jump';
const XUI_REFERER = 'https://xui.ptlogin2.qq.com/';
const JS_VER = '20102616';

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
 * Main channel (QQ) QR login, CONTRACT §6 with the §12 exchange: ptqrshow → ptqrlogin poll → check_sig → graph
 * authorize → musicu QQConnectLogin.QQLogin. Stateless: the QR answer carries everything the check needs.
 */
@Injectable()
export class MainLoginService {
  constructor(
    private readonly upstream: UpstreamHttp,
    private readonly images: LoginImageClient,
    private readonly persist: LoginPersistService,
    private readonly finished: FinishedLogins,
  ) {}

  async getQr(): Promise<Shaped> {
    let res;
    try {
      // CONTRACT §6.1 (L1✓ test_get_qrcode_qq): the PNG body plus the qrsig cookie; never send the user's cookie.
      res = await this.images.get(
        'ptlogin',
        '/ptqrshow',
        { appid: APPID, e: 2, l: 'M', s: 3, d: 72, v: 4, t: Math.random(), daid: DAID, pt_3rd_aid: PT_3RD_AID, u1: U1 },
        XUI_REFERER,
      );
    } catch (err) {
      if (err instanceof UpstreamError && err.kind !== 'timeout') throw badLoginAnswer(MAIN_ERRORS.qrFetch, 'LOGIN_QR_FETCH_FAILED');
      throw err;
    }
    if (res.status < 200 || res.status > 299 || !res.body.length) throw badLoginAnswer(MAIN_ERRORS.qrFetch, 'LOGIN_QR_FETCH_FAILED');
    const qrsig = CookieJar.find(res.setCookies, 'qrsig');
    if (!qrsig) throw badLoginAnswer(MAIN_ERRORS.noQrsig, 'LOGIN_NO_QRSIG');
    const body = { img: `data:image/png;base64,${res.body.toString('base64')}`, ptqrtoken: String(hash33(qrsig)), qrsig };
    return new Shaped(body, { status: res.status, setCookies: res.setCookies });
  }

  async check(input: CheckMainLoginBody): Promise<Shaped> {
    const { qrsig } = input;
    const ptqrtoken = String(hash33(qrsig));
    if (input.ptqrtoken !== undefined && input.ptqrtoken !== ptqrtoken) {
      throw new GatewayError(HttpStatus.BAD_REQUEST, 'BAD_REQUEST', 'ptqrtoken does not match qrsig (it must be hash33(qrsig))');
    }
    try {
      // The poll that reports a confirmed scan spends the QR, so the whole chain runs where a hang-up cannot cut it.
      return await this.finished.run('main', qrsig, () => this.runChain(qrsig, ptqrtoken), isLoggedIn);
    } catch (err) {
      if (err instanceof UpstreamError && err.kind === 'timeout') {
        throw new GatewayError(HttpStatus.GATEWAY_TIMEOUT, 'LOGIN_TIMEOUT', MAIN_ERRORS.timeout);
      }
      throw err;
    }
  }

  private async runChain(qrsig: string, ptqrtoken: string): Promise<Shaped> {
    const jar = new CookieJar();
    jar.set('qrsig', qrsig);

    // Step 1, CONTRACT §6.2 (L1✓ test_check_qrcode_returns_login_event): one poll, answered with a ptuiCB call.
    const poll = await this.upstream.send({
      host: 'ptlogin',
      path: '/ptqrlogin',
      query: {
        u1: U1,
        ptqrtoken,
        ptredirect: 0,
        h: 1,
        t: 1,
        g: 1,
        from_ui: 1,
        ptlang: 2052,
        action: `0-0-${Date.now()}`,
        js_ver: JS_VER,
        js_type: 1,
        pt_uistyle: 40,
        aid: APPID,
        daid: DAID,
        pt_3rd_aid: PT_3RD_AID,
        has_onekey: 1,
      },
      headers: { Referer: XUI_REFERER },
      cookie: jar.header(),
      label: 'ptqrlogin',
    });
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
      const body: Record<string, unknown> = { isOk: false, state: known.state, code: cb.code, message: known.message, refresh: known.refresh };
      if (known.refresh) body.error = known.message;
      return new Shaped(body, { text: poll.text });
    }

    // Step 2: check_sig on the configured origin, path + query byte-exact (ptsigx keeps its '+'), redirects off.
    const checkSigUrl = extractCheckSigUrl(poll.text, cb);
    const target = checkSigUrl ? splitLoginUrl(checkSigUrl) : null;
    if (!target) throw badLoginAnswer(MAIN_ERRORS.noCheckSig, 'LOGIN_NO_CHECK_SIG');
    // CONTRACT §6.2 step 2: the redirect ptlogin itself hands back; the 302's Set-Cookie carries p_skey.
    const checkSig = await this.upstream.send({
      host: target.host,
      path: target.pathAndQuery,
      redirects: 'manual',
      cookie: jar.header(),
      headers: { Referer: XUI_REFERER },
      label: 'check_sig',
    });
    const pSkey = CookieJar.find(checkSig.setCookies, 'p_skey');
    if (!pSkey) throw badLoginAnswer(MAIN_ERRORS.noPskey, 'LOGIN_NO_P_SKEY');
    jar.addSetCookies(checkSig.setCookies);
    jar.set('p_skey', pSkey);
    const gTk = hash33(pSkey, 5381);

    // Step 3, CONTRACT §6.2 (L1/3P form): OAuth authorize for QQ Music's QQ-Connect app; the code is in the Location.
    const form = new URLSearchParams({
      response_type: 'code',
      client_id: String(PT_3RD_AID),
      redirect_uri: 'https://y.qq.com/portal/wx_redirect.html?login_type=1&surl=https://y.qq.com/',
      scope: 'get_user_info,get_app_friends',
      state: 'state',
      switch: '',
      from_ptlogin: '1',
      src: '1',
      update_auth: '1',
      openapi: '1010_1030',
      g_tk: String(gTk),
      auth_time: String(Date.now()),
      ui: randomUUID(),
    });
    const authorize = await this.upstream.send({
      host: 'graph',
      path: '/oauth2.0/authorize',
      method: 'POST',
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'https://graph.qq.com/' },
      redirects: 'manual',
      cookie: jar.header(['qrsig']),
      label: 'oauth2.0/authorize',
    });
    const location = headerOf(authorize, 'location');
    if (authorize.status < 300 || authorize.status > 399 || !location) throw badLoginAnswer(MAIN_ERRORS.noRedirect, 'LOGIN_NO_REDIRECT');
    const codeMatch = /[?&#]code=([^&#]+)/.exec(location);
    if (!codeMatch) throw badLoginAnswer(MAIN_ERRORS.noCode, 'LOGIN_NO_CODE');
    jar.addSetCookies(authorize.setCookies);
    const code = decodeURIComponent(codeMatch[1]);

    // Step 4, CONTRACT §12 "QQ QR login exchange": QQConnectLogin.LoginServer/QQLogin (music.login gives 104400).
    let login;
    try {
      login = await this.upstream.musicu(
        { req: { module: 'QQConnectLogin.LoginServer', method: 'QQLogin', param: { code } } },
        // the code is single-use: never retried, never shared with another in-flight call
        { comm: { g_tk: gTk, platform: 'yqq', ct: 24, cv: 0, tmeLoginType: 2 }, cookie: jar.header(['qrsig']), idempotent: false },
      );
    } catch (err) {
      throw loginRejected(err);
    }
    const data = (login.data.req ?? {}) as Record<string, unknown>;
    const musicid = extractMusicid(JSON.stringify(data));
    const musickey = typeof data.musickey === 'string' ? data.musickey : '';
    if (!musicid || !musickey) throw badLoginAnswer('Login response is missing the credential', 'LOGIN_NO_CREDENTIAL');

    // Session: every collected cookie plus the body-derived QQ Music cookies (3P approach, CONTRACT §6.2 step 4).
    if (!jar.get('uin')) jar.set('uin', ptloginUin(musicid));
    jar.set('qqmusic_uin', musicid);
    jar.set('qqmusic_key', musickey);
    jar.set('qm_keyst', musickey);
    if (typeof data.encryptUin === 'string') jar.set('euin', data.encryptUin);
    jar.set('tmeLoginType', '2');
    const session = buildSession(jar.header(['qrsig']));
    const body: Record<string, unknown> = {
      isOk: true,
      message: '登录成功',
      session,
    };
    await this.persist.saveConfirmedLogin(body, { cookie: session.cookie, musicid, loginType: 2, data });
    return new Shaped(body, login.raw);
  }
}

function isLoggedIn(result: Shaped): boolean {
  return (result.body as { isOk?: unknown }).isOk === true;
}

function headerOf(res: UpstreamResponse, name: string): string | undefined {
  const v = res.headers[name];
  return Array.isArray(v) ? v[0] : v;
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
