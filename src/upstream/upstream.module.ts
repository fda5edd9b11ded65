import { Global, Module } from '@nestjs/common';
import { MvClient } from './clients/mv.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    MvClient,
  ],
  exports: [
    UpstreamHttp,
    MvClient,
  ],
})
export class UpstreamModule {}
