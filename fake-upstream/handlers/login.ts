/**
 * Fake QQ (ptlogin → check_sig → graph authorize → QQConnectLogin.QQLogin) and WeChat (qrconnect → qrcode →
 * long poll → music.login.LoginServer.Login) QR login chains, as state machines a test or the demo can drive.
 *
 * Payload sources: the ptuiCB texts are the fixtures ptlogin-ptqrlogin-*.txt (refused, code 68, has no fixture and
 * is built in the same format); the long-poll texts are wx-lp-*.txt. The check_sig/authorize redirects, the
 * qrconnect HTML and the two login credentials have no recorded payload: they are built from the field lists in
 * docs/upstream/login.md.
 */
import { randomBytes } from 'node:crypto';
import type { FakeContext, FakeReply, FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixtureText } from '../fixtures';
import { qrJpeg, qrPng } from '../qr-image';
import type { FakeState } from '../state';
import { appQrLogin } from './app-qr-login';
import { phoneLogin } from './phone-login';

export type QqState = 'waiting' | 'scanned' | 'confirmed' | 'expired' | 'refused';
export type WxState = 'waiting' | 'scanned' | 'confirmed' | 'cancelled' | 'expired';

export interface QqEntry {
  state: QqState;
  /** The QQ account that scans (digits). */
  qq: string;
  /** Issued with the success poll; check_sig finds the entry by it (byte-exact). */
  ptsigx?: string;
  pSkey?: string;
  pt4Token?: string;
  /** Issued by authorize, redeemed by QQLogin. */
  code?: string;
  /** What the QR encodes (a txz.qq.com link, as ptqrshow's do) and the PNG that ptqrshow answered. */
  qr?: string;
  image?: Buffer;
}

export interface WxEntry {
  state: WxState;
  code?: string;
  listeners: (() => void)[];
  /** What the QR encodes (WeChat's confirm link for the uuid) and, once asked for, its JPEG. */
  qr?: string;
  image?: Buffer;
}

/** Faults a test switches on to exercise each error of the chains. */
export interface LoginFaults {
  /** ptqrshow answers without the qrsig cookie. */
  noQrsig?: boolean;
  /** check_sig answers without a (non-empty) p_skey. */
  noPskey?: boolean;
  /** authorize answers 200 (no redirect). */
  noLocation?: boolean;
  /** authorize redirects without a code. */
  noCode?: boolean;
  /** qrconnect page without any uuid. */
  noUuid?: boolean;
  /** Login answer without strMusicid (the musicid is then only the bare JSON number). */
  noStrMusicid?: boolean;
  /**
   * The credential refresh (`Login` with `loginMode:2`) answers this code instead of a new credential
   * (docs/upstream/login.md "Credential refresh": 1000/104400/104401 auth expired, 20274/20277/20278/20450
   * restricted, 20279 device limit, 104604 too frequent, 20261 bad parameters).
   */
  refreshCode?: number;
}

export interface LoginFake {
  qq: Map<string, QqEntry>;
  wx: Map<string, WxEntry>;
  faults: LoginFaults;
  /** How long a waiting WeChat long poll is held before answering 408 (the real server: ~25 s). */
  wxHoldMs: number;
  /** uuids whose long poll the client closed before it was answered. */
  wxClosedPolls: string[];
  /** Redeemed codes → account. */
  qqCodes: Map<string, string>;
  wxCodes: Map<string, string>;
  /** Credentials issued by the refresh, in order (their musickeys are `<old prefix>R<n>_…`). */
  refreshed: { musicid: string; musickey: string; loginType: number }[];
}

export const loginFake = (state: FakeState): LoginFake =>
  state.of('login', () => ({
    qq: new Map(),
    wx: new Map(),
    faults: {},
    wxHoldMs: 25_000,
    wxClosedPolls: [],
    qqCodes: new Map(),
    wxCodes: new Map(),
    refreshed: [],
  }));

