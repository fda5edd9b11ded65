import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { LoginClient } from './clients/login.client';
import { MusicClient } from './clients/music.client';
import { PlaylistsClient } from './clients/playlists.client';
import { QqLoginClient } from './clients/qq-login.client';
import { SingersClient } from './clients/singers.client';
import { UserClient } from './clients/user.client';
import { WechatLoginClient } from './clients/wechat-login.client';
import { CookieChoice } from './credential/cookie-choice';
import { CgiProtocol } from './protocol/cgi.protocol';
import { MusicuProtocol } from './protocol/musicu.protocol';
import { UpstreamTransport } from './transport/upstream-transport';
import { UpstreamHttp } from './upstream-http.service';

/** The layers under the clients: transport, cookie choice and the two protocols. */
const PROTOCOLS = [CgiProtocol, CookieChoice, MusicuProtocol, UpstreamHttp, UpstreamTransport];

/** One client per QQ Music area; feature services inject these. */
const CLIENTS = [
  ChartsClient,
  LoginClient,
  MusicClient,
  PlaylistsClient,
  QqLoginClient,
  SingersClient,
  UserClient,
  WechatLoginClient,
];

/** The way to QQ Music: transport, cookie choice and the two protocols; per-area clients build on them. */
@Global()
@Module({
  providers: [...PROTOCOLS, ...CLIENTS],
  exports: [...PROTOCOLS, ...CLIENTS],
})
export class UpstreamModule {}
