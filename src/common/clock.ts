import { Injectable } from '@nestjs/common';

/**
 * The clocks, injected (one instance for the app) so a test can move them and see a keep-time of minutes, or an
 * identity's day, end without waiting for it. `now`: the monotonic clock of in-memory keep-times (lru-cache's `perf`).
 */
@Injectable()
export class Clock {
  now(): number {
    return performance.now();
  }

  /** Wall-clock time (epoch milliseconds), for what must survive a restart: when a device identity was issued. */
  wallNow(): number {
    return Date.now();
  }
}
