import { Module } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import { LoggerModule } from 'nestjs-pino';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG, LOG_DESTINATION } from '../config/config.constants';
import { requestIdOf } from '../common/request-id';
import { LoggedQuery, LoggedQueryModule } from './logged-query';
import { failedRequestLine, failedRequestMessage, prettyRequestMessage, requestLine } from './request-line';

/** Secrets that must never reach a log line. */
export const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers["x-custom-cookie"]',
  'req.headers.authorization',
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
];

type PinoPretty = (options: {
  destination?: NodeJS.WritableStream | number;
  sync?: boolean;
  translateTime?: string;
  ignore?: string;
  messageFormat?: string;
}) => NodeJS.WritableStream;

/**
 * LOG_FORMAT=pretty: readable, coloured lines for a developer's terminal. pino-pretty is loaded only then, so the JSON
 * format (the default, and what production runs) does not depend on it.
 */
function prettyStream(destination: NodeJS.WritableStream | null): NodeJS.WritableStream {
  let pretty: PinoPretty;
  try {
    pretty = createRequire(__filename)('pino-pretty') as PinoPretty;
  } catch (err) {
    throw new Error(`LOG_FORMAT=pretty needs the pino-pretty package: ${(err as Error).message.split('\n')[0]}`);
  }
  return pretty({
    // Synchronous on a terminal: the last lines before an exit are not lost.
    destination: destination ?? 1,
    sync: true,
    translateTime: 'SYS:HH:MM:ss.l',
    // A request's fields are in its headline (prettyRequestMessage): printed again they made ~13 lines per request.
    ignore: 'pid,hostname,context,req,res,responseTime,reqId,errorCode',
    messageFormat: '{if context}[{context}] {end}{msg}',
  });
}

/** Structured JSON logs (nestjs-pino) with a request id that honours an incoming X-Request-Id. */
@Module({
  imports: [
    LoggedQueryModule,
    LoggerModule.forRootAsync({
      imports: [LoggedQueryModule],
      inject: [APP_CONFIG, LOG_DESTINATION, LoggedQuery],
      useFactory: (config: AppConfig, destination: NodeJS.WritableStream | null, query: LoggedQuery) => ({
        // Silent logs nothing, so the per-request logger (a child logger and its serialised request) is not installed.
        forRoutes: config.logLevel === 'silent' ? [] : undefined,
        pinoHttp: [{
          level: config.logLevel,
          redact: { paths: REDACTED_PATHS, censor: '[Redacted]' },
          // The id the first middleware gave the request (configureApp), which also sent it as X-Request-Id.
          genReqId: (req: IncomingMessage) => ((req as { id?: unknown }).id as string | undefined) ?? requestIdOf(req.headers),
          // Lean request lines: no header dump (cheaper per request, and no credential header to leak);
          // the redact paths above still cover anything that logs headers explicitly.
          serializers: {
            req: (req: { id: string; method: string; url: string; headers: Record<string, unknown>; remoteAddress?: string; raw?: { ip?: string } }) => ({
              id: req.id,
              method: req.method,
              url: query.redact(req.url),
              // The client as Express resolves it (X-Forwarded-For, only when TRUST_PROXY trusts the peer): the address
              // the rate limit counts. remoteAddress is the peer itself, behind a reverse proxy always the proxy.
              ip: req.raw?.ip,
              remoteAddress: req.remoteAddress,
              userAgent: req.headers['user-agent'],
            }),
            res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
          },
          autoLogging: { ignore: (req: IncomingMessage) => /^\/(health|metrics)/.test(req.url ?? '') },
          customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
            err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
          // A failed request is one short line (docs/operations.md "Logs"), not pino-http's invented Error and its stack.
          customSuccessObject: requestLine,
          customErrorObject: failedRequestLine,
          customErrorMessage: failedRequestMessage,
          ...(config.logFormat === 'pretty'
            ? { customSuccessMessage: (req: IncomingMessage, res: ServerResponse, time: number) => prettyRequestMessage(req, res, query.redact(req.url ?? ''), time) }
            : {}),
        }, config.logFormat === 'pretty' ? prettyStream(destination) : (destination ?? process.stdout)],
      }),
    }),
  ],
  exports: [LoggedQueryModule],
})
export class LoggingModule {}
