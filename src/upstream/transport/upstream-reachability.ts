import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { UpstreamFailureKind } from '../../common/upstream-failures';

/** How far back the recent calls count: long enough to span a quiet minute, short enough to see a recovery soon. */
export const REACHABILITY_WINDOW_MS = 60_000;
const BUCKET_MS = 10_000;
const BUCKETS = REACHABILITY_WINDOW_MS / BUCKET_MS;

/** Failures that say the upstream could not be reached; the others (a business code, a body) came from a host that answered. */
const UNREACHED: ReadonlySet<UpstreamFailureKind> = new Set(['timeout', 'network', 'bad_status', 'circuit_open']);

export interface RecentCalls {
  windowSeconds: number;
  /** Calls that got an HTTP answer below 500 within the window. */
  answered: number;
  /** Calls that timed out, could not connect, got a 5xx after their retries, or met an open circuit. */
  failed: number;
  lastAnsweredAt: string | null;
  lastFailedAt: string | null;
  /** The kind of the last failure (`timeout`, `network`, `bad_status`, `circuit_open`); null before one. */
  lastFailure: string | null;
}

/**
 * What the calls made lately say about reaching QQ Music, for the readiness probe: counts over the last minute in
 * ten-second buckets (two increments per call, no allocation), and the times of the last answer and failure.
 */
@Injectable()
export class UpstreamReachability {
  private readonly answered = new Array<number>(BUCKETS).fill(0);
  private readonly failed = new Array<number>(BUCKETS).fill(0);
  /** The bucket number (time / BUCKET_MS) each slot holds; a slot of an older number counts as empty. */
  private readonly slotOf = new Array<number>(BUCKETS).fill(-1);
  private lastAnsweredAt: number | null = null;
  private lastFailedAt: number | null = null;
  private lastFailure: string | null = null;

  constructor(private readonly clock: Clock) {}

  /** An HTTP answer came (a 5xx that outlived its retries is a failure, recorded by `failedWith`). */
  answeredNow(): void {
    this.answered[this.slot()]++;
    this.lastAnsweredAt = this.clock.wallNow();
  }

  /** A call failed; only the kinds that mean "not reached" count (an answer the gateway could not use was reached). */
  failedWith(kind: UpstreamFailureKind): void {
    if (!UNREACHED.has(kind)) {
      this.answeredNow();
      return;
    }
    this.failed[this.slot()]++;
    this.lastFailedAt = this.clock.wallNow();
    this.lastFailure = kind;
  }

  recent(): RecentCalls {
    const current = Math.floor(this.clock.now() / BUCKET_MS);
    let answered = 0;
    let failed = 0;
    for (let i = 0; i < BUCKETS; i++) {
      if (this.slotOf[i] <= current - BUCKETS) continue;
      answered += this.answered[i];
      failed += this.failed[i];
    }
    const iso = (at: number | null): string | null => (at === null ? null : new Date(at).toISOString());
    return {
      windowSeconds: REACHABILITY_WINDOW_MS / 1000,
      answered,
      failed,
      lastAnsweredAt: iso(this.lastAnsweredAt),
      lastFailedAt: iso(this.lastFailedAt),
      lastFailure: this.lastFailure,
    };
  }

  /** The slot of the current bucket, emptied when it last held an older one. */
  private slot(): number {
    const bucket = Math.floor(this.clock.now() / BUCKET_MS);
    const slot = bucket % BUCKETS;
    if (this.slotOf[slot] !== bucket) {
      this.slotOf[slot] = bucket;
      this.answered[slot] = 0;
      this.failed[slot] = 0;
    }
    return slot;
  }
}
