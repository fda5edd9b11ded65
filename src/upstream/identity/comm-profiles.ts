import { cookieUin, hash33, loginKey, parseCookie } from '../../common/cookie';

/**
 * Every musicu `comm` the gateway sends, built here and nowhere else (docs/upstream/identity.md "Comm profiles"; a
 * unit test keeps comm fields out of every other source file). The versions are the Python QQMusicApi project's
 * version policy (2026-07); bump them here when the live-tested clients move to a newer app.
 */

/** The Android app version every Android-profile field is built from. */
export const ANDROID_APP_VERSION = 14090008;
/** The same version as the QIMEI SDK reports it, and that SDK's own version. */
export const QIMEI_APP_VERSION = '14.9.0.8';
export const QIMEI_SDK_VERSION = '1.2.13.6';
/** The Android app's distribution channel: the comm's `chid` and the QIMEI report's `channelId`. */
export const ANDROID_CHANNEL_ID = '10003505';

/** The `ct`/`cv` pair some Android-era modules also want inside their params (PlayLyricInfo). */
export const ANDROID_PARAM_VERSION = { ct: 11, cv: ANDROID_APP_VERSION } as const;

/** The app id the QQ Music app sends beside its comm: the app QR's create call and its push connection carry it too. */
export const TME_APP_ID = { tmeAppID: 'qqmusic' } as const;

/** The comm profiles a musicu call can ask for (MusicuOptions.profile). */
export type CommProfile =
  /** The web player's (the default). */
  | 'web'
  /** The Android app's, with the device identity: writes, the Android retry, the mobile search, hot keys. */
  | 'android'
  /** The Desktop search's minimal `{ct, cv, uin}` that revived search in 2026-06. */
  | 'desktopSearch'
  /** The login exchanges' (QQ and WeChat): the web comm as the y.qq.com login page sends it. */
  | 'loginExchange'
  /** The phone + SMS code login's: the Android comm with the phone login method (docs/upstream/login.md "Phone login: send the code"). */
  | 'phoneLogin'
  /** The QQ Music app QR login's: the Android comm, as CreateQRCode (ct 23, cv 0) or the Login exchange (docs/upstream/login.md "QQ Music app QR login"). */
  | 'appQrLogin';

/** The profiles sent as the Android app (its comm, device identity and user agent). */
export const isAndroidProfile = (profile: CommProfile | undefined): boolean => profile === 'android' || profile === 'phoneLogin' || profile === 'appQrLogin';

/** The device identity the Android comm carries (ClientIdentity.android()): issued values, or the fallback's. */
export interface AndroidIdentity {
  qimei16: string;
  qimei36: string;
  openUdid: string;
  androidId: string;
  osRelease: string;
  model: string;
  sdkLevel: number;
  fingerprint: string;
  /** The anonymous device session (GetSession); omitted while none is open (the session request itself). */
  session?: { uid: string; sid: string };
}

/** What a login (or a refresh) overrides: the login type the comm names, and the g_tk of the exchange's own cookie. */
export interface CommOverrides {
  loginType?: number;
  gTk?: number;
}

/** The Android app's user agent, for calls sent with the Android comm. */
export const androidUserAgent = (osRelease: string): string => `QQMusic ${ANDROID_APP_VERSION}(android ${osRelease})`;

/** The web comm profile: anonymous, or carrying the account and key of the cookie. */
export function webComm(cookie: string, overrides: CommOverrides = {}): Record<string, unknown> {
  const cookies = parseCookie(cookie);
  const comm: Record<string, unknown> = {
    ct: 24,
    cv: 4747474,
    platform: 'yqq.json',
    chid: '0',
    uin: cookieUin(cookies),
    g_tk: gtkOf(cookie),
    format: 'json',
    inCharset: 'utf-8',
    outCharset: 'utf-8',
    notice: 0,
    needNewCode: 1,
    ...loginFields(cookies),
  };
  if (overrides.loginType !== undefined) comm.tmeLoginType = overrides.loginType;
  return comm;
}

