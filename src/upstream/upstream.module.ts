import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { CommentsClient } from './clients/comments.client';
import { DiscoverClient } from './clients/discover.client';
import { CollectionsClient } from './clients/collections.client';
import { LibraryClient } from './clients/library.client';
import { LoginClient } from './clients/login.client';
import { MusicClient } from './clients/music.client';
import { MvClient } from './clients/mv.client';
import { PlaylistsClient } from './clients/playlists.client';
import { PhoneLoginClient } from './clients/phone-login.client';
import { AppQrLoginClient } from './clients/app-qr-login.client';
import { QqLoginClient } from './clients/qq-login.client';
import { RecommendClient } from './clients/recommend.client';
import { RelationClient } from './clients/relation.client';
import { SearchClient } from './clients/search.client';
import { SingersClient } from './clients/singers.client';
import { UserClient } from './clients/user.client';
import { WechatLoginClient } from './clients/wechat-login.client';
import { AppQrPush } from './app-qr-push';
import { CookieChoice } from './credential/cookie-choice';
import { ClientIdentity } from './identity/client-identity.service';
import { DeviceSessionClient } from './identity/device-session.client';
import { QimeiClient } from './identity/qimei.client';
import { CgiProtocol } from './protocol/cgi.protocol';
import { MusicuProtocol } from './protocol/musicu.protocol';
import { UpstreamFallbacks } from './shape/fallback-witness';
import { UpstreamShapeWatch } from './shape/shape-watch';
import { UpstreamReachability } from './transport/upstream-reachability';
import { UpstreamTransport } from './transport/upstream-transport';

/**
 * The layers under the clients: transport, cookie choice, the client identity (and its two services), the two
 * protocols, fallback accounting and the sampled shape check.
 */
const PROTOCOLS = [
  AppQrPush,
  CgiProtocol,
  ClientIdentity,
  CookieChoice,
  DeviceSessionClient,
  MusicuProtocol,
  QimeiClient,
  UpstreamFallbacks,
  UpstreamReachability,
  UpstreamShapeWatch,
  UpstreamTransport,
];

/** One client per QQ Music area; feature services inject these and never see a module name. */
const CLIENTS = [
  AppQrLoginClient,
  ChartsClient,
  CommentsClient,
  DiscoverClient,
  LibraryClient,
  CollectionsClient,
  LoginClient,
  MusicClient,
  MvClient,
  PhoneLoginClient,
  PlaylistsClient,
  QqLoginClient,
  RecommendClient,
  RelationClient,
  SearchClient,
  SingersClient,
  UserClient,
  WechatLoginClient,
];

/** The way to QQ Music: transport, cookie choice and the two protocols, with the per-area clients on top. */
@Global()
@Module({
  providers: [...PROTOCOLS, ...CLIENTS],
  exports: [...PROTOCOLS, ...CLIENTS],
})
export class UpstreamModule {}
