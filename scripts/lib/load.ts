/** autocannon, wrapped: a bounded run against one loopback server, summarised as req/s and latency percentiles. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const autocannon: (opts: Record<string, unknown>) => Promise<any> = require('autocannon');

export interface LoadOptions {
  /** Base URL (http://127.0.0.1:port). */
  base: string;
  /** One path, or several visited in turn (each connection takes the next one). */
  paths: string[];
  connections: number;
  durationS: number;
  headers?: Record<string, string>;
  /** GET unless given (POST with `body` for runs straight against the fake upstream). */
  method?: 'GET' | 'POST';
  body?: string;
}

export interface LoadResult {
  /** Completed responses, any status. */
  requests: number;
  /** 2xx responses; req/s counts only these. */
  ok: number;
  durationS: number;
  reqPerSec: number;
  p50: number;
  p90: number;
  p99: number;
  avg: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export async function runLoad(opts: LoadOptions): Promise<LoadResult> {
  if (!opts.base.startsWith('http://127.0.0.1:')) throw new Error(`refusing non-loopback target ${opts.base}`);
  let next = 0;
  const paths = opts.paths;
  const result = await autocannon({
    url: opts.base + paths[0],
    connections: opts.connections,
    duration: opts.durationS,
    headers: opts.headers ?? {},
    method: opts.method ?? 'GET',
    body: opts.body,
    timeout: 10,
    requests:
      paths.length > 1
        ? [{ setupRequest: (req: Record<string, unknown>) => ({ ...req, path: paths[next++ % paths.length] }) }]
        : undefined,
  });
  const statusCodes: Record<string, number> = {};
  for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (v as { count: number }).count;
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const ok = Object.entries(statusCodes).reduce((n, [code, count]) => n + (code.startsWith('2') ? count : 0), 0);
  const durationS = Number(result.duration) || opts.durationS;
  return {
    requests: total,
    ok,
    durationS,
    reqPerSec: ok / durationS,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    avg: result.latency.average,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
