import { Global, Module } from '@nestjs/common';
import { CookieChoice } from './credential/cookie-choice';
import { CgiProtocol } from './protocol/cgi.protocol';
import { MusicuProtocol } from './protocol/musicu.protocol';
import { UpstreamTransport } from './transport/upstream-transport';
import { UpstreamHttp } from './upstream-http.service';

/** The way to QQ Music: transport, cookie choice and the two protocols; per-area clients build on them. */
@Global()
@Module({
  providers: [
    CgiProtocol,
    CookieChoice,
    MusicuProtocol,
    UpstreamHttp, // Temporary: removed once every feature calls a client.
    UpstreamTransport,
  ],
  exports: [
    CgiProtocol,
    CookieChoice,
    MusicuProtocol,
    UpstreamHttp, // Temporary: removed once every feature calls a client.
    UpstreamTransport,
  ],
})
export class UpstreamModule {}
