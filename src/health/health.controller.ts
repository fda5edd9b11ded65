import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, HttpStatus } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiErrorResponses, ApiPlainOk } from '../common/api-docs';
import { GatewayError } from '../common/http-error';
import { HealthCheck, HealthCheckService, type HealthIndicatorFunction } from '@nestjs/terminus';
import { LiveAnswer, READY_EXAMPLE, ReadyAnswer } from './health.answers';
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
    description:
      'Checks what this instance itself needs, listed in `checked`: its configuration (validated at start) and, only when REDIS_URL is set, a Redis PING (1 s bound). ' +
      'Reports the QQ Music upstream in `upstream` as the calls of the last minute and the canary have seen it (`ok`, `degraded`, `unreachable`, `unknown` without evidence), ' +
      'never calling it; upstream trouble does not fail readiness (`affectsReadiness: false`: taking every instance out because QQ Music is down helps nobody). No parameters.',
  })
  @ApiPlainOk('Every check is up.', READY_EXAMPLE, ReadyAnswer)
  @ApiErrorResponses(
    { status: 503, description: 'A check is down, named in `error` (e.g. `Not ready: redis is down` when Redis does not answer PING).', errorCodes: ['NOT_READY'] },
  )
  @HealthCheck()
  async ready(): Promise<ReadyAnswer> {
    const checks: HealthIndicatorFunction[] = [() => this.checks.configuration()];
    if (this.checks.usesRedis) checks.push(() => this.checks.redisPing());
    try {
      const result = await this.health.check(checks);
      return { ...(result as Omit<ReadyAnswer, 'checked' | 'upstream'>), checked: Object.keys(result.details) as ReadyAnswer['checked'], upstream: this.checks.upstream() };
    } catch (err) {
      // Terminus's 503 carries each failed check; the answer names them (not their messages, which hold addresses).
      const failed = Object.keys((err as { response?: { error?: object } }).response?.error ?? {});
      throw new GatewayError(HttpStatus.SERVICE_UNAVAILABLE, 'NOT_READY', `Not ready: ${failed.length ? failed.map((name) => `${name} is down`).join(', ') : 'a check failed'}`);
    }
  }
}
