import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { UpstreamHttp } from './upstream-http.service';

// Keep-alive pools: one TLS handshake per socket, not per call. maxSockets bounds the burst per host.
const agentOptions = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 60_000 };

@Global()
@Module({
  imports: [
    HttpModule.register({
      httpAgent: new HttpAgent(agentOptions),
      httpsAgent: new HttpsAgent(agentOptions),
      // Upstream URLs come from config only; never let an env proxy variable reroute them silently.
      proxy: false,
    }),
  ],
  providers: [UpstreamHttp],
  exports: [UpstreamHttp],
})
export class UpstreamModule {}
