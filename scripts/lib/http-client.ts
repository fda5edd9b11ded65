import { Agent, request } from 'node:http';

/** One loopback HTTP exchange for the bench/soak drivers (node:http, bounded by a timeout). */
export interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  agent?: Agent;
  timeoutMs?: number;
}

/** Sends one request; rejects on transport errors and on the timeout (the socket is destroyed then). */
export function send(url: string, options: SendOptions = {}): Promise<Exchange> {
  const u = new URL(url);
  if (u.hostname !== '127.0.0.1') return Promise.reject(new Error(`refusing non-loopback target ${url}`));
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...options.headers };
    if (options.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      headers['Content-Length'] = Buffer.byteLength(options.body);
    }
    const req = request(
      { host: u.hostname, port: u.port, path: u.pathname + u.search, method: options.method ?? 'GET', headers, agent: options.agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), ms: performance.now() - started }),
        );
        res.on('error', reject);
      },
    );
    req.setTimeout(options.timeoutMs ?? 15_000, () => req.destroy(new Error(`client timeout after ${options.timeoutMs ?? 15_000} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

export function json(ex: Exchange): any {
  try {
    return JSON.parse(ex.body.toString('utf8'));
  } catch {
    return undefined;
  }
}
