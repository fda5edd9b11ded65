import { BadRequestException, Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { isHeaderSafe, normaliseCallerCookie } from './cookie';
import { requestContext, resolveCallerCookie } from './request-context';
import { RouteTable, routedPath } from './route-table';
import { ShutdownSignal } from './shutdown.service';

/** An open response, emptied when it closes. */
type OpenResponse = { res?: Response };

/**
 * Opens the per-request context: the caller's cookie (query `cookie`, then header `X-Custom-Cookie`, then header
 * `Cookie`; the first non-empty one wins, else the cookie file applies), an AbortSignal that fires when the
 * client disconnects, and one that fires when the server starts shutting down (long polls listen to it).
 */
@Injectable()
export class RequestContextMiddleware implements NestMiddleware {
  /**
   * Responses still being produced: at shutdown their connections are closed after the answer, not kept alive. Each
   * is held through an entry emptied when it closes, as a Set's superseded tables would otherwise keep it (and its
   * request) alive until the next full collection (decision 014).
   */
  private readonly inFlight = new Set<OpenResponse>();

  constructor(
    private readonly shutdown: ShutdownSignal,
    private readonly routes: RouteTable,
  ) {
    shutdown.signal.addEventListener('abort', () => {
      for (const { res } of this.inFlight) if (res) res.shouldKeepAlive = false;
    });
  }

  use(req: Request, res: Response, next: NextFunction): void {
    const rawCookie = resolveCallerCookie(req.query.cookie, req.headers);
    // Only a route that answers can send the cookie on; any other path keeps its 404/405.
    if (rawCookie !== undefined && !isHeaderSafe(rawCookie) && this.routes.allowed(routedPath(req))?.includes(req.method)) {
      return next(new BadRequestException('cookie contains control characters or characters past Latin-1'));
    }
    // '' (a cookie with no usable pair) still means "the caller's own": no stored login is sent for it.
    const callerCookie = rawCookie === undefined ? undefined : normaliseCallerCookie(rawCookie);
    const abort = new AbortController();
    const entry: OpenResponse = { res };
    this.inFlight.add(entry);
    if (this.shutdown.signal.aborted) res.shouldKeepAlive = false;
    res.on('close', () => {
      this.inFlight.delete(entry);
      entry.res = undefined;
      if (!res.writableFinished) abort.abort();
    });
    requestContext.run(
      { callerCookie, signal: abort.signal, shuttingDown: this.shutdown.signal },
      () => next(),
    );
  }
}
