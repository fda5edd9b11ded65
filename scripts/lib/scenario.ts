import type { FakeClient } from './fake-client';
import { send } from './http-client';
import { LoadResult, runLoad } from './load';
import { cpuSeconds, sampleRss, ServerChild } from './proc';
import { fmt } from './stats';

/** One measured load row of the bench: autocannon against one server child after a warm-up, with its costs. */
export interface ScenarioRow extends LoadResult {
  name: string;
  server: string;
  upstreamCallsPerRequest: number;
  /** Upstream calls by target (musicu `module.method` or `host path`) during the measured run. */
  upstreamByTarget: Record<string, number>;
  /** TCP connections the fake upstream accepted during the measured run (after the warm-up). */
  upstreamNewConnections: number;
  serverPeakRssMb: number;
  /** CPU used during the measured run, % of one core: the server under test, and the fake upstream. */
  serverCpuPct: number;
  fakeCpuPct: number;
  /** Server CPU (user + system) during the measured run ÷ completed requests. */
  cpuMsPerRequest: number;
  /**
   * The gateway's garbage collection during the measured run, from its /metrics (`nodejs_gc_duration_seconds`):
   * main-thread GC ms per request, and full (mark-compact) collections per 1 000 requests. Absent for the baselines.
   */
  gc?: { msPerRequest: number; fullPer1000: number };
}

interface GcTotals {
  seconds: number;
  full: number;
}

/** Totals of prom-client's GC histogram, or undefined for a server without /metrics (the baselines). */
async function gcTotals(server: ServerChild): Promise<GcTotals | undefined> {
  const res = await send(`${server.url}/metrics`, { timeoutMs: 5000 }).catch(() => undefined);
  if (res?.status !== 200) return undefined;
  let seconds = 0;
  let full = 0;
  let seen = false;
  for (const line of res.body.toString('utf8').split('\n')) {
    const m = /^nodejs_gc_duration_seconds_(sum|count)\{kind="(\w+)"\} ([\d.e+-]+)$/.exec(line);
    if (!m) continue;
    seen = true;
    if (m[1] === 'sum') seconds += Number(m[3]);
    else if (m[2] === 'major') full += Number(m[3]);
  }
  // A baseline answers every path with its fixed body: no GC figures then.
  return seen ? { seconds, full } : undefined;
}

export interface ScenarioOptions {
  headers?: Record<string, string>;
  connections: number;
  durationS: number;
  warmS: number;
  /** runPaired: how long each side runs this load before its first slice (warmS unless given). */
  settleS?: number;
}

/** Warm-up (not measured), then the measured run; upstream calls and connections are counted over the measured run only. */
export async function runScenario(name: string, server: ServerChild, fake: FakeClient, paths: string[], o: ScenarioOptions): Promise<ScenarioRow> {
  const load = { base: server.url, paths, connections: o.connections, headers: o.headers ?? {} };
  await runLoad({ ...load, durationS: o.warmS });
  const rss = sampleRss(server.pid);
  await fake.take();
  const gc0 = await gcTotals(server);
  const cpu0 = [cpuSeconds(server.pid), cpuSeconds(fake.server.pid)];
  const r = await runLoad({ ...load, durationS: o.durationS });
  const cpu1 = [cpuSeconds(server.pid), cpuSeconds(fake.server.pid)];
  const gc1 = gc0 && (await gcTotals(server));
  const { calls, byTarget, connections } = await fake.take();
  const row: ScenarioRow = {
    name,
    server: server.name,
    ...r,
    upstreamCallsPerRequest: r.requests ? calls / r.requests : NaN,
    upstreamByTarget: byTarget,
    upstreamNewConnections: connections,
    serverPeakRssMb: rss.stop().peakMb,
    serverCpuPct: ((cpu1[0] - cpu0[0]) / r.durationS) * 100,
    fakeCpuPct: ((cpu1[1] - cpu0[1]) / r.durationS) * 100,
    cpuMsPerRequest: r.requests ? ((cpu1[0] - cpu0[0]) * 1000) / r.requests : NaN,
    gc: gc0 && gc1 && r.requests ? { msPerRequest: ((gc1.seconds - gc0.seconds) * 1000) / r.requests, fullPer1000: ((gc1.full - gc0.full) * 1000) / r.requests } : undefined,
  };
  const bad = failedRequests(r);
  console.log(
    `  ${name}: ${fmt(r.reqPerSec, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, CPU ${fmt(row.cpuMsPerRequest, 2)} ms/req, ` +
      `upstream ${fmt(row.upstreamCallsPerRequest, 2)} calls/req, ${connections} new upstream conns` +
      (row.gc ? `, GC ${fmt(row.gc.msPerRequest, 3)} ms/req, ${fmt(row.gc.fullPer1000, 1)} full GCs per 1 000 req` : '') +
      (bad ? `  [non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}: ${JSON.stringify(r.statusCodes)}]` : ''),
  );
  return row;
}

