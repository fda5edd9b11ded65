import { Global, Module } from '@nestjs/common';
import { ChartsClient } from './clients/charts.client';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [
    UpstreamHttp,
    ChartsClient,
  ],
  exports: [
    UpstreamHttp,
    ChartsClient,
  ],
})
export class UpstreamModule {}
