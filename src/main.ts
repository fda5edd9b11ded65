// First: the optimising compilers stay off while the app's modules load (decision 014).
import './common/startup-pause';
import { resolve } from 'node:path';
import { type AppConfig, ConfigValidationError, ENV_DEFAULTS, loadAppConfig, loadDotEnv } from './config/app-config';
import { releaseStartupMemory } from './common/startup-memory';
import { nodeVersionProblem } from './common/node-version';
import { WORKER_ENV } from './cluster/cluster-protocol';

/** The variables a local .env set: a bad one is reported as coming from there, not from the environment. */
let fromDotEnv: string[] = [];

/** Signals a terminal sends the whole process group: a worker leaves them to its primary, which sends it SIGTERM. */
const GROUP_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGHUP', 'SIGQUIT'];

async function main(): Promise<void> {
  // An older Node starts and then fails in odd places; refuse at once, saying which one is needed.
  const tooOld = nodeVersionProblem(process.versions.node);
  if (tooOld) throw new Error(tooOld);
  const worker = process.env[WORKER_ENV] === '1';
  // A local .env (see .env.example) fills in whatever the real environment does not set (a worker inherits it).
  fromDotEnv = worker ? [] : loadDotEnv();
  const unknown = fromDotEnv.filter((name) => !(name in ENV_DEFAULTS));
  // A misspelt name (TRUST_PROXIES=1) would otherwise leave the setting at its default without a word.
  const unknownNote = unknown.length ? `${resolve('.env')} sets ${unknown.join(', ')}, which the gateway does not read (ignored; see .env.example)` : '';
  // WORKERS > 1: this process becomes the cluster primary and serves nothing itself (docs/operations.md "Workers").
  if (!worker) {
    const config = loadAppConfig(process.env);
    if (config.workers > 1) return startPrimary(config, unknownNote);
  }
  // A worker drains on its primary's SIGTERM only; Ctrl-C reaches every process of the group, and is the primary's to forward.
  if (worker) for (const signal of GROUP_SIGNALS) process.on(signal, () => undefined);
  // Loaded here, not at the top: the primary of WORKERS > 1 never loads the app (it stays a few tens of MB).
  const [{ createApp, listenOn, logStartup }, { Logger }, { APP_CONFIG }] = await Promise.all([
    import('./app.factory'),
    import('@nestjs/common'),
    import('./config/config.constants'),
  ]);
  const app = await createApp(process.env, worker ? { stopSignals: ['SIGTERM'] } : {});
  if (unknownNote) new Logger('Gateway').warn(unknownNote);
  const { message } = await listenOn(app, app.get<AppConfig>(APP_CONFIG));
  await logStartup(app, message);
  releaseStartupMemory();
}

/** Loaded only with WORKERS > 1: a single process never holds the cluster code nor a primary. */
async function startPrimary(config: AppConfig, unknownNote: string): Promise<void> {
  const [{ runPrimary }, { primaryLog }] = await Promise.all([import('./cluster/cluster-primary'), import('./cluster/primary-log')]);
  const log = primaryLog(config);
  if (unknownNote) log('warn', unknownNote);
  runPrimary({ workers: config.workers, log });
  releaseStartupMemory();
}

main().catch((err: Error) => {
  // Start-up failures (bad config, unreadable cookie file, unusable HOST/PORT) name the problem and stop the process.
  const inDotEnv = err instanceof ConfigValidationError ? err.names.filter((name) => fromDotEnv.includes(name)) : [];
  const where = inDotEnv.length ? ` [set in ${resolve('.env')}: ${inDotEnv.join(', ')}]` : '';
  console.error(`Start-up failed: ${err.message}${where}`);
  process.exit(1);
});
