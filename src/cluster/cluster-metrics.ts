import { AggregatorRegistry, Gauge } from 'prom-client';

/**
 * The workers' metrics as one Prometheus text, built in the primary on a scrape (loaded then, not at start-up):
 * counters and histograms add up; each gauge says how it combines (`aggregator` in MetricsService). The series
 * `gateway_cluster_workers_reporting` says how many workers answered in time out of how many were serving.
 */
export async function aggregateMetrics(snapshots: unknown[], serving: number): Promise<{ contentType: string; text: string }> {
  const registry = AggregatorRegistry.aggregate(snapshots as object[]);
  const reporting = new Gauge({
    name: 'gateway_cluster_workers_reporting',
    help: 'Workers whose metrics this scrape adds up (state "reporting"), and workers serving when it was taken ("serving")',
    labelNames: ['state'] as const,
    registers: [registry],
  });
  reporting.set({ state: 'reporting' }, snapshots.length);
  reporting.set({ state: 'serving' }, serving);
  return { contentType: registry.contentType, text: await registry.metrics() };
}
