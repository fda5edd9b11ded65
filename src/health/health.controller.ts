import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiPlainOk } from '../common/api-docs';
import { GatewayError } from '../common/http-error';
import { HealthCheck, HealthCheckService } from '@nestjs/terminus';
import { LiveAnswer, ReadyAnswer } from './health.answers';
import { HealthService } from './health.service';

/** Liveness never touches upstream; readiness checks what this instance itself needs (config, Redis if used). */
@ApiTags('operations')
@Controller('health')
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly checks: HealthService,
  ) {}

  @Get('live')
  @ApiOperation({ summary: 'Liveness probe', description: 'Never touches upstream or Redis: 200 while the process runs. No parameters.' })
  @ApiPlainOk('Terminus health result.', { status: 'ok', info: { process: { status: 'up', uptimeSeconds: 3600 } }, error: {}, details: { process: { status: 'up', uptimeSeconds: 3600 } } }, LiveAnswer)
  @ApiErrorResponses({ status: 503, description: 'The process check failed (not expected while the process answers).', errorCodes: ['SERVICE_UNAVAILABLE'] })
  // Below the doc decorators: terminus documents its own 503 body, which the exception filter turns into { error, errorCode }.
  @HealthCheck()
  live() {
    return this.health.check([() => this.checks.process()]);
  }

  @Get('ready')
  @ApiOperation({
    summary: 'Readiness probe',
    description: 'Checks what this instance itself needs: the configuration and, when REDIS_URL is set, a Redis PING (1 s bound). Never calls the QQ Music upstream. No parameters.',
  })
  @ApiPlainOk('Every check is up.', {
    status: 'ok',
    info: { config: { status: 'up', upstream: 'https://u.y.qq.com' }, redis: { status: 'up', mode: 'not configured (in-memory)' } },
    error: {},
    details: { config: { status: 'up', upstream: 'https://u.y.qq.com' }, redis: { status: 'up', mode: 'not configured (in-memory)' } },
  }, ReadyAnswer)
  @ApiErrorResponses(
    { status: 503, description: 'A check is down, named in `error` (e.g. `Not ready: redis is down` when Redis does not answer PING).', errorCodes: ['NOT_READY'] },
  )
  @HealthCheck()
  async ready() {
    try {
      return await this.health.check([
        () => this.checks.configuration(),
        () => this.checks.redisPing(),
      ]);
    } catch (err) {
      // Terminus's 503 carries each failed check; the answer names them (not their messages, which hold addresses).
      const failed = Object.keys((err as { response?: { error?: object } }).response?.error ?? {});
      throw new GatewayError(HttpStatus.SERVICE_UNAVAILABLE, 'NOT_READY', `Not ready: ${failed.length ? failed.map((name) => `${name} is down`).join(', ') : 'a check failed'}`);
    }
  }
}
