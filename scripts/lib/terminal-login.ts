import { maskUin } from '../../src/credentials/credential.model';
import { type CheckAnswer, type LoginDriver, LoginFailure, type QrKind } from './login-drivers';
import { readQrImage, terminalQr } from './qr-text';

/**
 * `npm run login` (scripts/login.ts): a QR login in the terminal whose result becomes the gateway's stored login
 * (docs/login.md "Terminal login"). The QR answers and poll states are the gateway's own (docs/login.md "Poll states"),
 * asked of a LoginDriver (scripts/lib/login-drivers.ts). The phone login (scripts/lib/terminal-phone.ts) ends through
 * the same state line and storing step.
 */

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
  // The app QR: confirmed on the phone, the gateway exchanging it for the login.
  confirming: 'Confirmed on the phone: logging in…',
};

/** The app each QR is scanned with, and whether its check is a long poll (called again at once) or polled. */
const KINDS: Record<QrKind, { app: string; longPoll: boolean }> = {
  qq: { app: 'QQ', longPoll: false },
  wechat: { app: 'WeChat', longPoll: true },
  app: { app: 'the QQ Music app', longPoll: false },
};

/** A QR dead on the phone: QQ says refused, WeChat cancelled, the QQ Music app canceled. */
const REFUSED = new Set(['refused', 'cancelled', 'canceled']);

export interface TerminalLoginOptions {
  /** How long between two polled checks (QQ, the QQ Music app; a WeChat check is a long poll, called again at once). */
  intervalMs: number;
  /** How many expired QR codes are replaced before giving up. */
  maxCodes: number;
}

/** What a finished login says; resolves with the masked account it stored. */
export async function terminalLogin(driver: LoginDriver, kind: QrKind, out: NodeJS.WritableStream & { isTTY?: boolean }, options: TerminalLoginOptions): Promise<string> {
  const status = new StatusLine(out);
  const { app, longPoll } = KINDS[kind];
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
      if (answer.isOk) return finished(driver, status, answer);
      last = answer.errcode;
      const state = answer.state ?? 'waiting';
      if (state === 'expired') {
        status.show('The QR code expired.');
        status.end();
        if (codes >= options.maxCodes) throw new LoginFailure(`${codes} QR codes expired without a login; run the login again when ready`);
        out.write('Here is a new one.\n');
        break;
      }
      if (REFUSED.has(state)) {
        status.show(`The login was refused on the phone (${state}).`);
        status.end();
        throw new LoginFailure('Login refused on the phone: nothing was stored. Run the login again to retry');
      }
      status.show(STATE_TEXT[state] ?? `State: ${state}`);
      if (!longPoll) await new Promise((r) => setTimeout(r, options.intervalMs));
    }
  }
}

/** The end of every login: the state line says so, then where the login went (or why it did not). */
export function finished(driver: LoginDriver, status: StatusLine, answer: CheckAnswer): string {
  status.show('Confirmed: logged in.');
  status.end();
  const session = answer.session;
  const account = maskUin(session?.cookieObject?.qqmusic_uin ?? session?.uin) ?? 'unknown';
  if (answer.persisted === true) return `Stored the login of account ${account} in ${driver.where}.`;
  if (answer.persistPending && driver.keepsPending) {
    return `Logged in as account ${account}: Redis could not take it yet, so ${driver.where} uses it now and stores it once Redis answers.`;
  }
  throw new LoginFailure(`Logged in as account ${account}, but the login could not be stored in ${driver.where}; see its log`);
}
