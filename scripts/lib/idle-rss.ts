import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { send } from './http-client';
import { writeFileSync } from 'node:fs';
import { memoryOf, productionEnv, productionEnvWords, sleep, startServerChild } from './proc';

/**
 * RSS of the gateway at rest as production runs it: `node <start:prod flags> dist/src/main.js` (the Dockerfile's
 * command) with start:prod's environment (MALLOC_ARENA_MAX) and otherwise a clean one pointing at the fake upstream,
 * read `settleS` seconds after it first answers /health/live.
 */
export interface IdleRss {
  command: string;
  rssMb: number;
  hwmMb: number;
  startMs: number;
  /** The NestJS floor's RSS at rest in the same run (floorIdleRss), when measured. */
  floorRssMb?: number;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export async function idleRss(nodeFlags: string[], upstreamEnv: Record<string, string>, dir: string, settleS = 3): Promise<IdleRss> {
  const main = join(__dirname, '..', '..', 'src', 'main.js');
  const port = await freePort();
  const env = { ...productionEnv(), HOST: '127.0.0.1', PORT: String(port), COOKIE_FILE: join(dir, 'idle-user-info.json'), ...upstreamEnv };
  const started = performance.now();
  // cwd: an empty directory, so no local .env fills in settings production would not have.
  const child = spawn(process.execPath, [...nodeFlags, main], { env, cwd: dir, stdio: 'ignore' });
  const killNow = () => child.kill('SIGKILL');
  process.once('exit', killNow);
  try {
    let startMs = NaN;
    for (let i = 0; i < 300 && child.exitCode === null; i++) {
      const ok = await send(`http://127.0.0.1:${port}/health/live`, { timeoutMs: 1000 }).then((r) => r.status === 200, () => false);
      if (ok) {
        startMs = performance.now() - started;
        break;
      }
      await sleep(100);
    }
    if (!Number.isFinite(startMs)) throw new Error(`production gateway did not answer /health/live (exit code ${child.exitCode})`);
    await sleep(settleS * 1000);
    const { rssMb, hwmMb } = memoryOf(child.pid!);
    return { command: [...productionEnvWords(), 'node', ...nodeFlags, 'dist/src/main.js'].join(' '), rssMb, hwmMb, startMs };
  } finally {
    process.off('exit', killNow);
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await Promise.race([gone, sleep(3000)]);
    }
  }
}

/**
 * RSS at rest of the smallest NestJS + Express app (nest-floor-idle-entry.ts) run as the gateway is (same flags and
 * environment, same start-up treatment), read `settleS` seconds after it listens: the part of the gateway's idle
 * figure no feature of its own can remove.
 */
export async function floorIdleRss(nodeFlags: string[], dir: string, settleS = 3): Promise<number> {
  const calls = join(dir, 'floor-idle-calls.json');
  writeFileSync(calls, '{}');
  const floor = await startServerChild('NestJS floor (idle)', join(__dirname, 'nest-floor-idle-entry.js'), [calls], productionEnv(), undefined, nodeFlags);
  try {
    await sleep(settleS * 1000);
    return memoryOf(floor.pid).rssMb;
  } finally {
    floor.child.kill('SIGKILL');
    await floor.exited;
  }
}
