import { Logger } from '@nestjs/common';
import { type ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { ClusterLink } from './cluster-link';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

/**
 * Rate-limit counters kept by the cluster primary (WORKERS > 1 without Redis), so RATE_LIMIT is one budget per
 * client for the whole gateway, whichever worker a request reaches. Only misses are counted (hits are answered before
 * the guard), so the IPC round trip is paid next to an upstream call. Should the primary not answer, this worker
 * counts on its own meanwhile, as an instance does while Redis is down.
 */
export class ClusterThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('RateLimit');
  private readonly local = new ThrottlerStorageService();
  private warned = false;

  constructor(private readonly link: ClusterLink) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<ThrottlerStorageRecord> {
    try {
      const record = await this.link.call<ThrottlerStorageRecord>('throttle.increment', key, ttl, limit, blockDuration, throttlerName);
      this.warned = false;
      return record;
    } catch (err) {
      if (!this.warned) this.logger.warn(`Shared rate-limit counters unavailable (${(err as Error).message}); this worker counts on its own meanwhile`);
      this.warned = true;
      return this.local.increment(key, ttl, limit, blockDuration, throttlerName);
    }
  }
}
