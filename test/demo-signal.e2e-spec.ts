import { ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The demo entries as a user runs them: a child process, SIGTERM once it answers. The demo owns two servers (the
 * gateway and the fake upstream); it must close the gateway once (one shutdown line), then the fake, and exit 0.
 * Every wait is on the child's output or exit, bounded generously; nothing depends on timing.
 */
const ROOT = join(__dirname, '..');
const BOUND_MS = 60_000;

interface Child {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout+stderr (rejects if the child exits first or after BOUND_MS). */
  waitFor: (pattern: RegExp) => Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function runEntry(entry: string, cwd: string): Child {
  const proc = spawn(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, entry)], {
    cwd, // no .env there: the demo reads .env from its working directory
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', COOKIE_FILE: join(cwd, 'cookie.json'), LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const listeners = new Set<() => void>();
  for (const stream of [proc.stdout, proc.stderr]) {
    stream.setEncoding('utf8');
    stream.on('data', (d: string) => {
      output += d;
      listeners.forEach((l) => l());
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(output);
        if (!m) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => (done(), reject(new Error(`no ${pattern} within ${BOUND_MS} ms:\n${output}`))), BOUND_MS);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      void exited.then(({ code, signal }) => (done(), reject(new Error(`exited (${code}/${signal}) before ${pattern}:\n${output}`))));
      listeners.add(check);
      check();
    });
  return { proc, output: () => output, waitFor, exited };
}

describe('Demo entries on SIGTERM', () => {
  let dir: string;
  let child: Child | undefined;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'demo-signal-'));
  });
  afterEach(async () => {
    if (child && child.proc.exitCode === null && child.proc.signalCode === null) {
      child.proc.kill('SIGKILL');
      await child.exited;
    }
    child = undefined;
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['fake-upstream/demo.ts', /Demo gateway on (http:\/\/\S+)/],
    ['fake-upstream/demo-login.ts', /Gateway: (http:\/\/\S+)/],
  ])(
    '%s closes the gateway once, then the fake upstream, and exits 0 (SIGTERM, then SIGINT)',
    async (entry, ready) => {
      child = runEntry(entry, dir);
      const [, url] = await child.waitFor(ready);
      const res = await fetch(`${url}/getLyric?songmid=0039MnYb0qxYhV`);
      expect(res.status).toBe(200); // answered through the fake upstream
      child.proc.kill('SIGTERM');
      child.proc.kill('SIGINT'); // an impatient second Ctrl-C changes nothing
      const exit = await child.exited;
      const lines = child.output().split('\n');
      expect(lines.filter((l) => l.includes('Shutting down'))).toHaveLength(1);
      expect(exit).toEqual({ code: 0, signal: null });
      const closed = lines.findIndex((l) => l.includes('Demo closed: gateway, then the fake upstream'));
      expect(closed).toBeGreaterThan(lines.findIndex((l) => l.includes('Shutting down')));
    },
    2 * BOUND_MS,
  );
});
