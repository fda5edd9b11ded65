import { CanActivate, ExecutionContext, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { GatewayError } from './http-error';

/**
 * Guards routes that read or write secrets. Without ADMIN_TOKEN they do not exist (404); with it, the caller must
 * send `Authorization: Bearer <token>` or `X-Admin-Token: <token>`, compared in constant time.
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected?: Buffer;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.expected = config.adminToken ? digest(config.adminToken) : undefined;
  }

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.expected) throw new GatewayError(HttpStatus.NOT_FOUND, 'NOT_FOUND', `Cannot ${req.method} ${req.path}`);
    if (!tokenMatches(req, this.expected)) {
      throw new GatewayError(HttpStatus.UNAUTHORIZED, 'ADMIN_TOKEN_REQUIRED', 'A valid admin token is required');
    }
    return true;
  }
}

const BEARER = /^bearer +(.+)$/i;
const digest = (value: string): Buffer => createHash('sha256').update(value).digest();

/** Whether the request presents `expected` (a digest) as `Authorization: Bearer` or `X-Admin-Token`. */
function tokenMatches(req: Request, expected: Buffer): boolean {
  // The scheme is case-insensitive (RFC 7235 section 2.1): `bearer` and `BEARER` are Bearer.
  const bearer = BEARER.exec(req.header('authorization') ?? '');
  const given = bearer ? bearer[1] : req.header('x-admin-token');
  // Hashing first gives equal-length buffers, so the comparison time does not depend on the guess.
  return !!given && timingSafeEqual(digest(given), expected);
}

/** Whether the request presents the configured admin token; false when none is configured. */
export function adminTokenMatches(req: Request, adminToken: string | undefined): boolean {
  return !!adminToken && tokenMatches(req, digest(adminToken));
}
