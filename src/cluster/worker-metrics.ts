import type { MetricsScrape, MetricsService } from '../metrics/metrics.service';
import { workerLink } from './cluster-link';
import { METRICS_SNAPSHOT } from './cluster-protocol';

/**
 * WORKERS > 1: this worker hands its series to the primary when asked, and its /metrics answers what the primary adds
 * up from every worker (docs/decisions/034-workers.md). A single process keeps its own.
 */
export function shareWorkerMetrics(metrics: MetricsService): void {
  const link = workerLink();
  if (!link) return;
  link.on(METRICS_SNAPSHOT, () => metrics.registry.getMetricsAsJSON());
  metrics.scrapeThrough(() => link.call<MetricsScrape>('metrics.collect'));
}
