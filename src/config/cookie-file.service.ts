import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { accessSync, constants, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { APP_CONFIG } from './config.constants';
import type { AppConfig } from './app-config';

export interface StoredLogin {
  cookie: string;
  uin?: string;
  /**
   * The full login credential (musicid as an exact digit string, musickey, refresh_key, refresh_token…), written by a
   * login or a refresh; absent in a cookie-only file (which keeps working but cannot be refreshed: the refresh call
   * sends those fields back).
   */
  credential?: Record<string, unknown>;
  /** The last refresh outcome (src/credentials), kept beside the credential so it survives a restart. */
  refresh?: Record<string, unknown>;
}

export class CookieFileError extends Error {}

/**
 * What a stored login cookie may hold (the cookie file, /user/setCookie): printable ASCII only, so it can always be
 * sent, and a bad paste or a wrong encoding is refused when stored rather than at every upstream call.
 */
export const NOT_PRINTABLE_ASCII = /[^\x20-\x7e]/;

/**
 * The login cookie held in a local JSON file (`{ "cookie": "...", "uin": "..." }`).
 * Missing file = anonymous. A malformed file stops start-up; a file that turns bad later
 * keeps the last good value (and logs why) so a half-written edit cannot break live traffic.
 * Changes are picked up without a restart: the file's mtime/size is checked at most every COOKIE_FILE_CHECK_MS.
 */
@Injectable()
export class CookieFileService implements OnModuleInit {
  private readonly logger = new Logger(CookieFileService.name);
  private readonly path: string;
  private current: StoredLogin | null = null;
  private signature = '';
  private lastCheck = 0;
  /** The file version (or read error) last reported as bad: a bad file is reported once, not on every check. */
  private reported = '';

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.path = resolve(config.cookieFile);
  }

  onModuleInit(): void {
    this.reload(true);
    this.warnIfUnwritable();
  }

  /**
   * Without Redis, logins are saved into this file (a QR login with LOGIN_PERSIST_COOKIE, /user/setCookie, a credential
   * refresh). A directory this process cannot write (a bind mount owned by another uid, a path that does not exist)
   * would only show at the first save, after a login was made; said once at start-up instead.
   */
  private warnIfUnwritable(): void {
    if (this.config.redisUrl) return;
    const savers = [
      this.config.persistLoginCookie && 'QR logins (LOGIN_PERSIST_COOKIE)',
      this.config.adminToken && '/user/setCookie (ADMIN_TOKEN)',
      this.current?.credential && 'credential refreshes',
    ].filter(Boolean);
    if (!savers.length) return;
    const dir = dirname(this.path);
    try {
      accessSync(dir, constants.W_OK);
    } catch (err) {
      const uid = process.getuid?.();
      this.logger.warn(
        `${this.named}: ${savers.join(', ')} cannot save the login: its directory ${dir} is not writable` +
          `${uid === undefined ? '' : ` by uid ${uid}`} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`,
      );
    }
  }

  /** The variable and the resolved path, as messages name them: an operator fixes the variable or the file. */
  private get named(): string {
    return `COOKIE_FILE=${JSON.stringify(this.path)}`;
  }

  get filePath(): string {
    return this.path;
  }

  /** Re-read the file now (after this process wrote it), instead of waiting for the next check. */
  reloadNow(): StoredLogin | null {
    this.lastCheck = Date.now();
    this.reload(false);
    return this.current;
  }

  /** The stored login, or null when anonymous. */
  get(): StoredLogin | null {
    const now = Date.now();
    if (now - this.lastCheck >= this.config.cookieFileCheckMs) {
      this.lastCheck = now;
      this.reload(false);
    }
    return this.current;
  }

  private reload(strict: boolean): void {
    let signature: string;
    try {
      const st = statSync(this.path);
      signature = `${st.mtimeMs}:${st.size}:${st.ino}`;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
        if (this.current) this.logger.log(`Cookie file ${this.path} removed: now anonymous`);
        this.current = null;
        this.signature = '';
        this.reported = '';
        return;
      }
      const message = `${this.named} cannot be read: ${readFailure(err)}`;
      return this.fail(strict, message, message);
    }
    if (signature === this.signature) return;
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'EISDIR' ? `is a directory, not the login file (${EXPECTED_FORM})` : `cannot be read: ${readFailure(err)}`;
      return this.fail(strict, `${this.named} ${why}`, signature);
    }
    let parsed: StoredLogin;
    try {
      parsed = parseLoginFile(text);
    } catch (err) {
      return this.fail(strict, `${this.named} is invalid: ${(err as Error).message} (${EXPECTED_FORM})`, signature);
    }
    this.signature = signature;
    this.reported = '';
    this.current = parsed.cookie ? parsed : null;
    if (!strict) this.logger.log(`Cookie file ${this.path} reloaded (${this.current ? 'logged in' : 'anonymous'})`);
  }

  /** `version` identifies what was bad (the file's signature, or the read error), so each bad version is logged once. */
  private fail(strict: boolean, message: string, version: string): void {
    if (strict) throw new CookieFileError(message);
    if (version === this.reported) return;
    this.reported = version;
    this.logger.warn(`${message}; keeping the previous cookie`);
  }
}

