import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp, listenOn } from '../src/app.factory';
import { startHarness } from './support/harness';

// Its own file: nestjs-pino keeps one process-wide root logger, so start-up lines of apps booted later in the
// same test process can land in another app's stream.
describe('Start-up warning when rate limiting runs without trust proxy', () => {
  it.each([
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false' }, true],
    [{ RATE_LIMIT: '100', TRUST_PROXY: '1' }, false],
    [{ RATE_LIMIT: '0', TRUST_PROXY: 'false' }, false],
  ])('%j → warning %s', async (env, warned) => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { ...env, LOG_LEVEL: 'warn' } });
    try {
      const warning = logs.some((line) => line.includes('Rate limiting is on but TRUST_PROXY is off'));
      expect(warning).toBe(warned);
    } finally {
      await h.close();
    }
  });
});

// main.ts and the demo listen through listenOn and log its message.
describe('Start-up says where the gateway really listens; a failed listen names HOST and PORT', () => {
  const env = { COOKIE_FILE: join(mkdtempSync(join(tmpdir(), 'qqgw-listen-')), 'absent.json'), LOG_LEVEL: 'silent', RATE_LIMIT: '0' };

  it('bound to 0.0.0.0: the real address, plus a URL that works from this machine', async () => {
    const app = await createApp(env);
    try {
      const { url, message } = await listenOn(app, { host: '0.0.0.0', port: 0 });
      const { port } = app.getHttpServer().address() as AddressInfo;
      expect(message).toBe(`Listening on http://0.0.0.0:${port} (all IPv4 interfaces; from this machine: http://127.0.0.1:${port})`);
      expect(url).toBe(`http://127.0.0.1:${port}`);
      await request(url).get('/health/live').expect(200);
    } finally {
      await app.close();
    }
  });

  it('bound to 127.0.0.1: that address only', async () => {
    const app = await createApp(env);
    try {
      const { url, message } = await listenOn(app, { host: '127.0.0.1', port: 0 });
      expect(message).toBe(`Listening on ${url}`);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await app.close();
    }
  });

  it('a port already in use fails with one line naming HOST and PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const app = await createApp(env);
    try {
      await expect(listenOn(app, { host: '127.0.0.1', port })).rejects.toThrow(
        `cannot listen on HOST=127.0.0.1 PORT=${port}: the port is already in use (another program, or the gateway already running) (EADDRINUSE)`,
      );
    } finally {
      await app.close();
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('npm start scripts hand the process over to node', () => {
  // npm runs a script with `sh -c`; without exec, dash keeps node as its child and does not pass on the SIGTERM npm
  // forwards to it, so `npm start` stopped by a supervisor left node running (orphaned).
  const scripts = JSON.parse(readFileSync(join(__dirname, '..', 'package.json'), 'utf8')).scripts as Record<string, string>;
  it.each(['start', 'start:prod', 'start:demo', 'start:demo-login'])('%s ends in `exec node …`', (name) => {
    const last = scripts[name].split('&&').at(-1)!.trim();
    expect(last).toMatch(/^exec node /);
  });
});
