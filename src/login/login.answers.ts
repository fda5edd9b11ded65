import { AnyOf, Arr, Bool, BoolConst, Dict, Enum, Int, Nullable, Obj, Optional, type Static, Str } from '../common/answer-schema';

/**
 * What the QR login routes answer (decision 021: each schema is also the type its service builds). Not the envelope:
 * the older services' clients read these keys at the top level.
 */

export const MainQrAnswer = Obj({
  img: Str({ description: 'The QR code as a PNG data URL.' }),
  ptqrtoken: Str({ description: 'hash33(qrsig) as a string of digits.' }),
  qrsig: Str({ description: 'Send it to /checkMainLoginQr.' }),
  loginToken: Str({ description: 'For this caller alone: send it with each check.' }),
});
export type MainQrAnswer = Static<typeof MainQrAnswer>;

export const AltQrAnswer = Obj({
  img: Str({ description: 'The QR code as a JPEG data URL.' }),
  uuid: Str({ description: 'Send it to /checkAltLoginQr.' }),
  loginToken: Str({ description: 'For this caller alone: send it with each check.' }),
});
export type AltQrAnswer = Static<typeof AltQrAnswer>;

/** The spec's login session (Resources → "Login session"). */
export const LoginSession = Obj({
  loginUin: Str({ description: 'The account (`uin` cookie: `o0…` for QQ, the musicid for WeChat).' }),
  uin: Str({ description: 'Same as loginUin.' }),
  cookie: Str({ description: 'Every cookie of the login, `name=value; …`.' }),
  cookieList: Arr(Str(), { description: 'The same pairs, one per element.' }),
  cookieObject: Dict(Str(), { description: 'The same pairs by name.' }),
});
export type LoginSession = Static<typeof LoginSession>;

/**
 * The full credential of a login (docs/credentials.md "Keeping a caller's login alive"): answered only to a check that
 * asked for it (`credential: true`), and what POST /user/refreshLogin takes and answers. The fields the refresh needs.
 */
export const LoginCredential = Obj(
  {
    musicid: Str({ description: 'The account: the exact digit string (WeChat musicids exceed 2^53).' }),
    str_musicid: Optional(Str({ description: 'Same as musicid.' })),
    musickey: Str({ description: 'The login key (the `qqmusic_key` / `qm_keyst` cookies).' }),
    refresh_key: Optional(Str({ description: 'Single-use: spent by a refresh, which answers a new one.' })),
    refresh_token: Optional(Str()),
    openid: Optional(Str()),
    access_token: Optional(Str({ description: 'QQ logins.' })),
    expired_at: Optional(Int({ description: 'When the refresh token expires (seconds since the epoch).' })),
    unionid: Optional(Str({ description: 'WeChat logins.' })),
    encryptUin: Optional(Str({ description: 'The `euin` cookie.' })),
    loginType: Enum([1, 2] as const, { description: '2 = QQ, 1 = WeChat.' }),
    musickeyCreateTime: Optional(Int({ description: 'When musickey was issued (seconds since the epoch).' })),
    keyExpiresIn: Optional(Int({ description: 'How long musickey lives from musickeyCreateTime (seconds; about 3 days).' })),
  },
  { title: 'LoginCredential' },
);
export type LoginCredential = Static<typeof LoginCredential>;

/** Only with `credential: true` in the check's body: the full credential, to keep this login alive with /user/refreshLogin. */
const Credential = {
  credential: Optional(LoginCredential),
};

/** What a confirmed login says about saving it (absent when it is not stored: no admin token, LOGIN_PERSIST_COOKIE off). */
const Persisted = {
  persisted: Optional(Bool({ description: 'With the admin token or LOGIN_PERSIST_COOKIE: whether the store holds the login now.' })),
  persistPending: Optional(BoolConst(true, { description: 'Redis could not take the write yet; it is written once Redis answers.' })),
};

export const MAIN_POLL_STATES = ['waiting', 'scanned', 'expired', 'refused'] as const;

export const MainPollState = Obj(
  {
    isOk: BoolConst(false),
    state: Enum(MAIN_POLL_STATES),
    code: Enum([66, 67, 65, 68] as const, { description: 'ptlogin\'s ptuiCB code: 66 waiting, 67 scanned, 65 expired, 68 refused.' }),
    message: Str(),
    refresh: Bool({ description: 'True when the QR is dead (expired, refused): ask a new one.' }),
    error: Optional(Str({ description: 'The message again, on expired and refused.' })),
  },
  { title: 'MainPollState' },
);
export type MainPollState = Static<typeof MainPollState>;

