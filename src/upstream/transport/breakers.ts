import { Logger } from '@nestjs/common';
import CircuitBreaker from 'opossum';
import { type UpstreamHost, UPSTREAM_HOST_NAMES } from '../../config/app-config';
import { requestContext } from '../../common/request-context';
import type { MetricsService } from '../../metrics/metrics.service';
import type { UpstreamResponse } from '../upstream.types';
import { refusedByGateway } from './body-budget';
import { ProxyFailure } from './upstream-pools';

export type HostBreaker = CircuitBreaker<[() => Promise<UpstreamResponse>], UpstreamResponse>;

/**
 * One circuit breaker per upstream host: a dead host is not hammered (opens at ≥ 50 % failures over 20+ calls, tries
 * again after 10 s). docs/upstream/README.md "Transport policies".
 */
export class HostBreakers {
  private readonly logger = new Logger('Upstream');
  private readonly breakers = new Map<UpstreamHost, HostBreaker>();

  constructor(private readonly metrics: MetricsService) {}

  for(host: UpstreamHost): HostBreaker {
    let breaker = this.breakers.get(host);
    if (!breaker) {
      breaker = new CircuitBreaker((call: () => Promise<UpstreamResponse>) => call(), {
        timeout: false,
        errorThresholdPercentage: 50,
        volumeThreshold: 20,
        resetTimeout: 10_000,
        rollingCountTimeout: 10_000,
        // By default opossum sorts every latency of the window (≈ 20 000 at 2 000 calls/s) on each failure and each
        // second for percentiles nobody reads: ≈ 1.8 ms per failing call, just when upstream fails.
        rollingPercentilesEnabled: false,
        enableSnapshots: false,
        // opossum counts a filtered error as a success, and a success while half-open closes the circuit. An answer
        // the gateway refused by its own limits (UPSTREAM_BUSY, too large) came from a host that answered: a success,
        // half-open too, or one client's heavy answers would cut every caller off. A caller hanging up says nothing
        // about upstream health: neutral while closed, but the half-open probe's hang-up keeps the circuit open.
        // The outbound proxy failing says nothing about the host either: its own 502s name the proxy, not a circuit.
        errorFilter: (err) => refusedByGateway(err) || err instanceof ProxyFailure || (!breaker!.halfOpen && requestContext.getStore()?.signal?.aborted === true),
      });
      breaker.on('open', () => {
        this.logger.warn(`Circuit for ${UPSTREAM_HOST_NAMES[host]} opened`);
        this.metrics.breakerState.set({ host }, 1);
      });
      breaker.on('halfOpen', () => this.metrics.breakerState.set({ host }, 0.5));
      breaker.on('close', () => this.metrics.breakerState.set({ host }, 0));
      this.metrics.breakerState.set({ host }, 0);
      this.breakers.set(host, breaker);
    }
    return breaker;
  }

  /** Stops every breaker's timers (at shutdown, once no request needs them). */
  shutdown(): void {
    for (const breaker of this.breakers.values()) breaker.shutdown();
    this.breakers.clear();
  }
}
