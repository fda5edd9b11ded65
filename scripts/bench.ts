import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { numberFlag, parseFlags } from './lib/cli';
import { FAKE_HOSTS, type FakeHost } from '../fake-upstream/fake-upstream';
import { FakeClient } from './lib/fake-client';
import { heapFlagsComparison, type HeapFlagsRow } from './lib/heap-flags';
import { json, send } from './lib/http-client';
import { floorIdleRss, freePort, idleRss, type IdleRss } from './lib/idle-rss';
import { runWorkerRows, workersTable, type WorkersResult } from './lib/workers-rows';
import { runLoad } from './lib/load';
import { afterBurstVerdict, memoryBurst, type MemoryBurstResult } from './lib/memory-burst';
import { MISS_ENDPOINTS, missTable, missVerdicts, ratioOf, runMissRows, type MissResult } from './lib/miss-rows';
import { cleanEnv, memoryOf, productionEnv, productionEnvWords, productionNodeFlags, ServerChild, sleep, startServerChild } from './lib/proc';
import { failedRequests, runPaired, runScenario, type ScenarioRow } from './lib/scenario';
import { fmt, percentile, table, Verdict, verdictTable } from './lib/stats';

/**
 * Benchmark of the gateway against baselines, all on loopback in one run
 * (`npm run bench [-- --duration N | --quick | --only ranks,lyric | --heap-flags]`). The gateway, each baseline and the
 * fake upstream (20 ms latency on every upstream call) run in child processes (RSS/CPU are each server's own);
 * autocannon drives 50 connections from this process. Rate limiting is off. Prints tables and PASS/FAIL per target,
 * writes bench-results.json, and always exits 0 (it is a report, not a gate). `--memory-burst` runs only the bursts of
 * large upstream answers (scripts/lib/memory-burst.ts), normalised then legacy, each on a fresh gateway
 * (`--idle S`, default 30, `--rounds N`, default 3, `--shape legacy` for one of them). `--reference <dir>` adds the Koa reference built in <dir> to
 * every miss row (scripts/lib/reference-entry.ts); `--floor` adds the proxy's work served by a bare NestJS + Express app
 * (scripts/lib/nest-floor-entry.ts); `--undici-idle-check-off` adds a gateway without undici's idle-socket check
 * (scripts/lib/undici-idle-check-off.ts, measurement only). docs/benchmarks/README.md describes every row.
 */

const UPSTREAM_LATENCY_MS = 20;
/** The legacy-shape burst: answers just under the 4 MB cap, passed through whole (`{ response: <raw> }`). */
const LEGACY_BURST = { shape: 'legacy', answerBytes: 3.9 * 2 ** 20 } as const;
/** The V8 flags `npm run start:prod` runs the gateway with (docs/benchmarks/README.md); GW_NODE_FLAGS overrides. */
const GATEWAY_NODE_FLAGS = process.env.GW_NODE_FLAGS?.split(' ').filter(Boolean) ?? productionNodeFlags();
const CONNECTIONS = 50;
/**
 * Seconds each side of a miss row runs its load before the measured slices. A fresh gateway takes ≈ 8 s of one
 * endpoint's misses to reach the optimising compilers' steady state (the warm-up paragraph of
 * docs/benchmarks/README.md "Reading the results").
 */
const MISS_SETTLE_S = 8;
const NO_CACHE = { 'Cache-Control': 'no-cache' };
const HIT_PATH = '/getRanks?topId=62&limit=20';
/** A read sent with the Android comm, so it carries the client identity (docs/upstream/identity.md). */
const ANDROID_COMM_PATH = '/getHotkey';
const IDENTITY_TARGETS = ['qimei /tme/trpc/proxy', 'music.getSession.session.GetSession'];
const BARE_NODE = 'baseline: bare node:http, same bytes';
/**
 * Rows `--only` can pick (comma-separated). heapflags runs by default except with --quick (then with --heap-flags);
 * workers (WORKERS=1 vs 2, scripts/lib/workers-rows.ts) only when asked for (`--only workers` or `--workers`).
 */
