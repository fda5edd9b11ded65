import { Logger, LogLevel as NestLogLevel, ValidationPipe } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { json, urlencoded } from 'express';
import { AppModule } from './app.module';
import type { AppConfig, LogLevel } from './config/app-config';
import { APP_CONFIG } from './config/config.constants';
import { parseQueryFirstValue } from './common/query-parser';
import { validationOptions } from './common/validation';

const NEST_LEVELS: Record<LogLevel, NestLogLevel[]> = {
  fatal: ['fatal'],
  error: ['fatal', 'error'],
  warn: ['fatal', 'error', 'warn'],
  info: ['fatal', 'error', 'warn', 'log'],
  debug: ['fatal', 'error', 'warn', 'log', 'debug'],
  trace: ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'],
  silent: [],
};

/** Builds the whole HTTP app (used by main.ts, the demo and the e2e tests alike). Throws on invalid config. */
export async function createApp(env: Record<string, string | undefined>): Promise<NestExpressApplication> {
  const module = AppModule.forRoot(env);
  const app = await NestFactory.create<NestExpressApplication>(module, { bodyParser: false, abortOnError: false, logger: false });
  const config = app.get<AppConfig>(APP_CONFIG);
  app.useLogger(NEST_LEVELS[config.logLevel]);
  configureApp(app, config);
  await app.init();
  return app;
}

export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('query parser', parseQueryFirstValue);
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  app.use(json({ limit: config.bodyLimit }), urlencoded({ extended: false, limit: config.bodyLimit }));
  if (config.cors) app.enableCors({ origin: config.cors });
  app.useGlobalPipes(new ValidationPipe(validationOptions));
  app.enableShutdownHooks();
}

export async function listen(app: NestExpressApplication): Promise<string> {
  const config = app.get<AppConfig>(APP_CONFIG);
  await app.listen(config.port, config.host);
  const url = await app.getUrl();
  new Logger('Gateway').log(`Listening on ${url}`);
  return url;
}