/** The comm of the WeChat login exchange, which sends nothing else: the login page's platform, versions and login type. */
export const bareLoginComm = (loginType: number): Record<string, unknown> => ({ tmeLoginType: loginType, ct: 24, cv: 0, platform: 'yqq' });

/** The QQ login exchange's comm: the web profile with the login page's platform, versions, login type and g_tk. */
export function loginExchangeComm(cookie: string, overrides: CommOverrides): Record<string, unknown> {
  const comm = { ...webComm(cookie), ...bareLoginComm(overrides.loginType ?? 2) };
  if (overrides.gTk !== undefined) comm.g_tk = overrides.gTk;
  return comm;
}

/** The Desktop search's whole comm: `uin` is the cookie's account as a digit string, "0" when anonymous. */
export function desktopSearchComm(cookie: string): Record<string, unknown> {
  return { ct: 19, cv: 1859, uin: cookieUin(parseCookie(cookie)) };
}

/**
 * The Android comm: versions, the device identity, its session once open, and `qq`/`authst`/`tmeLoginType` when
 * logged in (`qq` as a digit string: WeChat musicids exceed 2^53).
 */
export function androidComm(cookie: string, identity: AndroidIdentity): Record<string, unknown> {
  const cookies = parseCookie(cookie);
  const login = loginFields(cookies);
  return {
    ct: 11,
    cv: ANDROID_APP_VERSION,
    v: ANDROID_APP_VERSION,
    chid: ANDROID_CHANNEL_ID,
    tmeAppID: 'qqmusic',
    ...(login.authst ? { qq: cookieUin(cookies), ...login } : {}),
    QIMEI: identity.qimei16,
    QIMEI36: identity.qimei36,
    OpenUDID: identity.openUdid,
    OpenUDID2: identity.openUdid,
    udid: identity.openUdid,
    aid: identity.androidId,
    os_ver: identity.osRelease,
    phonetype: identity.model,
    devicelevel: String(identity.sdkLevel),
    newdevicelevel: String(identity.sdkLevel),
    rom: identity.fingerprint,
    ...(identity.session ? { uid: identity.session.uid, sid: identity.session.sid } : {}),
  };
}

/**
 * The phone login's comm: the Android comm plus `tmeLoginMethod: 3` (the SMS code), and for the login itself the
 * `tmeLoginType` it names (0), as the Python QQMusicApi project sends both calls (2026-07).
 */
export function phoneLoginComm(cookie: string, identity: AndroidIdentity, overrides: CommOverrides): Record<string, unknown> {
  const comm: Record<string, unknown> = { ...androidComm(cookie, identity), tmeLoginMethod: 3 };
  if (overrides.loginType !== undefined) comm.tmeLoginType = overrides.loginType;
  return comm;
}

/**
 * The app QR login's comm, as the Python QQMusicApi project sends it (2026-07): the Android comm with `ct: 23, cv: 0`
 * for CreateQRCode, and with the login type (6) for the Login exchange.
 */
export function appQrLoginComm(cookie: string, identity: AndroidIdentity, overrides: CommOverrides): Record<string, unknown> {
  const comm = androidComm(cookie, identity);
  if (overrides.loginType !== undefined) return { ...comm, tmeLoginType: overrides.loginType };
  return { ...comm, ct: 23, cv: 0 };
}

/** The comm fields of a login (web and Android profiles alike): its key, and 1 for WeChat (W_X keys) or 2 for QQ. */
export function loginFields(cookies: Record<string, string>): { authst?: string; tmeLoginType?: 1 | 2 } {
  const key = loginKey(cookies);
  return key ? { authst: key, tmeLoginType: key.startsWith('W_X') ? 1 : 2 } : {};
}

/** The web APIs' `g_tk`: hash33 of the cookie's login key, 5381 when anonymous. */
export const gtkOf = (cookie: string): number => {
  const key = loginKey(parseCookie(cookie));
  return key ? hash33(key, 5381) : 5381;
};
