// Temporary: removed once every feature calls a client.
// A thin facade over the split upstream classes, so feature services not yet moved to a client keep compiling.
import { Injectable } from '@nestjs/common';
import { CookieChoice } from './credential/cookie-choice';
import { CgiProtocol } from './protocol/cgi.protocol';
import { MusicuProtocol } from './protocol/musicu.protocol';
import { UpstreamTransport } from './transport/upstream-transport';
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
} from './upstream.types';

export * from './upstream.types';
export { gtkOf, loginFields, newUuid } from './protocol/web-comm';

/** Temporary: removed once every feature calls a client. */
@Injectable()
export class UpstreamHttp {
  constructor(
    private readonly musicuProtocol: MusicuProtocol,
    private readonly cgiProtocol: CgiProtocol,
    private readonly transport: UpstreamTransport,
    private readonly cookieChoice: CookieChoice,
  ) {}

  effectiveCookie(): string {
    return this.cookieChoice.effectiveCookie();
  }

  send(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.transport.send(req, idempotent);
  }

  fetch(req: UpstreamRequest, idempotent = false): Promise<UpstreamResponse> {
    return this.transport.fetch(req, idempotent);
  }

  cgi<T = any>(path: string, query: Record<string, QueryValue>, options: CgiOptions = {}): Promise<CgiResponse<T>> {
    return this.cgiProtocol.call<T>(path, query, options);
  }

  musicu<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions = {}): Promise<MusicuResponse<K>> {
    return this.musicuProtocol.call(calls, options);
  }

  musicuPartial<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions = {}): Promise<MusicuPartialResponse<K>> {
    return this.musicuProtocol.callPartial(calls, options);
  }
}
