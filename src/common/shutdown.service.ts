import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationShutdown, ShutdownSignal as NestSignal } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { constants } from 'node:os';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { BackgroundWork } from './background-work';

/**
 * Fires when the app starts shutting down (SIGTERM): long polls and other waiting upstream calls are aborted
 * with a clear 503 instead of holding the process open, while ordinary in-flight requests finish, for at most
 * SHUTDOWN_DRAIN_TIMEOUT_MS. Then, once the HTTP server has drained, it waits (bounded) for the work that runs outside
 * requests (BackgroundWork).
 *
 * Nest's order on close: every onModuleDestroy, every beforeApplicationShutdown, the HTTP server's close (the drain),
 * then onApplicationShutdown module by module, the root module (where this provider lives) first and the global
 * modules last. UpstreamModule (UpstreamTransport's undici pools), RedisModule and CredentialsModule are global, so
 * the wait below ends before any of them closes anything; and, coming after the drain, it also covers work a draining
 * request started.
 */
@Injectable()
export class ShutdownSignal implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly controller = new AbortController();
  private readonly logger = new Logger('Gateway');
  private drainTimer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;

  constructor(
    private readonly work: BackgroundWork,
    private readonly adapterHost: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /**
   * For an app that closes itself on signals (main.ts): the first signal starts the orderly shutdown (Nest ignores any
   * later one), a second one exits at once with 128 + its number (143 for SIGTERM, 130 for SIGINT), as if killed by it.
   */
  exitOnSecondSignal(only?: NodeJS.Signals[]): void {
    let received = 0;
    const onSignal = (signal: NodeJS.Signals) => {
      if (++received < 2) return;
      this.logger.warn(`${signal} during shutdown: exiting now; requests and work still running are cut`);
      process.exit(128 + (constants.signals[signal] ?? 0));
    };
    const signals = only ?? Object.values(NestSignal);
    for (const signal of signals) process.on(signal, onSignal);
    this.stopListening = () => signals.forEach((signal) => process.removeListener(signal, onSignal));
  }

  beforeApplicationShutdown(signal?: string): void {
    const bound = this.config.shutdownDrainTimeoutMs;
    this.logger.log(`Shutting down${signal ? ` on ${signal}` : ''}: aborting long polls, draining requests (up to ${bound} ms)`);
    this.controller.abort();
    // server.close() (next) closes idle keep-alive connections and stops accepting, then waits for every open
    // connection, with no timeout of its own: a half-sent request or a stalled upload would hold it forever.
    this.drainTimer = setTimeout(() => this.cutConnections(bound), bound);
    this.drainTimer.unref();
  }

  async onApplicationShutdown(signal?: string): Promise<void> {
    clearTimeout(this.drainTimer);
    await this.work.drain();
    // On a signal the process exits after the global modules close, so a second signal must work until then; an
    // app closed by its caller (tests, the demo) goes on living and must not leave a listener behind.
    if (!signal) this.stopListening?.();
  }

  private cutConnections(bound: number): void {
    const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
    if (!server) return;
    server.getConnections((_err, open) => {
      this.logger.warn(
        `Shutdown: stopped waiting for requests after ${bound} ms (SHUTDOWN_DRAIN_TIMEOUT_MS); closing ${open} connection(s) still open`,
      );
      server.closeAllConnections();
    });
  }
}
