import { Logger } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Rate-limit counters kept in Redis, shared by every instance. While Redis fails (down, or slower than
 * REDIS_TIMEOUT_MS) this instance counts on its own in memory: limits stay per instance for that while, instead of
 * every request failing with a 500 or none being limited. A Redis that stalls keeps its connection "ready", so once a
 * count has failed the requests no longer wait on it: one at a time, in the background, finds out whether it answers.
 */
export class FailoverThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  private failing = false;
  /** A count is on its way to Redis, while failing, to learn whether it answers again (one at a time). */
  private probing = false;

  /** `connected`: whether the Redis connection is up right now (while it is not, Redis is not even asked). */
  constructor(
    private readonly shared: ThrottlerStorage,
    private readonly connected: () => boolean,
  ) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    if (!this.connected()) return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    if (this.failing) {
      if (!this.probing) {
        this.probing = true;
        void this.shared
          .increment(key, ttl, limit, blockDuration, throttlerName)
          .then(() => this.recovered(), () => undefined)
          .finally(() => (this.probing = false));
      }
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
    try {
      return await this.shared.increment(key, ttl, limit, blockDuration, throttlerName);
    } catch (err) {
      if (!this.failing) this.logger.warn(`Redis counters unavailable (${(err as Error).message}); counting per instance meanwhile`);
      this.failing = true;
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }

  private recovered(): void {
    if (this.failing) this.logger.log('Counting in Redis again');
    this.failing = false;
  }
}
