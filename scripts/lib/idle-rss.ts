import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { send } from './http-client';
import { memoryOf, productionEnv, productionEnvWords, sleep } from './proc';

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
