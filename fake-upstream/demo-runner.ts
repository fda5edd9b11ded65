import { createApp, listenOn, logStartup } from '../src/app.factory';
import { type AppConfig, loadDotEnv } from '../src/config/app-config';
import { APP_CONFIG } from '../src/config/config.constants';
import { FakeUpstream } from './fake-upstream';

/** The fake upstream on loopback and the gateway wired to it, in one process (the demo scripts). */
export interface Demo {
  /** The gateway's URL (one that works from this machine). */
  url: string;
  /** The fake's origin per upstream host. */
  origins: Awaited<ReturnType<FakeUpstream['start']>>;
  /** Closes the gateway, then the fake; once, however often it is called. */
  close: () => Promise<void>;
}

/**
 * Where the demo keeps its own state: taken from the real environment only, never from .env, which usually describes
 * the real deployment. A demo login must not land in the production cookie file or the shared Redis credential, and
 * the deployment's outbound proxy could not reach the demo's loopback fake.
 */
const DEMO_OWN_STATE = ['COOKIE_FILE', 'REDIS_URL', 'UPSTREAM_PROXY'];

/** Loads .env as `npm start` does (the real environment wins), except the variables in DEMO_OWN_STATE. */
export function loadDemoEnv(path = '.env'): void {
  for (const name of loadDotEnv(path)) if (DEMO_OWN_STATE.includes(name)) delete process.env[name];
}

/** Starts both; `env` adds to (and overrides) process.env for the gateway; the demo cookie file unless COOKIE_FILE is set. */
export async function startDemo(env: Record<string, string> = {}, logDestination?: NodeJS.WritableStream): Promise<Demo> {
  const fake = new FakeUpstream();
  const origins = await fake.start();
  try {
    // The demo owns the signals (closeOnSignal): Nest's own hook would close the app a second time, and could end
    // the process before the fake is closed.
    const app = await createApp(
      {
        ...process.env,
        ...fake.env(),
        COOKIE_FILE: process.env.COOKIE_FILE ?? 'config/demo-user-info.json',
        // A demo is tried from this machine, not behind a proxy: trusting loopback peers silences the start-up
        // warning about rate limiting without TRUST_PROXY, which only concerns deployments behind a proxy.
        TRUST_PROXY: process.env.TRUST_PROXY ?? 'loopback',
        // The fake never drifts: a canary would only add calls to its log (and .env may turn it on for production).
        CANARY_INTERVAL_S: '0',
        ...env,
      },
      { closeOnSignals: false, ...(logDestination ? { logDestination } : {}) },
    );
    const listening = await listenOn(app, app.get<AppConfig>(APP_CONFIG)).catch(async (err: Error) => {
      await app.close();
      throw err;
    });
    await logStartup(app, listening.message);
    let closing: Promise<void> | undefined;
    const close = async () => {
      await app.close();
      await fake.stop();
      console.log('Demo closed: gateway, then the fake upstream');
    };
    return { url: listening.url, origins, close: () => (closing ??= close()) };
  } catch (err) {
    await fake.stop();
    throw err;
  }
}

/** Keeps the demo running until SIGINT/SIGTERM, then closes both (once, whichever signals come) and exits 0. */
export function closeOnSignal(demo: Demo): void {
  const stop = () => {
    demo.close().then(
      () => process.exit(0),
      (err: Error) => {
        console.error(`Demo shutdown failed: ${err.message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Runs a demo's main (after loading .env), printing a one-line reason and exiting 1 when it fails. */
export function runDemo(what: string, main: () => Promise<void>): void {
  Promise.resolve()
    .then(() => loadDemoEnv())
    .then(main)
    .catch((err: Error) => {
      console.error(`${what} failed: ${err.message}`);
      process.exit(1);
    });
}
