import { join } from 'node:path';
import type { Fault, FaultMatch } from '../../fake-upstream/fake-upstream';
import type { RecordedCall, TakeResult } from './fake-entry';
import { cleanEnv, ServerChild, startServerChild } from './proc';

/** The fake upstream running in its own child process (fake-entry.ts), driven over IPC. */
export class FakeClient {
  private nextId = 1;
  private readonly pending = new Map<number, (result: unknown) => void>();

  private constructor(readonly server: ServerChild) {
    server.child.on('message', (msg: { id: number; result: unknown }) => {
      this.pending.get(msg.id)?.(msg.result);
      this.pending.delete(msg.id);
    });
  }

  /** `bench`: widen the catalogue and charts for the bench's distinct-key miss rows (fake-entry.ts seedBench). */
  static async start(latencyMs: number, { bench = false } = {}): Promise<FakeClient> {
    const args = bench ? [String(latencyMs), 'bench'] : [String(latencyMs)];
    const server = await startServerChild('fake upstream', join(__dirname, 'fake-entry.js'), args, cleanEnv());
    return new FakeClient(server);
  }

  /** UPSTREAM_*_ORIGIN for the gateway. */
  get env(): Record<string, string> {
    return this.server.info.env as Record<string, string>;
  }

  get origins(): Record<string, string> {
    return this.server.info.origins as Record<string, string>;
  }

  private call<T>(msg: Record<string, unknown>): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`fake upstream: no answer to ${String(msg.cmd)}`));
      }, 10_000);
      this.pending.set(id, (result) => {
        clearTimeout(timer);
        resolve(result as T);
      });
      this.server.child.send({ ...msg, id });
    });
  }

  /** Upstream calls received since the last take (the fake's log is emptied). */
  take(): Promise<TakeResult> {
    return this.call<TakeResult>({ cmd: 'take' });
  }

  /** The upstream requests received since the last take/record, as sent (the fake's log is emptied). */
  record(): Promise<RecordedCall[]> {
    return this.call<RecordedCall[]>({ cmd: 'record' });
  }

  /** Changes the base latency of every call (faults are cleared). */
  setLatency(ms: number): Promise<void> {
    return this.call<void>({ cmd: 'latency', ms });
  }

  fault(fault: Fault, match: FaultMatch = {}): Promise<void> {
    return this.call<void>({ cmd: 'fault', fault, match });
  }

  /** Removes every fault but the base latency. */
  clearFaults(): Promise<void> {
    return this.call<void>({ cmd: 'clearFaults' });
  }

  stop(): Promise<void> {
    return this.server.kill();
  }
}
