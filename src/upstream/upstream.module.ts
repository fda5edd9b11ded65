import { Global, Module } from '@nestjs/common';
import { CommentsClient } from './clients/comments.client';
import { DiscoverClient } from './clients/discover.client';
import { MvClient } from './clients/mv.client';
import { SearchClient } from './clients/search.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    CommentsClient,
    DiscoverClient,
    MvClient,
    SearchClient,
  ],
  exports: [
    UpstreamHttp,
    CommentsClient,
    DiscoverClient,
    MvClient,
    SearchClient,
  ],
})
export class UpstreamModule {}
