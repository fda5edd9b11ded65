import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

/** Everything the derived rows depend on: the app, the fake upstream, the derivation and the dependency versions. */
const INPUTS = ['src', 'fake-upstream', 'test/support', 'package-lock.json', 'tsconfig.json'];

function filesUnder(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => filesUnder(join(path, entry.name)));
}

/** A hash of the inputs' paths and contents: the rows are a function of them, so a file named by it is reusable. */
function inputsHash(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((p) => filesUnder(join(ROOT, p)))) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

/** Runs test/support/derive-endpoints.ts in a child process (its own app, fake upstream and logger), writing `file`. */
function runDerivation(file: string): void {
  execFileSync(process.execPath, ['-r', join(__dirname, 'ts-register.js'), join(__dirname, 'derive-endpoints.ts'), file], {
    cwd: ROOT,
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 120_000,
  });
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
const STALE_LOCK_MS = 180_000;

/**
 * The derived rows as JSON, cached in the temp directory under a hash of their inputs: derived once (one app boot,
 * one request per route, a few seconds) after the code changes, then read. Test files loaded at once by parallel
 * workers derive only once: the first holds a lock directory while the others wait for its file.
 */
export function derivedRowsJson(): string {
  const file = join(tmpdir(), `qqgw-derived-endpoints-${inputsHash()}.json`);
  const lock = `${file}.lock`;
  const deadline = Date.now() + 2 * STALE_LOCK_MS;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for the derived ENDPOINTS rows (${file})`);
    try {
      mkdirSync(lock);
    } catch {
      // another process is deriving: wait for its file, or take over a lock left by one that died
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
      sleep(50);
      continue;
    }
    try {
      runDerivation(file);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return readFileSync(file, 'utf8');
}