/** The QQ account and WeChat musicid the fake logs in (the latter > 2^53, as real WeChat musicids are). */
export const FAKE_QQ = '1503255237';
export const FAKE_WX_MUSICID = '1152921504622223955';
/** A ptsigx with the characters that break when decoded: '+', '/', '*' and a percent-escape. */
export const FAKE_PTSIGX = 'a1b2+c3d4/e5f6*Zz-_%2Bq';
export const FAKE_MUSICKEY_QQ = 'Q_H_L_63k3NfakeKeyQQ+/==';
export const FAKE_MUSICKEY_WX = 'W_X_63k3NfakeKeyWX+/==';

// The QR images are real (fake-upstream/qr-image.ts): a PNG for QQ, a JPEG for WeChat, each encoding its own QR's
// link, so a client can read them as it reads upstream's (and a text round trip of their bytes would corrupt them).

/** hash33 as ptlogin computes ptqrtoken (seed 0) and g_tk (seed 5381); kept separate from the gateway's copy. */
export function fakeHash33(text: string, seed = 0): number {
  let h = BigInt(seed);
  for (let i = 0; i < text.length; i++) h = (h * 33n + BigInt(text.charCodeAt(i))) % 4294967296n;
  return Number(h & 0x7fffffffn);
}

// ---- QQ helpers (tests and the demo control route drive the machine through these) ----

function qqEntry(state: FakeState, qrsig: string): QqEntry {
  const entry = loginFake(state).qq.get(qrsig);
  if (!entry) throw new Error(`fake: unknown qrsig ${qrsig}`);
  return entry;
}
export const qqScan = (state: FakeState, qrsig: string) => void (qqEntry(state, qrsig).state = 'scanned');
export const qqConfirm = (state: FakeState, qrsig: string) => void (qqEntry(state, qrsig).state = 'confirmed');
export const qqExpire = (state: FakeState, qrsig: string) => void (qqEntry(state, qrsig).state = 'expired');
export const qqRefuse = (state: FakeState, qrsig: string) => void (qqEntry(state, qrsig).state = 'refused');

// ---- WeChat helpers ----

function wxEntry(state: FakeState, uuid: string): WxEntry {
  const entry = loginFake(state).wx.get(uuid);
  if (!entry) throw new Error(`fake: unknown uuid ${uuid}`);
  return entry;
}
function wxSet(state: FakeState, uuid: string, next: WxState): void {
  const entry = wxEntry(state, uuid);
  entry.state = next;
  if (next === 'confirmed' && !entry.code) {
    entry.code = `071${randomBytes(12).toString('base64url').slice(0, 14)}`;
    loginFake(state).wxCodes.set(entry.code, FAKE_WX_MUSICID);
  }
  const listeners = entry.listeners.splice(0);
  listeners.forEach((l) => l());
}
export const wxScan = (state: FakeState, uuid: string) => wxSet(state, uuid, 'scanned');
export const wxConfirm = (state: FakeState, uuid: string) => wxSet(state, uuid, 'confirmed');
export const wxCancel = (state: FakeState, uuid: string) => wxSet(state, uuid, 'cancelled');
export const wxExpire = (state: FakeState, uuid: string) => wxSet(state, uuid, 'expired');

/** A new WeChat QR uuid: 16 URL-safe characters, like the real ones, never handed out twice. */
const newWxUuid = (): string => `0${randomBytes(12).toString('base64url').slice(0, 15)}`;

// ---- ptlogin ----

