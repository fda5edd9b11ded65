import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { type LoginImage, type LoginStepAnswer, qrImageRequest, toLoginImage } from './login.client';
import { UpstreamClient } from './upstream-client';

/** QQ Music web's ptlogin app, its QQ-Connect app id, and where ptlogin sends the browser afterwards. */
const APPID = 716027609;
const DAID = 383;
const PT_3RD_AID = 100497308;
const U1 = 'https://graph.qq.com/oauth2.0/login_jump';
const XUI_REFERER = 'https://xui.ptlogin2.qq.com/';
const JS_VER = '20102616';

/** The answer of the graph.qq.com authorize POST: a 3xx whose Location carries the code. */
export interface AuthorizeAnswer {
  status: number;
  location: string | undefined;
  setCookies: string[];
}

/** The QQConnectLogin exchange: the body as received (legacy shape) and `req.data` (the credential). */
export interface QqLoginAnswer {
  raw: Record<string, any>;
  data: Record<string, unknown>;
}

/**
 * The QQ ("Main") QR login chain, in order: ptqrshow → ptqrlogin poll → check_sig → graph.qq.com authorize →
 * musicu QQConnectLogin.LoginServer/QQLogin. Every step is a single, unretried request; the caller keeps the cookie
 * jar and passes the cookie each step carries. docs/upstream/login.md "QQ QR login"
 */
@Injectable()
export class QqLoginClient extends UpstreamClient {
  /** docs/upstream/login.md "QQ QR image (ptqrshow)": the PNG plus the qrsig cookie; never the user's cookie. */
  async qrImage(): Promise<LoginImage> {
    const query = { appid: APPID, e: 2, l: 'M', s: 3, d: 72, v: 4, t: Math.random(), daid: DAID, pt_3rd_aid: PT_3RD_AID, u1: U1 };
    return this.sampleShape('login', toLoginImage(await this.send(qrImageRequest('ptlogin', '/ptqrshow', query, XUI_REFERER))));
  }

  /** docs/upstream/login.md "QQ poll (ptqrlogin)": one poll, answered with a ptuiCB call; `cookie` carries qrsig. */
  poll(ptqrtoken: string, cookie: string): Promise<LoginStepAnswer> {
    return this.send({
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
      cookie,
      label: 'ptqrlogin',
    });
  }

  /**
   * docs/upstream/login.md "QQ check_sig": the redirect ptlogin itself handed back, on the configured origin, path and
   * query byte-exact (ptsigx keeps its '+'), redirects off: the 302's Set-Cookie carries p_skey.
   */
  checkSig(target: { host: 'ptlogin' | 'ptloginGraph' | 'graph'; pathAndQuery: string }, cookie: string): Promise<LoginStepAnswer> {
    return this.send({
      host: target.host,
      path: target.pathAndQuery,
      redirects: 'manual',
      cookie,
      headers: { Referer: XUI_REFERER },
      label: 'check_sig',
    });
  }

  /**
   * docs/upstream/login.md "QQ authorize (graph.qq.com)": OAuth authorize for QQ Music's QQ-Connect app, signed with
   * `gTk` = hash33(p_skey, 5381), redirects off; the code is in the Location.
   */
  async authorize(gTk: number, cookie: string): Promise<AuthorizeAnswer> {
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
    const res = await this.send({
      host: 'graph',
      path: '/oauth2.0/authorize',
      method: 'POST',
      body: form.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Referer: 'https://graph.qq.com/' },
      redirects: 'manual',
      cookie,
      label: 'oauth2.0/authorize',
    });
    const location = res.headers.location;
    return { status: res.status, location: Array.isArray(location) ? location[0] : location, setCookies: res.setCookies };
  }

  /**
   * docs/upstream/login.md "QQ login exchange (QQLogin)": QQConnectLogin.LoginServer/QQLogin (music.login gives
   * 104400). The code is single-use: never retried, never shared with another in-flight call.
   */
  async login(code: string, gTk: number, cookie: string): Promise<QqLoginAnswer> {
    const res = await this.musicu(
      { req: { module: 'QQConnectLogin.LoginServer', method: 'QQLogin', param: { code } } },
      { profile: 'loginExchange', overrides: { loginType: 2, gTk }, cookie, idempotent: false },
    );
    return { raw: res.raw, data: (res.data.req ?? {}) as Record<string, unknown> };
  }
}
