import { Injectable, Logger } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A Prometheus text and its content type. */
export interface MetricsScrape {
  contentType: string;
  text: string;
}

/**
 * Prometheus metrics. Labels are routes, hosts, modules and outcomes only — never a cookie, uin or query value.
 * With WORKERS > 1 a scrape adds up every worker's: counters and histograms sum, a gauge names its `aggregator`.
 * One registry per app instance, so tests booting several apps in one process do not collide.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly logger = new Logger('Metrics');
  private clusterScrape?: () => Promise<MetricsScrape>;

  readonly httpRequests = new Counter({
    name: 'gateway_http_requests_total',
    help: 'HTTP requests served, by route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });

  readonly httpDuration = new Histogram({
    name: 'gateway_http_request_duration_seconds',
    help: 'HTTP request latency, by route template',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 40],
    registers: [this.registry],
  });

  readonly upstreamCalls = new Counter({
    name: 'gateway_upstream_calls_total',
    help: 'Upstream calls, by host, target (musicu module.method or CGI name) and outcome',
    labelNames: ['host', 'target', 'outcome'] as const,
    registers: [this.registry],
  });

  readonly upstreamDuration = new Histogram({
    name: 'gateway_upstream_call_duration_seconds',
    help: 'Upstream call latency, by host',
    labelNames: ['host'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 15, 40],
    registers: [this.registry],
  });

  readonly upstreamFallbacks = new Counter({
    name: 'gateway_upstream_fallbacks_total',
    help: 'Upstream calls answered by a fallback or retry (older module or CGI, Android comm, signed retry, second Referer), by the call given up',
    labelNames: ['call'] as const,
    registers: [this.registry],
  });

  readonly upstreamShapeMismatches = new Counter({
    name: 'gateway_upstream_shape_mismatch_total',
    help: 'Sampled upstream answers (UPSTREAM_SHAPE_SAMPLE_RATE) missing a field the gateway reads, by canary area and declared field path',
    labelNames: ['area', 'field'] as const,
    registers: [this.registry],
  });

  readonly cacheLookups = new Counter({
    name: 'gateway_cache_lookups_total',
    help: 'Response cache lookups, by result (hit, miss, stale, bypass)',
    labelNames: ['result'] as const,
    registers: [this.registry],
  });

  readonly coalesced = new Counter({
    name: 'gateway_coalesced_requests_total',
    help: 'Requests that shared an identical in-flight request instead of calling upstream again',
    labelNames: ['level'] as const,
    registers: [this.registry],
  });

  private cacheMemory?: () => { bytes: number; entries: number };
  private upstreamBodyBytes?: () => number;

  readonly upstreamBodyBytesInFlight: Gauge = new Gauge({
    name: 'gateway_upstream_body_bytes_in_flight',
    help: 'Bytes of upstream answers being read or decoded right now, across all calls (bounded by UPSTREAM_BODY_BUDGET_MB)',
    registers: [this.registry],
    collect: () => {
      if (this.upstreamBodyBytes) this.upstreamBodyBytesInFlight.set(this.upstreamBodyBytes());
    },
  });

  readonly cacheMemoryBytes = this.cacheMemoryGauge(
    'gateway_cache_memory_bytes',
    'Approximate bytes held by the in-memory response cache tier (bounded by CACHE_MEMORY_MB)',
    (size) => size.bytes,
  );

  readonly cacheMemoryEntries = this.cacheMemoryGauge(
    'gateway_cache_memory_entries',
    'Answers held by the in-memory response cache tier',
    (size) => size.entries,
  );

  readonly breakerState = new Gauge({
    name: 'gateway_upstream_breaker_open',
    help: 'Circuit breaker per upstream host: 0 closed, 1 open, 0.5 half-open',
    labelNames: ['host'] as const,
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly redisBreakerState = new Gauge({
    name: 'gateway_redis_breaker_open',
    help: 'Redis skipped after a command timed out (REDIS_RETRY_AFTER_MS): 0 closed, 1 open, 0.5 half-open (one command trying it)',
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly credentialSecondsToExpiry = new Gauge({
    name: 'gateway_credential_seconds_to_expiry',
    help: 'Seconds until the stored login key expires (negative = expired); absent when unknown',
    labelNames: ['login_type'] as const,
    aggregator: 'min',
    registers: [this.registry],
  });

  readonly credentialRefreshes = new Counter({
    name: 'gateway_credential_refresh_total',
    help: 'Refreshes of the stored login by outcome (ok, auth_expired, restricted, too_frequent, bad_params, error)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });

  // ---- client identity (src/upstream/identity; docs/upstream/identity.md) ----

  readonly identityFallback = new Gauge({
    name: 'gateway_upstream_identity_fallback',
    help: 'Whether Android-comm calls carry a fallback identity part (qimei, session): 1 while its service fails or none was issued',
    labelNames: ['part'] as const,
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly identityRequests = new Counter({
    name: 'gateway_upstream_identity_requests_total',
    help: 'Requests to the identity services by part (qimei, session) and outcome (issued, failed)',
    labelNames: ['part', 'outcome'] as const,
    registers: [this.registry],
  });

  // ---- upstream canary (src/upstream/canary; docs/operations.md "Upstream canary") ----

  readonly canaryStatus = new Gauge({
    name: 'gateway_upstream_canary_status',
    help: 'Last upstream canary state per area: 0 ok, 1 fallback, 2 changed, 3 refused, 4 unreachable; absent until checked',
    labelNames: ['area'] as const,
    aggregator: 'max',
    registers: [this.registry],
  });

  readonly canaryChecks = new Counter({
    name: 'gateway_upstream_canary_checks_total',
    help: 'Upstream canary checks, by area and state (ok, fallback, changed, refused, unreachable)',
    labelNames: ['area', 'state'] as const,
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** WORKERS > 1: a scrape answers every worker's series added up, as `source` (the cluster primary) gives them. */
  scrapeThrough(source: () => Promise<MetricsScrape>): void {
    this.clusterScrape = source;
  }

  /** What GET /metrics answers: the whole gateway's series, or this process's own when it is alone or the primary fails. */
  async scrape(): Promise<MetricsScrape> {
    if (this.clusterScrape) {
      try {
        return await this.clusterScrape();
      } catch (err) {
        // The scrape still gets this worker's series (gateway_cluster_workers_reporting is then absent).
        this.logger.warn(`Cluster metrics unavailable (${(err as Error).message}); answering this worker's own`);
      }
    }
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  /** A gauge read from the cache's memory tier on every scrape. */
  private cacheMemoryGauge(name: string, help: string, read: (size: { bytes: number; entries: number }) => number): Gauge {
    const gauge: Gauge = new Gauge({
      name,
      help,
      registers: [this.registry],
      collect: () => {
        if (this.cacheMemory) gauge.set(read(this.cacheMemory()));
      },
    });
    return gauge;
  }

  /** The upstream transport reports the answer bytes it holds here (read on every scrape). */
  observeUpstreamBodyBytes(source: () => number): void {
    this.upstreamBodyBytes = source;
  }

  /** The response cache's memory tier reports its size here (read on every scrape). */
  observeCacheMemory(source: () => { bytes: number; entries: number }): void {
    this.cacheMemory = source;
  }
}
