import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

/** One upstream request the replaying servers send (recorded from the gateway by scripts/lib/miss-rows.ts). */
export interface ReplayCall {
  origin: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** What a replaying server answers for an incoming path, once its recorded calls have been made. */
export type Replay = (path: string) => Promise<unknown> | undefined;

/** JSON, or JSONP `callback({...})` as some CGIs answer. */
function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')));
  }
}

/**
 * The replaying servers' work for one incoming path: the upstream request(s) the gateway sent for it (from `file`),
 * one after the other over one keep-alive node:http Agent, each answer parsed whole; resolves with
 * `{ code: 0, msg: 'ok', data: <last answer> }` for the server to serialise. Undefined for a path not recorded.
 */
export function replayFrom(file: string): Replay {
  const byPath = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ReplayCall[]>));
  for (const calls of byPath.values()) {
    for (const c of calls) if (new URL(c.origin).hostname !== '127.0.0.1') throw new Error('replay: loopback upstream only');
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const ask = (c: ReplayCall) =>
    new Promise<unknown>((resolve, reject) => {
      const origin = new URL(c.origin);
      const up = request(
        { host: origin.hostname, port: origin.port, path: c.url, method: c.method, agent, headers: { ...c.headers, 'content-length': Buffer.byteLength(c.body) } },
        (upRes) => {
          const chunks: Buffer[] = [];
          upRes.on('data', (chunk: Buffer) => chunks.push(chunk));
          upRes.on('end', () => {
            try {
              resolve(parseAnswer(Buffer.concat(chunks).toString('utf8')));
            } catch (err) {
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          });
          upRes.on('error', reject);
        },
      );
      up.on('error', reject);
      up.end(c.body);
    });
  return (path) => {
    const calls = byPath.get(path);
    if (!calls) return undefined;
    return (async () => {
      let data: unknown = null;
      for (const c of calls) data = await ask(c);
      return { code: 0, msg: 'ok', data };
    })();
  };
}
