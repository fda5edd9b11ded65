import { resolve } from 'node:path';
import { maskUin } from '../../src/credentials/credential.model';
import { readQrImage, terminalQr } from './qr-text';

/**
 * `npm run login` (scripts/login.ts): a QR login in the terminal whose result becomes the gateway's stored login
 * (docs/login.md "Terminal login"). The QR answers and poll states are the gateway's own (docs/login.md "Poll states"),
 * asked either of a running gateway over HTTP with the admin token, or of the login services started in this process.
 */

export type LoginKind = 'qq' | 'wechat';

/** What /getMainLoginQr and /getAltLoginQr answer (the fields used here). */
export interface QrAnswer {
  img: string;
  loginToken: string;
  qrsig?: string;
  ptqrtoken?: string;
  uuid?: string;
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

/** A failure the user can act on: its message is printed as is, and the login exits 1. */
export class LoginFailure extends Error {}

/** Where the QR answers and checks come from. */
export interface LoginDriver {
  /** Where a stored login goes, in words ("the cookie file /app/config/user-info.json"). */
  readonly where: string;
  /** Whether a login Redis could not take yet is kept and written later (a running gateway) or lost (this process). */
  readonly keepsPending: boolean;
  newQr(kind: LoginKind): Promise<QrAnswer>;
  /** One check; `last` is WeChat's previous errcode, so its long poll waits for a change. */
  check(kind: LoginKind, qr: QrAnswer, last: number | undefined): Promise<CheckAnswer>;
  close(): Promise<void>;
}

const PATHS = { qq: ['getMainLoginQr', 'checkMainLoginQr'], wechat: ['getAltLoginQr', 'checkAltLoginQr'] } as const;
const checkBody = (kind: LoginKind, qr: QrAnswer, last: number | undefined) =>
  kind === 'qq' ? { qrsig: qr.qrsig!, ptqrtoken: qr.ptqrtoken, loginToken: qr.loginToken } : { uuid: qr.uuid!, loginToken: qr.loginToken, ...(last ? { last } : {}) };

/**
 * A running gateway (`--gateway URL`): its checks carry the admin token, so the gateway itself stores the login
 * with its full credential (docs/login.md "Storing a login as the gateway's own"). The token is tried first on the
 * admin status route, so a wrong token or a gateway without one fails before a QR is shown.
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
  const call = async (path: string, body?: object): Promise<{ status: number; json: any }> => {
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
    return { status: res.status, json };
  };
  const failed = (what: string, answer: { status: number; json: any }) =>
    new LoginFailure(`${what}: ${answer.json?.error ?? `HTTP ${answer.status}`}${answer.json?.errorCode ? ` (${answer.json.errorCode})` : ''}`);

  const status = await call('user/credential/status');
  if (status.status === 404) throw new LoginFailure(`The gateway at ${shown} has no ADMIN_TOKEN set (its admin routes are off): set one there to store a login`);
  if (status.status === 401) throw new LoginFailure(`The gateway at ${shown} refused the admin token: ADMIN_TOKEN here differs from the gateway's`);
  if (status.status !== 200) throw failed(`The gateway at ${shown} answered its credential status`, status);
  const store = (status.json?.data ?? status.json)?.store;
  return {
    where: `the gateway at ${shown} (${store === 'redis' ? 'its Redis' : 'its cookie file'})`,
    keepsPending: true,
    async newQr(kind) {
      const answer = await call(PATHS[kind][0]);
      if (answer.status !== 200) throw failed('The gateway could not get a QR code', answer);
      return answer.json as QrAnswer;
    },
    async check(kind, qr, last) {
      const answer = await call(PATHS[kind][1], checkBody(kind, qr, last));
      if (answer.status !== 200) throw failed('The login check failed', answer);
      return answer.json as CheckAnswer;
    },
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
  const [{ NestFactory }, { Logger }, { AppModule }, { APP_CONFIG }, { MainLoginService }, { AltLoginService }, { GatewayError }] = await Promise.all([
    import('@nestjs/core'),
    import('nestjs-pino'),
    import('../../src/app.module'),
    import('../../src/config/config.constants'),
    import('../../src/login/main-login.service'),
    import('../../src/login/alt-login.service'),
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
  const main = app.get(MainLoginService);
  const alt = app.get(AltLoginService);
  const answerOf = async <T>(call: () => Promise<{ body: unknown }>, what: string): Promise<T> => {
    try {
      return (await call()).body as T;
    } catch (err) {
      if (err instanceof GatewayError) throw new LoginFailure(`${what}: ${err.message} (${err.errorCode})`);
      throw err;
    }
  };
  return {
    where: config.redisUrl ? `Redis (key ${config.credentialRedisKey})` : `the cookie file ${resolve(config.cookieFile)}`,
    keepsPending: false,
    newQr: (kind) => answerOf<QrAnswer>(() => (kind === 'qq' ? main.getQr() : alt.getQr()), 'Could not get a QR code'),
    check: (kind, qr, last) =>
      answerOf<CheckAnswer>(
        () => (kind === 'qq' ? main.check(checkBody('qq', qr, last) as any, 'store') : alt.check(checkBody('wechat', qr, last) as any, 'store')),
        'The login check failed',
      ),
    close: () => app.close(),
  };
}

/** One line that shows the current state, rewritten in place on a terminal (one line per state elsewhere, e.g. a log). */
export class StatusLine {
  private current = '';

