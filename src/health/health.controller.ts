import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckService, HealthIndicatorService } from '@nestjs/terminus';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { REDIS } from '../redis/redis.module';

/** Liveness never touches upstream; readiness checks what this instance itself needs (config, Redis if used). */
@ApiTags('operations')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly indicators: HealthIndicatorService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis | null,
  ) {}

  @Get('live')
  @HealthCheck()
  live() {
    return this.health.check([() => this.indicators.check('process').up({ uptimeSeconds: Math.round(process.uptime()) })]);
  }

  @Get('ready')
  @HealthCheck()
  ready() {
    return this.health.check([
      () => this.indicators.check('config').up({ upstream: this.config.origins.u }),
      () => this.redisHealth(),
    ]);
  }

  private async redisHealth() {
    const session = this.indicators.check('redis');
    if (!this.redis) return session.up({ mode: 'not configured (in-memory)' });
    try {
      const pong = await Promise.race([
        this.redis.ping(),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('ping timed out')), 1000).unref()),
      ]);
      return pong === 'PONG' ? session.up() : session.down({ message: `unexpected answer ${pong}` });
    } catch (err) {
      return session.down({ message: (err as Error).message });
    }
  }
}
