import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../common/bounded-lru';
import { Clock } from '../common/clock';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { isRedisStall, RedisBreaker } from '../redis/redis-breaker';
import { REDIS } from '../redis/redis.module';

export const APP_QR_STATES = ['waiting', 'scanned', 'confirming', 'confirmed', 'canceled', 'expired', 'failed'] as const;
export type AppQrStateName = (typeof APP_QR_STATES)[number];

/** What the subscribing instance last saw of a QR; `failure` is the error a check answers for a failed login. */
export interface AppQrState {
  state: AppQrStateName;
  failure?: { status: number; errorCode: string; error: string; upstreamCode?: number };
}

const MAX_STATES = 10_000;

/**
 * The app QR login's states as the subscribing instance records them, read by every check (docs/login.md "QQ Music
 * app QR"): here, and with REDIS_URL under `<CREDENTIAL_REDIS_KEY>:login:<key>:state` so a check on another instance
 * sees them. Never a cookie or key: a finished login's session lives with the finished-login rules (FinishedLogins).
 * On a Redis failure the state stays this instance's own.
 */
@Injectable()
export class AppQrStates {
  private readonly logger = new Logger('Login');
  private readonly local: LRUCache<string, AppQrState>;

  constructor(
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly breaker: RedisBreaker,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    clock: Clock,
  ) {
    this.local = boundedLru(MAX_STATES, { ttl: 1, perf: clock, ttlResolution: 0 });
  }

  async set(key: string, state: AppQrState, ttlMs: number): Promise<void> {
    this.local.set(key, state, { ttl: ttlMs });
    if (!this.redis || this.breaker.skipping) return;
    try {
      await this.breaker.run(() => this.redis!.set(this.redisKey(key), JSON.stringify(state), 'PX', Math.max(1, Math.ceil(ttlMs))));
    } catch (err) {
      this.warn(err);
    }
  }

  /** This instance's record first (it is the subscriber's own), else the one in Redis. */
  async get(key: string): Promise<AppQrState | undefined> {
    const local = this.local.get(key);
    if (local || !this.redis || this.breaker.skipping) return local;
    try {
      const text = await this.breaker.run(() => this.redis!.get(this.redisKey(key)));
      return text ? parseState(text) : undefined;
    } catch (err) {
      this.warn(err);
      return undefined;
    }
  }

  private redisKey(key: string): string {
    return `${this.config.credentialRedisKey}:login:${key}:state`;
  }

  private warn(err: unknown): void {
    if (isRedisStall(err)) return;
    this.logger.warn(`App QR login states: Redis failed (${(err as Error).message}); this state is not shared with other instances`);
  }
}

function parseState(text: string): AppQrState | undefined {
  try {
    const parsed = JSON.parse(text) as AppQrState;
    return APP_QR_STATES.includes(parsed?.state) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
