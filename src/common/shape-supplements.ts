import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor, UseInterceptors } from '@nestjs/common';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { ResponseShaper } from './response-shape';

/** Fetches what the request's response shape reads beyond the handler's answer (ShapeRenderer.supplements). */
@Injectable()
export class ShapeSupplementsInterceptor implements NestInterceptor {
  constructor(private readonly shaper: ResponseShaper) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Request>();
    return next.handle().pipe(mergeMap((value) => this.shaper.supplement(req, value)));
  }
}

/**
 * Marks a route whose answer in another response shape reads more upstream answers than its own (the legacy shape's
 * extra calls, docs/legacy.md "Extra calls"): they are fetched after the handler, before the answer is written. Only
 * on these routes: an interceptor on every route would cost every request (see ResponseShaper).
 */
export const FetchesShapeSupplements = (): MethodDecorator & ClassDecorator => UseInterceptors(ShapeSupplementsInterceptor);
