import { Global, Module } from '@nestjs/common';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  providers: [UpstreamHttp],
  exports: [UpstreamHttp],
})
export class UpstreamModule {}
