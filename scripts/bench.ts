import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { numberFlag, parseFlags } from './lib/cli';
import { FakeClient } from './lib/fake-client';
import { json, send } from './lib/http-client';
import { LoadResult, runLoad } from './lib/load';
import { memoryBurst, type MemoryBurstResult } from './lib/memory-burst';
import { cpuSeconds, memoryOf, productionNodeFlags, sampleRss, ServerChild, sleep, startServerChild } from './lib/proc';
import { fmt, percentile, table, Verdict, verdictTable } from './lib/stats';

/**
 * Benchmark of the gateway against baselines, all on loopback in one run (`npm run bench [-- --duration N | --quick]`).
 * The gateway, each baseline and the fake upstream (20 ms latency on every upstream call) run in child processes
 * (RSS/CPU are each server's own); autocannon drives 50 connections from this process. Rate limiting is off. Prints a table and PASS/FAIL per target, writes
 * bench-results.json, and always exits 0 (it is a report, not a gate). `--memory-burst` runs only the burst of large
 * upstream answers (scripts/lib/memory-burst.ts); set GW_UPSTREAM_BODY_BUDGET_MB=… to compare budgets.
 */

const UPSTREAM_LATENCY_MS = 20;
/** The V8 flags `npm run start:prod` runs the gateway with (docs/benchmarks/README.md); GW_NODE_FLAGS overrides. */
const GATEWAY_NODE_FLAGS = process.env.GW_NODE_FLAGS?.split(' ').filter(Boolean) ?? productionNodeFlags();
const CONNECTIONS = 50;
const NO_CACHE = { 'Cache-Control': 'no-cache' };
const HIT_PATH = '/getRanks?topId=62&limit=20';
/** 80 distinct upstream keys of ~20 songs each (limit 11..30 × page 0..3), so the miss path is not coalesced. */
const DISTINCT_MISS_PATHS = Array.from({ length: 80 }, (_, i) => `/getRanks?topId=62&limit=${11 + (i % 20)}&page=${Math.floor(i / 20)}`);

interface ScenarioRow extends LoadResult {
  name: string;
  server: string;
  upstreamCallsPerRequest: number;
  serverPeakRssMb: number;
  /** CPU used during the measured run, % of one core: the server under test, and the fake upstream. */
  serverCpuPct: number;
  fakeCpuPct: number;
}

