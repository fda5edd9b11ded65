import { closeOnSignal, runDemo, startDemo } from './demo-runner';

/**
 * Demo mode: the fake upstream on loopback and the gateway wired to it, in one process,
 * so an offline machine sees real-looking answers. `npm run start:demo`.
 */
runDemo('Demo start-up', async () => {
  const demo = await startDemo();
  console.log(`Demo gateway on ${demo.url} (upstream: the bundled fake). Try: curl '${demo.url}/getRanks?topId=4&limit=5&resolveMid=true'`);
  closeOnSignal(demo);
});
