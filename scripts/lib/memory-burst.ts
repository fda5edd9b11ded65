import { Agent } from 'node:http';
import type { FakeClient } from './fake-client';
import { send } from './http-client';
import { memoryOf, sampleRss, ServerChild, sleep } from './proc';
import { fmt, type Verdict } from './stats';

/**
 * The memory of a burst of large upstream answers: `concurrency` distinct chart misses at once (no two share an upstream
 * call), each answered with a real answer padded to `answerBytes` (the fake's `padded` fault, paced), `rounds` times,
 * in the normalised shape or the legacy one (`{ response: <the whole upstream answer> }`, so the padding is passed
 * through). Reports the gateway's RSS before, its peak, and after `idleS` seconds of idle: first as an operator would
 * see it (no forced GC), with the process's own heap / external / ArrayBuffer figures, then after one forced full GC
 * (labelled as such); the statuses, and the gauge gateway_upstream_body_bytes_in_flight afterwards (0 = every
 * reserved byte given back).
 */
/** After a burst and its idle time, RSS should be back within this many MB of its figure before the burst. */
export const AFTER_BURST_MARGIN_MB = 50;

export interface MemoryBurstResult {
  shape: 'normalised' | 'legacy';
  concurrency: number;
  answerBytes: number;
  rounds: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterIdleMb: number;
  idleS: number;
  /** process.memoryUsage() after the idle, before any forced GC. */
  afterIdle?: { heapUsedMb: number; externalMb: number; arrayBuffersMb: number };
  /** RSS after a forced full GC that followed the idle reading (not what an operator sees; for attribution only). */
  rssAfterForcedGcMb: number;
  heapAfterForcedGcMb: number;
  statuses: Record<string, number>;
  errorCodes: Record<string, number>;
  bytesInFlightAfter: number;
}

export async function memoryBurst(
  gw: ServerChild,
  fake: FakeClient,
  {
    concurrency = 64,
    answerBytes = 1.5 * 2 ** 20,
    rounds = 3,
    idleS = 10,
    shape = 'normalised',
  }: { concurrency?: number; answerBytes?: number; rounds?: number; idleS?: number; shape?: 'normalised' | 'legacy' } = {},
): Promise<MemoryBurstResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const statuses: Record<string, number> = {};
  const errorCodes: Record<string, number> = {};
  await sleep(1000);
  const rssBeforeMb = memoryOf(gw.pid).rssMb;
  // Paced (64 KB every 5 ms, ~13 MB/s): bytes trickle in as over a real link, so the answers overlap as in production.
  await fake.fault({ kind: 'padded', bytes: answerBytes, paceMs: 5 }, { host: 'u', path: '/cgi-bin/musicu.fcg' });
  const rss = sampleRss(gw.pid, 20);
  const shapeParam = shape === 'legacy' ? '&shape=legacy' : '';
  try {
    for (let round = 0; round < rounds; round++) {
      // A request left unanswered (60 s on a loaded machine) is counted, not a reason to lose the burst's figures.
      const answers = await Promise.all(
        Array.from({ length: concurrency }, (_, i) =>
          send(`${gw.url}/getRanks?topId=62&limit=${11 + (i % 20)}&page=${Math.floor(i / 20) + round * 4}${shapeParam}`, { agent, timeoutMs: 60_000 }).catch(
            () => undefined,
          ),
        ),
      );
      for (const a of answers) {
        if (!a) {
          statuses['no answer'] = (statuses['no answer'] ?? 0) + 1;
          continue;
        }
        statuses[a.status] = (statuses[a.status] ?? 0) + 1;
        if (a.status !== 200) {
          const code = String((JSON.parse(a.body.toString('utf8')) as { errorCode?: string }).errorCode);
          errorCodes[code] = (errorCodes[code] ?? 0) + 1;
        }
      }
    }
  } finally {
    await fake.clearFaults();
    agent.destroy();
  }
  const rssPeakMb = rss.stop().peakMb;
  await sleep(idleS * 1000);
  const rssAfterIdleMb = memoryOf(gw.pid).rssMb;
  const mem = await gw.heap();
  const afterIdle = mem && { heapUsedMb: mem.heapUsedMb, externalMb: mem.externalMb, arrayBuffersMb: mem.arrayBuffersMb };
  await gw.gc();
  const rssAfterForcedGcMb = memoryOf(gw.pid).rssMb;
  const heapAfterForcedGcMb = (await gw.heap())?.heapUsedMb ?? NaN;
  const metrics = (await send(`${gw.url}/metrics`)).body.toString('utf8');
  const bytesInFlightAfter = Number(/^gateway_upstream_body_bytes_in_flight (\S+)$/m.exec(metrics)?.[1] ?? NaN);
  const result: MemoryBurstResult = {
    shape,
    concurrency,
    answerBytes,
    rounds,
    rssBeforeMb,
    rssPeakMb,
    rssAfterIdleMb,
    idleS,
    afterIdle,
    rssAfterForcedGcMb,
    heapAfterForcedGcMb,
    statuses,
    errorCodes,
    bytesInFlightAfter,
  };
  console.log(
    `  memory burst (${shape}): ${rounds} × ${concurrency} distinct /getRanks misses answered with ${fmt(answerBytes / 2 ** 20, 1)} MB each → ` +
      `RSS before ${fmt(rssBeforeMb, 0)} MB, peak ${fmt(rssPeakMb, 0)} MB, after ${idleS} s idle ${fmt(rssAfterIdleMb, 0)} MB ` +
      `(${fmt(rssAfterIdleMb - rssBeforeMb, 0)} MB above before; heap used ${fmt(afterIdle?.heapUsedMb, 0)} MB, external ${fmt(afterIdle?.externalMb, 0)} MB, ` +
      `ArrayBuffers ${fmt(afterIdle?.arrayBuffersMb, 0)} MB), then after one forced full GC ${fmt(rssAfterForcedGcMb, 0)} MB (heap used ${fmt(heapAfterForcedGcMb, 0)} MB); ` +
      `statuses ${JSON.stringify(statuses)}${Object.keys(errorCodes).length ? ` ${JSON.stringify(errorCodes)}` : ''}; ` +
      `upstream answer bytes in flight afterwards: ${bytesInFlightAfter}; ` +
      `back within ${AFTER_BURST_MARGIN_MB} MB of before after the idle: ${withinMargin(result) ? 'yes' : 'NO'}`,
  );
  return result;
}

/** Whether RSS after the idle time is back within AFTER_BURST_MARGIN_MB of RSS before the burst. */
export function withinMargin(burst: MemoryBurstResult): boolean {
  return burst.rssAfterIdleMb - burst.rssBeforeMb <= AFTER_BURST_MARGIN_MB;
}

/** The bench's verdict on one burst: back within AFTER_BURST_MARGIN_MB of RSS before it, after its idle time. */
export function afterBurstVerdict(burst: MemoryBurstResult): Verdict {
  return {
    target: `memory after a burst (${burst.shape}, ${fmt(burst.answerBytes / 2 ** 20, 1)} MB answers): RSS ${burst.idleS} s later ≤ RSS before + ${AFTER_BURST_MARGIN_MB} MB`,
    measured: `${fmt(burst.rssAfterIdleMb - burst.rssBeforeMb, 0)} MB above`,
    pass: withinMargin(burst),
    note: `before ${fmt(burst.rssBeforeMb, 0)} MB, peak ${fmt(burst.rssPeakMb, 0)} MB, after ${fmt(burst.rssAfterIdleMb, 0)} MB; statuses ${JSON.stringify(burst.statuses)}`,
  };
}
