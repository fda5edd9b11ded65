import { SkipThrottle } from '@nestjs/throttler';
import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../common/admin-token.guard';
import { ADMIN_ERRORS, ApiAdminToken, ApiErrorResponses, ApiPlainOk } from '../common/api-docs';
import { UpstreamCanary } from '../upstream/canary/upstream-canary.service';
import { ClientIdentity } from '../upstream/identity/client-identity.service';
import { UpstreamHealthAnswer } from './health.answers';

/** Admin-only: what the upstream canary last found per area. Never calls upstream itself; /health/ready ignores it. */
@ApiTags('operations')
@Controller('health')
@SkipThrottle()
export class UpstreamHealthController {
  constructor(
    private readonly canary: UpstreamCanary,
    private readonly identity: ClientIdentity,
  ) {}

  @Get('upstream')
  @ApiOperation({
    summary: 'Upstream canary per area (admin)',
    description:
      'Admin-only: exists only when ADMIN_TOKEN is set (404 otherwise) and needs `Authorization: Bearer <token>` or `X-Admin-Token`. ' +
      'The last finding of the upstream canary (CANARY_INTERVAL_S) per QQ Music area: its state, since when, the last check and what to look at, ' +
      'with the latest problem of a sampled live answer (UPSTREAM_SHAPE_SAMPLE_RATE), and whether the Android comm runs on the fallback identity (`identity`). ' +
      'Answers from memory, never calling upstream; `/health/ready` does not depend on it. No parameters.',
  })
  @ApiPlainOk('The canary state of every area.', {
    intervalSeconds: 900,
    areas: [
      { area: 'charts', call: 'ChartsClient.detail', state: 'ok', since: '2026-11-27T08:00:01.000Z', checkedAt: '2026-11-27T10:15:01.000Z', detail: null, liveProblem: null },
      {
        area: 'search',
        call: 'SearchClient.search',
        state: 'changed',
        since: '2026-11-27T09:31:31.000Z',
        checkedAt: '2026-11-27T10:16:31.000Z',
        detail: 'raw.req.data.body.song.list: expected array, got undefined',
        liveProblem: { path: 'raw.req.data.body.song.list', expected: 'array', got: 'undefined', at: '2026-11-27T09:30:12.000Z' },
      },
    ],
    identity: {
      store: 'file',
      deviceCreatedAt: '2026-11-20T08:00:00.000Z',
      fallback: true,
      qimei: { state: 'fallback', obtainedAt: '2026-11-26T08:00:02.000Z', problem: 'timeout' },
      session: { state: 'issued', obtainedAt: '2026-11-27T08:00:02.000Z', problem: null },
    },
  }, UpstreamHealthAnswer)
  @ApiAdminToken()
  @ApiErrorResponses(...ADMIN_ERRORS)
  @UseGuards(AdminTokenGuard)
  upstream(): UpstreamHealthAnswer {
    return { ...this.canary.report(), identity: this.identity.status() };
  }
}
