import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FaultMatch } from '../fake-upstream/fake-upstream';
import { numberFlag, parseFlags } from './lib/cli';
import { FakeClient } from './lib/fake-client';
import { Exchange, json, send } from './lib/http-client';
import { memoryOf, productionEnv, productionNodeFlags, sampleRss, ServerChild, sleep, socketCount, startServerChild } from './lib/proc';
import { fmt, percentile, Reservoir, table, Verdict, verdictTable } from './lib/stats';

/**
 * Soak test (`npm run soak [-- --duration 60]`, CI: `--duration 20`): a mixed workload against the gateway in a
 * child process for a bounded time — cache hits, misses, injected upstream faults (HTTP 500 → 502, slow calls past
 * UPSTREAM_TIMEOUT_MS → 504), bad input (4xx) and WeChat long polls — then memory, socket and SIGTERM checks.
 * Prints PASS/FAIL per target and exits 1 when any target fails.
 */

const UPSTREAM_LATENCY_MS = 20;
/** Low, so slow calls time out quickly, yet above a failing call's retry chain (3 × 20 ms + ~200 + ~400 ms backoff). */
const UPSTREAM_TIMEOUT_MS = 1000;
const POLL_TIMEOUT_MS = 1000;
const RETRIES = 2;
const CLIENT_TIMEOUT_MS = 10_000;
const NO_CACHE = { 'Cache-Control': 'no-cache' };
const TERM_BOUND_MS = 10_000;

type Kind = 'hit' | 'miss' | 'fault500' | 'slow' | 'bad' | 'loginQr' | 'longpoll';
type Outcome = '2xx' | '4xx' | '502' | '503' | '504' | 'other5xx' | 'other' | 'transport';

interface KindStats {
  total: number;
  outcomes: Record<Outcome, number>;
  latencies: Reservoir;
  statuses: Record<string, number>;
  errors: Record<string, number>;
  /** First body seen per non-2xx status (for the report). */
  samples: Record<string, string>;
}

const OUTCOMES: Outcome[] = ['2xx', '4xx', '502', '503', '504', 'other5xx', 'other', 'transport'];

function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return '2xx';
  if (status >= 400 && status < 500) return '4xx';
  if (status === 502 || status === 503 || status === 504) return String(status) as Outcome;
  if (status >= 500) return 'other5xx';
  return 'other';
}

/** 5xx answers a kind may legitimately give: only the injected faults' mapped statuses. */
const EXPECTED_5XX: Record<Kind, Outcome[]> = { hit: [], miss: [], fault500: ['502'], slow: ['504'], bad: [], loginQr: [], longpoll: [] };

function findUuid(value: unknown, depth = 0): string | undefined {
  if (!value || typeof value !== 'object' || depth > 4) return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k === 'uuid' && typeof v === 'string' && v) return v;
    const inner = findUuid(v, depth + 1);
    if (inner) return inner;
  }
  return undefined;
}

