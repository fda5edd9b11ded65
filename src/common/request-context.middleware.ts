import { BadRequestException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isHeaderSafe } from './cookie';
import { requestContext, resolveCallerCookie } from './request-context';
import { ShutdownSignal } from './shutdown.service';

/**
 * Opens the per-request context: the caller's cookie (query `cookie`, then header `X-Custom-Cookie`, then header
 * `Cookie`; the first non-empty one wins, else the cookie file applies), an AbortSignal that fires when the
 * client disconnects, and one that fires when the server starts shutting down (long polls listen to it).
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  constructor(private readonly shutdown: ShutdownSignal) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const callerCookie = resolveCallerCookie(req.query.cookie, req.headers);
    if (callerCookie !== undefined && !isHeaderSafe(callerCookie)) {
      return next(new BadRequestException('cookie contains control characters'));
    }
    const abort = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    requestContext.run(
      { callerCookie, signal: abort.signal, shuttingDown: this.shutdown.signal },
      () => next(),
    );
  }
}
