import express from 'express';
import { readFileSync } from 'node:fs';
import { Agent, createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Child-process entry for the bench baselines (what the gateway is measured against), on a free loopback port:
 *   node  <bodyFile> <contentType>  bare node:http answering fixed bytes (a cached /getRanks answer)
 *   express <bodyFile> <contentType> bare Express app answering the same bytes
 *   proxy <uOrigin>                 keep-alive pass-through to the fake's musicu.fcg (chart GetDetail):
 *                                   POST upstream, JSON.parse the answer, re-serialise the chart part
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

function proxy(uOrigin: string): void {
  const origin = new URL(uOrigin);
  if (origin.hostname !== '127.0.0.1') throw new Error('proxy baseline: loopback upstream only');
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const payload = (limit: number) =>
    JSON.stringify({
      comm: { ct: 24, cv: 4747474, uin: 0, g_tk: 5381, format: 'json' },
      req_1: { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId: 62, offset: 0, num: limit, withTags: false } },
    });
  const fail = (res: ServerResponse, err: Error) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: err.message }));
  };
  ready(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      const body = payload(20);
      const up = request(
        {
          host: origin.hostname,
          port: origin.port,
          path: '/cgi-bin/musicu.fcg',
          method: 'POST',
          agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (upRes) => {
          const chunks: Buffer[] = [];
          upRes.on('data', (c: Buffer) => chunks.push(c));
          upRes.on('end', () => {
            try {
              const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
              const out = Buffer.from(JSON.stringify({ code: 0, msg: 'ok', data: parsed.req_1?.data ?? null }));
              res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': out.length });
              res.end(out);
            } catch (err) {
              fail(res, err as Error);
            }
          });
          upRes.on('error', (err) => fail(res, err));
        },
      );
      up.on('error', (err) => fail(res, err));
      up.end(body);
    }),
  );
}

try {
  if (kind === 'node') bareNode(readFileSync(arg1), arg2);
  else if (kind === 'express') bareExpress(readFileSync(arg1), arg2);
  else if (kind === 'proxy') proxy(arg1);
  else throw new Error(`unknown baseline kind ${kind}`);
} catch (err) {
  process.stdout.write(`${JSON.stringify({ error: (err as Error).message })}\n`);
  process.exit(1);
}