const ptqrshow = async ({ state }: FakeContext): Promise<FakeReply> => {
  const fake = loginFake(state);
  const qrsig = randomBytes(36).toString('base64').replace(/\//g, '*').replace(/=+$/, '');
  const qr = `https://txz.qq.com/p?k=${randomBytes(24).toString('base64url')}&f=716027609`;
  const image = qrPng(qr);
  fake.qq.set(qrsig, { state: 'waiting', qq: FAKE_QQ, qr, image });
  const headers: Record<string, string | string[]> = { 'Content-Type': 'image/png' };
  if (!fake.faults.noQrsig) headers['Set-Cookie'] = [`qrsig=${qrsig};Path=/;Domain=ptlogin2.qq.com;Secure;SameSite=None`];
  return { body: image, headers };
};

const PTUICB_REFUSED = "ptuiCB('68','0','','0','本次登录已被拒绝', '')";

const ptqrlogin = ({ req, state }: FakeContext): FakeReply => {
  const qrsig = /(?:^|;\s*)qrsig=([^;]*)/.exec(req.cookie)?.[1] ?? '';
  // Like the real ptlogin: a ptqrtoken that is not hash33(qrsig) is refused with HTTP 403.
  if (!qrsig || req.query.ptqrtoken !== String(fakeHash33(qrsig))) return { status: 403, text: '<html><body>403 Forbidden</body></html>' };
  const entry = loginFake(state).qq.get(qrsig);
  const text = (t: string, setCookie?: string[]): FakeReply => ({ text: t, headers: setCookie ? { 'Set-Cookie': setCookie } : {} });
  switch (entry?.state ?? 'expired') {
    case 'waiting':
      return text(fixtureText('ptlogin-ptqrlogin-waiting.txt'));
    case 'scanned':
      return text(fixtureText('ptlogin-ptqrlogin-scanned.txt'));
    case 'expired':
      return text(fixtureText('ptlogin-ptqrlogin-expired-legacy.txt'));
    case 'refused':
      return text(PTUICB_REFUSED);
    case 'confirmed': {
      const e = entry!;
      e.ptsigx = `${FAKE_PTSIGX}${randomBytes(4).toString('hex')}`;
      // The real success text (fixture) for this account, pointing at the REAL check_sig host.
      const success = fixtureText('ptlogin-ptqrlogin-success.txt')
        .replace('uin=1503255237', `uin=${e.qq}`)
        .replace('ptsigx=abc123', `ptsigx=${e.ptsigx}`);
      const uin = `o${e.qq.padStart(10, '0')}`;
      return text(success, [
        `uin=${uin}; PATH=/; DOMAIN=qq.com;`,
        `skey=@fAkE5kEy; PATH=/; DOMAIN=qq.com;`,
        `superuin=${uin}; PATH=/; DOMAIN=ptlogin2.qq.com;`,
        `ptcz=c0ffee==; Expires=Mon, 01 Jan 2035 00:00:00 GMT; PATH=/; DOMAIN=qq.com;`,
        `RK=; Expires=Thu, 01 Jan 1970 00:00:00 GMT; PATH=/; DOMAIN=qq.com;`,
      ]);
    }
  }
};

const checkSig = ({ req, state, origins }: FakeContext): FakeReply => {
  const fake = loginFake(state);
  // Byte-exact: the raw query's ptsigx must equal the one issued (a decoded '+' would have become a space).
  const ptsigx = /(?:^|&)ptsigx=([^&]*)/.exec(req.rawQuery)?.[1];
  const entry = [...fake.qq.values()].find((e) => e.ptsigx && e.ptsigx === ptsigx);
  if (!entry) return { status: 200, text: '<html><body>登录态校验失败 (bad ptsigx)</body></html>', headers: { 'Content-Type': 'text/html' } };
  entry.pSkey = `pSk${randomBytes(9).toString('base64url')}`;
  entry.pt4Token = `pt4${randomBytes(9).toString('base64url')}`;
  const uin = `o${entry.qq.padStart(10, '0')}`;
  const cookies = [
    ...(fake.faults.noPskey ? [] : [`p_skey=${entry.pSkey}; PATH=/; DOMAIN=graph.qq.com;`]),
    // An empty p_skey for a sibling domain after the real one: the gateway must skip it.
    `p_skey=; EXPIRES=Thu, 01 Jan 1970 00:00:00 GMT; PATH=/; DOMAIN=ptlogin2.graph.qq.com;`,
    `p_uin=${uin}; PATH=/; DOMAIN=graph.qq.com;`,
    `pt4_token=${entry.pt4Token}; PATH=/; DOMAIN=graph.qq.com;`,
  ];
  // Upstream redirects to https://graph.qq.com/oauth2.0/login_jump; the fake points at its own graph host so a
  // gateway that followed the redirect would show up in the request log.
  return { status: 302, headers: { Location: `${origins.graph}/oauth2.0/login_jump`, 'Set-Cookie': cookies }, text: '' };
};

const authorize = ({ req, state, origins }: FakeContext): FakeReply => {
  const fake = loginFake(state);
  const form = new URLSearchParams(req.body);
  const pSkey = /(?:^|;\s*)p_skey=([^;]*)/.exec(req.cookie)?.[1];
  const entry = [...fake.qq.values()].find((e) => e.pSkey && e.pSkey === pSkey);
  const gTkOk = !!pSkey && form.get('g_tk') === String(fakeHash33(pSkey, 5381));
  if (!entry || !gTkOk || !req.cookie.includes(`pt4_token=${entry.pt4Token}`) || form.get('client_id') !== '100497308') {
    return { status: 200, text: '<html><body>授权失败 (fake: bad p_skey, pt4_token, g_tk or client_id)</body></html>' };
  }
  if (fake.faults.noLocation) return { status: 200, text: '<html><body>authorize page</body></html>' };
  entry.code = `CODE${randomBytes(8).toString('hex').toUpperCase()}`;
  fake.qqCodes.set(entry.code, entry.qq);
  // Upstream: https://y.qq.com/portal/wx_redirect.html?…; the fake's own y host, so following it would be logged.
  const base = `${origins.y}/portal/wx_redirect.html?login_type=1&surl=https%3A%2F%2Fy.qq.com%2F`;
  const location = fake.faults.noCode ? `${base}&state=state` : `${base}&code=${entry.code}&state=state`;
  return { status: 302, headers: { Location: location, 'Set-Cookie': [`ui=${form.get('ui')}; PATH=/; DOMAIN=graph.qq.com;`] }, text: '' };
};

export function fakeCredential(musicid: string, musickey: string, loginType: number, extra: Record<string, unknown>): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  return {
    openid: `OPENID${musicid.slice(-6)}`,
    refresh_token: `RT${randomBytes(8).toString('hex')}`,
    access_token: `AT${randomBytes(8).toString('hex')}`,
    expired_at: now + 7776000,
    musicid,
    musickey,
    musickeyCreateTime: now,
    first_login: 0,
    errMsg: '',
    sessionKey: '',
    unionid: '',
    str_musicid: musicid,
    errtip: '',
    nick: '',
    logo: '',
    feedbackURL: '',
    encryptUin: `oKEnc${musicid.slice(-4)}**`,
    userip: '127.0.0.1',
    lastLoginTime: now,
    keyExpiresIn: 259200,
    refresh_key: `RK${randomBytes(8).toString('hex')}`,
    loginType,
    ...extra,
  };
}

