import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { Request } from 'express';
import { boundedLru } from './bounded-lru';

/**
 * Clients the rate limit has blocked, by the address Express gives them (`req.ip`), until their block ends. Cache
 * hits are answered before the limiter's guard (they cost no upstream call and do not count against RATE_LIMIT), so
 * the cache asks here to refuse a blocked client its hits too (docs/decisions/017-cache-key-and-limits.md).
 */
@Injectable()
export class RateLimitBlocks {
  // Bounded: a client rotating addresses cannot grow it; a block it drops only means hits are served to that address.
  private readonly until = boundedLru<string, number>(10_000);

  block(ip: string, seconds: number): void {
    if (seconds > 0) this.until.set(ip, Date.now() + seconds * 1000);
  }

  /** Whole seconds left of `ip`'s block (the 429's Retry-After), or 0 when it is not blocked. */
  secondsLeft(ip: string | undefined): number {
    if (!ip || this.until.size === 0) return 0;
    const until = this.until.get(ip);
    if (until === undefined) return 0;
    const left = Math.ceil((until - Date.now()) / 1000);
    if (left <= 0) this.until.delete(ip);
    return Math.max(0, left);
  }

  /** Whether any client is blocked now (the cache's fast lane looks no further when none is). */
  any(): boolean {
    return this.until.size > 0;
  }
}

/** @nestjs/throttler's guard, recording each client it blocks in RateLimitBlocks. */
@Injectable()
export class BlockRecordingThrottlerGuard extends ThrottlerGuard {
  private blocks?: RateLimitBlocks;

  /** Set once when the guard is made (its constructor is the library's). */
  recordBlocksIn(blocks: RateLimitBlocks): this {
    this.blocks = blocks;
    return this;
  }

  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    this.blocks?.block(context.switchToHttp().getRequest<Request>().ip ?? '', detail.timeToBlockExpire);
    return super.throwThrottlingException(context, detail);
  }
}
