import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { send } from './http-client';
import { runLoad, type LoadResult } from './load';
import { cpuSeconds, memoryOf, productionEnv, sleep } from './proc';
import { fmt, table } from './stats';

/**
 * `--only workers`: the production command (`node <start:prod flags> dist/src/main.js`) with WORKERS=1 and WORKERS=2
 * in one run, each measured on cache misses and on cache hits, plus misses with the rate limit on (its counters then
 * go through the cluster primary: docs/decisions/034-workers.md). RSS and CPU are summed over the primary and its
 * workers. The load generator (autocannon) and the fake upstream share the same cores: on a 2-core box the figures
 * say what a second worker gains there, not what it gains on a machine with cores to spare.
 */

export interface WorkersRow {
  workers: number;
  load: string;
  result: LoadResult;
  /** CPU during the measured run, % of one core, summed over the gateway's processes. */
  cpuPct: number;
  rssMb: number;
}

export interface WorkersResult {
  rows: WorkersRow[];
  /** At rest before any load: each process of WORKERS=2 (primary first), and the single process of WORKERS=1. */
  idle: { workers: number; rssMb: number[] }[];
}

interface Gateway {
  proc: ChildProcess;
  url: string;
  pids: () => number[];
}

/** A process's children, from /proc (Linux): the primary's workers. */
function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

async function start(workers: number, env: Record<string, string>, nodeFlags: string[], port: number): Promise<Gateway> {
  const main = join(__dirname, '..', '..', 'src', 'main.js');
  // LOG_LEVEL=error: no request lines, but each worker's "Listening on" start-up line (printed at every level but silent).
  const proc = spawn(process.execPath, [...nodeFlags, main], {
    env: { ...productionEnv(), ...env, WORKERS: String(workers), PORT: String(port), LOG_LEVEL: 'error' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (d: string) => (out += d));
  for (let i = 0; i < 600 && (out.match(/Listening on/g) ?? []).length < workers; i++) {
    if (proc.exitCode !== null) throw new Error(`WORKERS=${workers}: exited with ${proc.exitCode}\n${out}`);
    await sleep(100);
  }
  const url = `http://127.0.0.1:${port}`;
  if ((await send(`${url}/health/live`)).status !== 200) throw new Error(`WORKERS=${workers}: /health/live failed`);
  return { proc, url, pids: () => [proc.pid!, ...childrenOf(proc.pid!)] };
}

async function stop(gw: Gateway): Promise<void> {
  if (gw.proc.exitCode !== null) return;
  const gone = new Promise((r) => gw.proc.once('exit', r));
  gw.proc.kill('SIGTERM');
  await Promise.race([gone, sleep(15_000)]);
  for (const pid of gw.pids()) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

export async function runWorkerRows(opts: {
  env: Record<string, string>;
  nodeFlags: string[];
  port: number;
  hitPath: string;
  connections: number;
  durationS: number;
  warmS: number;
  settleS: number;
  idleSettleS: number;
}): Promise<WorkersResult> {
  const rows: WorkersRow[] = [];
  const idle: WorkersResult['idle'] = [];
  const noCache: Record<string, string> = { 'Cache-Control': 'no-cache' };
  // Misses of distinct upstream keys: one URL would let a worker coalesce identical calls in flight, and one worker
  // coalesces more of them than two do, which measures coalescing rather than the cores.
  const missPaths = Array.from({ length: 1000 }, (_, page) => `${opts.hitPath}&page=${page}`);
  const loads = [
    { load: 'miss (no-cache, 1000 URLs)', paths: missPaths, headers: noCache, rateLimit: '0', settleS: opts.settleS },
    { load: 'hit', paths: [opts.hitPath], headers: {}, rateLimit: '0', settleS: opts.warmS },
    // A 1 s window: @nestjs/throttler's in-memory storage keeps one expiry per hit of the window and filters them on
    // every count, so one client at 1 000 000 per minute would measure that list, not the counting.
    { load: 'miss as above, RATE_LIMIT on', paths: missPaths, headers: noCache, rateLimit: '1000000', settleS: opts.warmS },
  ];
  for (const workers of [1, 2]) {
    for (const [i, l] of loads.entries()) {
      const gw = await start(workers, { ...opts.env, RATE_LIMIT: l.rateLimit, RATE_LIMIT_WINDOW_MS: '1000' }, opts.nodeFlags, opts.port);
      try {
        if (i === 0) {
          await sleep(opts.idleSettleS * 1000);
          idle.push({ workers, rssMb: gw.pids().map((pid) => memoryOf(pid).rssMb) });
        }
        await send(gw.url + opts.hitPath);
        await runLoad({ base: gw.url, paths: l.paths, connections: opts.connections, durationS: l.settleS, headers: l.headers });
        const cpuBefore = gw.pids().reduce((s, pid) => s + cpuSeconds(pid), 0);
        const result = await runLoad({ base: gw.url, paths: l.paths, connections: opts.connections, durationS: opts.durationS, headers: l.headers });
        const cpu = gw.pids().reduce((s, pid) => s + cpuSeconds(pid), 0) - cpuBefore;
        const rssMb = gw.pids().reduce((s, pid) => s + memoryOf(pid).rssMb, 0);
        rows.push({ workers, load: l.load, result, cpuPct: (cpu / result.durationS) * 100, rssMb });
        console.log(`  WORKERS=${workers} ${l.load}: ${fmt(result.reqPerSec, 0)} req/s`);
      } finally {
        await stop(gw);
      }
    }
  }
  return { rows, idle };
}

export function workersTable({ rows }: WorkersResult): string {
  return table(
    ['load', 'WORKERS', 'req/s', 'vs 1 worker', 'p50 ms', 'p99 ms', 'non-2xx', 'gateway CPU %', 'RSS MB (all)'],
    rows.map((r) => {
      const one = rows.find((o) => o.workers === 1 && o.load === r.load);
      return [
        r.load,
        r.workers,
        fmt(r.result.reqPerSec, 0),
        one ? `${fmt(r.result.reqPerSec / one.result.reqPerSec, 2)}×` : '',
        fmt(r.result.p50, 1),
        fmt(r.result.p99, 1),
        r.result.non2xx + r.result.errors,
        fmt(r.cpuPct, 0),
        fmt(r.rssMb, 0),
      ];
    }),
  );
}
