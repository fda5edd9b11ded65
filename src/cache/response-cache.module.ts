import KeyvRedis from '@keyv/redis';
import { CacheModule } from '@nestjs/cache-manager';
import { Module } from '@nestjs/common';
import { Keyv } from 'keyv';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { MetricsService } from '../metrics/metrics.service';
import { ResponseCacheMiddleware } from './response-cache.middleware';
import { CACHE_NAMESPACE, MEMORY_TIER, MemoryTier, ResponseCache } from './response-cache.service';

/**
 * The memory tier, one per app instance, shared by cache-manager and the fast lane's synchronous reads. Bounded by
 * bytes (CACHE_MEMORY_MB), not by count: one 100-song chart weighs as much as a hundred small answers, and a count
 * bound would let a few thousand large answers take hundreds of MB.
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
  ],
  exports: [MEMORY_TIER],
})
class MemoryTierModule {}

/**
 * cache-manager with a byte-bounded in-memory LRU tier (objects kept as is: no JSON round trip) and, when REDIS_URL
 * is set, a shared Redis tier behind it so several instances serve each other's entries.
 */
@Module({
  imports: [
    CacheModule.registerAsync({
      isGlobal: true,
      imports: [MemoryTierModule],
      inject: [APP_CONFIG, MEMORY_TIER],
      useFactory: (config: AppConfig, memory: MemoryTier) => {
        const stores = [new Keyv({ store: memory, serialize: undefined, deserialize: undefined, namespace: CACHE_NAMESPACE })];
        if (config.redisUrl) stores.push(new Keyv({ store: new KeyvRedis(config.redisUrl), namespace: CACHE_NAMESPACE }));
        return { stores };
      },
    }),
    MemoryTierModule,
  ],
  providers: [ResponseCache, ResponseCacheMiddleware],
  exports: [ResponseCache, ResponseCacheMiddleware],
})
export class ResponseCacheModule {}