const SECTIONS = ['workers', 'idle', 'hit', 'same', 'songinfo', 'identity', ...MISS_ENDPOINTS.map((e) => e.name), 'light', 'coalescing', 'resolvemid', 'memory', 'baselines', 'upstream', 'heapflags'];

/**
 * Environment for a gateway child: a clean one, plus anything the caller set as GW_<NAME> (prefix stripped); an empty
 * GW_<NAME> removes <NAME> (e.g. one of start:prod's allocator settings, to measure without it).
 */
function gatewayEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = { ...productionEnv(), ...extra };
  for (const [k, v] of Object.entries(process.env)) {
    if (!k.startsWith('GW_') || k === 'GW_NODE_FLAGS' || v === undefined) continue;
    if (v === '') delete env[k.slice(3)];
    else env[k.slice(3)] = v;
  }
  return env;
}

/**
 * The Koa reference built in `dir`, calling the fake: `--reference` in docs/benchmarks/README.md "Benchmark rows (50
 * connections, 1 s warm-up + N s measured each)".
 */
async function startReference(dir: string, fake: FakeClient): Promise<ServerChild> {
  const upstreams = Object.fromEntries(Object.entries(fake.origins).map(([key, origin]) => [FAKE_HOSTS[key as FakeHost], origin]));
  const env = { ...cleanEnv(), REFERENCE_DIR: resolve(dir), REFERENCE_UPSTREAMS: JSON.stringify(upstreams) };
  return startServerChild('Koa reference', join(__dirname, 'lib', 'reference-entry.js'), [], env);
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const durationS = flags.quick ? 2 : numberFlag(flags, 'duration', 5, 1, 120);
  const warmS = Math.min(1, durationS / 2);
  const missSettleS = flags.quick ? warmS : MISS_SETTLE_S;
  const out = typeof flags.out === 'string' ? flags.out : 'bench-results.json';
  const only = typeof flags.only === 'string' ? new Set(flags.only.split(',').map((s) => s.trim())) : undefined;
  const unknown = [...(only ?? [])].filter((s) => !SECTIONS.includes(s));
  if (unknown.length) console.log(`--only: unknown row(s) ${unknown.join(', ')}; known: ${SECTIONS.join(', ')}`);
  const want = (s: string) =>
    s === 'workers' ? !!only?.has(s) || flags.workers === true : s === 'heapflags' && flags['heap-flags'] ? true : only ? only.has(s) : s !== 'heapflags' || !flags.quick;
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
    `Gateway benchmark — machine: ${machine.cpus} CPU (${machine.cpuModel}), ${machine.memGb} GB, ${machine.platform}, Node ${machine.node}; ` +
      `${durationS} s per row after ${warmS} s warm-up (miss rows: ${missSettleS} s more per side first), ${CONNECTIONS} connections, upstream latency ${UPSTREAM_LATENCY_MS} ms ` +
      `(fake upstream in its own process); rate limiting off; gateway V8 flags: ${GATEWAY_NODE_FLAGS.join(' ') || '(none)'}; ` +
      `environment as start:prod: ${productionEnvWords().join(' ') || '(nothing)'}`,
  );
  console.log(
    `Load average at start: ${fmt(machine.loadAvgAtStart, 2)}` +
      (machine.loadAvgAtStart > 1 ? ' — other work is running on this machine; figures will be noisy' : '') + '\n',
  );

  const dir = mkdtempSync(join(tmpdir(), 'qqgw-bench-'));
  const children: ServerChild[] = [];
  const rows: ScenarioRow[] = [];
  const notes: string[] = [];
  const verdicts: Verdict[] = [];
  const opts = { connections: CONNECTIONS, durationS, warmS };
  try {
    const fake = await FakeClient.start(UPSTREAM_LATENCY_MS, { bench: true });
    children.push(fake.server);
    // Raised from the default 32 so the per-host socket cap does not hide the gateway's CPU cost at 50 connections.
    const gwEnv = gatewayEnv({
      ...fake.env,
      UPSTREAM_MAX_CONCURRENCY: '64',
      COOKIE_FILE: join(dir, 'user-info.json'),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      RATE_LIMIT: '0',
    });

    // ---- idle RSS of the production command, before any load on the machine from this run
    let idle: IdleRss | undefined;
    if (want('idle')) {
      idle = await idleRss(GATEWAY_NODE_FLAGS, fake.env, dir);
      console.log(`Idle RSS: \`${idle.command}\` answered after ${fmt(idle.startMs, 0)} ms; 3 s later VmRSS ${fmt(idle.rssMb, 1)} MB (VmHWM ${fmt(idle.hwmMb, 1)} MB)\n`);
      verdicts.push({ target: 'idle RSS of the production command ≤ 90 MB', measured: `${fmt(idle.rssMb, 1)} MB`, pass: idle.rssMb <= 90, note: idle.command });
      const floorMb = await floorIdleRss(GATEWAY_NODE_FLAGS, dir);
      idle.floorRssMb = floorMb;
      console.log(`NestJS floor at rest (one controller, same flags, environment and start-up treatment): VmRSS ${fmt(floorMb, 1)} MB; the gateway's own share ${fmt(idle.rssMb - floorMb, 1)} MB\n`);
    }

    // ---- WORKERS=1 vs WORKERS=2, the production command each time, before the in-process gateway below starts
    let workers: WorkersResult | undefined;
    if (want('workers')) {
      console.log(`WORKERS=1 vs WORKERS=2 (${GATEWAY_NODE_FLAGS.join(' ')} dist/src/main.js; ${CONNECTIONS} connections; ${durationS} s measured):`);
      workers = await runWorkerRows({
        env: gwEnv,
        nodeFlags: GATEWAY_NODE_FLAGS,
        port: await freePort(),
        hitPath: HIT_PATH,
        connections: CONNECTIONS,
        durationS,
        warmS,
        settleS: missSettleS,
        idleSettleS: 3,
      });
      console.log(`\n${workersTable(workers)}\n`);
      for (const { workers: n, rssMb } of workers.idle) {
        console.log(`Idle RSS, WORKERS=${n}: ${n === 1 ? `${fmt(rssMb[0], 1)} MB` : `primary ${fmt(rssMb[0], 1)} MB, workers ${rssMb.slice(1).map((r) => fmt(r, 1)).join(' and ')} MB`}`);
      }
      console.log('');
    }

    const gw = await startServerChild('gateway', join(__dirname, 'lib', 'gateway-entry.js'), [], gwEnv, undefined, GATEWAY_NODE_FLAGS);
    children.push(gw);
    const startRss = memoryOf(gw.pid).rssMb;
    if (flags['memory-burst']) {
      // Each shape on a fresh gateway, so "before" is that gateway's idle figure and "after" is the burst's alone.
      const idleS = numberFlag(flags, 'idle', 30, 1, 900);
      const rounds = numberFlag(flags, 'rounds', 3, 1, 20);
      const shapes = typeof flags.shape === 'string' ? [flags.shape] : ['normalised', 'legacy'];
      console.log('Gateway memory under a burst of large upstream answers:');
      const burstResults: MemoryBurstResult[] = [];
      let burstGw = gw;
      for (const shape of shapes) {
        if (burstResults.length) {
          await burstGw.kill();
          burstGw = await startServerChild(`gateway (${shape} burst)`, join(__dirname, 'lib', 'gateway-entry.js'), [], gwEnv, undefined, GATEWAY_NODE_FLAGS);
          children.push(burstGw);
        }
        burstResults.push(await memoryBurst(burstGw, fake, { rounds, idleS, ...(shape === 'legacy' ? LEGACY_BURST : {}) }));
      }
      console.log(`\n${verdictTable(burstResults.map(afterBurstVerdict))}`);
      writeFileSync(out, JSON.stringify({ started: started.toISOString(), machine, memoryBursts: burstResults }, null, 2));
      return;
    }
    const scenario = async (name: string, server: ServerChild, paths: string[], headers: Record<string, string> = {}, connections = CONNECTIONS) => {
      const row = await runScenario(name, server, fake, paths, { ...opts, headers, connections });
      rows.push(row);
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

    const baselineEntry = join(__dirname, 'lib', 'baseline-entry.js');
    const startBaseline = async (label: string, kind: string): Promise<ServerChild> => {
      const child = await startServerChild(label, baselineEntry, [kind, bodyFile, contentType], cleanEnv());
      children.push(child);
      return child;
    };

    console.log('Gateway scenarios:');
    let hit: ScenarioRow | undefined;
    let bareNode: ScenarioRow | undefined;
    if (want('hit')) {
      const hitName = 'gateway: cache hit  GET /getRanks?topId=62&limit=20';
      if (want('baselines')) {
        // The hit target is a ratio to bare node:http: paired like the miss rows, so the VM's drift weighs on both.
        const bare = await startBaseline(BARE_NODE, 'node');
        try {
          [hit, bareNode] = await runPaired([hitName, BARE_NODE], [gw, bare], fake, [HIT_PATH], [opts, opts]);
          rows.push(hit, bareNode);
        } finally {
          await bare.kill();
        }
      } else {
        hit = await scenario(hitName, gw, [HIT_PATH]);
      }
    }
    if (want('same')) await scenario('gateway: miss, same URL (no-cache; coalescing may apply)', gw, [HIT_PATH], NO_CACHE);
    if (want('songinfo')) await scenario('gateway: miss  GET /getSongInfo?songid=97773', gw, ['/getSongInfo?songid=97773'], NO_CACHE);

    // ---- the client identity: obtained at the first Android-comm call, then no upstream call of its own on the hot path
    let identity: Record<string, unknown> | undefined;
    if (want('identity')) {
      const identityCalls = (byTarget: Record<string, number>) => IDENTITY_TARGETS.reduce((sum, t) => sum + (byTarget[t] ?? 0), 0);
      await fake.take();
      const first = await send(gw.url + ANDROID_COMM_PATH, { headers: NO_CACHE });
      const atFirstCall = identityCalls((await fake.take()).byTarget);
      const row = await scenario(`gateway: miss  GET ${ANDROID_COMM_PATH} (Android comm, client identity)`, gw, [ANDROID_COMM_PATH], NO_CACHE);
      const onHotPath = identityCalls(row.upstreamByTarget);
      identity = { firstStatus: first.status, firstMs: first.ms, identityCallsAtFirstCall: atFirstCall, identityCallsDuringLoad: onHotPath, requestsDuringLoad: row.requests };
      console.log(
        `  client identity: ${atFirstCall} identity calls at the first Android-comm request (${fmt(first.ms)} ms, HTTP ${first.status}), ` +
          `${onHotPath} during the ${row.requests} requests after it`,
      );
      verdicts.push({
        target: 'client identity: no identity call on the hot path after the first Android-comm request',
        measured: `${onHotPath} calls / ${row.requests} requests`,
        pass: onHotPath === 0 && atFirstCall === 2 && first.status === 200,
        note: `${atFirstCall} at the first (QIMEI + device session)`,
      });
    }

    // ---- per-endpoint miss rows against the replaying proxy
    const endpoints = MISS_ENDPOINTS.filter((e) => want(e.name) || (e.name === 'ranks' && want('light')));
    if (endpoints.length) console.log('\nMiss rows (cache off, distinct upstream keys), each against the re-serialising proxy:');
    // As the Koa reference runs: no response cache at all (a no-cache request would still store its answer). A
    // gateway of its own, so the rows above keep their cache.
    const startCacheOffGateway = (name: string, extraNodeFlags: string[] = []) =>
      startServerChild(name, join(__dirname, 'lib', 'gateway-entry.js'), [], { ...gwEnv, CACHE_ENABLED: 'false' }, undefined, [...GATEWAY_NODE_FLAGS, ...extraNodeFlags]);
    const missGw = endpoints.length ? await startCacheOffGateway('gateway (cache off)') : gw;
    if (missGw !== gw) children.push(missGw);
    if (flags.reference === true) console.log('--reference needs the directory the Koa reference is built in; running without it');
    const reference = endpoints.length && typeof flags.reference === 'string' ? await startReference(flags.reference, fake) : undefined;
    if (reference) children.push(reference);
    const idleCheckOff =
      endpoints.length && flags['undici-idle-check-off'] === true
        ? await startCacheOffGateway('gateway (cache off, undici idle check off)', ['--require', join(__dirname, 'lib', 'undici-idle-check-off.js')])
        : undefined;
    if (idleCheckOff) children.push(idleCheckOff);
    const miss: MissResult[] = await runMissRows(missGw, fake, endpoints, {
      ...opts,
      settleS: missSettleS,
      dir,
      latencyMs: UPSTREAM_LATENCY_MS,
      lightConnections: want('light') ? 5 : undefined,
      onChild: (c) => children.push(c),
      reference,
      floor: flags.floor === true,
      idleCheckOff,
    });
    for (const m of miss) {
      rows.push(m.gateway, m.proxy, ...[m.reference, m.floor, m.idleCheckOff].flatMap((pair) => (pair ? [pair.row, pair.proxy] : [])));
      if (m.gatewayLight && m.proxyLight) rows.push(m.gatewayLight, m.proxyLight);
    }
    const ranks = miss.find((m) => m.endpoint.name === 'ranks');

    // ---- coalesced bursts of identical concurrent requests
    let bursts: Record<string, unknown> | undefined;
    if (want('coalescing')) {
      const burstSize = CONNECTIONS;
      const rounds = flags.quick ? 5 : 20;
      const agent = new Agent({ keepAlive: true, maxSockets: burstSize });
      const burst = () => Promise.all(Array.from({ length: burstSize }, () => send(gw.url + HIT_PATH, { headers: NO_CACHE, agent, timeoutMs: 10_000 })));
      await burst(); // opens the sockets
      const perRound: number[] = [];
      const statuses: Record<string, number> = {};
      const latencies: number[] = [];
      for (let i = 0; i < rounds; i++) {
        await fake.take();
        const value = await burst();
        perRound.push((await fake.take()).calls);
        for (const ex of value) {
          statuses[ex.status] = (statuses[ex.status] ?? 0) + 1;
          latencies.push(ex.ms);
        }
      }
      agent.destroy();
      const perRequest = perRound.reduce((a, b) => a + b, 0) / (rounds * burstSize);
      bursts = { size: burstSize, rounds, upstreamCallsPerRound: perRound, upstreamCallsPerRequest: perRequest, p50: percentile(latencies, 50), p99: percentile(latencies, 99), statuses };
      console.log(
        `  coalesced bursts: ${rounds} × ${burstSize} identical no-cache requests → upstream calls per round ` +
          `${perRound.join(',')} (${fmt(perRequest, 3)} per request), p50 ${fmt(percentile(latencies, 50))} ms, p99 ${fmt(percentile(latencies, 99))} ms`,
      );
      verdicts.push({ target: 'coalescing: identical concurrent misses → ≤ 0.1 upstream calls per request', measured: fmt(perRequest, 3), pass: perRequest <= 0.1, note: `${burstSize} at once` });
    }

    // ---- resolveMid on a 100-song chart lacking MIDs
    let resolveMid: Record<string, unknown> | undefined;
    if (want('resolvemid')) {
      const plain = json(await send(`${gw.url}/getRanks?topId=4&limit=100`, { headers: NO_CACHE }));
      const entries: { songId?: number; mid?: string }[] = plain?.data?.songInfoList ?? [];
      const k = new Set(entries.filter((e) => !e.mid && Number(e.songId) > 0).map((e) => e.songId)).size;
      const samples: { ms: number; calls: number; status: number; resolved: number }[] = [];
      for (let i = 0; i < (flags.quick ? 3 : 6); i++) {
        await fake.take();
        const value = await send(`${gw.url}/getRanks?topId=4&limit=100&resolveMid=true`, { headers: NO_CACHE, timeoutMs: 30_000 });
        const { calls } = await fake.take();
        const list: { mid?: string }[] = json(value)?.data?.songInfoList ?? [];
        samples.push({ ms: value.ms, calls, status: value.status, resolved: list.filter((e) => e.mid).length });
      }
      const p50 = percentile(samples.map((s) => s.ms), 50);
      const expectedRounds = Math.ceil(k / 5);
      /** Sequential upstream round-trips implied by the latency (each costs ≥ 20 ms), minus the chart call itself. */
      const rounds = p50 / UPSTREAM_LATENCY_MS - 1;
      resolveMid = { chartEntries: entries.length, k, expectedRounds, runs: samples, latencyP50: p50, estimatedLookupRounds: rounds, lowerBoundMs: (expectedRounds + 1) * UPSTREAM_LATENCY_MS };
      console.log(
        `  resolveMid: k = ${k} songs lacking a MID of ${entries.length}; ${samples.length} sequential requests: p50 ${fmt(p50)} ms ` +
          `(lower bound ${(expectedRounds + 1) * UPSTREAM_LATENCY_MS} ms = (ceil(k/5) + 1) × ${UPSTREAM_LATENCY_MS} ms); upstream calls per request ` +
          `${samples.map((s) => s.calls).join(',')}; MIDs filled ${samples.map((s) => s.resolved).join(',')}`,
      );
      verdicts.push({
        target: 'resolveMid rounds ≈ ceil(k/5)',
        measured: `${fmt(rounds, 1)} rounds`,
        pass: k > 0 && rounds <= expectedRounds * 1.25 + 1 && samples.every((s) => s.status === 200),
        note: `k = ${k}, ceil(k/5) = ${expectedRounds}; ${samples[0]?.calls ?? '—'} upstream calls on the first run`,
      });
    }

    // ---- memory after every load row on this gateway, then the large-answer burst (reported apart)
    const gwMem = memoryOf(gw.pid);
    const heapBeforeGc = await gw.heap();
    await gw.gc();
    const heapAfterGc = await gw.heap();
    notes.push(
      `gateway memory after its load rows: RSS ${fmt(gwMem.rssMb, 0)} MB, heap used ${fmt(heapBeforeGc?.heapUsedMb, 0)} of ` +
        `${fmt(heapBeforeGc?.heapTotalMb, 0)} MB; after a forced full GC: RSS ${fmt(heapAfterGc?.rssMb, 0)} MB, heap used ` +
        `${fmt(heapAfterGc?.heapUsedMb, 0)} of ${fmt(heapAfterGc?.heapTotalMb, 0)} MB, external ${fmt(heapAfterGc?.externalMb, 0)} MB`,
    );
    // 20 s: past both quiet-time collections (5 s after the last call, then 10 s later; decision 018).
    const burstOpts = { rounds: flags.quick ? 1 : 3, idleS: flags.quick ? 3 : 20 };
    const largeAnswers: MemoryBurstResult | undefined = want('memory') ? await memoryBurst(gw, fake, burstOpts) : undefined;
    const legacyAnswers: MemoryBurstResult | undefined = want('memory') ? await memoryBurst(gw, fake, { ...burstOpts, ...LEGACY_BURST }) : undefined;
    // With --quick the idle time ends before memory is given back: no verdict then.
    if (!flags.quick) for (const burst of [largeAnswers, legacyAnswers]) if (burst) verdicts.push(afterBurstVerdict(burst));
    const hwmAfterBurst = memoryOf(gw.pid).hwmMb;
    const missHwm = missGw !== gw ? memoryOf(missGw.pid).hwmMb : 0;
    const peakHwm = Math.max(gwMem.hwmMb, missHwm);
    verdicts.push({
      target: 'gateway peak RSS (VmHWM) over the load rows ≤ 180 MB',
      measured: `${fmt(peakHwm, 0)} MB`,
      pass: peakHwm <= 180,
      note: `cached gateway ${fmt(gwMem.hwmMb, 0)} MB (after start ${fmt(startRss, 0)} MB), cache-off gateway ${fmt(missHwm, 0)} MB${largeAnswers ? `; ${fmt(hwmAfterBurst, 0)} MB after the large-answer burst` : ''}`,
    });

    // ---- bare baselines, each in its own child
    if (want('baselines')) {
      console.log('\nBaselines:');
      for (const [label, kind] of [[BARE_NODE, 'node'], ['baseline: bare Express, same bytes', 'express']]) {
        // bare node:http already ran, paired with the cache hit row.
        if (kind === 'node' && bareNode) continue;
        const child = await startBaseline(label, kind);
        try {
          const row = await scenario(label, child, [HIT_PATH]);
          if (kind === 'node') bareNode = row;
        } finally {
          await child.kill();
        }
      }
    }

    // ---- the fake upstream alone (what any proxy's latency stands on), unsaturated: 5 connections
    let upstreamAlone: Awaited<ReturnType<typeof runLoad>> | undefined;
    if (want('upstream')) {
      const chartCall = JSON.stringify({
        comm: { ct: 24, cv: 4747474, uin: 0, g_tk: 5381, format: 'json' },
        req_1: { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId: 62, offset: 0, num: 20, withTags: false } },
      });
      const direct = { base: fake.origins.u, paths: ['/cgi-bin/musicu.fcg'], connections: 5, method: 'POST' as const, body: chartCall, headers: { 'Content-Type': 'application/json' } };
      await runLoad({ ...direct, durationS: warmS });
      upstreamAlone = await runLoad({ ...direct, durationS });
      await fake.take();
      console.log(`  the fake upstream alone (POST musicu.fcg chart), 5 connections: ${fmt(upstreamAlone.reqPerSec, 0)} req/s, p50 ${upstreamAlone.p50} ms, p99 ${upstreamAlone.p99} ms`);
    }

    // ---- V8 heap flags: the getRanks miss row on a fresh gateway with production's flags, without its
    // --heap-growing-percent (that flag's own cost), and with none
    let heapFlags: HeapFlagsRow[] | undefined;
    if (want('heapflags')) {
      console.log('\nHeap flags (fresh gateway per variant, getRanks miss row):');
      const ranksPaths = MISS_ENDPOINTS.find((e) => e.name === 'ranks')!.paths;
      const withoutGrowing = GATEWAY_NODE_FLAGS.filter((flag) => !flag.startsWith('--heap-growing-percent'));
      const variants = [GATEWAY_NODE_FLAGS, withoutGrowing, []].filter((v, i, all) => all.findIndex((w) => w.join(' ') === v.join(' ')) === i);
      heapFlags = await heapFlagsComparison(variants, gwEnv, fake, ranksPaths, { ...opts, headers: NO_CACHE });
    }

    // ---- report
    console.log(`\n${table(
      ['row', 'req/s', 'p50 ms', 'p99 ms', 'CPU ms/req', 'upstream/req', 'new upstream conns', 'peak RSS MB', 'CPU %', 'fake CPU %', 'non-2xx'],
      rows.map((r) => [
        r.name,
        fmt(r.reqPerSec, 0),
        fmt(r.p50, 0),
        fmt(r.p99, 0),
        fmt(r.cpuMsPerRequest, 2),
        fmt(r.upstreamCallsPerRequest, 2),
        r.upstreamNewConnections,
        fmt(r.serverPeakRssMb, 0),
        fmt(r.serverCpuPct, 0),
        fmt(r.fakeCpuPct, 0),
        failedRequests(r),
      ]),
    )}`);
    if (miss.length) console.log(`\n${missTable(miss)}`);
    if (heapFlags) {
      console.log(`\n${table(
        ['V8 flags (getRanks miss, fresh gateway)', 'req/s', 'CPU ms/req', 'p99 ms', 'peak RSS MB (VmHWM)'],
        heapFlags.map((h) => [h.flags, fmt(h.row.reqPerSec, 0), fmt(h.row.cpuMsPerRequest, 2), fmt(h.row.p99, 0), fmt(h.peakRssMb, 0)]),
      )}`);
    }

    verdicts.push(...missVerdicts(miss));
    if (hit && bareNode) {
      const r = hit.reqPerSec / bareNode.reqPerSec;
      verdicts.push({ target: 'cache hits ≥ 0.4 × bare node:http (req/s)', measured: fmt(r, 2), pass: r >= 0.4, note: `${fmt(hit.reqPerSec, 0)} vs ${fmt(bareNode.reqPerSec, 0)}${cacheEnabled ? '' : '; cache not enabled'}` });
    }
    if (ranks) {
      const over = ranks.gateway.p99 - UPSTREAM_LATENCY_MS;
      verdicts.push({
        target: `p99 overhead over ${UPSTREAM_LATENCY_MS} ms upstream ≤ 5 ms (getRanks miss, ${CONNECTIONS} conns)`,
        measured: `${fmt(over, 0)} ms`,
        pass: over <= 5,
        note: `proxy ${fmt(ranks.proxy.p99 - UPSTREAM_LATENCY_MS, 0)} ms`,
      });
    }
    if (ranks?.gatewayLight && ranks.proxyLight && upstreamAlone) {
      const over = ranks.gatewayLight.p99 - upstreamAlone.p99;
      verdicts.push({
        target: "p99 overhead over the upstream's own p99 ≤ 5 ms (5 conns, unsaturated)",
        measured: `${fmt(over, 0)} ms`,
        pass: over <= 5,
        note: `gateway ${fmt(ranks.gatewayLight.p99, 0)} ms, upstream alone ${fmt(upstreamAlone.p99, 0)} ms; proxy ${fmt(ranks.proxyLight.p99 - upstreamAlone.p99, 0)} ms over it`,
      });
    }
    console.log(`\n${verdictTable(verdicts)}`);
    const loadAvgAtEnd = loadavg()[0];
    notes.push(`gateway RSS after start ${fmt(startRss, 0)} MB, peak ${fmt(gwMem.hwmMb, 0)} MB over the load rows`);
    notes.push(`load average at start ${fmt(machine.loadAvgAtStart, 2)}, at end ${fmt(loadAvgAtEnd, 2)}`);
    console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}`);

    writeFileSync(
      out,
      JSON.stringify(
        {
          startedAt: started.toISOString(),
          machine,
          settings: { durationS, warmS, missSettleS, connections: CONNECTIONS, upstreamLatencyMs: UPSTREAM_LATENCY_MS, gatewayNodeFlags: GATEWAY_NODE_FLAGS, only: only ? [...only] : undefined },
          notes,
          cacheEnabled,
          idleRss: idle,
          workers,
          scenarios: rows,
          miss: miss.map((m) => ({ endpoint: m.endpoint.name, label: m.endpoint.label, ratio: m.gateway.reqPerSec / m.proxy.reqPerSec, minRatio: m.endpoint.minRatio, referenceRatio: m.reference && ratioOf(m.reference), floorRatio: m.floor && ratioOf(m.floor), idleCheckOffRatio: m.idleCheckOff && ratioOf(m.idleCheckOff), koaCpuMs: m.endpoint.koaCpuMs, firstRequestCalls: m.firstRequestCalls, recordedStatuses: m.recordedStatuses, gateway: m.gateway.name, proxy: m.proxy.name })),
          heapFlags: heapFlags?.map((h) => ({ flags: h.flags, reqPerSec: h.row.reqPerSec, cpuMsPerRequest: h.row.cpuMsPerRequest, p99: h.row.p99, peakRssMb: h.peakRssMb })),
          bursts,
          resolveMid,
          identity,
          memoryBurst: largeAnswers,
          memoryBurstLegacy: legacyAnswers,
          gatewayMemory: { startRssMb: startRss, endRssMb: gwMem.rssMb, peakRssMb: gwMem.hwmMb, peakRssAfterBurstMb: hwmAfterBurst, heapBeforeGc, heapAfterGc },
          loadAvgAtEnd,
          upstreamAlone,
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
    // A report, not a gate: the failure is printed, recorded in the results file, and the exit code stays 0.
    console.error(`Benchmark failed: ${err.stack ?? err.message}`);
    const flags = parseFlags();
    writeFileSync(typeof flags.out === 'string' ? flags.out : 'bench-results.json', JSON.stringify({ failed: err.message }, null, 2));
    process.exit(0);
  },
);
