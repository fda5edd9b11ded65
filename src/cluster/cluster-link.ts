import { type AckMessage, isEvent, isReply, type OpName, TAG, WORKER_ENV } from './cluster-protocol';

/** The primary answers from memory; a call unanswered this long means it is gone or stuck, and the caller goes on alone. */
const CALL_TIMEOUT_MS = 5000;
/** How long a file writer waits for another worker's write (each is a few milliseconds). */
const EXCLUSIVE_WAIT_MS = 10_000;

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

/**
 * A worker's line to the primary's shared state (docs/decisions/034-workers.md): one request, one answer, over the
 * IPC channel node:cluster opened. Calls fail (never hang) when the channel is closed or the primary does not answer.
 */
export class ClusterLink {
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  private readonly handlers = new Map<string, (...args: any[]) => unknown>();

  constructor(private readonly channel: Pick<NodeJS.Process, 'send' | 'on' | 'connected'>) {
    channel.on('message', (message: unknown) => {
      if (isEvent(message)) return void this.handle(message.id, message.name, message.args);
      if (!isReply(message)) return;
      const call = this.pending.get(message.id);
      if (!call) return;
      this.pending.delete(message.id);
      clearTimeout(call.timer);
      if (message.error !== undefined) call.reject(new Error(`the cluster primary refused it: ${message.error}`));
      else call.resolve(message.result);
    });
  }

  get connected(): boolean {
    return !!this.channel.connected;
  }

  call<T>(op: OpName, ...args: unknown[]): Promise<T> {
    if (!this.connected) return Promise.reject(new Error('the cluster primary is gone'));
    const id = ++this.nextId;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`the cluster primary did not answer within ${CALL_TIMEOUT_MS} ms`));
      }, CALL_TIMEOUT_MS);
      // Not holding the process open at shutdown: a call still waiting then fails when the process exits anyway.
      timer.unref();
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject, timer });
      this.channel.send!({ tag: TAG, kind: 'call', id, op, args }, undefined, {}, (err: Error | null) => {
        if (!err) return;
        this.pending.delete(id);
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  /** Runs `handler` for each event another worker broadcasts under `name`; the primary hears once it has finished. */
  on(name: string, handler: (...args: any[]) => unknown): void {
    this.handlers.set(name, handler);
  }

  /** Has every other worker run its handler for `name` (the call resolves once they all have, or after a bound). */
  async broadcast(name: string, ...args: unknown[]): Promise<void> {
    await this.call('broadcast', name, ...args);
  }

  private async handle(id: number, name: string, args: unknown[]): Promise<void> {
    const ack: AckMessage = { tag: TAG, kind: 'ack', id };
    try {
      ack.result = await this.handlers.get(name)?.(...args);
    } finally {
      // Acknowledged even when the handler failed: the sender must not wait out the bound for it.
      if (this.connected) this.channel.send!(ack, undefined, {}, () => undefined);
    }
  }

  /**
   * Runs `work` holding the cluster-wide lock `name` (waiting for it up to `ttlMs`): writers of one file in several
   * workers, which one process's synchronous write alone serialised before.
   */
  async exclusive<T>(name: string, ttlMs: number, work: () => T | Promise<T>): Promise<T> {
    const deadline = Date.now() + ttlMs;
    let token: string | null;
    while (!(token = await this.call<string | null>('lock.acquire', name, ttlMs))) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`the lock ${name} stayed taken for ${ttlMs} ms`);
      await this.call('lock.wait', name, left);
    }
    try {
      return await work();
    } finally {
      await this.call('lock.release', name, token).catch(() => undefined);
    }
  }
}

let link: ClusterLink | null | undefined;

/** This process's link to the primary when it is a cluster worker (WORKERS > 1), Redis or not; else null. */
export function workerLink(): ClusterLink | null {
  if (process.env[WORKER_ENV] !== '1' || !process.send) return null;
  link ??= new ClusterLink(process);
  return link;
}

/**
 * This process's link when it is a cluster worker that shares state through the primary; null in a single process
 * (WORKERS=1, the tests' in-process apps) and with REDIS_URL, where Redis is what every process shares.
 */
export function clusterLink(redisUrl: string | undefined): ClusterLink | null {
  return redisUrl ? null : workerLink();
}

/** Runs `work` under the cluster-wide lock `name` when workers share state through the primary; otherwise just runs it. */
export function exclusiveInCluster<T>(redisUrl: string | undefined, name: string, work: () => T | Promise<T>): T | Promise<T> {
  const shared = clusterLink(redisUrl);
  return shared ? shared.exclusive(name, EXCLUSIVE_WAIT_MS, work) : work();
}