const qqLogin: MusicuHandler = (param, { state, comm }) => {
  const qq = loginFake(state).qqCodes.get(String(param.code));
  if (!qq || comm.tmeLoginType !== 2) return { code: 20261, data: {} };
  loginFake(state).qqCodes.delete(String(param.code));
  return { code: 0, data: fakeCredential(qq, FAKE_MUSICKEY_QQ, 2, { musicid: Number(qq) }) };
};

// ---- WeChat ----

const qrconnect = ({ req, state }: FakeContext): FakeReply => {
  const fake = loginFake(state);
  if (req.query.appid !== 'wx48db31d50e334801') return { text: '<html><body>appid 参数错误</body></html>', headers: { 'Content-Type': 'text/html' } };
  const uuid = newWxUuid();
  fake.wx.set(uuid, { state: 'waiting', listeners: [], qr: `https://open.weixin.qq.com/connect/confirm?uuid=${uuid}` });
  const img = fake.faults.noUuid ? '' : `<img class="qrcode lightBorder" src="/connect/qrcode/${uuid}" />`;
  const html = `<!DOCTYPE html><html><head><title>微信登录</title></head><body><div class="main impowerBox"><div class="title">微信登录</div><div class="waiting panelContent"><div class="wrp_code">${img}</div><div class="info"><div class="status status_browser js_status" id="wx_default_tip"><p>使用微信扫一扫登录</p><p>“QQ音乐”</p></div></div></div></div></body></html>`;
  return { text: html, headers: { 'Content-Type': 'text/html; charset=utf-8' } };
};

