import { Inject, Injectable } from '@nestjs/common';
import { HealthIndicatorResult, HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import { RedisBreaker } from '../redis/redis-breaker';
import { REDIS } from '../redis/redis.module';
import { UpstreamCanary } from '../upstream/canary/upstream-canary.service';
import { type RecentCalls, UpstreamReachability } from '../upstream/transport/upstream-reachability';
import { judgeUpstream, type UpstreamVerdict } from './upstream-state';

/** The upstream as readiness reports it: never a check of its own, so it never fails readiness (decision 030). */
export interface UpstreamReadiness extends UpstreamVerdict {
  affectsReadiness: false;
  recentCalls: RecentCalls;
  canary: { intervalSeconds: number; checkedAreas: number; lastCheckedAt: string | null };
}

/** The checks behind /health: none of them calls the QQ Music upstream. */
@Injectable()
export class HealthService {
  constructor(
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly breaker: RedisBreaker,
    private readonly canary: UpstreamCanary,
    private readonly reachability: UpstreamReachability,
  ) {}

  /** Whether readiness checks Redis: only when REDIS_URL is set (without it there is nothing to check). */
  get usesRedis(): boolean {
    return this.redis !== null;
  }

  process(): HealthIndicatorResult {
    return this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) });
  }

  /** The settings were read and validated at start (a process with bad settings never listens). */
  configuration(): HealthIndicatorResult {
    return this.indicators.check('config').up();
  }

  /** What the recent calls and the canary say of the upstream, from memory: no call is made for it. */
  upstream(): UpstreamReadiness {
    const recentCalls = this.reachability.recent();
    const { intervalSeconds, areas } = this.canary.report();
    const checked = areas.filter((area) => area.checkedAt !== null);
    const lastCheckedAt = checked.reduce<string | null>((last, area) => (last === null || area.checkedAt! > last ? area.checkedAt : last), null);
    return {
      ...judgeUpstream(recentCalls, areas),
      affectsReadiness: false,
      recentCalls,
      canary: { intervalSeconds, checkedAreas: checked.length, lastCheckedAt },
    };
  }

  /**
   * A PING answered PONG within 1 s (asked only when REDIS_URL is set). Down without a PING while Redis is skipped after
   * a stall (RedisBreaker); once the cool-down is over this PING may be the command that tries Redis again.
   */
  async redisPing(): Promise<HealthIndicatorResult> {
    const session = this.indicators.check('redis');
    const redis = this.redis;
    if (!redis) return session.up();
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
