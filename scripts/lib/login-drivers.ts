import { resolve } from 'node:path';

/**
 * Where `npm run login` (scripts/login.ts) gets its answers: a running gateway over HTTP with the admin token, or the
 * login services started in this process. Both answer as the gateway's routes do (docs/login.md "Poll states",
 * "Phone number and SMS code"); a refusal becomes a LoginRefusal carrying the route's status and errorCode.
 */

/** The QR logins: QQ ("Main"), WeChat ("Alt"), the QQ Music app. */
export type QrKind = 'qq' | 'wechat' | 'app';

/** What the QR routes answer (the fields used here). */
export interface QrAnswer {
  img: string;
  loginToken: string;
  qrsig?: string;
  ptqrtoken?: string;
  uuid?: string;
  qrcodeId?: string;
}

/** What a check answers: a poll state or the logged-in session (docs/login.md "Poll states"). */
export interface CheckAnswer {
  isOk: boolean;
  state?: string;
  errcode?: number;
  session?: { uin: string; cookieObject?: Record<string, string> };
  persisted?: boolean;
  persistPending?: true;
}

/** A number as /sendPhoneLoginCode takes it: the country calling code and the national number. */
export interface PhoneNumber {
  countryCode: number;
  phone: string;
}

/** What /sendPhoneLoginCode answers. */
export interface PhoneCodeSent {
  loginToken: string;
  expiresIn: number;
  resendIn: number;
}

/** A failure the user can act on: its message is printed as is, and the login exits 1. */
export class LoginFailure extends Error {}

/** A route's refusal (4xx/5xx `{ error, errorCode }`): what the phone login words for the user, by its errorCode. */
export class LoginRefusal extends LoginFailure {
  constructor(
    message: string,
    readonly status: number,
    readonly errorCode: string | undefined,
    /** `Retry-After` in seconds, when the answer had one. */
    readonly retryAfterS?: number,
    /** The page upstream wants opened first (a captcha, a verification). */
    readonly securityUrl?: string,
  ) {
    super(message);
  }
}

export interface LoginDriver {
  /** Where a stored login goes, in words ("the cookie file /app/config/user-info.json"). */
  readonly where: string;
  /** Whether a login Redis could not take yet is kept and written later (a running gateway) or lost (this process). */
  readonly keepsPending: boolean;
  newQr(kind: QrKind): Promise<QrAnswer>;
  /** One check; `last` is WeChat's previous errcode, so its long poll waits for a change. */
  check(kind: QrKind, qr: QrAnswer, last: number | undefined): Promise<CheckAnswer>;
  sendPhoneCode(number: PhoneNumber): Promise<PhoneCodeSent>;
  checkPhoneCode(number: PhoneNumber, code: string, loginToken: string): Promise<CheckAnswer>;
  close(): Promise<void>;
}

/** Each QR login's routes, and the body of its check. */
const QR_ROUTES: Record<QrKind, { get: string; check: string; body: (qr: QrAnswer, last: number | undefined) => object }> = {
  qq: { get: 'getMainLoginQr', check: 'checkMainLoginQr', body: (qr) => ({ qrsig: qr.qrsig!, ptqrtoken: qr.ptqrtoken, loginToken: qr.loginToken }) },
  wechat: { get: 'getAltLoginQr', check: 'checkAltLoginQr', body: (qr, last) => ({ uuid: qr.uuid!, loginToken: qr.loginToken, ...(last ? { last } : {}) }) },
  app: { get: 'getAppLoginQr', check: 'checkAppLoginQr', body: (qr) => ({ qrcodeId: qr.qrcodeId!, loginToken: qr.loginToken }) },
};

const WHAT = { qr: 'Could not get a QR code', check: 'The login check failed', send: 'The code was not sent', code: 'The code was not taken' };

/**
 * A running gateway (`--gateway URL`): every call carries the admin token, so the gateway itself stores the login
 * with its full credential (docs/login.md "Storing a login as the gateway's own"; the app QR's store choice is made
 * when its QR is asked for). The token is tried first on the admin status route, so a wrong token or a gateway
 * without one fails before a QR is shown or a code sent.
 */
