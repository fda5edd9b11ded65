/**
 * Fake QQ Music app QR login (docs/upstream/login.md "QQ Music app QR login"): `music.login.LoginServer`/`CreateQRCode`
 * issues a QR, the fake broker (fake-upstream/mqtt-broker.ts) pushes its states, and `Login` with `qrCodeID`
 * exchanges the pushed cookies. No recorded payload exists: the answers carry the fields the Python QQMusicApi project
 * reads (2026-07), the credential is built like the other logins'.
 *
 * Recognisable fake behaviour: every QR logs in FAKE_APP_MUSICID; a `cookies` push carries a fresh token that the
 * exchange takes once. `appQrFake(state).exchanges` records every exchange (a test counts them).
 */
import { randomBytes } from 'node:crypto';
import type { FakeContext, FakeReply, FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import type { FakeMqttBroker } from '../mqtt-broker';
import { qrPng } from '../qr-image';
import type { FakeState } from '../state';
import { fakeCredential } from './login';

/** The account every app QR login logs in. */
export const FAKE_APP_MUSICID = '2234567890';
export const FAKE_MUSICKEY_APP = 'Q_H_L_63k3NfakeKeyApp+/==';

/**
 * The first QR each fake issues carries the id the API docs use as the check's example (EXAMPLE_QRCODE_ID), so the
 * documented example checks a QR the gateway issued; every later one is random.
 */
export const FIRST_QRCODE_ID = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const exampleIssued = new WeakSet<object>();

export interface AppQrFake {
  /** Each issued QR, and the token its `cookies` push carried (taken once by the exchange). */
  qrs: Map<string, { token?: string }>;
  /** Every Login exchange received (musicid, qrCodeID, whether the token was the pushed one). */
  exchanges: { musicid: unknown; qrCodeID: unknown; tokenMatched: boolean }[];
  faults: { createCode?: number; loginCode?: number; noQrcodeId?: boolean };
}

export const appQrFake = (state: FakeState): AppQrFake => state.of('app-qr-login', () => ({ qrs: new Map(), exchanges: [], faults: {} }));

export const appQrTopic = (qrcodeId: string): string => `management.qrcode_login/${qrcodeId}`;

export type AppQrPush = 'scanned' | 'canceled' | 'timeout' | 'loginFailed' | 'cookies';

/** Pushes a state of `qrcodeId` to its subscribers (`cookies` with a fresh token); how many subscribers got it. */
export function pushAppQr(broker: FakeMqttBroker, state: FakeState, qrcodeId: string, type: AppQrPush): number {
  if (type !== 'cookies') return broker.publish(appQrTopic(qrcodeId), type);
  const token = `Q_H_L_app${randomBytes(12).toString('hex')}`;
  const qr = appQrFake(state).qrs.get(qrcodeId);
  if (qr) qr.token = token;
  return broker.publish(appQrTopic(qrcodeId), 'cookies', {
    cookies: { qqmusic_uin: { value: FAKE_APP_MUSICID }, qqmusic_key: { value: token } },
  });
}

/** The app QR login's comm: the Android app's, with ct 23 / cv 0 (CreateQRCode) or login type 6 (Login). */
const appComm = (comm: any, loginType?: number): boolean =>
  typeof comm?.QIMEI36 === 'string' && (loginType === undefined ? comm?.ct === 23 && comm?.cv === 0 : comm?.ct === 11 && comm?.tmeLoginType === loginType);

const createQrCode: MusicuHandler = async (param, { state, comm, broker }) => {
  const fake = appQrFake(state);
  if (!appComm(comm) || param.tmeAppID !== 'qqmusic') return { code: 20261, data: {} };
  if (fake.faults.createCode) return { code: fake.faults.createCode, data: {} };
  const qrcodeID = exampleIssued.has(broker) ? randomBytes(16).toString('hex') : FIRST_QRCODE_ID;
  exampleIssued.add(broker);
  fake.qrs.set(qrcodeID, {});
  const image = qrPng(`https://y.qq.com/m/login/fake-app?qrcodeID=${qrcodeID}`);
  return { code: 0, data: { qrcode: `data:image/png;base64,${image.toString('base64')}`, qrcodeID: fake.faults.noQrcodeId ? '' : qrcodeID } };
};

/** `Login` with `qrCodeID` (music.login.LoginServer.Login dispatches here): the token of that QR's `cookies` push. */
export const appQrLogin: MusicuHandler = (param, { state, comm }) => {
  const fake = appQrFake(state);
  const qr = fake.qrs.get(String(param.qrCodeID));
  const tokenMatched = !!qr?.token && param.token === qr.token;
  fake.exchanges.push({ musicid: param.musicid, qrCodeID: param.qrCodeID, tokenMatched });
  if (!qr || !appComm(comm, 6) || String(param.musicid) !== FAKE_APP_MUSICID || !tokenMatched) return { code: 20261, data: {} };
  if (fake.faults.loginCode) return { code: fake.faults.loginCode, data: {} };
  qr.token = undefined;
  return { code: 0, data: fakeCredential(FAKE_APP_MUSICID, FAKE_MUSICKEY_APP, 2, { musicid: Number(FAKE_APP_MUSICID) }) };
};

const DEMO_ACTIONS: Record<string, AppQrPush> = { scan: 'scanned', confirm: 'cookies', cancel: 'canceled', expire: 'timeout' };

/** `?action=scan|confirm|cancel|expire[&qrcodeId=…]`: the "phone" of the app QR login (the last QR without an id). */
const demoApp: HttpHandler = ({ req, state, broker }: FakeContext): FakeReply => {
  const qrs = appQrFake(state).qrs;
  const id = req.query.qrcodeId ?? [...qrs.keys()].at(-1) ?? '';
  const push = DEMO_ACTIONS[req.query.action ?? ''];
  if (!Object.hasOwn(DEMO_ACTIONS, req.query.action ?? '') || !qrs.has(id)) {
    return { status: 400, json: { error: `need a known qrcodeId and action=${Object.keys(DEMO_ACTIONS).join('|')}` } };
  }
  return { json: { ok: true, qrcodeId: id, pushed: push, subscribers: pushAppQr(broker, state, id, push) } };
};

export const appQrLoginRoutes: FakeRoutes = {
  musicu: { 'music.login.LoginServer.CreateQRCode': createQrCode },
  http: { 'mu /__demo/scan': demoApp },
};
