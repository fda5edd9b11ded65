import { Fault, FaultMatch, FakeUpstream, type FakeHost } from '../../fake-upstream/fake-upstream';
import { seedBench } from './bench-seed';

/**
 * Child-process entry: the fake upstream on loopback, with a base latency on every call (argv[2], ms), so it does
 * not compete with the load generator for the parent's event loop. Prints `{"ready":true,"url":...,"env":{...}}`.
 * The parent drives it over IPC (see FakeClient): take (count and forget the logged requests), record (the logged
 * requests themselves), latency (change the base latency), fault, clearFaults. With argv[3] = 'bench' the catalogue
 * and the charts are widened (seedBench) so the bench's miss rows can ask for ~100 distinct keys of full size.
 */
export type FakeCommand =
  | { id: number; cmd: 'take' }
  | { id: number; cmd: 'record' }
  | { id: number; cmd: 'latency'; ms: number }
  | { id: number; cmd: 'fault'; fault: Fault; match?: FaultMatch }
  | { id: number; cmd: 'clearFaults' };

export interface TakeResult {
  calls: number;
  musicuKeys: number;
  /** Upstream calls per `host path` (musicu keys counted as `module.method`). */
  byTarget: Record<string, number>;
  /** TCP connections the fake accepted since the last take (every host). */
  connections: number;
}

/** One logged upstream request, as the gateway sent it (for the bench's replaying proxy). */
export interface RecordedCall {
  hostKey: FakeHost;
  method: string;
  /** Path and query, byte-exact. */
  url: string;
  headers: Record<string, string>;
  body: string;
  /** musicu `module.method` of each key, or `host path` for a CGI. */
  targets: string[];
}

async function main(): Promise<void> {
  let latencyMs = Number(process.argv[2] ?? 0);
  const fake = new FakeUpstream();
  if (process.argv[3] === 'bench') seedBench(fake);
  await fake.start('127.0.0.1');
  const baseFaults = () => {
    if (latencyMs > 0) fake.fault({ kind: 'latency', ms: latencyMs });
  };
  baseFaults();
  let connectionsSeen = 0;
  process.on('message', (msg: FakeCommand) => {
    let result: unknown = null;
    if (msg.cmd === 'take') {
      const byTarget: Record<string, number> = {};
      let musicuKeys = 0;
      for (const r of fake.requests) {
        if (r.musicu?.length) {
          musicuKeys += r.musicu.length;
          for (const c of r.musicu) byTarget[`${c.module}.${c.method}`] = (byTarget[`${c.module}.${c.method}`] ?? 0) + 1;
        } else byTarget[`${r.hostKey} ${r.path}`] = (byTarget[`${r.hostKey} ${r.path}`] ?? 0) + 1;
      }
      const connections = fake.connectionsAccepted - connectionsSeen;
      connectionsSeen = fake.connectionsAccepted;
      result = { calls: fake.requests.length, musicuKeys, byTarget, connections } satisfies TakeResult;
      fake.requests.length = 0;
    } else if (msg.cmd === 'record') {
      result = fake.requests.map(
        (r): RecordedCall => ({
          hostKey: r.hostKey,
          method: r.method,
          url: r.rawQuery ? `${r.path}?${r.rawQuery}` : r.path,
          headers: Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)])),
          body: r.body,
          targets: r.musicu?.length ? r.musicu.map((c) => `${c.module}.${c.method}`) : [`${r.hostKey} ${r.path}`],
        }),
      );
      fake.requests.length = 0;
    } else if (msg.cmd === 'latency') {
      latencyMs = msg.ms;
      fake.clearFaults();
      baseFaults();
    } else if (msg.cmd === 'fault') {
      fake.fault(msg.fault, msg.match ?? {});
    } else if (msg.cmd === 'clearFaults') {
      fake.clearFaults();
      baseFaults();
    }
    process.send?.({ id: msg.id, result });
  });
  // The parent going away ends the fake too.
  process.on('disconnect', () => void fake.stop().finally(() => process.exit(0)));
  process.stdout.write(`${JSON.stringify({ ready: true, url: fake.origins.u, env: fake.env(), origins: fake.origins })}\n`);
}

main().catch((err: Error) => {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(1);
});
