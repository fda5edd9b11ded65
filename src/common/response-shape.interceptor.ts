import { CallHandler, ExecutionContext, Inject, Injectable, NestInterceptor, Optional } from '@nestjs/common';
import type { Request, Response } from 'express';
import { catchError, map, mergeMap, Observable, of, throwError } from 'rxjs';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { NO_PLAY_URL_TEXT } from '../legacy/adapters/music';
import { LegacyExtras } from '../legacy/legacy-extras.service';
import { PLAY_URL_ERRORS, requestedShape, routeName, toLegacy } from '../legacy/legacy-shape';
import { GatewayError } from './http-error';
import { Shaped } from './shaped';

/**
 * Turns a service's Shaped result into the response body: the spec's normalised shape by default, or the legacy
 * `{ response: <upstream> }` shape of the older qq-music-api services (RESPONSE_SHAPE, `?shape=`,
 * `X-Response-Shape`; docs/legacy.md). Errors keep the gateway's `{ error, errorCode }` in both shapes, except
 * getMusicPlay's "no URL" cases, which the references answered with 200 and `playUrl[<mid>].error`.
 */
@Injectable()
export class ResponseShapeInterceptor implements NestInterceptor {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly extras?: LegacyExtras,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const res = context.switchToHttp().getResponse<Response>();
    // The header can pick the shape, so HTTP caches must key on it.
    res.vary('X-Response-Shape');
    const shape = requestedShape(req, this.config?.responseShape ?? 'normalised');
    if (shape !== 'legacy') {
      return next.handle().pipe(map((result) => (result instanceof Shaped ? result.body : result)));
    }
    res.setHeader('X-Response-Shape', 'legacy');
    return next.handle().pipe(
      // Legacy only: some routes make an extra upstream call for a block the older services answered (LegacyExtras).
      mergeMap(async (result) => {
        if (!(result instanceof Shaped)) return result;
        const extra = await this.extras?.fetch(routeName(req.route?.path), result, req);
        return toLegacy(result, req, extra);
      }),
      catchError((err) => {
        if (routeName(req.route?.path) === 'getMusicPlay' && err instanceof GatewayError && PLAY_URL_ERRORS.has(err.errorCode)) {
          const mid = String(req.query?.songmid ?? '');
          return of({ data: { playUrl: { [mid]: { url: '', error: NO_PLAY_URL_TEXT } } } });
        }
        return throwError(() => err);
      }),
    );
  }
}
