import { Global, Inject, Injectable, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { Clock } from './clock';

/**
 * Work that runs outside any request (a confirmed QR login finishing after its client left, a credential refresh):
 * the HTTP drain at shutdown does not see it, so it is registered here and ShutdownSignal waits for it, at most
 * SHUTDOWN_WORK_TIMEOUT_MS, before the upstream pools and Redis close.
 */
@Injectable()
export class BackgroundWork {
  private readonly logger = new Logger('Gateway');
  /** Each running piece of work: its kind (for the log) and a promise that settles with it and never rejects. */
  private readonly running = new Set<{ kind: string; settled: Promise<void> }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Registers `work` (`kind` names it in logs, e.g. 'QR login'; never a secret) and returns it unchanged. */
  track<T>(kind: string, work: Promise<T>): Promise<T> {
    const entry = { kind, settled: work.then(noop, noop) };
    this.running.add(entry);
    void entry.settled.then(() => this.running.delete(entry));
    return work;
  }

  /** How many pieces of work are running, by kind. */
  pending(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { kind } of this.running) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    return counts;
  }

  /**
   * Waits until no tracked work is running (work started meanwhile included), at most SHUTDOWN_WORK_TIMEOUT_MS; what
   * is still running then is left to be cut by the closing connections, with one warn line saying what and how much.
   */
  async drain(): Promise<void> {
    if (!this.running.size) return;
    const bound = this.config.shutdownWorkTimeoutMs;
    this.logger.log(`Shutdown: waiting up to ${bound} ms for work outside requests (${describe(this.pending())})`);
    let timer: NodeJS.Timeout | undefined;
    const cut = new Promise<'cut'>((resolve) => (timer = setTimeout(() => resolve('cut'), bound)));
    try {
      while (this.running.size) {
        const all = Promise.all([...this.running].map((e) => e.settled)).then(() => 'done' as const);
        if ((await Promise.race([all, cut])) === 'cut') break;
      }
    } finally {
      clearTimeout(timer);
    }
    if (this.running.size) {
      this.logger.warn(
        `Shutdown: stopped waiting for work outside requests after ${bound} ms (SHUTDOWN_WORK_TIMEOUT_MS); cut: ${describe(this.pending())}`,
      );
    }
  }
}

/**
 * Global: the login chains, the credential refresh and the identity renewal register their work, and read the one
 * Clock, without importing a module.
 */
@Global()
@Module({ providers: [BackgroundWork, Clock], exports: [BackgroundWork, Clock] })
export class BackgroundWorkModule {}

function noop(): void {}

/** `QR login: 2, credential refresh: 1`. */
function describe(counts: Map<string, number>): string {
  return [...counts].map(([kind, n]) => `${kind}: ${n}`).join(', ');
}
