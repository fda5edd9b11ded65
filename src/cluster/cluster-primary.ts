import cluster, { type Worker } from 'node:cluster';
import { constants } from 'node:os';
import { type CallMessage, type EventMessage, isAck, isCall, METRICS_SNAPSHOT, type ReplyMessage, TAG, WORKER_ENV } from './cluster-protocol';
import { PrimaryState } from './primary-state';

/** A worker replaced this soon after it started counts as a crash loop: the next one waits longer. */
const STABLE_AFTER_MS = 10_000;
/** Back-off before replacing a worker that died: doubled per quick death in a row, up to the cap. */
const RESPAWN_FIRST_MS = 200;
const RESPAWN_MAX_MS = 10_000;
/** How long a broadcast waits for the other workers' acks (a cache purge is microseconds; a stuck worker is not waited for). */
const BROADCAST_WAIT_MS = 1000;
/** The signals that stop the gateway; a worker is sent SIGTERM for each (see main.ts: workers ignore the terminal's own). */
export const STOP_SIGNALS: NodeJS.Signals[] = ['SIGTERM', 'SIGINT', 'SIGHUP', 'SIGQUIT'];

export interface PrimaryOptions {
  workers: number;
  /** One line for the operator (the gateway's JSON log format, written by the caller). */
  log: (level: 'info' | 'warn' | 'error', message: string) => void;
}

/**
 * The cluster primary (WORKERS > 1): serves no request itself. It forks the workers (each a whole gateway on the
 * shared port), replaces one that dies with a back-off, holds the state they share without Redis (PrimaryState), and
 * on SIGTERM/SIGINT asks each to drain as a single process does, exiting once all have.
 */
export function runPrimary({ workers, log }: PrimaryOptions): void {
  const state = new PrimaryState();
  let stopping: NodeJS.Signals | undefined;
  let signalsSeen = 0;
  let everListening = false;
  let quickDeaths = 0;
  let failed = false;
  const startedAt = new Map<number, number>();
  /** Events waiting for acks: id → the workers still to answer, what they answered, and what to do when none is left. */
  const gathering = new Map<number, { waiting: Set<number>; results: unknown[]; done: () => void }>();
  let nextEvent = 0;

  /** Hands an event to `targets`; resolves with their handlers' results once each has acknowledged it (bounded). */
  const gather = (targets: Worker[], name: string, args: unknown[]): Promise<unknown[]> => {
    if (!targets.length) return Promise.resolve([]);
    const id = ++nextEvent;
    return new Promise((resolve) => {
      const results: unknown[] = [];
      const timer = setTimeout(() => done(), BROADCAST_WAIT_MS);
      const done = () => {
        clearTimeout(timer);
        gathering.delete(id);
        resolve(results);
      };
      gathering.set(id, { waiting: new Set(targets.map((w) => w.id)), results, done });
      const event: EventMessage = { tag: TAG, kind: 'event', id, name, args };
      for (const worker of targets) worker.send(event, undefined, () => undefined);
    });
  };
  const acknowledged = (worker: number, id: number, result?: unknown): void => {
    const pending = gathering.get(id);
    if (!pending?.waiting.delete(worker)) return;
    if (result !== undefined) pending.results.push(result);
    if (!pending.waiting.size) pending.done();
  };
  const serving = (): Worker[] => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && w.isConnected());

  /** Every worker but the sender runs the event's handler (a write's cache invalidation). */
  const broadcast = async (from: Worker, [name, ...args]: unknown[]): Promise<null> => {
    await gather(serving().filter((w) => w !== from), String(name), args);
    return null;
  };

  /** Every worker's metrics, the asker's included, added up into one Prometheus text (docs/operations.md "Workers"). */
  const collectMetrics = async (): Promise<{ contentType: string; text: string }> => {
    const workers = serving();
    const snapshots = await gather(workers, METRICS_SNAPSHOT, []);
    const { aggregateMetrics } = await import('./cluster-metrics');
    return aggregateMetrics(snapshots, workers.length);
  };

  const fork = (): void => {
    const worker = cluster.fork({ [WORKER_ENV]: '1' });
    startedAt.set(worker.id, Date.now());
    worker.on('message', (message: unknown) => {
      if (isCall(message)) void answer(worker, message);
      else if (isAck(message)) acknowledged(worker.id, message.id, message.result);
    });
  };

  const answer = async (worker: Worker, call: CallMessage): Promise<void> => {
    const reply: ReplyMessage = { tag: TAG, kind: 'reply', id: call.id };
    try {
      reply.result =
        (call.op === 'broadcast'
          ? await broadcast(worker, call.args)
          : call.op === 'metrics.collect'
            ? await collectMetrics()
            : await state.run(worker.id, call.op, call.args)) ?? null;
    } catch (err) {
      reply.error = (err as Error).message;
    }
    // A worker that died while its call ran has nobody to answer.
    if (worker.isConnected()) worker.send(reply, undefined, () => undefined);
  };

  cluster.on('listening', (worker) => {
    if (!everListening) log('info', `Cluster: ${workers} workers, primary pid ${process.pid}`);
    everListening = true;
    log('info', `Cluster: worker ${worker.id} (pid ${worker.process.pid}) serving`);
  });

  cluster.on('exit', (worker, code, signal) => {
    state.forget(worker.id);
    // A dead worker acknowledges nothing: no broadcast waits for it.
    for (const id of [...gathering.keys()]) acknowledged(worker.id, id);
    const lived = Date.now() - (startedAt.get(worker.id) ?? 0);
    startedAt.delete(worker.id);
    const how = signal ? `killed by ${signal}` : `exited with ${code}`;
    if (stopping) {
      if (code !== 0) failed = true;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log('info', `Cluster: every worker has stopped; exiting`);
        process.exit(signalsSeen > 1 ? 128 + (constants.signals[stopping] ?? 0) : failed ? 1 : 0);
      }
      return;
    }
    if (!everListening) {
      // No worker ever started (bad cookie file, port in use…): each would fail the same way; its own lines said why.
      log('error', `Cluster: worker ${worker.id} ${how} before any worker was serving; stopping`);
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGKILL');
      process.exit(1);
    }
    quickDeaths = lived < STABLE_AFTER_MS ? quickDeaths + 1 : 0;
    const delay = quickDeaths === 0 ? 0 : Math.min(RESPAWN_FIRST_MS * 2 ** (quickDeaths - 1), RESPAWN_MAX_MS);
    log('warn', `Cluster: worker ${worker.id} (pid ${worker.process.pid}) ${how}; starting a new one${delay ? ` in ${delay} ms` : ''}`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay).unref();
  });

  const stop = (signal: NodeJS.Signals): void => {
    signalsSeen++;
    stopping ??= signal;
    if (signalsSeen === 1) log('info', `Cluster: ${signal}: each worker drains its requests, then exits`);
    // SIGTERM each time: a worker's first starts its drain, a second one (second signal here) ends it at once.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  for (const signal of STOP_SIGNALS) process.on(signal, stop);

  for (let i = 0; i < workers; i++) fork();
}
