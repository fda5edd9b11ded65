import { loadDotEnv } from '../src/config/app-config';
import { numberFlag, parseFlags } from './lib/cli';
import { gatewayDriver, inProcessDriver, type LoginDriver, LoginFailure, type QrKind } from './lib/login-drivers';
import { Prompt } from './lib/prompt';
import { terminalLogin } from './lib/terminal-login';
import { phoneLogin } from './lib/terminal-phone';

/**
 * Logs the gateway in from a terminal (docs/login.md "Terminal login"): prints the QR code, follows its state on one
 * line, and stores the login where the gateways read it; or, with --phone, asks the number and the SMS code.
 *
 *   npm run login                       # QQ, the login services started here (COOKIE_FILE, or Redis with REDIS_URL)
 *   npm run login -- --wechat           # WeChat; --app: the QQ Music app; --phone: phone number and SMS code
 *   npm run login -- --gateway http://127.0.0.1:3200   # through a running gateway, with ADMIN_TOKEN
 *
 * Exits 0 once the login is stored, 1 when it is refused or fails (the reason on stderr), 2 on a usage error.
 */
const USAGE = `Usage: npm run login [-- [--wechat | --app | --phone] [--gateway URL] [--interval MS]]
  --wechat        log in with WeChat (default: QQ)
  --app           log in with the QQ Music app's QR code
  --phone         log in with a phone number and the code sent to it by SMS (typed here)
  --gateway URL   through a running gateway (needs ADMIN_TOKEN, the gateway's admin token); without it the login
                  services start in this process with the gateway's settings (environment and .env)
  --interval MS   time between two QQ or QQ Music app checks (default 1500)`;

const METHODS = ['wechat', 'qq', 'app', 'phone'];

async function main(): Promise<number> {
  const flags = parseFlags();
  if (flags.help || flags.h) {
    console.log(USAGE);
    return 0;
  }
  const unknown = Object.keys(flags).filter((name) => ![...METHODS, 'gateway', 'interval'].includes(name));
  const methods = METHODS.filter((name) => name !== 'qq' && flags[name]);
  const usage = unknown.length
    ? `Unknown option ${unknown.map((n) => `--${n}`).join(', ')}`
    : flags.gateway === true
      ? '--gateway needs a URL'
      : methods.length > 1
        ? `Choose one way to log in, not ${methods.map((n) => `--${n}`).join(' and ')}`
        : undefined;
  if (usage) {
    console.error(`${usage}\n${USAGE}`);
    return 2;
  }
  // The gateway's own settings: a local .env fills in what the environment does not set, as for `npm start`.
  loadDotEnv();
  const method = (methods[0] ?? 'qq') as QrKind | 'phone';
  let driver: LoginDriver | undefined;
  let prompt: Prompt | undefined;
  const stop = () => {
    prompt?.close();
    process.stdout.write('\nStopped: nothing was stored.\n');
    void (driver?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    driver = typeof flags.gateway === 'string' ? await gatewayDriver(flags.gateway, process.env.ADMIN_TOKEN) : await inProcessDriver(process.env);
    let done: string;
    if (method === 'phone') {
      prompt = new Prompt(process.stdin, process.stdout);
      done = await phoneLogin(driver, prompt, process.stdout);
    } else {
      done = await terminalLogin(driver, method, process.stdout, { intervalMs: numberFlag(flags, 'interval', 1500, 100, 60_000), maxCodes: 5 });
    }
    console.log(done);
    return 0;
  } catch (err) {
    console.error(err instanceof LoginFailure ? err.message : `Login failed: ${(err as Error).message}`);
    return 1;
  } finally {
    prompt?.close();
    await driver?.close();
  }
}

void main().then((code) => process.exit(code));
