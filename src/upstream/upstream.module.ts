import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { PlaylistsClient } from './clients/playlists.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    ChartsClient,
    PlaylistsClient,
  ],
  exports: [
    UpstreamHttp,
    ChartsClient,
    PlaylistsClient,
  ],
})
export class UpstreamModule {}