/** Environment for the gateway child: a clean one, plus anything the caller set as GW_<NAME> (prefix stripped). */
function gatewayEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', NODE_ENV: 'production' };
  for (const [k, v] of Object.entries(process.env)) if (k.startsWith('GW_') && v !== undefined) env[k.slice(3)] = v;
  return { ...env, ...extra };
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const durationS = flags.quick ? 2 : numberFlag(flags, 'duration', 5, 1, 120);
  const warmS = Math.min(1, durationS / 2);
  const out = typeof flags.out === 'string' ? flags.out : 'bench-results.json';
  const started = new Date();
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform}-${process.arch}`,
    loadAvgAtStart: loadavg()[0],
  };
  console.log(
    `Gateway benchmark — ${machine.cpus} CPU (${machine.cpuModel}), Node ${machine.node}; ${durationS} s per scenario, ` +
      `${CONNECTIONS} connections, upstream latency ${UPSTREAM_LATENCY_MS} ms (fake upstream in its own process); rate limiting off (RATE_LIMIT=0)`,
  );
  console.log(
    `Load average at start: ${fmt(machine.loadAvgAtStart, 2)}` +
      (machine.loadAvgAtStart > 1 ? ' — other work is running on this machine; figures will be noisy' : '') + '\n',
  );

  const dir = mkdtempSync(join(tmpdir(), 'qqgw-bench-'));
  const children: ServerChild[] = [];
  const rows: ScenarioRow[] = [];
  const notes: string[] = [];
  try {
    const fake = await FakeClient.start(UPSTREAM_LATENCY_MS);
    const upstream = fake;
    children.push(fake.server);
    const gw = await startServerChild(
      'gateway',
      join(__dirname, 'lib', 'gateway-entry.js'),
      [],
      gatewayEnv({ ...fake.env, COOKIE_FILE: join(dir, 'user-info.json'), LOG_LEVEL: 'silent', HOST: '127.0.0.1', RATE_LIMIT: '0' }),
      undefined,
      GATEWAY_NODE_FLAGS,
    );
    children.push(gw);
    const startRss = memoryOf(gw.pid).rssMb;
    if (flags['memory-burst']) {
      console.log('Gateway memory under a burst of large upstream answers:');
      await memoryBurst(gw, fake);
      return;
    }

    /** Upstream requests the fake received during `fn` (the log is emptied afterwards to bound memory). */
    const countUpstream = async <T>(fn: () => Promise<T>): Promise<{ value: T; calls: number; musicuKeys: number }> => {
      await upstream.take();
      const value = await fn();
      const { calls, musicuKeys } = await upstream.take();
      return { value, calls, musicuKeys };
    };

    const scenario = async (
      name: string,
      server: ServerChild,
      paths: string[],
      headers: Record<string, string> = {},
      connections = CONNECTIONS,
    ): Promise<ScenarioRow> => {
      await runLoad({ base: server.url, paths, connections, durationS: warmS, headers });
      const rss = sampleRss(server.pid);
      const cpu0 = [cpuSeconds(server.pid), cpuSeconds(fake.server.pid)];
      const { value: r, calls } = await countUpstream(() =>
        runLoad({ base: server.url, paths, connections, durationS, headers }),
      );
      const cpu1 = [cpuSeconds(server.pid), cpuSeconds(fake.server.pid)];
      const row: ScenarioRow = {
        name,
        server: server.name,
        ...r,
        upstreamCallsPerRequest: r.requests ? calls / r.requests : NaN,
        serverPeakRssMb: rss.stop().peakMb,
        serverCpuPct: ((cpu1[0] - cpu0[0]) / r.durationS) * 100,
        fakeCpuPct: ((cpu1[1] - cpu0[1]) / r.durationS) * 100,
      };
      rows.push(row);
      const bad = r.non2xx + r.errors + r.timeouts;
      console.log(
        `  ${name}: ${fmt(r.reqPerSec, 0)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms` +
          (bad ? `  [non-2xx ${r.non2xx}, errors ${r.errors}, timeouts ${r.timeouts}: ${JSON.stringify(r.statusCodes)}]` : ''),
      );
      return row;
    };

    // ---- the cached answer (also the bytes the bare baselines serve)
    const first = await send(gw.url + HIT_PATH);
    let second = await send(gw.url + HIT_PATH);
    // The cache may store the answer just after sending it: give it a few short chances to report a hit.
    for (let i = 0; i < 5 && second.headers['x-cache'] !== undefined && !/hit/i.test(String(second.headers['x-cache'])); i++) {
      await sleep(100);
      second = await send(gw.url + HIT_PATH);
    }
    if (second.status !== 200) throw new Error(`GET ${HIT_PATH} answered ${second.status}: ${second.body.toString().slice(0, 300)}`);
    const xCache = second.headers['x-cache'];
    const cacheEnabled = xCache !== undefined;
    notes.push(
      cacheEnabled
        ? `cache: enabled (x-cache on 1st request ${String(first.headers['x-cache'])}, on 2nd ${String(xCache)})`
        : 'cache: not enabled (no x-cache header); the "cache hit" row measures the full path',
    );
    const bodyFile = join(dir, 'ranks.json');
    writeFileSync(bodyFile, second.body);
    const contentType = String(second.headers['content-type'] ?? 'application/json; charset=utf-8');
    console.log(`Cached answer: ${second.body.length} bytes (${contentType}); ${notes[0]}\n`);

    // ---- 1 + 2: gateway hit and miss paths
    console.log('Gateway scenarios:');
    const hit = await scenario('gateway: cache hit  GET /getRanks?topId=62&limit=20', gw, [HIT_PATH]);
    await scenario('gateway: miss, same URL (no-cache; coalescing may apply)', gw, [HIT_PATH], NO_CACHE);
    const miss = await scenario('gateway: miss, 80 distinct chart keys (no-cache)', gw, DISTINCT_MISS_PATHS, NO_CACHE);
    const missLight = await scenario('gateway: miss, 80 distinct keys, 5 connections only', gw, DISTINCT_MISS_PATHS, NO_CACHE, 5);
    await scenario('gateway: miss  GET /getSongInfo?songid=97773', gw, ['/getSongInfo?songid=97773'], NO_CACHE);
    await scenario('gateway: miss  GET /getRanks?topId=4&limit=20', gw, ['/getRanks?topId=4&limit=20'], NO_CACHE);

    // ---- 3: coalesced bursts of identical concurrent requests
    const burstSize = CONNECTIONS;
    const rounds = flags.quick ? 5 : 20;
    const agent = new Agent({ keepAlive: true, maxSockets: burstSize });
    const burst = () => Promise.all(Array.from({ length: burstSize }, () => send(gw.url + HIT_PATH, { headers: NO_CACHE, agent, timeoutMs: 10_000 })));
    await burst(); // opens the sockets
    const perRound: number[] = [];
    const burstStatuses: Record<string, number> = {};
    const burstLatencies: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const { value, calls } = await countUpstream(burst);
      perRound.push(calls);
      for (const ex of value) {
        burstStatuses[ex.status] = (burstStatuses[ex.status] ?? 0) + 1;
        burstLatencies.push(ex.ms);
      }
    }
    agent.destroy();
    const bursts = {
      size: burstSize,
      rounds,
      upstreamCallsPerRound: perRound,
      upstreamCallsPerRequest: perRound.reduce((a, b) => a + b, 0) / (rounds * burstSize),
      p50: percentile(burstLatencies, 50),
      p99: percentile(burstLatencies, 99),
      statuses: burstStatuses,
    };
    console.log(
      `  coalesced bursts: ${rounds} × ${burstSize} identical no-cache requests → upstream calls per round ` +
        `${perRound.join(',')} (${fmt(bursts.upstreamCallsPerRequest, 3)} per request), p50 ${fmt(bursts.p50)} ms, p99 ${fmt(bursts.p99)} ms`,
    );

    // ---- 4: resolveMid on a 100-song chart lacking MIDs
    const plain = json(await send(`${gw.url}/getRanks?topId=4&limit=100`, { headers: NO_CACHE }));
    const entries: { songId?: number; mid?: string }[] = plain?.data?.songInfoList ?? [];
    const k = new Set(entries.filter((e) => !e.mid && Number(e.songId) > 0).map((e) => e.songId)).size;
    const resolveRuns = flags.quick ? 3 : 6;
    const resolveSamples: { ms: number; calls: number; musicuKeys: number; status: number; resolved: number }[] = [];
    for (let i = 0; i < resolveRuns; i++) {
      const { value, calls, musicuKeys } = await countUpstream(() =>
        send(`${gw.url}/getRanks?topId=4&limit=100&resolveMid=true`, { headers: NO_CACHE, timeoutMs: 30_000 }),
      );
      const list: { mid?: string }[] = json(value)?.data?.songInfoList ?? [];
      resolveSamples.push({ ms: value.ms, calls, musicuKeys, status: value.status, resolved: list.filter((e) => e.mid).length });
    }
    const resolveP50 = percentile(resolveSamples.map((s) => s.ms), 50);
    const expectedRounds = Math.ceil(k / 5);
    const resolveMid = {
      chartEntries: entries.length,
      k,
      expectedRounds,
      runs: resolveSamples,
      latencyP50: resolveP50,
      firstRun: resolveSamples[0],
      /** Sequential upstream round-trips implied by the latency (each costs ≥ 20 ms), minus the chart call itself. */
      estimatedLookupRounds: resolveP50 / UPSTREAM_LATENCY_MS - 1,
      lowerBoundMs: (expectedRounds + 1) * UPSTREAM_LATENCY_MS,
    };
    console.log(
      `  resolveMid: k = ${k} songs lacking a MID of ${entries.length}; ${resolveRuns} sequential requests: p50 ${fmt(resolveP50)} ms ` +
        `(lower bound ${resolveMid.lowerBoundMs} ms = (ceil(k/5) + 1) × ${UPSTREAM_LATENCY_MS} ms); upstream calls per request ` +
        `${resolveSamples.map((s) => s.calls).join(',')}; MIDs filled ${resolveSamples.map((s) => s.resolved).join(',')}`,
    );
    const gwMem = memoryOf(gw.pid);
    const heapBeforeGc = await gw.heap();
    await gw.gc();
    const heapAfterGc = await gw.heap();
    notes.push(
      `gateway memory after the gateway scenarios: RSS ${fmt(gwMem.rssMb, 0)} MB, heap used ${fmt(heapBeforeGc?.heapUsedMb, 0)} of ` +
        `${fmt(heapBeforeGc?.heapTotalMb, 0)} MB; after a forced full GC: RSS ${fmt(heapAfterGc?.rssMb, 0)} MB, heap used ` +
        `${fmt(heapAfterGc?.heapUsedMb, 0)} of ${fmt(heapAfterGc?.heapTotalMb, 0)} MB, external ${fmt(heapAfterGc?.externalMb, 0)} MB`,
    );
    // After the memory figures above, so its peak does not count against the RSS target.
    const largeAnswers: MemoryBurstResult = await memoryBurst(gw, fake, { rounds: flags.quick ? 1 : 3, idleS: flags.quick ? 3 : 10 });

    // ---- baselines, each in its own child
    console.log('\nBaselines:');
    const baselineEntry = join(__dirname, 'lib', 'baseline-entry.js');
    const baseEnv = { PATH: process.env.PATH ?? '', NODE_ENV: 'production' };
    const runBaseline = async (label: string, args: string[], alsoAtFiveConnections = false) => {
      const child = await startServerChild(label, baselineEntry, args, baseEnv);
      children.push(child);
      try {
        const row = await scenario(label, child, ['/getRanks?topId=62&limit=20']);
        const light = alsoAtFiveConnections ? await scenario(`${label}, 5 connections only`, child, ['/getRanks?topId=62&limit=20'], {}, 5) : undefined;
        return { row, light };
      } finally {
        await child.kill();
      }
    };
    const bareNode = (await runBaseline('baseline: bare node:http, same bytes', ['node', bodyFile, contentType])).row;
    await runBaseline('baseline: bare Express, same bytes', ['express', bodyFile, contentType]);
    const { row: proxy, light: proxyLight } = await runBaseline('baseline: keep-alive proxy, re-serialising', ['proxy', upstream.origins.u], true);

    // ---- the fake upstream alone (what any proxy's latency stands on), unsaturated: 5 connections
    const chartCall = JSON.stringify({
      comm: { ct: 24, cv: 4747474, uin: 0, g_tk: 5381, format: 'json' },
      req_1: { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId: 62, offset: 0, num: 20, withTags: false } },
    });
    const direct = { base: upstream.origins.u, paths: ['/cgi-bin/musicu.fcg'], connections: 5, method: 'POST' as const, body: chartCall, headers: { 'Content-Type': 'application/json' } };
    await runLoad({ ...direct, durationS: warmS });
    const upstreamAlone = await runLoad({ ...direct, durationS });
    await upstream.take();
    console.log(`  the fake upstream alone (POST musicu.fcg chart), 5 connections: ${fmt(upstreamAlone.reqPerSec, 0)} req/s, p50 ${upstreamAlone.p50} ms, p99 ${upstreamAlone.p99} ms`);

    // ---- report
    const allRows = [...rows];
    console.log(`\n${table(
      ['scenario', 'req/s', 'p50 ms', 'p99 ms', 'upstream/req', 'peak RSS MB', 'CPU %', 'fake CPU %', 'non-2xx'],
      allRows.map((r) => [
        r.name,
        fmt(r.reqPerSec, 0),
        fmt(r.p50, 0),
        fmt(r.p99, 0),
        fmt(r.upstreamCallsPerRequest, 3),
        fmt(r.serverPeakRssMb, 0),
        fmt(r.serverCpuPct, 0),
        fmt(r.fakeCpuPct, 0),
        r.non2xx + r.errors + r.timeouts,
      ]),
    )}`);

    const missVsProxy = miss.reqPerSec / proxy.reqPerSec;
    const hitVsNode = hit.reqPerSec / bareNode.reqPerSec;
    const p99Overhead = miss.p99 - UPSTREAM_LATENCY_MS;
    const rssPeak = gwMem.hwmMb;
    const verdicts: Verdict[] = [
      { target: 'miss path ≥ 0.9 × re-serialising proxy (req/s)', measured: fmt(missVsProxy, 2), pass: missVsProxy >= 0.9, note: `${fmt(miss.reqPerSec, 0)} vs ${fmt(proxy.reqPerSec, 0)}` },
      { target: 'cache hits ≥ 0.4 × bare node:http (req/s)', measured: fmt(hitVsNode, 2), pass: hitVsNode >= 0.4, note: `${fmt(hit.reqPerSec, 0)} vs ${fmt(bareNode.reqPerSec, 0)}${cacheEnabled ? '' : '; cache not enabled'}` },
      { target: `p99 overhead over ${UPSTREAM_LATENCY_MS} ms upstream ≤ 5 ms (miss, ${CONNECTIONS} conns)`, measured: `${fmt(p99Overhead, 0)} ms`, pass: p99Overhead <= 5, note: `proxy baseline: ${fmt(proxy.p99 - UPSTREAM_LATENCY_MS, 0)} ms; at 5 connections: gateway ${fmt(missLight.p99 - UPSTREAM_LATENCY_MS, 0)} ms, proxy ${fmt((proxyLight?.p99 ?? NaN) - UPSTREAM_LATENCY_MS, 0)} ms` },
      {
        target: "p99 overhead over the upstream's own p99 ≤ 5 ms (5 conns, unsaturated)",
        measured: `${fmt(missLight.p99 - upstreamAlone.p99, 0)} ms`,
        pass: missLight.p99 - upstreamAlone.p99 <= 5,
        note: `gateway ${fmt(missLight.p99, 0)} ms, upstream alone ${fmt(upstreamAlone.p99, 0)} ms; proxy ${fmt((proxyLight?.p99 ?? NaN) - upstreamAlone.p99, 0)} ms over it`,
      },
      { target: 'gateway peak RSS (VmHWM) < 150 MB', measured: `${fmt(rssPeak, 0)} MB`, pass: rssPeak < 150, note: `after start ${fmt(startRss, 0)} MB` },
      {
        target: 'resolveMid rounds ≈ ceil(k/5)',
        measured: `${fmt(resolveMid.estimatedLookupRounds, 1)} rounds`,
        pass: k > 0 && resolveMid.estimatedLookupRounds <= expectedRounds * 1.25 + 1 && resolveSamples.every((s) => s.status === 200),
        note: `k = ${k}, ceil(k/5) = ${expectedRounds}; ${resolveSamples[0]?.calls ?? '—'} upstream calls on the first run`,
      },
      {
        target: 'coalescing: identical concurrent misses → ≤ 0.1 upstream calls per request',
        measured: fmt(bursts.upstreamCallsPerRequest, 3),
        pass: bursts.upstreamCallsPerRequest <= 0.1,
        note: `${burstSize} at once`,
      },
    ];
    console.log(`\n${verdictTable(verdicts)}`);
    const loadAvgAtEnd = loadavg()[0];
    notes.push(`gateway RSS after start ${fmt(startRss, 0)} MB, peak ${fmt(gwMem.hwmMb, 0)} MB`);
    notes.push(`load average at start ${fmt(machine.loadAvgAtStart, 2)}, at end ${fmt(loadAvgAtEnd, 2)}`);
    console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);

    writeFileSync(
      out,
      JSON.stringify(
        {
          startedAt: started.toISOString(),
          machine,
          settings: { durationS, warmS, connections: CONNECTIONS, upstreamLatencyMs: UPSTREAM_LATENCY_MS },
          notes,
          cacheEnabled,
          scenarios: allRows,
          bursts,
          resolveMid,
          memoryBurst: largeAnswers,
          gatewayMemory: { startRssMb: startRss, endRssMb: gwMem.rssMb, peakRssMb: gwMem.hwmMb, heapBeforeGc, heapAfterGc },
          loadAvgAtEnd,
          upstreamAlone,
          ratios: { missVsProxy, hitVsNode, p99OverheadMs: p99Overhead, p99OverheadOverUpstreamMs: missLight.p99 - upstreamAlone.p99 },
          verdicts,
        },
        null,
        2,
      ),
    );
    console.log(`Results written to ${out}`);
  } finally {
    for (const c of children) await c.kill();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`Benchmark failed: ${err.stack ?? err.message}`);
    process.exit(1);
  },
);
