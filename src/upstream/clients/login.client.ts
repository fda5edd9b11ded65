import { Injectable } from '@nestjs/common';
import type { UpstreamHost } from '../../config/app-config';
import type { UpstreamRequest, UpstreamResponse } from '../upstream.types';
import { UpstreamError } from '../upstream.errors';
import { UpstreamClient } from './upstream-client';

/** One step of a login chain as the login services read it: status, body text, headers and each Set-Cookie. */
export type LoginStepAnswer = Pick<UpstreamResponse, 'status' | 'headers' | 'text' | 'setCookies'>;

/** A QR image (PNG from ptqrshow, JPEG from WeChat) with its status and the cookies that came with it. */
export interface LoginImage {
  status: number;
  body: Buffer;
  setCookies: string[];
}

/**
 * The binary GET of a QR image: no cookie, no redirects, bytes kept intact. `label` names the call in logs and
 * metrics when the path carries a token (the WeChat QR's uuid).
 */
export function qrImageRequest(
  host: UpstreamHost,
  path: string,
  query: Record<string, string | number>,
  referer: string,
  label?: string,
): UpstreamRequest {
  return { host, path, query, label, headers: { Referer: referer }, cookie: false, redirects: 'manual', responseType: 'buffer' };
}

export function toLoginImage(res: UpstreamResponse): LoginImage {
  return { status: res.status, body: res.body ?? Buffer.alloc(0), setCookies: res.setCookies };
}

/** A refreshed credential: the fields of `req.data`, with a non-empty `musickey` checked. */
export type RefreshedCredential = Record<string, unknown> & { musickey: string };

/**
 * The login call both channels share after the QR chain: the stored credential's refresh.
 * The QR chains themselves are QqLoginClient (qq-login.client.ts) and WechatLoginClient (wechat-login.client.ts).
 * docs/upstream/login.md
 */
@Injectable()
export class LoginClient extends UpstreamClient {
  /**
   * docs/upstream/login.md "Credential refresh": `music.login.LoginServer`/`Login` with the old credential's params
   * (`loginMode: 2`), comm `tmeLoginType` = the login type, sent with the old cookie. The refresh_key is single-use:
   * never retried, never shared with another in-flight call. An answer without a musickey is a bad body.
   */
  async refresh(params: Record<string, unknown>, loginType: number, cookie: string): Promise<RefreshedCredential> {
    const res = await this.musicu(
      { req: { module: 'music.login.LoginServer', method: 'Login', param: params } },
      { overrides: { loginType }, cookie, idempotent: false },
    );
    const data = (res.data.req ?? {}) as Record<string, unknown>;
    if (typeof data.musickey !== 'string' || !data.musickey) {
      throw new UpstreamError('bad_body', 'refresh answer without a musickey', 'u', { target: 'music.login.LoginServer.Login' });
    }
    return data as RefreshedCredential;
  }
}
