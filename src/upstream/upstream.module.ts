import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { MusicClient } from './clients/music.client';
import { PlaylistsClient } from './clients/playlists.client';
import { SingersClient } from './clients/singers.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    ChartsClient,
    MusicClient,
    PlaylistsClient,
    SingersClient,
  ],
  exports: [
    UpstreamHttp,
    ChartsClient,
    MusicClient,
    PlaylistsClient,
    SingersClient,
  ],
})
export class UpstreamModule {}
