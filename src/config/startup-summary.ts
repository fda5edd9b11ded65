import { isIPv4 } from 'node:net';
import { type AppConfig, UPSTREAM_HOST_NAMES, type UpstreamHost } from './config-schema';
import { bypassesProxy } from './upstream-proxy-settings';

/** How many worker processes serve requests (WORKERS, `auto` already resolved to the cores). */
export function workerCount(config: AppConfig): number {
  return config.workers;
}

/** True when HOST admits connections from this machine only (127.0.0.0/8, ::1, localhost): no proxy in front. */
export function listensOnLoopbackOnly(host: string): boolean {
  const address = host.toLowerCase().replace(/^\[(.*)\]$/, '$1').replace(/^::ffff:/, '');
  return address === 'localhost' || address === '::1' || (isIPv4(address) && address.startsWith('127.'));
}

/**
 * What the start-up line adds after the address: workers, Redis, outbound proxy. Never a credential: Redis and the
 * proxy are shown as scheme://host:port.
 */
export function startupSummary(config: AppConfig): string {
  const redis = config.redisUrl ? originOf(config.redisUrl) : 'none (in memory)';
  return `workers: ${workerCount(config)}, Redis: ${redis}, outbound proxy: ${proxySummary(config)}`;
}

function proxySummary(config: AppConfig): string {
  if (!config.upstreamProxy) return 'none';
  const direct = (Object.entries(config.origins) as [UpstreamHost, string][])
    .filter(([, origin]) => bypassesProxy(origin, config.upstreamNoProxy))
    .map(([host]) => UPSTREAM_HOST_NAMES[host]);
  return `${config.upstreamProxy.shown}${direct.length ? ` (direct: ${direct.join(', ')})` : ''}`;
}

function originOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.protocol}//${parsed.host}`;
}
