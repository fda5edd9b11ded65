import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { AppConfig, ResponseShape } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { Shaped } from './shaped';

/**
 * What a route's JSON answer becomes when it is written: a service's Shaped result is the spec's normalised body, or
 * the legacy `{ response: <upstream> }` shape of the older qq-music-api services (RESPONSE_SHAPE, `?shape=`,
 * `X-Response-Shape`; docs/legacy.md). Errors keep the gateway's `{ error, errorCode }` in both shapes (a renderer's
 * errorAnswer is the one exception). Rendered at the write rather than in a global interceptor: Nest wraps every
 * interceptor of every request in an AsyncResource and an rxjs chain, which cost ~8 % of a cache miss's CPU.
 * The legacy shape's renderer is LegacyModule's (src/legacy), registered at start-up: common knows only this interface.
 */

/** Query parameter and header that pick the shape per request (they win over RESPONSE_SHAPE). */
export const SHAPE_QUERY = 'shape';
export const SHAPE_HEADER = 'x-response-shape';

/** The cache key's shape for a request with an unknown shape value (answered 400, so never stored). */
export const INVALID_SHAPE = 'invalid';

/** What `?shape=` and `X-Response-Shape` accept (case-insensitive, trimmed; empty = absent). */
const SHAPE_VALUES: Record<string, ResponseShape> = { legacy: 'legacy', normalised: 'normalised', normalized: 'normalised' };
const ALLOWED_SHAPES = 'legacy, normalised (or normalized)';

/** The one decision on a request's shape, which the cache key, the request rewrite and the renderer all read. */
export interface ShapeChoice {
  /** `?shape=` first, then `X-Response-Shape`, then the deployment default. */
  shape: ResponseShape;
  /**
   * The `shape` query value the answer is cached under: `'legacy'` for a legacy answer (by query, header or default),
   * `'normalised'` when the query named a shape, else undefined (the plain URL), so the two shapes never share an
   * entry. A value naming no shape gets INVALID_SHAPE, a key no answer is stored under.
   */
  cacheParam: 'legacy' | 'normalised' | typeof INVALID_SHAPE | undefined;
  /** The 400 message for a value that names no shape (`?shape=legacyy`): a typo must not quietly give the other shape. */
  refusal?: string;
}

/** The shape of a request whose `shape` query value is `query` (its first value) and header `header`. */
export function chooseShape(query: string | null | undefined, header: string | string[] | undefined, fallback: ResponseShape): ShapeChoice {
  const refusal = shapeRefusal(query, header);
  const shape = requestedShape(query, Array.isArray(header) ? header[0] : header, fallback);
  if (refusal) return { shape, cacheParam: INVALID_SHAPE, refusal };
  return { shape, cacheParam: shape === 'legacy' ? 'legacy' : query !== null && query !== undefined ? 'normalised' : undefined };
}

/** The query's value first, then the header's: the first that names no shape is refused. */
function shapeRefusal(query: string | null | undefined, header: string | string[] | undefined): string | undefined {
  const sources: [string, unknown][] = [['shape', query], ['X-Response-Shape', Array.isArray(header) ? header.join(', ') : header]];
  for (const [name, raw] of sources) {
    const v = typeof raw === 'string' ? raw.trim().toLowerCase() : '';
    if (v && !(v in SHAPE_VALUES)) return `${name} must be one of ${ALLOWED_SHAPES}`;
  }
  return undefined;
}

function requestedShape(query: string | null | undefined, header: string | undefined, fallback: ResponseShape): ResponseShape {
  for (const raw of [query, header]) {
    const v = (raw ?? '').trim().toLowerCase();
    if (Object.hasOwn(SHAPE_VALUES, v)) return SHAPE_VALUES[v];
  }
  return fallback;
}

/** A response shape other than the normalised one, as the module that owns it renders it. */
export interface ShapeRenderer {
  /**
   * Upstream answers this shape reads beyond the route's own (undefined: none). Asked after the handler and before
   * the answer is written, on the routes marked @FetchesShapeSupplements; they reach render as `value.supplements`.
   */
  supplements?(value: Shaped, req: Request): Promise<Record<string, unknown> | undefined> | undefined;
  /** The body to send for a service's Shaped result. Synchronous: no upstream call while an answer is written. */
  render(value: Shaped, req: Request, res: Response): unknown;
  /** What this shape answers instead of the error `errorCode` (undefined: the error as it is). */
  errorAnswer?(req: Request, errorCode: string): unknown;
}

type OtherShape = Exclude<ResponseShape, 'normalised'>;

@Injectable()
export class ResponseShaper {
  private readonly renderers = new Map<OtherShape, ShapeRenderer>();
  /** Each request's choice, made by whichever reads it first: the cache fast lane, the legacy rewrite or the write. */
  private readonly choices = new WeakMap<IncomingMessage, ShapeChoice>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Registers the renderer of `shape` (LegacyModule does this at start-up). */
  useRenderer(shape: OtherShape, renderer: ShapeRenderer): void {
    this.renderers.set(shape, renderer);
  }

  /** The request's shape, decided on its first call; `query` is its `shape` query value (first value), before any rewrite. */
  choose(req: IncomingMessage, query: string | null | undefined): ShapeChoice {
    let choice = this.choices.get(req);
    if (!choice) {
      choice = chooseShape(query, req.headers[SHAPE_HEADER], this.config.responseShape);
      this.choices.set(req, choice);
    }
    return choice;
  }

  /** The body to send for `value`: the normalised body, or the registered renderer's for the shape asked for. */
  render(req: Request, res: Response, value: unknown): unknown {
    if (!isRouted(req)) return value;
    // The header can pick the shape, so HTTP caches must key on it. res.vary parses and merges an existing Vary; most
    // answers have none yet, and setting it directly spares that work.
    if (res.hasHeader('Vary')) res.vary('X-Response-Shape');
    else res.setHeader('Vary', 'X-Response-Shape');
    const shape = this.shapeOf(req);
    const renderer = this.rendererOf(shape);
    if (!renderer) return value instanceof Shaped ? value.body : value;
    res.setHeader(SHAPE_HEADER, shape);
    return value instanceof Shaped ? renderer.render(value, req, res) : value;
  }

  /** `value` with what the request's shape reads beyond it (ShapeRenderer.supplements); as it is when nothing. */
  async supplement(req: Request, value: unknown): Promise<unknown> {
    if (!(value instanceof Shaped) || !isRouted(req)) return value;
    const supplements = await this.rendererOf(this.shapeOf(req))?.supplements?.(value, req);
    return supplements ? new Shaped(value.body, value.raw, supplements) : value;
  }

  /** What the request's shape answers instead of the error `errorCode`; undefined for the error as it is. */
  errorAnswer(req: Request, errorCode: string): unknown {
    if (!isRouted(req)) return undefined;
    return this.rendererOf(this.shapeOf(req))?.errorAnswer?.(req, errorCode);
  }

  private shapeOf(req: Request): ResponseShape {
    const query = req.query?.[SHAPE_QUERY];
    return this.choose(req, typeof query === 'string' ? query : null).shape;
  }

  private rendererOf(shape: ResponseShape): ShapeRenderer | undefined {
    return shape === 'normalised' ? undefined : this.renderers.get(shape);
  }
}

/** A request a route answers (Nest's not-found handler, and the 404s and 405s it becomes, is no route). */
const isRouted = (req: Request): boolean => typeof req.route?.path === 'string' && !req.route.path.includes('*');
