import express from 'express';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { replayFrom } from './replay';

/**
 * Child-process entry for the bench baselines (what the gateway is measured against), on a free loopback port:
 *   node  <bodyFile> <contentType>  bare node:http answering fixed bytes (a cached /getRanks answer)
 *   express <bodyFile> <contentType> bare Express app answering the same bytes
 *   replay <callsFile>              re-serialising keep-alive proxy: per incoming path, the upstream request(s)
 *                                   the gateway sent for it (recorded from the fake), JSON.parse + JSON.stringify
 *                                   (scripts/lib/replay.ts; nest-floor-entry.ts does the same on NestJS)
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

/**
 * The re-serialising proxy: for each incoming path, the upstream request(s) the gateway sent for it (replayFrom);
 * the whole answer is JSON.stringify'd back.
 */
function replay(file: string): void {
  const answerFor = replayFrom(file);
  const fail = (res: ServerResponse, status: number, err: Error) => {
    if (res.headersSent) return res.destroy();
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: err.message }));
  };
  ready(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      req.resume();
      const answer = answerFor(req.url ?? '');
      if (!answer) return fail(res, 404, new Error(`no recorded upstream call for ${req.url}`));
      answer.then(
        (value) => {
          const out = Buffer.from(JSON.stringify(value));
          res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': out.length });
          res.end(out);
        },
        (err: Error) => fail(res, 502, err),
      );
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
