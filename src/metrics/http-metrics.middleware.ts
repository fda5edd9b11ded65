import { Injectable, NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { MetricsService } from './metrics.service';

/** Counts and times every request by its route template (`/getRanks`), never by its raw URL. */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  constructor(private readonly metrics: MetricsService) {}

  use(req: Request, res: Response, next: NextFunction): void {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      // Nest's not-found handler is a wildcard route: such paths all share one label.
      const matched = req.route?.path as string | undefined;
      const route = matched && !matched.includes('*') ? matched : ((res.locals.route as string | undefined) ?? 'unmatched');
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      this.metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      this.metrics.httpDuration.observe({ method: req.method, route }, seconds);
    });
    next();
  }
}
