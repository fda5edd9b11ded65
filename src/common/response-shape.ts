import { Inject, Injectable, Optional } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { NO_PLAY_URL_TEXT } from '../legacy/adapters/music';
import { LegacyExtras } from '../legacy/legacy-extras.service';
import { PLAY_URL_ERRORS, requestedShape, routeName, SHAPE_HEADER, toLegacy } from '../legacy/legacy-shape';
import { UpstreamTransport } from '../upstream/transport/upstream-transport';
import { SerialisedJson } from './json-response';
import { Shaped } from './shaped';

/**
 * What a route's JSON answer becomes when it is written: a service's Shaped result is the spec's normalised body, or
 * the legacy `{ response: <upstream> }` shape of the older qq-music-api services (RESPONSE_SHAPE, `?shape=`,
 * `X-Response-Shape`; docs/legacy.md). Errors keep the gateway's `{ error, errorCode }` in both shapes (see
 * legacyPlayUrlAnswer for the one exception). Rendered at the write rather than in a global interceptor: Nest wraps
 * every interceptor of every request in an AsyncResource and an rxjs chain, which cost ~8 % of a cache miss's CPU.
 */
@Injectable()
export class ResponseShaper {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Optional() private readonly extras?: LegacyExtras,
    @Optional() private readonly transport?: UpstreamTransport,
  ) {}

  /** The body to send for `value` (a promise when the legacy shape needs its extra upstream calls first). */
  render(req: Request, res: Response, value: unknown): unknown {
    if (!isRouted(req)) return value;
    // The header can pick the shape, so HTTP caches must key on it. res.vary parses and merges an existing Vary; most
    // answers have none yet, and setting it directly spares that work.
    if (res.hasHeader('Vary')) res.vary('X-Response-Shape');
    else res.setHeader('Vary', 'X-Response-Shape');
    if (requestedShape(req, this.config.responseShape) !== 'legacy') return value instanceof Shaped ? value.body : value;
    res.setHeader(SHAPE_HEADER, 'legacy');
    if (!(value instanceof Shaped)) return value;
    const name = routeName(req.route?.path);
    if (!this.extras?.makesExtraCalls(name)) return this.budgeted(res, toLegacy(value, req));
    return this.extras.fetch(name, value, req).then((extra) => this.budgeted(res, toLegacy(value, req, extra)));
  }

  /**
   * A legacy body carries whole upstream answers: its text counts against UPSTREAM_BODY_BUDGET_MB until the response
   * is done, as the answers' bytes did while read, so no new read starts while such copies fill it (decision 018).
   */
  private budgeted(res: Response, body: unknown): SerialisedJson {
    const text = (JSON.stringify(body) as string | undefined) ?? '';
    if (this.transport) res.once('close', this.transport.holdAnswerBytes(Buffer.byteLength(text)));
    return new SerialisedJson(text);
  }

  /**
   * getMusicPlay's "no URL" errors in the legacy shape: the older services answered them with 200 and
   * `playUrl[<mid>].error`. Undefined for every other error.
   */
  legacyPlayUrlAnswer(req: Request, errorCode: string): unknown {
    if (!isRouted(req) || routeName(req.route?.path) !== 'getMusicPlay' || !PLAY_URL_ERRORS.has(errorCode)) return undefined;
    if (requestedShape(req, this.config.responseShape) !== 'legacy') return undefined;
    return { data: { playUrl: { [String(req.query?.songmid ?? '')]: { url: '', error: NO_PLAY_URL_TEXT } } } };
  }
}

/** A request a route answers (Nest's not-found handler, and the 404s and 405s it becomes, is no route). */
const isRouted = (req: Request): boolean => typeof req.route?.path === 'string' && !req.route.path.includes('*');
