import express from 'express';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Child-process entry for the bench baselines (what the gateway is measured against), on a free loopback port:
 *   node  <bodyFile> <contentType>  bare node:http answering fixed bytes (a cached /getRanks answer)
 *   express <bodyFile> <contentType> bare Express app answering the same bytes
 *   replay <callsFile>              re-serialising keep-alive proxy: per incoming path, the upstream request(s)
 *                                   the gateway sent for it (recorded from the fake), JSON.parse + JSON.stringify
 * Prints `{"ready":true,"url":...}` on stdout.
 */
const [kind, arg1, arg2] = process.argv.slice(2);

function ready(server: ReturnType<typeof createServer>): void {
  server.keepAliveTimeout = 5000;
  server.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}`, pid: process.pid })}\n`);
  });
}

function bareNode(body: Buffer, contentType: string): void {
  ready(
    createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
      res.end(body);
    }),
  );
}

function bareExpress(body: Buffer, contentType: string): void {
  const app = express();
  app.disable('x-powered-by');
  app.use((_req, res) => {
    res.set('Content-Type', contentType);
    res.send(body);
  });
  ready(createServer(app));
}

/** One upstream request the replaying proxy sends (recorded from the gateway by scripts/lib/miss-rows.ts). */
export interface ReplayCall {
  origin: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** JSON, or JSONP `callback({...})` as some CGIs answer. */
function parseAnswer(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return JSON.parse(text.slice(text.indexOf('(') + 1, text.lastIndexOf(')')));
  }
}

/**
 * The re-serialising proxy: for each incoming path, the upstream request(s) the gateway sent for it (from the file),
 * over a keep-alive Agent, one after the other; the whole answer is JSON.parse'd and JSON.stringify'd back.
 */
function replay(file: string): void {
  const byPath = new Map(Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ReplayCall[]>));
  for (const calls of byPath.values()) {
    for (const c of calls) if (new URL(c.origin).hostname !== '127.0.0.1') throw new Error('proxy baseline: loopback upstream only');
  }
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const fail = (res: ServerResponse, status: number, err: Error) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: err.message }));
  };
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
  ready(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      const calls = byPath.get(req.url ?? '');
      if (!calls) return fail(res, 404, new Error(`no recorded upstream call for ${req.url}`));
      void (async () => {
        let data: unknown = null;
        for (const c of calls) data = await ask(c);
        const out = Buffer.from(JSON.stringify({ code: 0, msg: 'ok', data }));
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': out.length });
        res.end(out);
      })().catch((err: Error) => fail(res, 502, err));
    }),
  );
}

try {
  if (kind === 'node') bareNode(readFileSync(arg1), arg2);
  else if (kind === 'express') bareExpress(readFileSync(arg1), arg2);
  else if (kind === 'replay') replay(arg1);
  else throw new Error(`unknown baseline kind ${kind}`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: (err as Error).message })}\n`);
  process.exit(1);
}
