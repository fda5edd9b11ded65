import pino from 'pino';
import type { AppConfig } from '../config/app-config';

/**
 * The primary's lines, in the workers' format (LOG_FORMAT=json: pino's JSON with `context: "Cluster"`; pretty: a
 * plain line), at LOG_LEVEL. The primary loads no Nest app, so it writes them with pino directly.
 */
export function primaryLog(config: Pick<AppConfig, 'logLevel' | 'logFormat'>): (level: 'info' | 'warn' | 'error', message: string) => void {
  if (config.logFormat === 'pretty') {
    const shown = config.logLevel === 'silent' ? Infinity : pino.levels.values[config.logLevel];
    return (level, message) => {
      if (pino.levels.values[level] >= shown) process.stdout.write(`${level.toUpperCase()} [Cluster] ${message}\n`);
    };
  }
  const logger = pino({ level: config.logLevel }).child({ context: 'Cluster' });
  return (level, message) => logger[level](message);
}
