import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Where the derivation writes its rows: one file per checkout, so parallel runs of other checkouts keep theirs. */
export function derivedEndpointsFile(): string {
  const root = join(__dirname, '..', '..');
  return join(tmpdir(), `qqgw-derived-endpoints-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.json`);
}

/** Runs test/support/derive-endpoints.ts in a child process (its own app, fake upstream and logger), writing `file`. */
export function runDerivation(file: string): void {
  execFileSync(process.execPath, ['-r', join(__dirname, 'ts-register.js'), join(__dirname, 'derive-endpoints.ts'), file], {
    stdio: ['ignore', 'inherit', 'inherit'],
    timeout: 120_000,
  });
}
