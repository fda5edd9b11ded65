import { Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { RedisBreaker } from './redis-breaker';

/** The shared Redis connection, or null when REDIS_URL is unset (single instance, everything in memory). */
export const REDIS = Symbol('REDIS');

/** ioredis connection states in which a command could only wait for a reconnect: callers skip Redis instead. */
const CONNECTION_DOWN = new Set(['reconnecting', 'close', 'end']);
export const redisConnectionDown = (redis: Redis): boolean => CONNECTION_DOWN.has(redis.status);

/** KEYS[1] a lock, ARGV[1] our token: deletes the lock only while it is still ours (it may have expired and been retaken). */
export const RELEASE_OWN_LOCK = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** How long a lost connection waits before the next attempt: 100 ms, 300 ms, 500 ms, … at most 2 s (ioredis counts attempts from 1, node-redis from 0). */
export const redisReconnectDelayMs = (attempt: number): number => Math.min(100 + attempt * 200, 2000);

/**
 * Logs a Redis connection's outages once each (down, then back), not once per failed reconnect. Every client gets
 * an 'error' listener this way, so a lost connection never becomes an unhandled 'error' event.
 */
export function reportRedisOutages(client: { on(event: string, listener: (...args: any[]) => void): unknown }, name: string): void {
  const logger = new Logger('Redis');
  let down = false;
  client.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn(`${name}: Redis unreachable (${err.message}); answering without it until it is back`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.log(`${name}: Redis reachable again`);
  });
}

/**
 * Redis speeds things up and shares state between instances; no answer depends on it. So every command is bounded
 * (REDIS_TIMEOUT_MS), and while the connection is down a command fails after one reconnect attempt instead of
 * waiting in the offline queue; each caller then goes on without Redis. After a timeout every user skips Redis for a
 * while (RedisBreaker), so a stalled Redis costs one timeout, not one per command.
 */
@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: async (config: AppConfig): Promise<Redis | null> => {
        if (!config.redisUrl) return null;
        // Loaded only when used: a deployment without REDIS_URL does not hold the client in memory.
        const { default: RedisClient } = await import('ioredis');
        const redis = new RedisClient(config.redisUrl, {
          commandTimeout: config.redisTimeoutMs,
          connectTimeout: Math.max(config.redisTimeoutMs, 2000),
          maxRetriesPerRequest: 1,
          retryStrategy: redisReconnectDelayMs,
        });
        reportRedisOutages(redis, 'shared state');
        return redis;
      },
    },
    RedisBreaker,
  ],
  exports: [REDIS, RedisBreaker],
})
export class RedisModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    await this.redis?.quit().catch(() => this.redis?.disconnect());
  }
}
