import { Fault, FaultMatch, FakeUpstream } from '../../fake-upstream/fake-upstream';

/**
 * Child-process entry: the fake upstream on loopback, with a base latency on every call (argv[2], ms), so it does
 * not compete with the load generator for the parent's event loop. Prints `{"ready":true,"url":...,"env":{...}}`.
 * The parent drives it over IPC (see FakeClient): take (count and forget the logged requests), fault, clearFaults.
 */
export type FakeCommand =
  | { id: number; cmd: 'take' }
  | { id: number; cmd: 'fault'; fault: Fault; match?: FaultMatch }
  | { id: number; cmd: 'clearFaults' };

export interface TakeResult {
  calls: number;
  musicuKeys: number;
  /** Upstream calls per `host path` (musicu keys counted as `module.method`). */
  byTarget: Record<string, number>;
}

async function main(): Promise<void> {
  const latencyMs = Number(process.argv[2] ?? 0);
  const fake = new FakeUpstream();
  await fake.start('127.0.0.1');
  const baseFaults = () => {
    if (latencyMs > 0) fake.fault({ kind: 'latency', ms: latencyMs });
  };
  baseFaults();
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
      result = { calls: fake.requests.length, musicuKeys, byTarget } satisfies TakeResult;
      fake.requests.length = 0;
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
