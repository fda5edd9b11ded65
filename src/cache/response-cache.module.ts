import type KeyvRedis from '@keyv/redis';
import { RateLimitBlocks } from '../common/rate-limit-blocks';
import { CacheModule } from '@nestjs/cache-manager';
import { Logger, Module } from '@nestjs/common';
import { Keyv } from 'keyv';
import { RouteTableModule } from '../common/route-table';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MetricsService } from '../metrics/metrics.service';
import { RedisBreaker, RedisStalled } from '../redis/redis-breaker';
import { redisReconnectDelayMs, reportRedisOutages } from '../redis/redis.module';
import { CacheInvalidation } from './cache-invalidation';
import { CacheTagIndex } from './cache-tag-index';
import { ResponseCacheMiddleware } from './response-cache.middleware';
import { CACHE_NAMESPACE, MEMORY_TIER, MemoryTier, ResponseCache, SHARED_TIER, type SharedTier } from './response-cache.service';

/**
 * The cache's tiers, one set per app instance. The memory tier is shared by cache-manager and the fast lane's
 * synchronous reads, and bounded by bytes (CACHE_MEMORY_MB), not by count: one 100-song chart weighs as much as a
 * hundred small answers, and a count bound would let a few thousand large answers take hundreds of MB.
 */
@Module({
  providers: [
    {
      provide: MEMORY_TIER,
      inject: [APP_CONFIG, MetricsService],
      useFactory: (config: AppConfig, metrics: MetricsService) => {
        const tier = new MemoryTier(config.cacheMemoryMb * 2 ** 20);
        metrics.observeCacheMemory(() => ({ bytes: tier.calculatedSize, entries: tier.size }));
        return tier;
      },
    },
    {
      provide: SHARED_TIER,
      inject: [APP_CONFIG, RedisBreaker],
      useFactory: async (config: AppConfig, breaker: RedisBreaker) => (config.redisUrl ? sharedTier(config.redisUrl, config.redisTimeoutMs, breaker) : null),
    },
  ],
  exports: [MEMORY_TIER, SHARED_TIER],
})
class CacheTiersModule {}

/**
 * Commands of the shared tier that may wait for a reply at once. A healthy Redis answers in well under a millisecond,
 * so a handful are outstanding even under load; this many means the connection has stalled.
 */
const MAX_UNANSWERED = 64;

/**
 * The shared Redis tier (REDIS_URL). While Redis is unreachable its commands fail at once (no offline queue) and
 * ResponseCache does not even ask it; a read that gets no answer within REDIS_TIMEOUT_MS counts as a miss, and opens
 * the shared breaker (RedisBreaker: the tier is skipped for REDIS_RETRY_AFTER_MS). node-redis drops a command's
 * timeout once it is written, so on a connection that stalls (a long script, a fork stall, a silent partition: TCP may
 * take many minutes to give up) written commands wait for their reply, each write holding a whole answer: at
 * MAX_UNANSWERED the tier counts as down (reads skip it, writes are dropped) until replies come again.
 */
async function sharedTier(url: string, timeoutMs: number, breaker: RedisBreaker): Promise<SharedTier> {
  // Loaded only when REDIS_URL is set: the node-redis client it brings weighs several MB at rest.
  const { default: KeyvRedisStore } = await import('@keyv/redis');
  const store = new KeyvRedisStore<unknown>(
    { url, disableOfflineQueue: true, socket: { connectTimeout: Math.max(timeoutMs, 2000), reconnectStrategy: redisReconnectDelayMs } },
    { throwOnConnectError: false },
  );
  reportRedisOutages(store.client, 'cache');
  // Connected now, at start-up, not lazily inside the first request (whose log context its events would carry).
  void store.client.connect().catch(() => undefined);
  const unanswered = boundUnanswered(store, breaker);
  const drain = store.disconnect.bind(store);
  return Object.assign(store, {
    isReady: () => (store.client as { isReady?: boolean }).isReady === true && unanswered() < MAX_UNANSWERED,
    // At shutdown the connection is dropped, not drained: a stalled Redis never answers what is pending.
    disconnect: () => drain(true),
  });
}

/**
 * Wraps the store's get and set so at most MAX_UNANSWERED wait for a reply, and each goes through the breaker: skipped
 * while it is open, a miss (or a dropped write) past REDIS_TIMEOUT_MS. Returns the count waiting for a reply now.
 */
function boundUnanswered(store: KeyvRedis<unknown>, breaker: RedisBreaker): () => number {
  const logger = new Logger('Redis');
  let waiting = 0;
  const bounded = <A extends unknown[], R>(command: (...args: A) => Promise<R>, skipped: R) => {
    const sent = async (...args: A): Promise<R> => {
      if (++waiting === MAX_UNANSWERED) logger.warn(`cache: ${MAX_UNANSWERED} commands unanswered; the shared tier is skipped until Redis answers again`);
      try {
        return await command(...args);
      } finally {
        if (waiting-- === MAX_UNANSWERED) logger.log('cache: Redis answers again; the shared tier is back');
      }
    };
    return async (...args: A): Promise<R> => {
      if (waiting >= MAX_UNANSWERED || breaker.skipping) return skipped;
      try {
        // The caller stops waiting at the breaker's bound; the command itself stays counted until its reply comes.
        return await breaker.run(() => sent(...args));
      } catch (err) {
        if (err instanceof RedisStalled) return skipped;
        throw err;
      }
    };
  };
  store.get = bounded(store.get.bind(store), undefined) as typeof store.get;
  store.set = bounded(store.set.bind(store), undefined);
  return () => waiting;
}

/**
 * cache-manager with a byte-bounded in-memory LRU tier (objects kept as is: no JSON round trip) and, when REDIS_URL
 * is set, a shared Redis tier behind it so several instances serve each other's entries.
 */
@Module({
  imports: [
    CacheModule.registerAsync({
      isGlobal: true,
      imports: [CacheTiersModule],
      inject: [MEMORY_TIER, SHARED_TIER],
      useFactory: (memory: MemoryTier, shared: SharedTier | null) => {
        const stores = [new Keyv({ store: memory, serialize: undefined, deserialize: undefined, namespace: CACHE_NAMESPACE })];
        if (shared) stores.push(new Keyv({ store: shared, namespace: CACHE_NAMESPACE }));
        return { stores };
      },
    }),
    CacheTiersModule,
    RouteTableModule,
  ],
  providers: [ResponseCache, ResponseCacheMiddleware, RateLimitBlocks, CacheTagIndex, CacheInvalidation],
  exports: [ResponseCache, ResponseCacheMiddleware, RateLimitBlocks, CacheInvalidation],
})
export class ResponseCacheModule {}
