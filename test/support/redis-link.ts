import { createConnection, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP link between the gateway and a real Redis, so a test can take Redis away and give it back without touching
 * the server itself: `up` forwards, `down` resets every connection (as a Redis that died would), `hang` accepts
 * and never answers (as a Redis that stalls would); `freeze()` keeps the live connections open and passes nothing
 * either way (a Redis stalled under a connected client: a long script, a fork stall, a silent partition).
 */
export class RedisLink {
  mode: 'up' | 'down' | 'hang' = 'up';
  private frozen = false;
  private readonly sockets = new Set<Socket>();
  private readonly server: Server;

  constructor(private readonly target: { host: string; port: number }) {
    this.server = createServer((client) => {
      this.track(client);
      if (this.mode === 'down') return client.destroy();
      if (this.mode === 'hang') return client.on('data', () => undefined);
      const redis = this.track(createConnection(this.target));
      client.on('data', (bytes) => this.frozen || redis.write(bytes));
      redis.on('data', (bytes) => this.frozen || client.write(bytes));
      client.on('close', () => redis.destroy());
      redis.on('close', () => client.destroy());
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `redis://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Switches mode and drops every open connection, so clients must reconnect into the new mode. */
  set(mode: RedisLink['mode']): void {
    this.mode = mode;
    this.frozen = false;
    for (const socket of this.sockets) socket.destroy();
  }

  /** Live connections stay open, and what is sent on them is never delivered (until `set`). */
  freeze(): void {
    this.frozen = true;
  }

  async stop(): Promise<void> {
    this.set('down');
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private track(socket: Socket): Socket {
    this.sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => this.sockets.delete(socket));
    return socket;
  }
}
