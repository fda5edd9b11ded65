import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { BackgroundWork } from './background-work';

/**
 * Fires when the app starts shutting down (SIGTERM): long polls and other waiting upstream calls are aborted
 * with a clear 503 instead of holding the process open, while ordinary in-flight requests finish. Then, once the HTTP
 * server has drained, it waits (bounded) for the work that runs outside requests (BackgroundWork).
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

  constructor(private readonly work: BackgroundWork) {}

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  beforeApplicationShutdown(signal?: string): void {
    new Logger('Gateway').log(`Shutting down${signal ? ` on ${signal}` : ''}: aborting long polls, draining requests`);
    this.controller.abort();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.work.drain();
  }
}