/** Answers that were not 2xx, plus requests that errored or timed out. */
export const failedRequests = (r: Pick<ScenarioRow, 'non2xx' | 'errors' | 'timeouts'>): number => r.non2xx + r.errors + r.timeouts;

/**
 * Slices of one server's row, run at different moments, as one row: counts, CPU and durations summed, so req/s and
 * CPU per request are those of all the slices together; p50/p90/p99 and the mean are the slices' own, weighted by
 * their requests (autocannon keeps no histogram to merge); the peak RSS and max latency are the highest. New upstream
 * connections are the first slice's: a later one may follow a pause longer than the fake keeps an idle socket.
 */
function mergeRows(name: string, slices: ScenarioRow[]): ScenarioRow {
  const sum = (f: (r: ScenarioRow) => number) => slices.reduce((n, r) => n + f(r), 0);
  const requests = sum((r) => r.requests);
  const ok = sum((r) => r.ok);
  const durationS = sum((r) => r.durationS);
  const weighted = (f: (r: ScenarioRow) => number) => (requests ? sum((r) => f(r) * r.requests) / requests : NaN);
  const counts = (f: (r: ScenarioRow) => Record<string, number>) => {
    const merged: Record<string, number> = {};
    for (const r of slices) for (const [k, v] of Object.entries(f(r))) merged[k] = (merged[k] ?? 0) + v;
    return merged;
  };
  const withGc = slices.every((r) => r.gc);
  return {
    name,
    server: slices[0].server,
    requests,
    ok,
    durationS,
    reqPerSec: ok / durationS,
    p50: weighted((r) => r.p50),
    p90: weighted((r) => r.p90),
    p99: weighted((r) => r.p99),
    avg: weighted((r) => r.avg),
    max: Math.max(...slices.map((r) => r.max)),
    non2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
    timeouts: sum((r) => r.timeouts),
    statusCodes: counts((r) => r.statusCodes),
    upstreamCallsPerRequest: weighted((r) => r.upstreamCallsPerRequest),
    upstreamByTarget: counts((r) => r.upstreamByTarget),
    upstreamNewConnections: slices[0].upstreamNewConnections,
    serverPeakRssMb: Math.max(...slices.map((r) => r.serverPeakRssMb)),
    serverCpuPct: sum((r) => r.serverCpuPct * r.durationS) / durationS,
    fakeCpuPct: sum((r) => r.fakeCpuPct * r.durationS) / durationS,
    cpuMsPerRequest: weighted((r) => r.cpuMsPerRequest),
    gc: withGc ? { msPerRequest: weighted((r) => r.gc!.msPerRequest), fullPer1000: weighted((r) => r.gc!.fullPer1000) } : undefined,
  };
}

/**
 * A server and its baseline on the same load, in four slices of `durationS / 2` each, in the order A B B A: the VM's
 * speed drifts by ±25 % within a minute, and over two A-B pairs in mirror order a steady drift weighs on both alike.
 * Each side first runs the load for `settleS` (the optimising compilers' steady state), then each slice has its own
 * warm-up. New upstream connections are each side's first slice's:
 * A's second slice follows seven idle seconds, longer than the fake keeps an idle socket (5 s), which steady load
 * never sees.
 */
export async function runPaired(
  names: [string, string],
  servers: [ServerChild, ServerChild],
  fake: FakeClient,
  paths: string[],
  options: [ScenarioOptions, ScenarioOptions],
): Promise<[ScenarioRow, ScenarioRow]> {
  const slices: [ScenarioRow[], ScenarioRow[]] = [[], []];
  for (const i of [0, 1]) {
    await runLoad({ base: servers[i].url, paths, connections: options[i].connections, headers: options[i].headers ?? {}, durationS: options[i].settleS ?? options[i].warmS });
  }
  for (const i of [0, 1, 1, 0]) {
    const o = { ...options[i], durationS: options[i].durationS / 2 };
    slices[i].push(await runScenario(`${names[i]} (slice ${slices[i].length + 1}/2)`, servers[i], fake, paths, o));
  }
  const [a, b] = [0, 1].map((i) => mergeRows(names[i], slices[i]));
  for (const row of [a, b]) {
    console.log(`  ${row.name}: ${fmt(row.reqPerSec, 0)} req/s, p99 ${fmt(row.p99, 0)} ms, CPU ${fmt(row.cpuMsPerRequest, 2)} ms/req over both slices`);
  }
  return [a, b];
}
