import { Logger } from '@nestjs/common';
import { createApp, listenOn } from './app.factory';
import { type AppConfig, loadDotEnv } from './config/app-config';
import { APP_CONFIG } from './config/config.constants';

async function main(): Promise<void> {
  // A local .env (see .env.example) fills in whatever the real environment does not set.
  loadDotEnv();
  const app = await createApp(process.env);
  const { message } = await listenOn(app, app.get<AppConfig>(APP_CONFIG));
  new Logger('Gateway').log(message);
}

main().catch((err: Error) => {
  // Start-up failures (bad config, unreadable cookie file, unusable HOST/PORT) name the problem and stop the process.
  console.error(`Start-up failed: ${err.message}`);
  process.exit(1);
});
