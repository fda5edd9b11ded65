import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Harness, startHarness, waitForReady } from '../support/harness';

/**
 * A minimal RESP server standing in for Redis: it answers PING with whatever `pong` says (a simple string, or an error
 * when it starts with '-'), INFO as a loaded server, and every other command with nil (no key stored). Enough for the
 * gateway's client to connect and for /health/ready to ask its PING.
 */
class ScriptedRedis {
  pong = '+PONG';
  pings = 0;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server = createServer((socket) => {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (let parsed = parseCommand(buffer); parsed; parsed = parseCommand(buffer)) {
        buffer = buffer.subarray(parsed.length);
        socket.write(this.answer(parsed.args[0]?.toUpperCase() ?? ''));
      }
    });
  });

  private answer(command: string): string {
    if (command === 'PING') {
      this.pings++;
      return `${this.pong}\r\n`;
    }
    if (command === 'INFO') {
      const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
      return `$${Buffer.byteLength(info)}\r\n${info}\r\n`;
    }
    if (command === 'QUIT') return '+OK\r\n';
    return '$-1\r\n';
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `redis://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** One RESP array of bulk strings from the front of `buffer` (what a client sends), or undefined if incomplete. */
function parseCommand(buffer: Buffer): { args: string[]; length: number } | undefined {
  const text = buffer.toString('latin1');
  let at = 0;
  const line = (): string | undefined => {
    const end = text.indexOf('\r\n', at);
    if (end < 0) return undefined;
    const value = text.slice(at, end);
    at = end + 2;
    return value;
  };
  const head = line();
  if (head === undefined || !head.startsWith('*')) return undefined;
  const args: string[] = [];
  for (let i = 0; i < Number(head.slice(1)); i++) {
    const size = line();
    if (size === undefined) return undefined;
    const n = Number(size.slice(1));
    if (text.length < at + n + 2) return undefined;
    args.push(text.slice(at, at + n));
    at += n + 2;
  }
  return { args, length: at };
}

describe('/health/ready: Redis must answer PING with PONG', () => {
  let h: Harness;
  let redis: ScriptedRedis;
  beforeAll(async () => {
    redis = new ScriptedRedis();
    // A PING left unanswered by a busy machine would skip Redis for a while: every probe here must reach it.
    h = await startHarness({ env: { REDIS_URL: await redis.start(), REDIS_TIMEOUT_MS: '5000' } });
  });
  afterAll(async () => {
    await h?.close();
    await redis?.stop();
  });

  it('is ready while PING answers PONG; another answer (or an error) is not ready, never a 500; liveness stays up', async () => {
    redis.pong = '+PONG';
    await waitForReady('the connection to be up', h);
    const up = await h.http().get('/health/ready').expect(200);
    expect(up.body.info.redis).toEqual({ status: 'up' });

    for (const answer of ['+OK', '+PONGPONG', '-LOADING Redis is loading the dataset in memory']) {
      redis.pong = answer;
      const pings = redis.pings;
      const res = await h.http().get('/health/ready');
      expect(redis.pings).toBe(pings + 1); // the answer above really was the one to this probe's PING
      expect({ answer, status: res.status, body: res.body }).toEqual({
        answer,
        status: 503,
        body: { error: 'Not ready: redis is down', errorCode: 'NOT_READY' },
      });
      await h.http().get('/health/live').expect(200);
    }

    redis.pong = '+PONG';
    await h.http().get('/health/ready').expect(200);
    expect(h.fake.requests).toHaveLength(0); // health never calls the QQ Music upstream
  });
});
