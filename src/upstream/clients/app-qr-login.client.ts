import { Injectable } from '@nestjs/common';
import { ANDROID_PARAM_VERSION, TME_APP_ID } from '../identity/comm-profiles';
import { UpstreamClient } from './upstream-client';

const LOGIN_SERVER = 'music.login.LoginServer';
/** The login type the app QR login's exchange names in its comm (the Python QQMusicApi project, 2026-07). */
const APP_QR_LOGIN_TYPE = 6;

/** One app QR login call's outcome: upstream's business code (0 = done) and its `data`, whatever the code. */
export interface AppQrAnswer {
  code: number;
  data: Record<string, unknown>;
  /** The body as received (the legacy response shape of a success). */
  raw: Record<string, any>;
}

/**
 * The QQ Music app QR login (docs/upstream/login.md "QQ Music app QR login"): CreateQRCode issues the QR, the states
 * arrive over MQTT (upstream/app-qr-push.ts), and Login exchanges the pushed cookies for the credential. Both calls go
 * as the Android app without any cookie and are single-use (never retried, never shared with another call in flight).
 */
@Injectable()
export class AppQrLoginClient extends UpstreamClient {
  /** `CreateQRCode` `{ tmeAppID, ct, cv }` → `data.qrcode` (a base64 PNG data URL) and `data.qrcodeID`. */
  createQr(): Promise<AppQrAnswer> {
    return this.call('CreateQRCode', { ...TME_APP_ID, ...ANDROID_PARAM_VERSION });
  }

  /** `Login` `{ musicid, qrCodeID, token }` with login type 6: the pushed `qqmusic_uin` and `qqmusic_key`. */
  login(musicid: string, qrcodeId: string, token: string): Promise<AppQrAnswer> {
    // A musicid beyond 2^53 goes as its digit string (a JS number would round it).
    const id = Number.isSafeInteger(Number(musicid)) ? Number(musicid) : musicid;
    return this.call('Login', { musicid: id, qrCodeID: qrcodeId, token }, APP_QR_LOGIN_TYPE);
  }

  private async call(method: string, param: Record<string, unknown>, loginType?: number): Promise<AppQrAnswer> {
    const res = await this.musicuPartial(
      { req: { module: LOGIN_SERVER, method, param } },
      { profile: 'appQrLogin', overrides: loginType === undefined ? {} : { loginType }, cookie: false, idempotent: false },
    );
    const part = res.raw.req as { code?: unknown; data?: unknown } | undefined;
    const data = part?.data && typeof part.data === 'object' ? (part.data as Record<string, unknown>) : {};
    return { code: res.results.req.code, data, raw: res.raw };
  }
}
