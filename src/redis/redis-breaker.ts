import { Inject, Injectable, Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MetricsService } from '../metrics/metrics.service';

/** A Redis command not sent (Redis is being skipped) or not answered within REDIS_TIMEOUT_MS. */
export class RedisStalled extends Error {}

/** ioredis rejects a command past its commandTimeout with this message. */
const IOREDIS_TIMEOUT = 'Command timed out';

/** Whether `err` says Redis stalled (a breaker timeout or ioredis's own): the breaker logs a stall once, callers not. */
export const isRedisStall = (err: unknown): boolean => err instanceof RedisStalled || (err as Error)?.message === IOREDIS_TIMEOUT;

/**
 * One breaker for every Redis user (cache tier, rate-limit counters, stored credential, finished QR logins,
 * readiness). A Redis that stalls keeps its connection up, so each command would wait its full REDIS_TIMEOUT_MS: after
 * the first command times out, Redis is skipped for REDIS_RETRY_AFTER_MS; then one command at a time tries it
 * (half-open), and the first answer of any command closes the breaker. Down connections are not its business: those
 * commands fail at once (redisConnectionDown).
 */
@Injectable()
export class RedisBreaker {
  private readonly logger = new Logger('Redis');
  /** 0 = closed; else Redis is skipped until then (epoch ms), and tried by one command at a time after it. */
  private openUntil = 0;
  private probing = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly metrics: MetricsService,
  ) {
    metrics.redisBreakerState.set(0);
  }

  /** Whether a command would be skipped now: open and cooling down, or half-open with its one probe out. */
  get skipping(): boolean {
    return this.openUntil !== 0 && (this.probing || Date.now() < this.openUntil);
  }

  /** When the cool-down ends (ISO time), while open. */
  get skippedUntil(): string | undefined {
    return this.openUntil ? new Date(this.openUntil).toISOString() : undefined;
  }

  /**
   * Runs `command` bounded by REDIS_TIMEOUT_MS, or rejects with RedisStalled at once while Redis is skipped. A timeout
   * rejects with RedisStalled and opens the breaker; an answer closes it; other errors leave it as it is.
   */
  async run<T>(command: () => Promise<T>): Promise<T> {
    if (this.skipping) throw new RedisStalled(`Redis skipped until ${this.skippedUntil} (it stalled)`);
    const probe = this.openUntil !== 0;
    if (probe) {
      this.probing = true;
      this.metrics.redisBreakerState.set(0.5);
    }
    const timeoutMs = this.config.redisTimeoutMs;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RedisStalled(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const answer = await Promise.race([command(), deadline]);
      this.close();
      return answer;
    } catch (err) {
      if (!isRedisStall(err)) throw err;
      this.open();
      throw err instanceof RedisStalled ? err : new RedisStalled(`no answer within ${timeoutMs} ms`);
    } finally {
      clearTimeout(timer);
      if (probe) this.probing = false;
      // A probe that failed otherwise (e.g. the connection dropped) leaves the breaker open for the next command to try.
      if (this.openUntil !== 0 && !this.probing) this.metrics.redisBreakerState.set(1);
    }
  }

  private open(): void {
    const wasClosed = this.openUntil === 0;
    this.openUntil = Date.now() + this.config.redisRetryAfterMs;
    if (wasClosed) {
      this.logger.warn(
        `Redis did not answer within ${this.config.redisTimeoutMs} ms (REDIS_TIMEOUT_MS); going on without it until ${this.skippedUntil}, then trying it again (REDIS_RETRY_AFTER_MS)`,
      );
    }
  }

  private close(): void {
    if (this.openUntil === 0) return;
    this.openUntil = 0;
    this.metrics.redisBreakerState.set(0);
    this.logger.log('Redis answers again after a stall; using it again');
  }
}
