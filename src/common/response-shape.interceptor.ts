import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { map, Observable } from 'rxjs';
import { Shaped } from './shaped';

/** Turns a service's Shaped result into the response body: the spec's normalised shape. */
@Injectable()
export class ResponseShapeInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(map((result) => (result instanceof Shaped ? result.body : result)));
  }
}
