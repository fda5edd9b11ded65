import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { UpstreamHttp } from './upstream-http.service';

@Global()
@Module({
  imports: [
    HttpModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => {
        // Keep-alive pools: one TLS handshake per socket, not per call. maxSockets is per upstream host, so it
        // is also the per-host concurrency cap: a burst queues here instead of getting our IP rate-limited.
        const agent = { keepAlive: true, maxSockets: config.upstreamMaxConcurrency, maxFreeSockets: 16, timeout: 60_000 };
        return {
          httpAgent: new HttpAgent(agent),
          httpsAgent: new HttpsAgent(agent),
          // Upstream URLs come from config only; never let an env proxy variable reroute them silently.
          proxy: false,
        };
      },
    }),
  ],
  providers: [UpstreamHttp],
  exports: [UpstreamHttp],
})
export class UpstreamModule {}
