import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

/**
 * A TypeScript entry (main.ts, the demos) run as a user runs it: a child process, transpiled on load by
 * ts-register.js (no build). Every wait is on the child's output or exit, bounded generously.
 */
const ROOT = join(__dirname, '..', '..');
export const CHILD_BOUND_MS = 60_000;

export interface Child {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first match of `pattern` in stdout+stderr (rejects if the child exits first or after `bound`). */
  waitFor: (pattern: RegExp, bound?: number) => Promise<RegExpExecArray>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL unless already gone; resolves once it has exited. */
  kill: () => Promise<void>;
  /** Types `text` on the child's standard input (only when started with `{ input: true }`; else its input is closed). */
  type: (text: string) => void;
}

export interface ChildOptions {
  /** A standard input the test types on (`type`), for a program that asks questions; without it, none. */
  input?: boolean;
}

/** Runs `entry` (a path from the repository root) in `cwd` with exactly `env` (PATH added), given `args`. */
export function runEntry(entry: string, cwd: string, env: Record<string, string>, args: string[] = [], options: ChildOptions = {}): Child {
  return runProcess(process.execPath, ['-r', join(ROOT, 'test/support/ts-register.js'), join(ROOT, entry), ...args], cwd, env, options);
}

/** Runs any program (nginx, …) the same way: in `cwd`, with exactly `env` (PATH added), its output collected. */
export function runProcess(command: string, args: string[], cwd: string, env: Record<string, string> = {}, options: ChildOptions = {}): Child {
  const proc = spawn(command, args, { cwd, env: { PATH: process.env.PATH, ...env }, stdio: [options.input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
  // A child that exits before reading what was typed must not fail the test with EPIPE.
  proc.stdin?.on('error', () => undefined);
  let output = '';
  const listeners = new Set<() => void>();
  for (const stream of [proc.stdout!, proc.stderr!]) {
    stream.setEncoding('utf8');
    stream.on('data', (d: string) => {
      output += d;
      listeners.forEach((l) => l());
    });
  }
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const waitFor = (pattern: RegExp, bound = CHILD_BOUND_MS) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      const check = () => {
        const m = pattern.exec(output);
        if (!m) return;
        done();
        resolve(m);
      };
      const timer = setTimeout(() => (done(), reject(new Error(`no ${pattern} within ${bound} ms:\n${output}`))), bound);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      void exited.then(({ code, signal }) => (done(), reject(new Error(`exited (${code}/${signal}) before ${pattern}:\n${output}`))));
      listeners.add(check);
      check();
    });
  const kill = async () => {
    if (proc.exitCode !== null || proc.signalCode !== null) return;
    proc.kill('SIGKILL');
    await exited;
  };
  const type = (text: string) => {
    if (!proc.stdin) throw new Error('this child has no standard input: start it with { input: true }');
    proc.stdin.write(text);
  };
  return { proc, output: () => output, waitFor, exited, kill, type };
}
