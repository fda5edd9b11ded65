import { Injectable } from '@nestjs/common';
import { UpstreamClient } from './upstream-client';

const LOGIN_SERVER = 'music.login.LoginServer';

/** One phone login call's outcome: upstream's business code (0 = done) and its `data`, whatever the code. */
export interface PhoneLoginAnswer {
  code: number;
  data: Record<string, unknown>;
  /** The body as received (the legacy response shape of a success). */
  raw: Record<string, any>;
}

/**
 * The phone number + SMS code login: send the code, then log in with it. Both go as the Android app with the phone
 * login comm, without any cookie, and are single-use (never retried, never shared with another call in flight). The
 * caller words every code: these calls answer codes the other musicu calls never do (a captcha, a wrong code).
 * docs/upstream/login.md "Phone login: send the code"
 */
@Injectable()
export class PhoneLoginClient extends UpstreamClient {
  /** docs/upstream/login.md "Phone login: send the code": `SendPhoneAuthCode` `{ tmeAppid, areaCode, phoneNo }`. */
  sendCode(phone: string, countryCode: number): Promise<PhoneLoginAnswer> {
    return this.call('SendPhoneAuthCode', { tmeAppid: 'qqmusic', areaCode: String(countryCode), phoneNo: phone });
  }

  /** docs/upstream/login.md "Phone login: log in with the code": `Login` `{ code, loginMode: 1, phoneNo }`, login type 0. */
  login(phone: string, code: string): Promise<PhoneLoginAnswer> {
    return this.call('Login', { code, loginMode: 1, phoneNo: phone }, 0);
  }

  private async call(method: string, param: Record<string, unknown>, loginType?: number): Promise<PhoneLoginAnswer> {
    const res = await this.musicuPartial(
      { req: { module: LOGIN_SERVER, method, param } },
      { profile: 'phoneLogin', overrides: loginType === undefined ? {} : { loginType }, cookie: false, idempotent: false },
    );
    const part = res.raw.req as { code?: unknown; data?: unknown } | undefined;
    const data = part?.data && typeof part.data === 'object' ? (part.data as Record<string, unknown>) : {};
    return { code: res.results.req.code, data, raw: res.raw };
  }
}
