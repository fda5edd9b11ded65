import { Logger } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import { RedisStalled, type RedisBreaker } from './redis-breaker';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Rate-limit counters kept in Redis, shared by every instance. While Redis fails (down, or skipped after a command
 * timed out: RedisBreaker) this instance counts on its own in memory: limits stay per instance for that while, instead
 * of every request failing with a 500 or none being limited.
 */
export class FailoverThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  /** An error other than a stall was logged; cleared by the next count Redis takes (one line per spell of errors). */
  private warned = false;

  /** `connected`: whether the Redis connection is up right now (while it is not, Redis is not even asked). */
  constructor(
    private readonly shared: ThrottlerStorage,
    private readonly connected: () => boolean,
    private readonly breaker: RedisBreaker,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (!this.connected() || this.breaker.skipping) return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    try {
      const record = await this.breaker.run(() => this.shared.increment(key, ttl, limit, blockDuration, throttlerName));
      if (this.warned) this.logger.log('Counting in Redis again');
      this.warned = false;
      return record;
    } catch (err) {
      // A stall is logged once by the breaker; another failure (e.g. a read-only replica) once here.
      if (!(err instanceof RedisStalled) && !this.warned) {
        this.warned = true;
        this.logger.warn(`Redis counters unavailable (${(err as Error).message}); counting per instance meanwhile`);
      }
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }
}
