import { Injectable } from '@nestjs/common';
import { requestContext } from '../../common/request-context';
import { CookieChoice } from '../credential/cookie-choice';
import { CgiProtocol } from '../protocol/cgi.protocol';
import { MusicuProtocol } from '../protocol/musicu.protocol';
import type { CanaryArea } from '../shape/area-reads';
import { UpstreamFallbacks } from '../shape/fallback-witness';
import { UpstreamShapeWatch } from '../shape/shape-watch';
import { UpstreamTransport } from '../transport/upstream-transport';
import type {
  CgiOptions,
  CgiResponse,
  MusicuCall,
  MusicuOptions,
  MusicuPartialResponse,
  MusicuResponse,
  QueryValue,
  UpstreamRequest,
  UpstreamResponse,
} from '../upstream.types';

/**
 * Base of the per-area QQ Music clients (charts.client.ts, …). A client owns its calls' module/method/params, their
 * fallbacks and retries, and returns typed data; feature services call its methods and never see a module name.
 * Subclasses add no constructor: they reach the protocols through these protected methods only.
 */
@Injectable()
export abstract class UpstreamClient {
  constructor(
    private readonly musicuProtocol: MusicuProtocol,
    private readonly cgiProtocol: CgiProtocol,
    private readonly transport: UpstreamTransport,
    private readonly cookieChoice: CookieChoice,
    private readonly fallbacks: UpstreamFallbacks,
    private readonly shapeWatch: UpstreamShapeWatch,
  ) {}

  protected musicu<K extends string>(calls: Record<K, MusicuCall>, options?: MusicuOptions): Promise<MusicuResponse<K>> {
    return this.musicuProtocol.call(calls, options);
  }

  protected musicuPartial<K extends string>(calls: Record<K, MusicuCall>, options?: MusicuOptions): Promise<MusicuPartialResponse<K>> {
    return this.musicuProtocol.callPartial(calls, options);
  }

  protected cgi<T = any>(path: string, query: Record<string, QueryValue>, options?: CgiOptions): Promise<CgiResponse<T>> {
    return this.cgiProtocol.call<T>(path, query, options);
  }

  protected send(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.transport.send(req, idempotent);
  }

  protected fetch(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.transport.fetch(req, idempotent);
  }

  /**
   * A fallback or retry is taken instead of `call` (the primary `module.method` or CGI name): counted in
   * gateway_upstream_fallbacks_total (live traffic only) and told to the canary's witness (shape/fallback-witness.ts).
   */
  protected fellBack(call: string): void {
    this.fallbacks.fellBack(call);
  }

  /** A canary area's answer, checked against its declaration when sampled (UPSTREAM_SHAPE_SAMPLE_RATE); returned as is. */
  protected sampleShape<T>(area: CanaryArea, value: T): T {
    // The canary checks its own answers; counting them here would report one drift twice, once as "live".
    if (!requestContext.getStore()?.canaryProbe) this.shapeWatch.sample(area, value);
    return value;
  }

  /** The cookie this request's upstream calls carry: the caller's own, else the stored login's. */
  effectiveCookie(): string {
    return this.cookieChoice.effectiveCookie();
  }
}
