import { createApp, listen } from '../src/app.factory';
import { FakeUpstream } from './fake-upstream';

/** The fake upstream on loopback and the gateway wired to it, in one process (the demo scripts). */
export interface Demo {
  /** The gateway's URL. */
  url: string;
  /** The fake's origin per upstream host. */
  origins: Awaited<ReturnType<FakeUpstream['start']>>;
  close: () => Promise<void>;
}

/** Starts both; `env` adds to (and overrides) process.env for the gateway; the demo cookie file unless COOKIE_FILE is set. */
export async function startDemo(env: Record<string, string> = {}): Promise<Demo> {
  const fake = new FakeUpstream();
  const origins = await fake.start();
  const app = await createApp({
    ...process.env,
    ...fake.env(),
    COOKIE_FILE: process.env.COOKIE_FILE ?? 'config/demo-user-info.json',
    ...env,
  });
  const url = await listen(app);
  return {
    url,
    origins,
    close: async () => {
      await app.close();
      await fake.stop();
    },
  };
}

/** Keeps the demo running until SIGINT/SIGTERM, then closes both and exits. */
export function closeOnSignal(demo: Demo): void {
  const stop = async () => {
    await demo.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** Runs a demo's main, printing a one-line reason and exiting 1 when it fails. */
export function runDemo(what: string, main: () => Promise<void>): void {
  main().catch((err: Error) => {
    console.error(`${what} failed: ${err.message}`);
    process.exit(1);
  });
}
