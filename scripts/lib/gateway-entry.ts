// First, as in main.ts: the optimising compilers stay off while the app's modules load.
import '../../src/common/startup-pause';
import { createApp } from '../../src/app.factory';
import { releaseStartupMemory } from '../../src/common/startup-memory';

/**
 * Child-process entry for the bench/soak scripts: the real gateway (createApp, as main.ts builds it, shutdown
 * hooks included, and start-up's memory given back as main.ts does) with the environment its parent gave it,
 * listening on a free loopback port. Prints one JSON line `{"ready":true,"url":...,"pid":...}` on stdout. The
 * parent may send 'gc' (with --expose-gc) or 'mem' (answered with process.memoryUsage()) over IPC.
 */
async function main(): Promise<void> {
  // The bench and the soak measure their own load: no canary calls unless the parent asks for them.
  const app = await createApp({ CANARY_INTERVAL_S: '0', ...process.env });
  await app.listen(0, '127.0.0.1');
  const url = await app.getUrl();
  releaseStartupMemory();
  process.on('message', (msg) => {
    if (msg === 'gc') (globalThis as { gc?: () => void }).gc?.();
    if (msg === 'mem') process.send?.({ mem: process.memoryUsage() });
  });
  // The IPC channel must not keep the process alive (SIGTERM must be able to end it).
  process.channel?.unref();
  process.stdout.write(`${JSON.stringify({ ready: true, url, pid: process.pid })}\n`);
}

main().catch((err: Error) => {
  process.stdout.write(`${JSON.stringify({ error: err.message })}\n`);
  process.exit(1);
});