/** What the cookie file must hold, for messages (config/user-info.example.json shows it). */
const EXPECTED_FORM = 'expected a JSON file like config/user-info.example.json: {"cookie": "...", "uin": "..."}; no file = anonymous';

/** Why a read failed; a permission problem names this process's uid (in a container, not the host user's). */
export function readFailure(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') {
    const uid = process.getuid?.();
    return `permission denied${uid === undefined ? '' : ` for uid ${uid}`}, which needs read access (${code})`;
  }
  return (err as Error).message;
}

/** Validates the file's JSON. Never includes the cookie itself in an error message. */
export function parseLoginFile(text: string): StoredLogin {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error('not valid JSON');
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('expected a JSON object');
  const { cookie, uin, credential, refresh } = data as Record<string, unknown>;
  if (cookie !== undefined && typeof cookie !== 'string') throw new Error('"cookie" must be a string');
  if (uin !== undefined && typeof uin !== 'string' && typeof uin !== 'number') throw new Error('"uin" must be a string');
  if (typeof cookie === 'string') {
    // A cookie goes into an HTTP header: a control or non-ASCII character (a bad paste, a wrong encoding) would make
    // every upstream call fail at send time, looking like an upstream outage. The position, never the character.
    const bad = NOT_PRINTABLE_ASCII.exec(cookie);
    if (bad) {
      const what = /[\r\n]/.test(bad[0]) ? 'a line break' : bad[0] < ' ' || bad[0] === '\x7f' ? 'a control character' : 'a non-ASCII character';
      throw new Error(`"cookie" contains ${what} at position ${bad.index + 1} (only printable ASCII is allowed)`);
    }
  }
  const login: StoredLogin = { cookie: cookie ?? '', uin: uin === undefined ? undefined : String(uin) };
  if (credential !== undefined && credential !== null) {
    if (typeof credential !== 'object' || Array.isArray(credential)) throw new Error('"credential" must be an object');
    const cred = { ...(credential as Record<string, unknown>) };
    // A musicid written as a bare number may exceed 2^53 (WeChat): take its exact digits from the text.
    if (typeof cred.musicid === 'number') {
      const exact = /"credential"\s*:\s*\{[\s\S]*?"musicid"\s*:\s*(\d+)/.exec(text);
      cred.musicid = exact ? exact[1] : String(cred.musicid);
    }
    if (cred.musicid !== undefined && !/^\d+$/.test(String(cred.musicid))) throw new Error('"credential.musicid" must be digits');
    login.credential = cred;
  }
  if (refresh && typeof refresh === 'object' && !Array.isArray(refresh)) login.refresh = refresh as Record<string, unknown>;
  return login;
}
