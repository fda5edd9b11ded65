import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { RedisBreaker } from '../redis/redis-breaker';
import { REDIS } from '../redis/redis.module';

/** The checks behind /health: none of them calls the QQ Music upstream. */
@Injectable()
export class HealthService {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly breaker: RedisBreaker,
  ) {}

  process(): HealthIndicatorResult {
    return this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) });
  }

  configuration(): HealthIndicatorResult {
    return this.indicators.check('config').up({ upstream: this.config.origins.u });
  }

  /**
   * Up when Redis is not used; else a PING answered PONG within 1 s. Down without a PING while Redis is skipped after
   * a stall (RedisBreaker); once the cool-down is over this PING may be the command that tries Redis again.
   */
  async redisPing(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('redis');
    const redis = this.redis;
    if (!redis) return session.up({ mode: 'not configured (in-memory)' });
    if (this.breaker.skipping) return session.down({ message: `stalled; skipped until ${this.breaker.skippedUntil}` });
    try {
      const pong = await Promise.race([
        this.breaker.run(() => redis.ping()),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 1000).unref()),
      ]);
      return pong === 'PONG' ? session.up() : session.down({ message: `unexpected answer ${String(pong)}` });
    } catch (err) {
      return session.down({ message: (err as Error).message });
    }
  }
}
