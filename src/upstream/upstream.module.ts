import { Global, Module } from '@nestjs/common';
import { LoginClient } from './clients/login.client';
import { QqLoginClient } from './clients/qq-login.client';
import { UserClient } from './clients/user.client';
import { WechatLoginClient } from './clients/wechat-login.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    LoginClient,
    QqLoginClient,
    UserClient,
    WechatLoginClient,
  ],
  exports: [
    UpstreamHttp,
    LoginClient,
    QqLoginClient,
    UserClient,
    WechatLoginClient,
  ],
})
export class UpstreamModule {}