async function main(): Promise<void> {
  const flags = parseFlags();
  const durationS = numberFlag(flags, 'duration', 60, 5, 3600);
  const warmupS = numberFlag(flags, 'warmup', 15, 1, 300);
  const maxWarmupS = Math.max(warmupS, numberFlag(flags, 'max-warmup', 40, 1, 600));
  const connections = numberFlag(flags, 'connections', 16, 1, 200);
  const maxRequests = durationS * 20_000;
  console.log(
    `Gateway soak — ${cpus().length} CPU, Node ${process.version}, load average ${fmt(loadavg()[0], 2)}; ` +
      `warm-up ${warmupS}–${maxWarmupS} s (until RSS levels off) then ${durationS} s, ${connections} client connections + long polls; upstream latency ${UPSTREAM_LATENCY_MS} ms, ` +
      `UPSTREAM_TIMEOUT_MS=${UPSTREAM_TIMEOUT_MS}, UPSTREAM_RETRIES=${RETRIES}, ALT_LOGIN_POLL_TIMEOUT_MS=${POLL_TIMEOUT_MS}, RATE_LIMIT=0\n`,
  );

  const dir = mkdtempSync(join(tmpdir(), 'qqgw-soak-'));
  const children: ServerChild[] = [];
  const verdicts: Verdict[] = [];
  const notes: string[] = [];
  try {
    const fake = await FakeClient.start(UPSTREAM_LATENCY_MS);
    children.push(fake.server);
    const gw = await startServerChild('gateway', join(__dirname, 'lib', 'gateway-entry.js'), [], {
      ...productionEnv(),
      ...fake.env,
      COOKIE_FILE: join(dir, 'user-info.json'),
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      RATE_LIMIT: '0',
      UPSTREAM_TIMEOUT_MS: String(UPSTREAM_TIMEOUT_MS),
      UPSTREAM_RETRIES: String(RETRIES),
      ALT_LOGIN_POLL_TIMEOUT_MS: String(POLL_TIMEOUT_MS),
    }, undefined, productionNodeFlags());
    children.push(gw);
    let crashed = false;
    let terminating = false;
    void gw.exited.then(() => (crashed = !terminating));
    const socketsAtStart = socketCount(gw.pid);
    const agent = new Agent({ keepAlive: true, maxSockets: connections });
    const get = (path: string, headers: Record<string, string> = {}, timeoutMs = CLIENT_TIMEOUT_MS) =>
      send(gw.url + path, { headers, agent, timeoutMs });

    // ---- probes: which optional endpoints exist in this build
    const slowCandidates: { path: string; match: FaultMatch }[] = [
      { path: '/getTopLists', match: { host: 'c', path: '/v8/fcg-bin/fcg_myqq_toplist.fcg' } },
      { path: '/getLyric?songmid=0039MnYb0qxYhV', match: { host: 'c', path: '/lyric/fcgi-bin/fcg_query_lyric_new.fcg' } },
    ];
    let slow: { path: string; match: FaultMatch } | undefined;
    for (const c of slowCandidates) {
      const res = await get(c.path, NO_CACHE).catch(() => undefined);
      if (res?.status === 200) {
        slow = c;
        break;
      }
    }
    notes.push(slow ? `slow-upstream faults on ${slow.path} (${slow.match.host} ${slow.match.path})` : 'no CGI endpoint answered 200: slow-upstream faults skipped');
    const qr = await get('/getAltLoginQr').catch(() => undefined);
    const longPolls = qr?.status === 200 && findUuid(json(qr)) !== undefined;
    notes.push(longPolls ? 'long polls: 3 concurrent /getAltLoginQr → POST /checkAltLoginQr loops' : `long polls skipped (/getAltLoginQr answered ${qr?.status ?? 'nothing'})`);
    const faultModule = 'music.musicToplist.Toplist.GetAll';
    await fake.take();

    // ---- the workload
    const stats = {} as Record<Kind, KindStats>;
    for (const k of ['hit', 'miss', 'fault500', 'slow', 'bad', 'loginQr', 'longpoll'] as Kind[]) {
      stats[k] = {
        total: 0,
        outcomes: Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>,
        latencies: new Reservoir(),
        statuses: {},
        errors: {},
        samples: {},
      };
    }
    let recording = false;
    const record = (kind: Kind, res: Exchange | Error, ms: number) => {
      if (!recording) return;
      const s = stats[kind];
      s.total++;
      s.latencies.add(ms);
      if (res instanceof Error) {
        s.outcomes.transport++;
        const key = res.message.slice(0, 80);
        s.errors[key] = (s.errors[key] ?? 0) + 1;
      } else {
        s.outcomes[outcomeOf(res.status)]++;
        s.statuses[res.status] = (s.statuses[res.status] ?? 0) + 1;
        if (res.status >= 300 && !(res.status in s.samples)) s.samples[res.status] = res.body.toString('utf8').slice(0, 160);
      }
    };
    const timed = async (kind: Kind, fn: () => Promise<Exchange>): Promise<Exchange | Error> => {
      const t0 = performance.now();
      const res = await fn().catch((err: Error) => err);
      record(kind, res, performance.now() - t0);
      return res;
    };

    const missPaths = ['/getRanks?topId=62&limit=20', '/getSongInfo?songid=97773', '/getRanks?topId=4&limit=20', '/getRanks?topId=26&limit=10'];
    const badPaths = ['/getRanks?topId=abc', '/getSongInfo', '/getRanks?topId=62&limit=-5', '/no-such-endpoint', '/getRanks?topId=62&limit=abc'];
    const weights: [Kind, number][] = [
      ['hit', 40],
      ['miss', 25],
      ['fault500', 10],
      ['slow', slow ? 5 : 0],
      ['bad', 15],
    ];
    const totalWeight = weights.reduce((a, [, w]) => a + w, 0);
    const pick = (): Kind => {
      let r = Math.random() * totalWeight;
      for (const [k, w] of weights) if ((r -= w) < 0) return k;
      return 'hit';
    };
    let issued = 0;
    let fault500Count = 0;
    let slowCount = 0;
    let injected500 = 0;
    let injectedSlow = 0;

    const one = async (): Promise<void> => {
      const kind = pick();
      issued++;
      switch (kind) {
        case 'hit':
          await timed(kind, () => get('/getRanks?topId=62&limit=20'));
          return;
        case 'miss':
          await timed(kind, () => get(missPaths[issued % missPaths.length], NO_CACHE));
          return;
        case 'fault500':
          // Every 10th: the upstream answers 500 to this call and to each of its retries.
          if (fault500Count++ % 10 === 0) {
            await fake.fault({ kind: 'status', status: 500 }, { module: faultModule, times: RETRIES + 1 });
            injected500++;
          }
          await timed(kind, () => get('/getRanks', NO_CACHE));
          return;
        case 'slow':
          // Every 10th: the upstream takes longer than UPSTREAM_TIMEOUT_MS (twice, in case of a Referer retry).
          if (slowCount++ % 10 === 0) {
            await fake.fault({ kind: 'latency', ms: UPSTREAM_TIMEOUT_MS + 300 }, { ...slow!.match, times: 2 });
            injectedSlow++;
          }
          await timed(kind, () => get(slow!.path, NO_CACHE));
          return;
        case 'bad':
          await timed(kind, () => get(badPaths[issued % badPaths.length]));
          return;
        default:
          return;
      }
    };

    const runPhase = async (seconds: number, sampler?: (elapsedMs: number) => void): Promise<void> => {
      const deadline = Date.now() + seconds * 1000;
      const workers = Array.from({ length: connections }, async () => {
        while (Date.now() < deadline && issued < maxRequests) await one();
      });
      const polls = longPolls
        ? Array.from({ length: 3 }, async () => {
            const pollAgent = new Agent({ keepAlive: true, maxSockets: 1 });
            try {
              for (let i = 0; i < 10_000 && Date.now() < deadline; i++) {
                const qrRes = await timed('loginQr', () => send(`${gw.url}/getAltLoginQr`, { agent: pollAgent, timeoutMs: CLIENT_TIMEOUT_MS }));
                const uuid = qrRes instanceof Error ? undefined : findUuid(json(qrRes));
                if (!uuid) {
                  await sleep(100);
                  continue;
                }
                await timed('longpoll', () =>
                  send(`${gw.url}/checkAltLoginQr`, { method: 'POST', body: JSON.stringify({ uuid }), agent: pollAgent, timeoutMs: CLIENT_TIMEOUT_MS }),
                );
              }
            } finally {
              pollAgent.destroy();
            }
          })
        : [];
      const start = Date.now();
      const timer = sampler ? setInterval(() => sampler(Date.now() - start), 500) : undefined;
      try {
        await Promise.all([...workers, ...polls]);
      } finally {
        if (timer) clearInterval(timer);
      }
    };

    // Warm-up (not recorded), then the measured run.
    // Warm-up (not recorded) in 3 s steps: at least warmupS, then until the RSS grew < 2 % over the last two
    // steps (V8 first sizes its heap to the load), at most maxWarmupS.
    let warmedS = 0;
    const rssAtStep: number[] = [];
    while (warmedS < maxWarmupS) {
      const step = Math.min(3, maxWarmupS - warmedS);
      await runPhase(step);
      warmedS += step;
      rssAtStep.push(memoryOf(gw.pid).rssMb);
      const n = rssAtStep.length;
      const level = n >= 3 && rssAtStep[n - 1] <= rssAtStep[n - 3] * 1.02;
      if (warmedS >= warmupS && level) break;
    }
    notes.push(`warm-up took ${warmedS} s (RSS at each 3 s step: ${rssAtStep.map((r) => fmt(r, 0)).join(', ')} MB)`);
    await gw.gc();
    const rssStart = memoryOf(gw.pid).rssMb;
    const heapStart = await gw.heap();
    console.log(`Warm-up done: gateway RSS ${fmt(rssStart, 0)} MB (after a forced GC), heap used ${fmt(heapStart?.heapUsedMb, 0)} MB`);
    recording = true;
    const rssDuring = sampleRss(gw.pid, 500);
    let socketsPeak = 0;
    let lastReport = 0;
    await runPhase(durationS, (elapsed) => {
      socketsPeak = Math.max(socketsPeak, socketCount(gw.pid) || 0);
      if (elapsed - lastReport >= 10_000) {
        lastReport = elapsed;
        const done = Object.values(stats).reduce((n, s) => n + s.total, 0);
        console.log(`  ${Math.round(elapsed / 1000)} s: ${done} requests, RSS ${fmt(memoryOf(gw.pid).rssMb, 0)} MB, sockets ${socketCount(gw.pid)}`);
      }
    });
    recording = false;
    const peakDuring = rssDuring.stop().peakMb;
    const upstream = await fake.take();
    await gw.gc();
    const rssEnd = memoryOf(gw.pid).rssMb;
    const heapEnd = await gw.heap();

    // Sockets: with every client connection closed, the gateway should get back to its listener (+ IPC) once the
    // upstream keep-alive connections idle out (the fake closes them after 5 s).
    const socketsWithClientPool = socketCount(gw.pid);
    agent.destroy();
    await sleep(1000);
    const socketsAfter1s = socketCount(gw.pid);
    let socketsIdle = socketsAfter1s;
    for (let i = 0; i < 32 && socketsIdle > socketsAtStart; i++) {
      await sleep(250);
      socketsIdle = socketCount(gw.pid);
    }

    // ---- report the workload
    const all = Object.values(stats);
    const total = all.reduce((n, s) => n + s.total, 0);
    const allLatencies = all.flatMap((s) => s.latencies.values);
    console.log(`\n${table(
      ['kind', 'requests', ...OUTCOMES, 'p50 ms', 'p99 ms'],
      [
        ...(Object.entries(stats) as [Kind, KindStats][]).map(([k, s]) => [
          k,
          s.total,
          ...OUTCOMES.map((o) => s.outcomes[o]),
          fmt(percentile(s.latencies.values, 50)),
          fmt(percentile(s.latencies.values, 99)),
        ]),
        ['all', total, ...OUTCOMES.map((o) => all.reduce((n, s) => n + s.outcomes[o], 0)), fmt(percentile(allLatencies, 50)), fmt(percentile(allLatencies, 99))],
      ],
    )}`);
    const rate = (o: Outcome) => (total ? (all.reduce((n, s) => n + s.outcomes[o], 0) / total) * 100 : 0);
    console.log(`Rates: ${OUTCOMES.map((o) => `${o} ${fmt(rate(o), 2)} %`).join(', ')}; ${fmt(total / durationS, 0)} req/s`);
    console.log(`Faults armed: ${injected500} × HTTP 500 (each for ${RETRIES + 1} calls), ${injectedSlow} × slow (${UPSTREAM_TIMEOUT_MS + 300} ms); upstream calls during the run: ${upstream.calls}`);
    for (const [k, s] of Object.entries(stats)) {
      if (Object.keys(s.errors).length) console.log(`  ${k} transport errors: ${JSON.stringify(s.errors)}`);
      const odd = Object.entries(s.samples).filter(([status]) => !(k === 'bad' && status.startsWith('4')));
      if (odd.length) console.log(`  ${k} statuses ${JSON.stringify(s.statuses)}; first bodies: ${odd.map(([st, b]) => `${st} ${b}`).join(' | ')}`);
    }
    console.log(
      `Gateway RSS: ${fmt(rssStart, 0)} MB after warm-up → ${fmt(rssEnd, 0)} MB at end (both after a forced GC), peak ${fmt(peakDuring, 0)} MB during the run; ` +
        `heap used ${fmt(heapStart?.heapUsedMb, 1)} → ${fmt(heapEnd?.heapUsedMb, 1)} MB (of ${fmt(heapStart?.heapTotalMb, 0)} → ${fmt(heapEnd?.heapTotalMb, 0)} MB), ` +
        `external ${fmt(heapStart?.externalMb, 1)} → ${fmt(heapEnd?.externalMb, 1)} MB`,
    );
    console.log(
      `Gateway sockets: ${socketsAtStart} at start, peak ${socketsPeak} under load, ${socketsWithClientPool} at end with the client pool open, ` +
        `${socketsAfter1s} 1 s after closing it, ${socketsIdle} once idle`,
    );

    // ---- SIGTERM with requests in flight (first wait, bounded, until the chart route answers 200 again: an
    // upstream circuit opened by the injected faults must not decide this test)
    await fake.clearFaults();
    let recovered = false;
    const recoverDeadline = Date.now() + 15_000;
    while (!recovered && Date.now() < recoverDeadline) {
      const probe = await send(`${gw.url}/getRanks?topId=62&limit=20`, { headers: NO_CACHE, timeoutMs: 5000 }).catch(() => undefined);
      recovered = probe?.status === 200;
      if (!recovered) await sleep(500);
    }
    if (!recovered) notes.push('the chart route did not answer 200 within 15 s before the SIGTERM test');
    await fake.take();
    const inFlight = 20;
    await fake.fault({ kind: 'latency', ms: 300 }, { module: 'music.musicToplist.Toplist.GetDetail', times: inFlight * 2 });
    const termAgent = new Agent({ keepAlive: true, maxSockets: inFlight });
    const pending = Array.from({ length: inFlight }, (_, i) =>
      send(`${gw.url}/getRanks?topId=62&limit=${i + 1}`, { headers: NO_CACHE, agent: termAgent, timeoutMs: 15_000 }).catch((err: Error) => err),
    );
    let arrived = 0;
    for (let i = 0; i < 100 && arrived < inFlight; i++) {
      await sleep(20);
      arrived += (await fake.take()).calls;
    }
    terminating = true;
    const termAt = Date.now();
    gw.child.kill('SIGTERM');
    const exit = await Promise.race([gw.exited, sleep(TERM_BOUND_MS + 2000).then(() => undefined)]);
    // A gateway that had already crashed cannot pass this test.
    const exitMs = exit && exit.at >= termAt ? exit.at - termAt : NaN;
    const answers = await Promise.all(pending);
    termAgent.destroy();
    const termStatuses: Record<string, number> = {};
    for (const a of answers) {
      const key = a instanceof Error ? `error: ${a.message.slice(0, 60)}` : a.status === 200 ? '200' : `${a.status} ${a.body.toString('utf8').slice(0, 120)}`;
      termStatuses[key] = (termStatuses[key] ?? 0) + 1;
    }
    const completed = answers.filter((a) => !(a instanceof Error) && a.status > 0).length;
    const completedOk = answers.filter((a) => !(a instanceof Error) && a.status >= 200 && a.status < 300).length;
    console.log(
      `SIGTERM with ${inFlight} requests in flight (${arrived} had reached the upstream): exit after ${fmt(exitMs, 0)} ms ` +
        `(code ${exit?.code ?? '—'}, signal ${exit?.signal ?? '—'}); answers ${JSON.stringify(termStatuses)}`,
    );

    // ---- verdicts
    const unexpected5xx = (Object.entries(stats) as [Kind, KindStats][]).reduce(
      (n, [k, s]) => n + (['502', '503', '504', 'other5xx'] as Outcome[]).filter((o) => !EXPECTED_5XX[k].includes(o)).reduce((m, o) => m + s.outcomes[o], 0),
      0,
    );
    const transport = all.reduce((n, s) => n + s.outcomes.transport, 0);
    const growth = rssEnd / rssStart - 1;
    verdicts.push(
      { target: 'zero 5xx besides the injected faults (502 / 504)', measured: `${unexpected5xx} unexpected 5xx`, pass: unexpected5xx === 0 },
      { target: 'zero crashes, zero transport errors', measured: `${crashed ? 'crashed' : 'no crash'}, ${transport} transport errors`, pass: !crashed && transport === 0 },
      {
        target: 'injected faults surface as 502 / 504',
        measured: `${stats.fault500.outcomes['502']} × 502${slow ? `, ${stats.slow.outcomes['504']} × 504` : ''}`,
        pass: stats.fault500.outcomes['502'] > 0 && (!slow || stats.slow.outcomes['504'] > 0),
      },
      { target: 'bad input → 4xx', measured: `${stats.bad.outcomes['4xx']} of ${stats.bad.total}`, pass: stats.bad.total > 0 && stats.bad.outcomes['4xx'] === stats.bad.total },
      { target: 'RSS growth after warm-up < 10 %', measured: `${fmt(growth * 100, 1)} %`, pass: growth < 0.1, note: `${fmt(rssStart, 0)} → ${fmt(rssEnd, 0)} MB; heap used ${fmt(heapStart?.heapUsedMb, 0)} → ${fmt(heapEnd?.heapUsedMb, 0)} MB` },
      {
        target: 'no socket leak (back to the start count once idle)',
        measured: `${socketsIdle} sockets`,
        pass: socketsIdle <= socketsAtStart,
        note: `start ${socketsAtStart}, 1 s after load ${socketsAfter1s}`,
      },
      {
        target: `SIGTERM: exit within ${TERM_BOUND_MS / 1000} s, in-flight requests answered`,
        measured: `${fmt(exitMs, 0)} ms, ${completed}/${inFlight} answered (${completedOk} 2xx)`,
        pass: Number.isFinite(exitMs) && exitMs <= TERM_BOUND_MS && completed === inFlight,
        note: completedOk < completed ? 'answered, but not drained: see the SIGTERM line above' : undefined,
      },
    );
    console.log(`\n${verdictTable(verdicts)}`);
    console.log(`\nNotes:\n${notes.map((n) => `- ${n}`).join('\n')}\n- load average at end ${fmt(loadavg()[0], 2)}`);
  } finally {
    for (const c of children) await c.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return verdicts.length > 0 && verdicts.every((v) => v.pass) ? undefined : Promise.reject(new Error('one or more soak targets failed'));
}

main().then(
  () => process.exit(0),
  (err: Error) => {
    console.error(`Soak: ${err.message === 'one or more soak targets failed' ? err.message : (err.stack ?? err.message)}`);
    process.exit(1);
  },
);