  constructor(private readonly out: NodeJS.WritableStream & { isTTY?: boolean }) {}

  show(text: string): void {
    if (text === this.current) return;
    this.current = text;
    this.out.write(this.out.isTTY ? `\r\x1b[2K${text}` : `${text}\n`);
  }

  /** Leaves the current line as it is and moves on. */
  end(): void {
    if (this.current && this.out.isTTY) this.out.write('\n');
    this.current = '';
  }
}

const STATE_TEXT: Record<string, string> = {
  waiting: 'Waiting for the scan…',
  scanned: 'Scanned: confirm the login on the phone…',
};

export interface TerminalLoginOptions {
  /** How long between two QQ checks (a WeChat check is a long poll and is called again at once). */
  intervalMs: number;
  /** How many expired QR codes are replaced before giving up. */
  maxCodes: number;
}

/** What a finished login says; resolves with the masked account it stored. */
export async function terminalLogin(driver: LoginDriver, kind: LoginKind, out: NodeJS.WritableStream & { isTTY?: boolean }, options: TerminalLoginOptions): Promise<string> {
  const status = new StatusLine(out);
  const app = kind === 'qq' ? 'QQ' : 'WeChat';
  for (let codes = 1; ; codes++) {
    const qr = await driver.newQr(kind);
    let text: string;
    try {
      text = readQrImage(qr.img);
    } catch (err) {
      throw new LoginFailure(`Cannot print the QR code: ${(err as Error).message}; log in with the login page (/login) instead`);
    }
    out.write(`\n${await terminalQr(text)}\nScan this QR code with ${app} on your phone (QR code ${codes}).\n`);
    let last: number | undefined;
    status.show(STATE_TEXT.waiting);
    for (;;) {
      const answer = await driver.check(kind, qr, last);
      if (answer.isOk) {
        status.show('Confirmed: logged in.');
        status.end();
        return stored(driver, answer);
      }
      last = answer.errcode;
      const state = answer.state ?? 'waiting';
      if (state === 'expired') {
        status.show('The QR code expired.');
        status.end();
        if (codes >= options.maxCodes) throw new LoginFailure(`${codes} QR codes expired without a login; run the login again when ready`);
        out.write('Here is a new one.\n');
        break;
      }
      if (state === 'refused' || state === 'cancelled') {
        status.show(`The login was refused on the phone (${state}).`);
        status.end();
        throw new LoginFailure('Login refused on the phone: nothing was stored. Run the login again to retry');
      }
      status.show(STATE_TEXT[state] ?? `State: ${state}`);
      if (kind === 'qq') await new Promise((r) => setTimeout(r, options.intervalMs));
    }
  }
}

function stored(driver: LoginDriver, answer: CheckAnswer): string {
  const session = answer.session;
  const account = maskUin(session?.cookieObject?.qqmusic_uin ?? session?.uin) ?? 'unknown';
  if (answer.persisted === true) return `Stored the login of account ${account} in ${driver.where}.`;
  if (answer.persistPending && driver.keepsPending) {
    return `Logged in as account ${account}: Redis could not take it yet, so ${driver.where} uses it now and stores it once Redis answers.`;
  }
  throw new LoginFailure(`Logged in as account ${account}, but the login could not be stored in ${driver.where}; see its log`);
}
