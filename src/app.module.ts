import { DynamicModule, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, Reflector } from '@nestjs/core';
import { getOptionsToken, getStorageToken, ThrottlerModule, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import type Redis from 'ioredis';
import { ResponseCacheMiddleware } from './cache/response-cache.middleware';
import { ResponseCacheModule } from './cache/response-cache.module';
import type { AppConfig } from './config/app-config';
import { APP_CONFIG } from './config/config.constants';
import { HealthModule } from './health/health.module';
import { LegacyModule } from './legacy/legacy.module';
import { LoggingModule } from './logging/logging.module';
import { HttpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { MetricsModule } from './metrics/metrics.module';
import { MetricsService } from './metrics/metrics.service';
import { FailoverThrottlerStorage } from './redis/failover-throttler.storage';
import { clusterLink } from './cluster/cluster-link';
import { ClusterThrottlerStorage } from './cluster/cluster-throttler.storage';
import { shareWorkerMetrics } from './cluster/worker-metrics';
import { RedisBreaker } from './redis/redis-breaker';
import { REDIS, RedisModule } from './redis/redis.module';
import { ChartsModule } from './charts/charts.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { BackgroundWorkModule } from './common/background-work';
import { ExtensionPointsModule } from './common/extension-points.module';
import { BlockRecordingThrottlerGuard, RateLimitBlocks } from './common/rate-limit-blocks';
import { RequestContextMiddleware } from './common/request-context.middleware';
import { RouteTableModule } from './common/route-table';
import { ShutdownSignal } from './common/shutdown.service';
import { AppConfigModule } from './config/config.module';
import { MusicModule } from './music/music.module';
import { UpstreamModule } from './upstream/upstream.module';
import { PlaylistsModule } from './playlists/playlists.module';
import { SingersModule } from './singers/singers.module';
import { MvModule } from './mv/mv.module';
import { DiscoverModule } from './discover/discover.module';
import { CommentsModule } from './comments/comments.module';
import { SearchModule } from './search/search.module';
import { LoginModule } from './login/login.module';
import { CredentialsModule } from './credentials/credentials.module';
import { UserModule } from './user/user.module';
import { LibraryModule } from './library/library.module';
import { RecommendModule } from './recommend/recommend.module';

/** Feature modules, in the order docs/endpoints.md lists them. A new feature adds one line here. */
export const FEATURE_MODULES = [
  ChartsModule,
  PlaylistsModule,
  SingersModule,
  MusicModule,
  MvModule,
  DiscoverModule,
  CommentsModule,
  SearchModule,
  LoginModule,
  CredentialsModule,
  UserModule,
  LibraryModule,
  RecommendModule,
  LegacyModule,
];

/** Loaded only when REDIS_URL is set, like the Redis clients themselves. */
async function redisThrottlerStorage(redis: Redis) {
  const { ThrottlerStorageRedisService } = await import('@nest-lab/throttler-storage-redis');
  return new ThrottlerStorageRedisService(redis);
}

/** A cluster worker without Redis counts in its primary (docs/decisions/034-workers.md); a single process in memory. */
function workerCounters(config: AppConfig): ThrottlerStorage | undefined {
  const link = clusterLink(config.redisUrl);
  return link ? new ClusterThrottlerStorage(link) : undefined;
}

@Module({})
export class AppModule implements NestModule {
  /** `env` is the environment to validate: process.env in production, an explicit map in tests. */
  static forRoot(env: Record<string, string | undefined>, logDestination?: NodeJS.WritableStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(env, logDestination),
        LoggingModule,
        ExtensionPointsModule,
        RouteTableModule,
        MetricsModule,
        BackgroundWorkModule,
        RedisModule,
        ThrottlerModule.forRootAsync({
          inject: [APP_CONFIG, REDIS, RedisBreaker],
          useFactory: async (config: AppConfig, redis: Redis | null, breaker: RedisBreaker) => ({
            throttlers: [{ ttl: config.rateLimitWindowMs, limit: Math.max(config.rateLimit, 1) }],
            // One budget per client IP across every route (docs/operations.md "Health, metrics, logs and limits"); the library's default key is per
            // route and IP, which would grant RATE_LIMIT requests on each of the gateway's routes.
            generateKey: (_context, tracker, throttlerName) => `${throttlerName}:${tracker}`,
            // Shared counters across instances when Redis is configured, across workers through their primary without it.
            storage: redis ? new FailoverThrottlerStorage(await redisThrottlerStorage(redis), () => redis.status === 'ready', breaker) : workerCounters(config),
          }),
        }),
        ResponseCacheModule,
        UpstreamModule,
        HealthModule,
        ...FEATURE_MODULES,
      ],
      providers: [
        ShutdownSignal,
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        {
          // RATE_LIMIT=0 leaves no guard at all: Nest then skips the guard stage of every request.
          provide: APP_GUARD,
          inject: [APP_CONFIG, getOptionsToken(), getStorageToken(), Reflector, RateLimitBlocks],
          useFactory: (config: AppConfig, options: ThrottlerModuleOptions, storage: ThrottlerStorage, reflector: Reflector, blocks: RateLimitBlocks) =>
            config.rateLimit > 0 ? new BlockRecordingThrottlerGuard(options, storage, reflector).recordBlocksIn(blocks) : null,
        },
      ],
    };
  }

  constructor(metrics: MetricsService) {
    shareWorkerMetrics(metrics);
  }

  configure(consumer: MiddlewareConsumer): void {
    // Order matters: metrics time everything, the context carries the caller's cookie, the cache reads both. '/' mounts
    // them with Express use(), which runs them for every path without matching a pattern ('*path' split each URL).
    consumer.apply(HttpMetricsMiddleware, RequestContextMiddleware, ResponseCacheMiddleware).forRoutes('/');
  }
}
