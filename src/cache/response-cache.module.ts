import KeyvRedis from '@keyv/redis';
import { CacheModule } from '@nestjs/cache-manager';
import { Module } from '@nestjs/common';
import { CacheableMemory } from 'cacheable';
import { Keyv } from 'keyv';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { ResponseCacheMiddleware } from './response-cache.middleware';
import { CACHE_NAMESPACE, MEMORY_TIER, ResponseCache } from './response-cache.service';

/** Entries kept in this process's memory tier. */
const MEMORY_ENTRIES = 5000;

/** The memory tier, one per app instance, shared by cache-manager and the fast lane's synchronous reads. */
@Module({
  providers: [{ provide: MEMORY_TIER, useFactory: () => new CacheableMemory({ lruSize: MEMORY_ENTRIES, useClone: false }) }],
  exports: [MEMORY_TIER],
})
class MemoryTierModule {}

/**
 * cache-manager with a bounded in-memory LRU tier (objects kept as is: no JSON round trip) and, when REDIS_URL is
 * set, a shared Redis tier behind it so several instances serve each other's entries.
 */
@Module({
  imports: [
    CacheModule.registerAsync({
      isGlobal: true,
      imports: [MemoryTierModule],
      inject: [APP_CONFIG, MEMORY_TIER],
      useFactory: (config: AppConfig, memory: CacheableMemory) => {
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
