import { Controller, Get, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { AdminTokenGuard } from '../common/admin-token.guard';
import { ADMIN_ERRORS, ApiAdminToken, ApiEnvelope, ApiErrorResponses } from '../common/api-docs';
import { envelope, type Envelope, Shaped } from '../common/shaped';
import { CredentialStatus } from './credential.answers';
import { CredentialService } from './credential.service';

/** Admin-only (ADMIN_TOKEN): the state of the stored login, without any secret. */
@ApiTags('operations')
@Controller()
@UseGuards(AdminTokenGuard)
export class CredentialController {
  constructor(private readonly credentials: CredentialService) {}

  @Get('user/credential/status')
  @ApiOperation({
    summary: 'State of the stored login credential (admin)',
    description:
      'Admin-only: exists only when ADMIN_TOKEN is set (404 otherwise) and needs `Authorization: Bearer <token>` or `X-Admin-Token`. ' +
      'Reports whether a login is stored, where, for which (masked) account, when it expires and how the last refresh went; never a secret. No parameters.',
  })
  @ApiEnvelope('The credential state.', {
    present: true,
    store: 'file',
    loginType: 'qq',
    uin: '12******90',
    refreshable: true,
    expiresAt: '2026-11-25T05:00:00.000Z',
    secondsToExpiry: 259200,
    expired: false,
    refreshMarginSeconds: 86400,
    lastRefresh: { at: '2026-11-22T05:00:00.000Z', outcome: 'ok', ok: true, message: 'refreshed' },
    needsLogin: false,
  }, CredentialStatus)
  @ApiAdminToken()
  @ApiErrorResponses(...ADMIN_ERRORS)
  async status(): Promise<Shaped<Envelope<CredentialStatus>>> {
    const data = await this.credentials.describe();
    return envelope(data, data);
  }
}