const qrcodeImage = ({ req, state }: FakeContext): FakeReply => {
  const entry = loginFake(state).wx.get(req.path.slice('/connect/qrcode/'.length));
  if (!entry?.qr) return { status: 404, text: '<html><body>404</body></html>' };
  entry.image ??= qrJpeg(entry.qr);
  return { body: entry.image, headers: { 'Content-Type': 'image/jpeg' } };
};

const WX_CODES: Record<WxState, number> = { waiting: 408, scanned: 404, confirmed: 405, cancelled: 403, expired: 402 };

const longPoll = async ({ req, state, closed }: FakeContext): Promise<FakeReply> => {
  const fake = loginFake(state);
  const uuid = req.query.uuid ?? '';
  const entry = fake.wx.get(uuid);
  if (!entry) return { text: "window.wx_errcode=402;window.wx_code='';" };
  // Held while nothing new can be reported: still waiting, or the state the caller already knows (`last`).
  const unchanged = () => entry.state === 'waiting' || String(WX_CODES[entry.state]) === req.query.last;
  if (unchanged()) {
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      new Promise<'changed'>((resolve) => entry.listeners.push(() => resolve('changed'))),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), fake.wxHoldMs))),
      closed.then(() => 'closed' as const),
    ]);
    clearTimeout(timer);
    if (outcome === 'closed') {
      fake.wxClosedPolls.push(uuid);
      return { text: '' };
    }
  }
  const errcode = WX_CODES[entry.state];
  if (errcode === 405) return { text: fixtureText('wx-lp-405.txt').replace(/wx_code='[^']*'/, `wx_code='${entry.code}'`) };
  return { text: fixtureText(`wx-lp-${errcode === 402 ? 403 : errcode}.txt`).replace(/=\d+;/, `=${errcode};`) };
};

/**
 * The credential refresh (docs/upstream/login.md "Credential refresh"): `music.login.LoginServer`/`Login` with
 * `loginMode:2`, comm
 * `tmeLoginType`, and the old credential's fields. No recorded payload exists: the answer is a complete new
 * credential built like the login one (new musickey, refresh_key, musickeyCreateTime = now). Missing or mistyped
 * params answer 20261 as upstream does; `faults.refreshCode` drives the error answers.
 */
const refreshLogin: MusicuHandler = (param, { state, comm }) => {
  const fake = loginFake(state);
  if (fake.faults.refreshCode) return { code: fake.faults.refreshCode, data: {} };
  const has = (...names: string[]) => names.every((n) => typeof param[n] === 'string' && param[n] !== '');
  const qq = comm.tmeLoginType === 2 && typeof param.musicid === 'number' && has('openid', 'access_token', 'refresh_token', 'musickey', 'refresh_key') && typeof param.expired_in === 'number';
  const wx = comm.tmeLoginType === 1 && has('openid', 'refresh_token', 'str_musicid', 'musickey', 'unionid', 'refresh_key') && /^\d+$/.test(param.str_musicid);
  if (!qq && !wx) return { code: 20261, data: {} };
  const musicid = qq ? String(param.musicid) : String(param.str_musicid);
  const n = fake.refreshed.length + 1;
  const musickey = `${String(param.musickey).slice(0, qq ? 6 : 4)}R${n}_${randomBytes(6).toString('hex')}`;
  fake.refreshed.push({ musicid, musickey, loginType: comm.tmeLoginType });
  const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;
  const extra: Record<string, unknown> = qq
    ? { musicid: Number(musicid), openid: param.openid }
    : { musicid: rawJSON ? rawJSON(musicid) : Number(musicid), str_musicid: musicid, openid: param.openid, unionid: param.unionid };
  return { code: 0, data: fakeCredential(musicid, musickey, comm.tmeLoginType, extra) };
};

