import { Injectable } from '@nestjs/common';
import {
  type CgiOptions,
  type CgiResponse,
  type MusicuCall,
  type MusicuOptions,
  type MusicuPartialResponse,
  type MusicuResponse,
  UpstreamHttp,
  type UpstreamRequest,
  type UpstreamResponse,
} from '../upstream-http.service';

type QueryValue = string | number | boolean | undefined | null;

/**
 * Base of the per-area QQ Music clients (charts.client.ts, …). A client owns its calls' module/method/params, their
 * fallbacks and retries, and returns typed data; feature services call its methods and never see a module name.
 * Subclasses add no constructor: they reach the protocols through these protected methods only.
 */
@Injectable()
export abstract class UpstreamClient {
  constructor(private readonly upstream: UpstreamHttp) {}

  protected musicu<K extends string>(calls: Record<K, MusicuCall>, options?: MusicuOptions): Promise<MusicuResponse<K>> {
    return this.upstream.musicu(calls, options);
  }

  protected musicuPartial<K extends string>(calls: Record<K, MusicuCall>, options?: MusicuOptions): Promise<MusicuPartialResponse<K>> {
    return this.upstream.musicuPartial(calls, options);
  }

  protected cgi<T = any>(path: string, query: Record<string, QueryValue>, options?: CgiOptions): Promise<CgiResponse<T>> {
    return this.upstream.cgi<T>(path, query, options);
  }

  protected send(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.upstream.send(req, idempotent);
  }

  protected fetch(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.upstream.fetch(req, idempotent);
  }

  /** The cookie this request's upstream calls carry: the caller's own, else the stored login's. */
  effectiveCookie(): string {
    return this.upstream.effectiveCookie();
  }
}
