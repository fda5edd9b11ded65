import { ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Server children for the bench/soak scripts: each server (gateway or baseline) runs in its own process so its
 * RSS, CPU and sockets are its alone. A child prints one JSON line `{"ready":true,"url":...}` when listening.
 * Every child is killed when the parent exits, whatever the reason.
 */
export interface ServerChild {
  name: string;
  child: ChildProcess;
  pid: number;
  url: string;
  /** The child's whole ready line (extra fields such as the fake's env). */
  info: Record<string, any>;
  /** Resolves with the exit code/signal once the child has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Last lines the child wrote to stderr (for diagnostics). */
  stderrTail: () => string;
  /** Ask the child to run a full GC (children start with --expose-gc); resolves after a short settle. */
  gc: () => Promise<void>;
  /** The child's own process.memoryUsage() in MB (gateway entry only); undefined when it does not answer. */
  heap: () => Promise<{ rssMb: number; heapUsedMb: number; heapTotalMb: number; externalMb: number; arrayBuffersMb: number } | undefined>;
  /** SIGKILL unless already gone; resolves when it has exited (bounded). */
  kill: () => Promise<void>;
}

/**
 * The V8 flags production runs the gateway with, read from package.json's `start:prod` (the one place they are set;
 * the Dockerfile repeats them), so the bench and the soak measure what production runs.
 */
export function productionNodeFlags(): string[] {
  const words = startProdWords();
  return words.slice(words.indexOf('node') + 1).filter((w) => w.startsWith('--'));
}

/** The assignments `npm run start:prod` makes before `exec node` (`MALLOC_ARENA_MAX=2`), as `NAME=value` words. */
export function productionEnvWords(): string[] {
  const words = startProdWords();
  return words.slice(0, words.indexOf('exec')).filter((w) => /^[A-Z_][A-Z0-9_]*=/.test(w));
}

/** A clean environment for a child server (PATH, NODE_ENV=production): nothing of this shell's settings leaks in. */
export function cleanEnv(): Record<string, string> {
  return { PATH: process.env.PATH ?? '', NODE_ENV: 'production' };
}

/**
 * A gateway child's environment as production runs it: a clean one plus what `npm run start:prod` sets, as its
 * flags are. Callers add the settings of their run.
 */
export function productionEnv(): Record<string, string> {
  const assigned = productionEnvWords().map((w) => [w.slice(0, w.indexOf('=')), w.slice(w.indexOf('=') + 1)]);
  return { ...cleanEnv(), ...Object.fromEntries(assigned) };
}

function startProdWords(): string[] {
  const pkg = JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  return pkg.scripts['start:prod'].split(/\s+/);
}

const live = new Set<ChildProcess>();

function killAllSync(): void {
  for (const c of live) {
    try {
      c.kill('SIGKILL');
    } catch {
      /* already gone */
    }
  }
  live.clear();
}

process.on('exit', killAllSync);
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(sig, () => {
    killAllSync();
    process.exit(130);
  });
}

export async function startServerChild(
  name: string,
  entry: string,
  args: string[],
  env: Record<string, string | undefined>,
  startTimeoutMs = 30_000,
  nodeFlags: string[] = [],
): Promise<ServerChild> {
  const child = spawn(process.execPath, ['--expose-gc', ...nodeFlags, entry, ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  live.add(child);
  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (d: string) => {
    stderr = (stderr + d).slice(-4000);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolve({ code, signal, at: Date.now() });
    }),
  );
  const info = await new Promise<Record<string, any>>((resolve, reject) => {
    let buf = '';
    const timer = setTimeout(() => fail(new Error(`${name}: not ready within ${startTimeoutMs} ms`)), startTimeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(new Error(`${err.message}\n--- ${name} stderr ---\n${stderr.trim()}`));
    };
    child.stdout!.setEncoding('utf8');
    child.stdout!.on('data', (d: string) => {
      buf += d;
      let nl: number;
      while ((nl = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, nl).trim();
        buf = buf.slice(nl + 1);
        if (!line.startsWith('{')) continue;
        try {
          const msg = JSON.parse(line) as { ready?: boolean; url?: string; error?: string };
          if (msg.ready && msg.url) {
            clearTimeout(timer);
            resolve(msg);
          } else if (msg.error) fail(new Error(`${name}: ${msg.error}`));
        } catch {
          /* not our line */
        }
      }
    });
    void exited.then(({ code, signal }) => fail(new Error(`${name}: exited early (code ${code}, signal ${signal})`)));
  });
  const url = String(info.url).replace('[::1]', '127.0.0.1').replace('localhost', '127.0.0.1');
  if (!url.startsWith('http://127.0.0.1:')) {
    child.kill('SIGKILL');
    throw new Error(`${name}: refusing non-loopback URL ${url}`);
  }
  return {
    name,
    child,
    pid: child.pid!,
    url,
    info,
    exited,
    stderrTail: () => stderr.trim(),
    gc: async () => {
      if (child.connected) child.send('gc');
      await new Promise((r) => setTimeout(r, 300));
    },
    heap: () =>
      new Promise((resolve) => {
        if (!child.connected) return resolve(undefined);
        const timer = setTimeout(() => {
          child.off('message', onMessage);
          resolve(undefined);
        }, 2000);
        const onMessage = (msg: { mem?: NodeJS.MemoryUsage }) => {
          if (!msg?.mem) return;
          clearTimeout(timer);
          child.off('message', onMessage);
          const mb = (n: number) => n / 2 ** 20;
          resolve({
            rssMb: mb(msg.mem.rss),
            heapUsedMb: mb(msg.mem.heapUsed),
            heapTotalMb: mb(msg.mem.heapTotal),
            externalMb: mb(msg.mem.external),
            arrayBuffersMb: mb(msg.mem.arrayBuffers),
          });
        };
        child.on('message', onMessage);
        child.send('mem');
      }),
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    },
  };
}

/** VmRSS / VmHWM (peak RSS) of a process in MB from /proc; NaN when unavailable (not Linux, process gone). */
export function memoryOf(pid: number): { rssMb: number; hwmMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(status)?.[1] ?? NaN);
    return { rssMb: kb('VmRSS') / 1024, hwmMb: kb('VmHWM') / 1024 };
  } catch {
    return { rssMb: NaN, hwmMb: NaN };
  }
}

/** How many of a process's file descriptors are sockets (TCP listeners, connections, IPC); NaN when unavailable. */
export function socketCount(pid: number): number {
  try {
    const dir = `/proc/${pid}/fd`;
    let n = 0;
    for (const fd of readdirSync(dir)) {
      try {
        if (readlinkSync(join(dir, fd)).startsWith('socket:')) n++;
      } catch {
        /* fd closed meanwhile */
      }
    }
    return n;
  } catch {
    return NaN;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; NaN when unavailable. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields after the command name start at index 3 (state); utime and stime are fields 14 and 15.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Polls a child's RSS every `everyMs` while running; `stop()` returns the peak and the samples. */
export function sampleRss(pid: number, everyMs = 100): { stop: () => { peakMb: number; samples: number[] } } {
  const samples: number[] = [];
  const take = () => {
    const { rssMb } = memoryOf(pid);
    if (Number.isFinite(rssMb)) samples.push(rssMb);
  };
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { peakMb: samples.length ? Math.max(...samples) : NaN, samples };
    },
  };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