const wxLogin: MusicuHandler = (param, ctx) => {
  if (param.loginMode === 2) return refreshLogin(param, ctx);
  if (param.loginMode === 1) return phoneLogin(param, ctx);
  if (param.qrCodeID !== undefined) return appQrLogin(param, ctx);
  const { state, comm } = ctx;
  const fake = loginFake(state);
  const musicid = fake.wxCodes.get(String(param.code));
  if (!musicid || param.strAppid !== 'wx48db31d50e334801' || comm.tmeLoginType !== 1) return { code: 20261, data: {} };
  fake.wxCodes.delete(String(param.code));
  // The musicid goes out as a bare JSON number with every digit (JSON.rawJSON, Node ≥ 21), as upstream sends it.
  const rawJSON = (JSON as unknown as { rawJSON?: (text: string) => unknown }).rawJSON;
  const data = fakeCredential(musicid, FAKE_MUSICKEY_WX, 1, {
    musicid: rawJSON ? rawJSON(musicid) : Number(musicid),
    unionid: 'oUnion_fake123',
    openid: 'oOpen_fake456',
    str_musicid: undefined,
    strMusicid: fake.faults.noStrMusicid ? undefined : musicid,
  });
  return { code: 0, data };
};

// ---- demo control routes: drive a login from curl (see docs/login.md) ----

/**
 * The "phone" of one login kind: `?action=<one of actions>&<idParam>=<a QR it issued>` moves that QR's login on;
 * without `<idParam>`, the QR issued last (what a client that does not show the QR's id, such as `npm run login` or
 * the login page, is showing).
 */
function demoPhone(
  idParam: 'qrsig' | 'uuid',
  logins: (state: FakeState) => Map<string, { state: string }>,
  actions: Record<string, (state: FakeState, id: string) => void>,
): HttpHandler {
  const usage = `need a known ${idParam} and action=${Object.keys(actions).join('|')}`;
  // A Map: looked up on the object, action=toString found Object.prototype's and answered 200 without doing anything.
  const byName = new Map(Object.entries(actions));
  return ({ req, state }) => {
    const id = req.query[idParam] ?? [...logins(state).keys()].at(-1) ?? '';
    const act = byName.get(req.query.action ?? '');
    if (!act || !logins(state).has(id)) return { status: 400, json: { error: usage } };
    act(state, id);
    return { json: { ok: true, [idParam]: id, state: logins(state).get(id)!.state } };
  };
}

const demoQq = demoPhone('qrsig', (state) => loginFake(state).qq, { scan: qqScan, confirm: qqConfirm, refuse: qqRefuse, expire: qqExpire });
const demoWx = demoPhone('uuid', (state) => loginFake(state).wx, { scan: wxScan, confirm: wxConfirm, cancel: wxCancel, expire: wxExpire });

export const loginRoutes: FakeRoutes = {
  musicu: {
    'QQConnectLogin.LoginServer.QQLogin': qqLogin,
    'music.login.LoginServer.Login': wxLogin,
  },
  http: {
    'ptlogin /ptqrshow': ptqrshow,
    'ptlogin /ptqrlogin': ptqrlogin,
    'ptlogin /__demo/scan': demoQq,
    'ptloginGraph /check_sig': checkSig,
    'graph /oauth2.0/authorize': authorize,
    'wxOpen /connect/qrconnect': qrconnect,
    'wxLp /connect/l/qrconnect': longPoll,
    'wxLp /__demo/scan': demoWx,
    'wxOpen /connect/qrcode/*': qrcodeImage,
  },
};
