import { Global, Module } from '@nestjs/common';
import { CommentsClient } from './clients/comments.client';
import { DiscoverClient } from './clients/discover.client';
import { MvClient } from './clients/mv.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    CommentsClient,
    DiscoverClient,
    MvClient,
  ],
  exports: [
    UpstreamHttp,
    CommentsClient,
    DiscoverClient,
    MvClient,
  ],
})
export class UpstreamModule {}
