// First: the optimising compilers stay off while the app's modules load (decision 014).
import './common/startup-pause';
import { resolve } from 'node:path';
import { Logger } from '@nestjs/common';
import { createApp, listenOn, logStartup } from './app.factory';
import { type AppConfig, ConfigValidationError, ENV_DEFAULTS, loadDotEnv } from './config/app-config';
import { APP_CONFIG } from './config/config.constants';
import { releaseStartupMemory } from './common/startup-memory';
import { nodeVersionProblem } from './common/node-version';

/** The variables a local .env set: a bad one is reported as coming from there, not from the environment. */
let fromDotEnv: string[] = [];

async function main(): Promise<void> {
  // An older Node starts and then fails in odd places; refuse at once, saying which one is needed.
  const tooOld = nodeVersionProblem(process.versions.node);
  if (tooOld) throw new Error(tooOld);
  // A local .env (see .env.example) fills in whatever the real environment does not set.
  fromDotEnv = loadDotEnv();
  const app = await createApp(process.env);
  const unknown = fromDotEnv.filter((name) => !(name in ENV_DEFAULTS));
  // A misspelt name (TRUST_PROXIES=1) would otherwise leave the setting at its default without a word.
  if (unknown.length) new Logger('Gateway').warn(`${resolve('.env')} sets ${unknown.join(', ')}, which the gateway does not read (ignored; see .env.example)`);
  const { message } = await listenOn(app, app.get<AppConfig>(APP_CONFIG));
  await logStartup(app, message);
  releaseStartupMemory();
}

main().catch((err: Error) => {
  // Start-up failures (bad config, unreadable cookie file, unusable HOST/PORT) name the problem and stop the process.
  const inDotEnv = err instanceof ConfigValidationError ? err.names.filter((name) => fromDotEnv.includes(name)) : [];
  const where = inDotEnv.length ? ` [set in ${resolve('.env')}: ${inDotEnv.join(', ')}]` : '';
  console.error(`Start-up failed: ${err.message}${where}`);
  process.exit(1);
});