export const MainLoggedIn = Obj({ isOk: BoolConst(true), message: Str(), session: LoginSession, ...Credential, ...Persisted }, { title: 'MainLoggedIn' });
export type MainLoggedIn = Static<typeof MainLoggedIn>;

export const MainCheckAnswer = AnyOf([MainPollState, MainLoggedIn]);
export type MainCheckAnswer = Static<typeof MainCheckAnswer>;

export const ALT_POLL_STATES = ['waiting', 'scanned', 'cancelled', 'expired'] as const;

export const AltPollState = Obj(
  {
    isOk: BoolConst(false),
    errcode: Enum([408, 404, 403, 402] as const, { description: 'WeChat\'s wx_errcode: 408 waiting, 404 scanned, 403 cancelled, 402 expired.' }),
    state: Enum(ALT_POLL_STATES),
    timeout: Optional(BoolConst(true, { description: 'The gateway\'s bound (ALT_LOGIN_POLL_TIMEOUT_MS) passed before WeChat answered: the last state again.' })),
    message: Str(),
    scanned: Optional(BoolConst(true, { description: 'On 404.' })),
    refused: Optional(BoolConst(true, { description: 'On 403.' })),
    refresh: Optional(BoolConst(true, { description: 'On 403 and 402: ask a new QR.' })),
  },
  { title: 'AltPollState' },
);
export type AltPollState = Static<typeof AltPollState>;

export const AltLoggedIn = Obj(
  { isOk: BoolConst(true), errcode: Enum([405] as const), state: Enum(['confirmed'] as const), message: Str(), session: LoginSession, ...Credential, ...Persisted },
  { title: 'AltLoggedIn' },
);
export type AltLoggedIn = Static<typeof AltLoggedIn>;

export const AltCheckAnswer = AnyOf([AltPollState, AltLoggedIn]);
export type AltCheckAnswer = Static<typeof AltCheckAnswer>;

/** What POST /user/refreshLogin answers in its envelope: the renewed credential and the cookie it logs in with. */
export const RefreshedLogin = Obj({
  credential: LoginCredential,
  session: LoginSession,
  expiresAt: Nullable(Str({ description: 'When the new musickey expires (ISO 8601); null when upstream did not say.' })),
});
export type RefreshedLogin = Static<typeof RefreshedLogin>;

/** What /sendPhoneLoginCode answers once upstream sent the SMS. */
export const PhoneCodeSent = Obj(
  {
    sent: BoolConst(true),
    loginToken: Str({ description: 'For this caller alone: send it with the check of this code.' }),
    expiresIn: Int({ description: 'Seconds during which the gateway takes this code (PHONE_CODE_TTL_S).' }),
    resendIn: Int({ description: 'Seconds before another code may be sent to this number (PHONE_CODE_INTERVAL_S).' }),
  },
  { title: 'PhoneCodeSent' },
);
export type PhoneCodeSent = Static<typeof PhoneCodeSent>;

export const PhoneLoggedIn = Obj({ isOk: BoolConst(true), message: Str(), session: LoginSession, ...Credential, ...Persisted }, { title: 'PhoneLoggedIn' });
export type PhoneLoggedIn = Static<typeof PhoneLoggedIn>;

export const AppQrAnswer = Obj({
  img: Str({ description: 'The QR code as a PNG data URL; scan it with the QQ Music app.' }),
  qrcodeId: Str({ description: 'Send it to /checkAppLoginQr.' }),
  loginToken: Str({ description: 'For this caller alone: send it with each check (the session goes only to it).' }),
});
export type AppQrAnswer = Static<typeof AppQrAnswer>;

export const APP_POLL_STATES = ['waiting', 'scanned', 'confirming', 'canceled', 'expired'] as const;

export const AppPollState = Obj(
  {
    isOk: BoolConst(false),
    state: Enum(APP_POLL_STATES, { description: 'As pushed to the issuing instance: waiting, scanned, confirming (the login exchange runs), canceled, expired.' }),
    message: Str(),
    refresh: Optional(BoolConst(true, { description: 'On canceled and expired: ask a new QR.' })),
  },
  { title: 'AppPollState' },
);
export type AppPollState = Static<typeof AppPollState>;

export const AppLoggedIn = Obj(
  { isOk: BoolConst(true), state: Enum(['confirmed'] as const), message: Str(), session: LoginSession, ...Credential, ...Persisted },
  { title: 'AppLoggedIn' },
);
export type AppLoggedIn = Static<typeof AppLoggedIn>;

export const AppCheckAnswer = AnyOf([AppPollState, AppLoggedIn]);
export type AppCheckAnswer = Static<typeof AppCheckAnswer>;
