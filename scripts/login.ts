import { loadDotEnv } from '../src/config/app-config';
import { numberFlag, parseFlags } from './lib/cli';
import { gatewayDriver, inProcessDriver, LoginDriver, LoginFailure, terminalLogin } from './lib/terminal-login';

/**
 * Logs the gateway in from a terminal (docs/login.md "Terminal login"): prints the QR code, follows its state on one
 * line, and stores the login where the gateways read it.
 *
 *   npm run login                       # QQ, the login services started here (COOKIE_FILE, or Redis with REDIS_URL)
 *   npm run login -- --wechat           # WeChat
 *   npm run login -- --gateway http://127.0.0.1:3200   # through a running gateway, with ADMIN_TOKEN
 *
 * Exits 0 once the login is stored, 1 when it is refused or fails (the reason on stderr), 2 on a usage error.
 */
const USAGE = `Usage: npm run login [-- [--wechat] [--gateway URL] [--interval MS]]
  --wechat        log in with WeChat (default: QQ)
  --gateway URL   through a running gateway (needs ADMIN_TOKEN, the gateway's admin token); without it the login
                  services start in this process with the gateway's settings (environment and .env)
  --interval MS   time between two QQ checks (default 1500)`;

async function main(): Promise<number> {
  const flags = parseFlags();
  if (flags.help || flags.h) {
    console.log(USAGE);
    return 0;
  }
  const unknown = Object.keys(flags).filter((name) => !['wechat', 'qq', 'gateway', 'interval'].includes(name));
  if (unknown.length || flags.gateway === true) {
    console.error(`${unknown.length ? `Unknown option ${unknown.map((n) => `--${n}`).join(', ')}` : '--gateway needs a URL'}\n${USAGE}`);
    return 2;
  }
  // The gateway's own settings: a local .env fills in what the environment does not set, as for `npm start`.
  loadDotEnv();
  const kind = flags.wechat ? 'wechat' : 'qq';
  let driver: LoginDriver | undefined;
  const stop = () => {
    process.stdout.write('\nStopped: nothing was stored.\n');
    void (driver?.close() ?? Promise.resolve()).finally(() => process.exit(130));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    driver = typeof flags.gateway === 'string' ? await gatewayDriver(flags.gateway, process.env.ADMIN_TOKEN) : await inProcessDriver(process.env);
    const done = await terminalLogin(driver, kind, process.stdout, { intervalMs: numberFlag(flags, 'interval', 1500, 100, 60_000), maxCodes: 5 });
    console.log(done);
    return 0;
  } catch (err) {
    console.error(err instanceof LoginFailure ? err.message : `Login failed: ${(err as Error).message}`);
    return 1;
  } finally {
    await driver?.close();
  }
}

void main().then((code) => process.exit(code));
