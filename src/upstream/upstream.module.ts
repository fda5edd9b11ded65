import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { PlaylistsClient } from './clients/playlists.client';
import { SingersClient } from './clients/singers.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    ChartsClient,
    PlaylistsClient,
    SingersClient,
  ],
  exports: [
    UpstreamHttp,
    ChartsClient,
    PlaylistsClient,
    SingersClient,
  ],
})
export class UpstreamModule {}
