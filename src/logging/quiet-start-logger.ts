import type { LoggerService } from '@nestjs/common';
import type { Logger } from 'nestjs-pino';

/**
 * Nest's own start-up lines: "Starting Nest application", each module loaded, each controller and every route mapped
 * (about a hundred lines). Useful when debugging routing, noise otherwise.
 */
const FRAMEWORK_START_CONTEXTS: ReadonlySet<unknown> = new Set(['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication']);

/**
 * The logger Nest itself logs through: the app's pino logger, with Nest's start-up lines at debug instead of info, so
 * a start at the default level shows what an operator needs (where it listens, warnings) and nothing else.
 */
export class QuietStartLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}

  log(message: unknown, ...optionalParams: unknown[]): void {
    // Nest passes the context last.
    if (FRAMEWORK_START_CONTEXTS.has(optionalParams.at(-1))) this.logger.debug(message, ...optionalParams);
    else this.logger.log(message, ...optionalParams);
  }

  error(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.error(message, ...optionalParams);
  }

  warn(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.warn(message, ...optionalParams);
  }

  debug(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.debug(message, ...optionalParams);
  }

  verbose(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.verbose(message, ...optionalParams);
  }

  fatal(message: unknown, ...optionalParams: unknown[]): void {
    this.logger.fatal(message, ...optionalParams);
  }
}
