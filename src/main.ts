import { existsSync } from 'node:fs';
import { createApp, listen } from './app.factory';

async function main(): Promise<void> {
  // A local .env (see .env.example) fills in whatever the real environment does not set.
  if (existsSync('.env')) process.loadEnvFile('.env');
  const app = await createApp(process.env);
  await listen(app);
}

main().catch((err: Error) => {
  // Start-up failures (bad config, unreadable cookie file) name the problem and stop the process.
  console.error(`Start-up failed: ${err.message}`);
  process.exit(1);
});
