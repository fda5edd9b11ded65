import { Injectable } from '@nestjs/common';
import { bareLoginComm } from '../identity/comm-profiles';
import { type LoginImage, type LoginStepAnswer, qrImageRequest, toLoginImage } from './login.client';
import { UpstreamClient } from './upstream-client';

/** QQ Music web's WeChat open-platform app. */
export const WX_APPID = 'wx48db31d50e334801';

/**
 * The WeChat ("Alt") QR login chain, in order: qrconnect page (names the uuid) → QR image → long poll on
 * lp.open.weixin.qq.com → musicu music.login.LoginServer/Login code exchange. None of these carries the user's cookie,
 * none is retried. docs/upstream/login.md "WeChat QR login"
 */
@Injectable()
export class WechatLoginClient extends UpstreamClient {
  /** docs/upstream/login.md "WeChat QR page (qrconnect)": HTML that names the QR's uuid. */
  qrPage(): Promise<LoginStepAnswer> {
    return this.send({
      host: 'wxOpen',
      path: '/connect/qrconnect',
      query: {
        appid: WX_APPID,
        redirect_uri: 'https://y.qq.com/portal/wx_redirect.html?login_type=2&surl=https://y.qq.com/',
        response_type: 'code',
        scope: 'snsapi_login',
        state: 'STATE',
        href: 'https://y.qq.com/mediastyle/music_v17/src/css/popup_wechat.css#wechat_redirect',
      },
      headers: { Referer: 'https://y.qq.com/' },
      cookie: false,
      label: 'wx qrconnect',
    });
  }

  /** docs/upstream/login.md "WeChat QR image": the JPEG of the uuid the page named. */
  async qrImage(uuid: string): Promise<LoginImage> {
    const req = qrImageRequest('wxOpen', `/connect/qrcode/${uuid}`, {}, 'https://open.weixin.qq.com/connect/qrconnect', 'wx qrcode');
    return toLoginImage(await this.send(req));
  }

  /**
   * docs/upstream/login.md "WeChat long poll": blocks until the QR's state changes (from `last`, if given) or upstream
   * gives up (~25–35 s); bounded here by `timeoutMs`, after which it throws an UpstreamError of kind `timeout`.
   */
  poll(uuid: string, last: number | undefined, timeoutMs: number): Promise<LoginStepAnswer> {
    return this.send({
      host: 'wxLp',
      path: '/connect/l/qrconnect',
      query: last ? { uuid, last, _: Date.now() } : { uuid, _: Date.now() },
      headers: { Referer: 'https://open.weixin.qq.com/' },
      cookie: false,
      timeoutMs,
      label: 'wx long poll',
      longPoll: true,
    });
  }

  /**
   * docs/upstream/login.md "WeChat login exchange": music.login.LoginServer/Login with comm.tmeLoginType 1. Sent with
   * the envelope built here (not `musicu`) and answered as TEXT, so the caller reads the musicid from it: WeChat
   * musicids exceed 2^53. A status outside 2xx throws; the code is single-use, so it is never retried.
   */
  async login(code: string): Promise<string> {
    const payload = {
      comm: bareLoginComm(1),
      req: { module: 'music.login.LoginServer', method: 'Login', param: { code, strAppid: WX_APPID } },
    };
    const res = await this.fetch({
      host: 'u',
      path: '/cgi-bin/musicu.fcg',
      method: 'POST',
      body: JSON.stringify(payload),
      headers: { 'Content-Type': 'application/json', Referer: 'https://y.qq.com/' },
      cookie: false,
      label: 'music.login.LoginServer.Login',
    });
    return res.text;
  }
}
