import { Injectable } from '@nestjs/common';

/**
 * The monotonic clock (milliseconds) of in-memory keep-times, handed to lru-cache as its `perf`. Injected rather than
 * read from `performance` directly so a test can move it and see a keep-time of minutes end without waiting for it.
 */
@Injectable()
export class Clock {
  now(): number {
    return performance.now();
  }
}
