import Redis from 'ioredis';
import { spawnSync } from 'node:child_process';

/** The Redis the Redis-backed suites use: TEST_REDIS_URL, else the machine's own on 127.0.0.1:6379. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** How to start the Redis those suites expect on a port (what .ci/run does when none is running on 6379). */
export const startRedis = (port = '6379'): string => `redis-server --daemonize yes --port ${port} --save ""`;

// Connects, sends PING and exits 0 on any Redis reply (+PONG, or -NOAUTH from one with a password); else prints why.
const PING = `
const [host, port] = process.argv.slice(1);
const s = require('node:net').connect({ host, port: Number(port) });
const fail = (why) => { process.stdout.write(why); process.exit(1); };
s.setTimeout(2000, () => fail('no answer within 2 s'));
s.on('connect', () => s.write('PING\\r\\n'));
s.on('data', (d) => (/^[+-]/.test(String(d)) ? process.exit(0) : fail('something that is not Redis answered')));
s.on('error', (e) => fail(e.code || e.message));
`;

/**
 * Call at the top of a suite that needs a real Redis. Without one, the suite fails at once with one line naming the
 * address and how to start it, before any hook runs: it used to fail test by test on hook timeouts and client retries,
 * without saying why. Synchronous (a short child process), so it can stop the file while it is being loaded.
 */
export function requireRedis(url: string = TEST_REDIS_URL): void {
  const { hostname, port, protocol } = new URL(url);
  // A rediss:// server speaks TLS first, so a plain PING cannot tell: its suites report their own failures.
  if (protocol === 'rediss:') return;
  const address = `${hostname}:${port || 6379}`;
  const probe = spawnSync(process.execPath, ['-e', PING, hostname.replace(/^\[|\]$/g, ''), port || '6379'], { encoding: 'utf8', timeout: 5000 });
  if (probe.status === 0) return;
  const why = probe.stdout || probe.error?.message || `probe exited ${probe.status ?? probe.signal}`;
  const error = new Error(`This suite needs Redis at ${address} (TEST_REDIS_URL), which is not reachable (${why}). Start one: ${startRedis(port || '6379')}`);
  error.stack = error.message; // one line: where it was thrown says nothing more
  throw error;
}

/** Deletes what a suite left in the test Redis: every key whose name contains `fragment` (the suite's own prefix). */
export async function deleteRedisKeysContaining(fragment: string, url: string = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  const keys = await redis.keys(`*${fragment}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}
