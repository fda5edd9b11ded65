import { Module } from '@nestjs/common';
import { CanaryProbes } from './canary-probes';
import { UpstreamCanary } from './upstream-canary.service';

/** The upstream canary; /health/upstream (HealthModule) reports what it found. */
@Module({
  providers: [CanaryProbes, UpstreamCanary],
  exports: [UpstreamCanary],
})
export class CanaryModule {}
