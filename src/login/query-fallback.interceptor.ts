import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';

/**
 * Fills body fields the request body lacks from the query string, before validation reads the body: clients of the
 * older services poll the QR login with `?ptqrtoken=…&qrsig=…` and no body (sansenjian/Luo-Music), which those
 * services read. A field the body carries wins; only the first value of a repeated query parameter is taken.
 */
export function QueryFallback(fields: readonly string[]): new () => NestInterceptor {
  @Injectable()
  class QueryFallbackInterceptor implements NestInterceptor {
    intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
      const req = context.switchToHttp().getRequest<Request>();
      const body = req.body;
      // A body that is no object is left for the validation pipe to refuse as it is.
      if (body === undefined || body === null || (typeof body === 'object' && !Array.isArray(body))) {
        const filled: Record<string, unknown> = { ...(body ?? {}) };
        let changed = false;
        for (const field of fields) {
          const raw = req.query?.[field];
          const value = Array.isArray(raw) ? raw[0] : raw;
          if ((filled[field] === undefined || filled[field] === null) && typeof value === 'string') {
            filled[field] = value;
            changed = true;
          }
        }
        if (changed) req.body = filled;
      }
      return next.handle();
    }
  }
  return QueryFallbackInterceptor;
}
