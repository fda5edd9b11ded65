/**
 * Fake phone number + SMS code login: `music.login.LoginServer`/`SendPhoneAuthCode` "sends" a code, `Login` with
 * `loginMode: 1` logs in with it (docs/upstream/login.md "Phone login: send the code"). No recorded payload exists:
 * the answers carry the codes and fields the Python QQMusicApi project reads (2026-07), the credential is built like
 * the QR logins'.
 *
 * Recognisable fake behaviour: every code is a fresh 6-digit one that a test reads back with `lastPhoneCode`; the
 * demo number FAKE_PHONE always gets, and always takes, FAKE_PHONE_CODE, so a demo can be logged in by hand. No SMS
 * leaves anything.
 */
import { randomInt } from 'node:crypto';
import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import type { FakeState } from '../state';
import { fakeCredential } from './login';

/** The demo number and the code it always gets. */
export const FAKE_PHONE = '13800138000';
export const FAKE_PHONE_CODE = '246810';
/**
 * The account every phone login logs in: FAKE_QQ's (one account bound to both), written out because login.ts imports
 * this module (a value read from it here at load time would still be undefined).
 */
export const FAKE_PHONE_MUSICID = '1503255237';
export const FAKE_MUSICKEY_PHONE = 'Q_H_L_63k3NfakeKeyPhone+/==';
/** The captcha page a refused send points at (code 20276). */
export const FAKE_SECURITY_URL = 'https://aq.qq.com/fake-captcha?ticket=fake';

export interface PhoneFaults {
  /** SendPhoneAuthCode answers this code: 20276 (captcha, with securityURL), 100001 (too frequent), or any other. */
  sendCode?: number;
  /** Login answers this code instead of checking the code (104604, 20274, 20277…). */
  loginCode?: number;
}

export interface PhoneFake {
  /** The live code of each number (`<areaCode>:<phoneNo>`), replaced by each send, dropped by its login. */
  codes: Map<string, string>;
  /** How many codes were "sent" (SendPhoneAuthCode answered 0). */
  sent: number;
  faults: PhoneFaults;
}

export const phoneFake = (state: FakeState): PhoneFake => state.of('phone-login', () => ({ codes: new Map(), sent: 0, faults: {} }));

/** The code the fake last "sent" to a number, as the test harness reads an SMS. */
export const lastPhoneCode = (state: FakeState, phone: string, countryCode = 86): string | undefined => phoneFake(state).codes.get(`${countryCode}:${phone}`);

/** The phone login's comm: the Android app's with the SMS login method (and login type 0 for the login itself). */
const phoneComm = (comm: any, loginType?: number): boolean =>
  comm?.ct === 11 && comm?.tmeLoginMethod === 3 && typeof comm?.QIMEI36 === 'string' && (loginType === undefined || comm?.tmeLoginType === loginType);

const sendPhoneAuthCode: MusicuHandler = (param, { state, comm }) => {
  const fake = phoneFake(state);
  if (!phoneComm(comm) || param.tmeAppid !== 'qqmusic' || !/^\d+$/.test(String(param.areaCode)) || !/^\d+$/.test(String(param.phoneNo))) return { code: 20261, data: {} };
  if (fake.faults.sendCode === 20276) return { code: 20276, data: { securityURL: FAKE_SECURITY_URL } };
  if (fake.faults.sendCode) return { code: fake.faults.sendCode, data: {} };
  const phone = String(param.phoneNo);
  const code = phone === FAKE_PHONE ? FAKE_PHONE_CODE : String(randomInt(0, 1_000_000)).padStart(6, '0');
  fake.codes.set(`${param.areaCode}:${phone}`, code);
  fake.sent++;
  return { code: 0, data: {} };
};

/** `Login` with `loginMode: 1` (music.login.LoginServer.Login dispatches here): the code of the number's last send. */
export const phoneLogin: MusicuHandler = (param, { state, comm }) => {
  const fake = phoneFake(state);
  if (!phoneComm(comm, 0) || typeof param.code !== 'string' || typeof param.phoneNo !== 'string') return { code: 20261, data: {} };
  if (fake.faults.loginCode) return { code: fake.faults.loginCode, data: fake.faults.loginCode === 20274 ? { securityUrl: FAKE_SECURITY_URL } : {} };
  // Upstream's Login names no area code: the number's code from any country code it was sent with.
  // The demo number takes its code whatever the fake's state (a demo or a doc example may reset it between steps).
  const demo = param.phoneNo === FAKE_PHONE && param.code === FAKE_PHONE_CODE;
  const entry = [...fake.codes].find(([key, code]) => key.endsWith(`:${param.phoneNo}`) && code === param.code);
  if (!entry && !demo) return { code: 20271, data: {} };
  if (entry) fake.codes.delete(entry[0]);
  return { code: 0, data: fakeCredential(FAKE_PHONE_MUSICID, FAKE_MUSICKEY_PHONE, 0, { musicid: Number(FAKE_PHONE_MUSICID) }) };
};

export const phoneLoginRoutes: FakeRoutes = {
  musicu: { 'music.login.LoginServer.SendPhoneAuthCode': sendPhoneAuthCode },
};
