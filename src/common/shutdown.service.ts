import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';

/**
 * Fires when the app starts shutting down (SIGTERM): long polls and other waiting upstream calls are aborted
 * with a clear 503 instead of holding the process open, while ordinary in-flight requests finish.
 */
@Injectable()
export class ShutdownSignal implements BeforeApplicationShutdown {
  private readonly controller = new AbortController();

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  beforeApplicationShutdown(signal?: string): void {
    new Logger('Gateway').log(`Shutting down${signal ? ` on ${signal}` : ''}: aborting long polls, draining requests`);
    this.controller.abort();
  }
}
