import { Global, Module } from '@nestjs/common';
import { DiscoverClient } from './clients/discover.client';
import { MvClient } from './clients/mv.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    DiscoverClient,
    MvClient,
  ],
  exports: [
    UpstreamHttp,
    DiscoverClient,
    MvClient,
  ],
})
export class UpstreamModule {}