export async function gatewayDriver(base: string, adminToken: string | undefined): Promise<LoginDriver> {
  if (!adminToken) throw new LoginFailure('Set ADMIN_TOKEN to the gateway\'s admin token (in the environment or .env): the gateway stores a login as its own only with it');
  let root: URL;
  try {
    root = new URL(base.endsWith('/') ? base : `${base}/`);
  } catch {
    throw new LoginFailure(`--gateway ${JSON.stringify(base)} is not a URL (e.g. http://127.0.0.1:3200)`);
  }
  const shown = root.origin + root.pathname.replace(/\/$/, '');
  if (root.protocol === 'http:' && !/^(localhost|127(\.\d+){3}|\[::1\])$/.test(root.hostname)) {
    process.stderr.write(`Warning: the admin token goes to ${root.host} unencrypted (http://); use https:// to reach another machine.\n`);
  }
  const call = async (path: string, body?: object): Promise<{ status: number; json: any; retryAfter: string | null }> => {
    let res: Response;
    try {
      res = await fetch(new URL(path, root), {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${adminToken}`, ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        // A WeChat check holds up to ALT_LOGIN_POLL_TIMEOUT_MS (35 s by default, 120 s at most).
        signal: AbortSignal.timeout(150_000),
      });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new LoginFailure(`Cannot reach the gateway at ${shown}: ${cause?.code ?? cause?.message ?? (err as Error).message}`);
    }
    const json: any = await res.json().catch(() => ({}));
    return { status: res.status, json, retryAfter: res.headers.get('retry-after') };
  };
  /** The answer when it is a 200, else its refusal. */
  const answerOf = async <T>(what: string, path: string, body?: object): Promise<T> => {
    const answer = await call(path, body);
    if (answer.status === 200) return answer.json as T;
    const { error, errorCode, securityUrl } = answer.json ?? {};
    const message = `${what}: ${error ?? `HTTP ${answer.status}`}${errorCode ? ` (${errorCode})` : ''}`;
    throw new LoginRefusal(message, answer.status, errorCode, seconds(answer.retryAfter), typeof securityUrl === 'string' ? securityUrl : undefined);
  };

  const status = await call('user/credential/status');
  if (status.status === 404) throw new LoginFailure(`The gateway at ${shown} has no ADMIN_TOKEN set (its admin routes are off): set one there to store a login`);
  if (status.status === 401) throw new LoginFailure(`The gateway at ${shown} refused the admin token: ADMIN_TOKEN here differs from the gateway's`);
  if (status.status !== 200) {
    const { error, errorCode } = status.json ?? {};
    throw new LoginFailure(`The gateway at ${shown} answered its credential status: ${error ?? `HTTP ${status.status}`}${errorCode ? ` (${errorCode})` : ''}`);
  }
  const store = (status.json?.data ?? status.json)?.store;
  return {
    where: `the gateway at ${shown} (${store === 'redis' ? 'its Redis' : 'its cookie file'})`,
    keepsPending: true,
    newQr: (kind) => answerOf(WHAT.qr, QR_ROUTES[kind].get),
    check: (kind, qr, last) => answerOf(WHAT.check, QR_ROUTES[kind].check, QR_ROUTES[kind].body(qr, last)),
    sendPhoneCode: (number) => answerOf(WHAT.send, 'sendPhoneLoginCode', number),
    checkPhoneCode: (number, code, loginToken) => answerOf(WHAT.code, 'checkPhoneLoginCode', { ...number, code, loginToken }),
    close: async () => undefined,
  };
}

/**
 * The login services started in this process against the configured upstream (the environment and .env, as
 * `npm start` reads them): the whole app's modules, without an HTTP server. The login is stored through the same
 * credential store the gateway uses (the cookie file, or Redis with REDIS_URL), where every running gateway reads it.
 */
export async function inProcessDriver(env: Record<string, string | undefined>, logs: NodeJS.WritableStream = process.stderr): Promise<LoginDriver> {
  // Loaded only here: a login against a running gateway does not load the app at all.
  const [{ NestFactory }, { Logger }, { AppModule }, { APP_CONFIG }, { MainLoginService }, { AltLoginService }, { AppLoginService }, { PhoneLoginService }, { GatewayError }] =
    await Promise.all([
      import('@nestjs/core'),
      import('nestjs-pino'),
      import('../../src/app.module'),
      import('../../src/config/config.constants'),
      import('../../src/login/main-login.service'),
      import('../../src/login/alt-login.service'),
      import('../../src/login/app-login.service'),
      import('../../src/login/phone-login.service'),
      import('../../src/common/http-error'),
    ]);
  const app = await NestFactory.createApplicationContext(
    AppModule.forRoot(
      {
        ...env,
        // Warnings and errors only (on stderr): the terminal shows the QR and the login's states.
        LOG_LEVEL: 'warn',
        // The upstream canary of a long-running gateway has nothing to watch in a login of a minute.
        CANARY_INTERVAL_S: '0',
      },
      logs,
    ),
    { bufferLogs: true, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  const config = app.get<{ redisUrl?: string; credentialRedisKey: string; cookieFile: string }>(APP_CONFIG);
  const [main, alt, appQr, phone] = [app.get(MainLoginService), app.get(AltLoginService), app.get(AppLoginService), app.get(PhoneLoginService)];
  const answerOf = async <T>(what: string, call: () => Promise<{ body: unknown }>): Promise<T> => {
    try {
      return (await call()).body as T;
    } catch (err) {
      if (!(err instanceof GatewayError)) throw err;
      const url = err.extra.securityUrl;
      throw new LoginRefusal(`${what}: ${err.message} (${err.errorCode})`, err.getStatus(), err.errorCode, seconds(err.headers?.['Retry-After']), typeof url === 'string' ? url : undefined);
    }
  };
  // The bodies as the routes' validation leaves them (this process calls the services directly).
  const body = (kind: QrKind, qr: QrAnswer, last: number | undefined) => QR_ROUTES[kind].body(qr, last) as any;
  return {
    where: config.redisUrl ? `Redis (key ${config.credentialRedisKey})` : `the cookie file ${resolve(config.cookieFile)}`,
    keepsPending: false,
    newQr: (kind) => answerOf(WHAT.qr, () => (kind === 'qq' ? main.getQr() : kind === 'wechat' ? alt.getQr() : appQr.getQr('store'))),
    check: (kind, qr, last) =>
      answerOf(WHAT.check, () =>
        kind === 'qq' ? main.check(body(kind, qr, last), 'store') : kind === 'wechat' ? alt.check(body(kind, qr, last), 'store') : appQr.check(body(kind, qr, last)),
      ),
    // The SMS budget per address counts this machine as the caller.
    sendPhoneCode: (number) => answerOf(WHAT.send, () => phone.sendCode(number, '127.0.0.1')),
    checkPhoneCode: (number, code, loginToken) => answerOf(WHAT.code, () => phone.check({ ...number, code, loginToken }, 'store')),
    close: () => app.close(),
  };
}

/** A `Retry-After` of seconds, or undefined (none, or an HTTP date, which the gateway never sends). */
function seconds(value: string | null | undefined): number | undefined {
  const n = Number(value);
  return value && Number.isFinite(n) && n >= 0 ? Math.ceil(n) : undefined;
}
