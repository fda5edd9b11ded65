import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { HealthController } from './health.controller';
import { IndexController } from './index.controller';
import { HealthService } from './health.service';
import { UpstreamHealthController } from './upstream-health.controller';
import { CanaryModule } from '../upstream/canary/canary.module';

@Module({
  imports: [TerminusModule.forRoot({ logger: false }), CanaryModule],
  controllers: [HealthController, UpstreamHealthController, IndexController],
  providers: [HealthService],
})
export class HealthModule {}
