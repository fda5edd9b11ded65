import { createApp, listen } from '../src/app.factory';
import { FakeUpstream } from './fake-upstream';

/**
 * Demo mode: the fake upstream on loopback and the gateway wired to it, in one process,
 * so an offline machine sees real-looking answers. `npm run start:demo`.
 */
async function main(): Promise<void> {
  const fake = new FakeUpstream();
  await fake.start();
  const app = await createApp({ ...process.env, ...fake.env(), COOKIE_FILE: process.env.COOKIE_FILE ?? 'config/demo-user-info.json' });
  const url = await listen(app);
  console.log(`Demo gateway on ${url} (upstream: the bundled fake). Try: curl '${url}/getRanks?topId=4&limit=5&resolveMid=true'`);
  const stop = async () => {
    await app.close();
    await fake.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: Error) => {
  console.error(`Demo start-up failed: ${err.message}`);
  process.exit(1);
});
