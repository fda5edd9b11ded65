import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Runs test/support/derive-endpoints.ts in a child process (its own app, fake upstream and logger), writing `file`. */
function runDerivation(file: string): void {
  execFileSync(process.execPath, ['-r', join(__dirname, 'ts-register.js'), join(__dirname, 'derive-endpoints.ts'), file], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 120_000,
  });
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The derived rows as JSON, computed at most once per jest run: `dir` is the run's directory (jest's globalSetup
 * makes it); the first test file that asks derives while holding a lock directory, the others wait for its file.
 * Only runs that load a data-driven suite pay for the derivation (one app boot, one request per route).
 */
export function derivedRowsJson(dir = process.env.DERIVED_ENDPOINTS_DIR ?? mkdtempSync(join(tmpdir(), 'qqgw-derived-'))): string {
  const file = join(dir, 'derived-endpoints.json');
  const lock = join(dir, 'deriving');
  if (!existsSync(file)) {
    let mine = false;
    try {
      mkdirSync(lock);
      mine = true;
    } catch {
      // another test file is deriving: wait for its result
    }
    if (mine) {
      try {
        runDerivation(file);
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
    } else {
      const deadline = Date.now() + 120_000;
      while (!existsSync(file)) {
        if (!existsSync(lock)) throw new Error('deriving the ENDPOINTS rows failed in another test file (see its output)');
        if (Date.now() > deadline) throw new Error('timed out waiting for the derived ENDPOINTS rows');
        sleep(50);
      }
    }
  }
  return readFileSync(file, 'utf8');
}
