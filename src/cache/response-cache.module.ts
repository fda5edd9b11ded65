import KeyvRedis from '@keyv/redis';
import { CacheModule } from '@nestjs/cache-manager';
import { Module } from '@nestjs/common';
import { Keyv } from 'keyv';
import { CacheableMemory } from 'cacheable';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { ResponseCacheMiddleware } from './response-cache.middleware';

/** Entries kept in this process's memory tier. */
const MEMORY_ENTRIES = 5000;

/**
 * cache-manager with a bounded in-memory LRU tier (no JSON round trip) and, when REDIS_URL is set,
 * a shared Redis tier behind it so several instances serve each other's entries.
 */
@Module({
  imports: [
    CacheModule.registerAsync({
      isGlobal: true,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        const memory = new Keyv({
          store: new CacheableMemory({ lruSize: MEMORY_ENTRIES }),
          serialize: undefined,
          deserialize: undefined,
          namespace: 'qqgw',
        });
        const stores = [memory];
        if (config.redisUrl) stores.push(new Keyv({ store: new KeyvRedis(config.redisUrl), namespace: 'qqgw' }));
        return { stores };
      },
    }),
  ],
  providers: [ResponseCacheMiddleware],
  exports: [ResponseCacheMiddleware],
})
export class ResponseCacheModule {}
