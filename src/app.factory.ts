import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
// The adapter alone: the package's index also loads multer for file uploads, which no route takes (≈ 1 MB at rest).
import { ExpressAdapter } from '@nestjs/platform-express/adapters';
import { SwaggerModule } from '@nestjs/swagger';
import { json, urlencoded, type NextFunction, type Request, type Response } from 'express';
import type { AddressInfo } from 'node:net';
import { useLeanJsonResponses } from './common/json-response';
import { ResponseShaper } from './common/response-shape';
import { requestIdOf } from './common/request-id';
import { securityHeaders } from './common/security-headers';
import { answerClientErrorsWithJson, refuseUnservableRequests } from './common/client-error';
import { Logger, PinoLogger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { installCacheFastLane } from './cache/cache-fast-lane';
import type { AppConfig } from './config/app-config';
import { listensOnLoopbackOnly, startupSummary } from './config/startup-summary';
import { APP_CONFIG } from './config/config.constants';
import { bodyParserError } from './common/all-exceptions.filter';
import { RouteTable } from './common/route-table';
import { ShutdownSignal } from './common/shutdown.service';
import { FORM_BODY, JSON_BODY, unsupportedBody } from './common/body-type';
import { GatewayError } from './common/http-error';
import { parseQueryFirstValue, parseQueryOncePerUrl } from './common/query-parser';
import { buildApiDocument } from './common/api-document';
import { GatewayValidationPipe } from './common/validation-pipe';
import { documentedQueryNames, LoggedQuery } from './logging/logged-query';
import { QuietStartLogger } from './logging/quiet-start-logger';

/**
 * Builds the whole HTTP app (used by main.ts, the demo, the bench and the e2e tests alike). Throws on invalid config.
 * `closeOnSignals` (default true): Nest's shutdown hooks close the app on SIGTERM/SIGINT…, and a second signal exits
 * at once; false for a caller that owns the signals because it has more to close after the app (the demo's fake
 * upstream), or it would close twice. `stopSignals`: the signals that close it (default: all of Nest's); a cluster
 * worker takes SIGTERM alone, from its primary.
 */
export async function createApp(
  env: Record<string, string | undefined>,
  options: { logDestination?: NodeJS.WritableStream; closeOnSignals?: boolean; stopSignals?: NodeJS.Signals[] } = {},
): Promise<NestExpressApplication> {
  const module = AppModule.forRoot(env, options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(), {
    bodyParser: false,
    abortOnError: false,
    bufferLogs: true,
  });
  try {
    app.useLogger(new QuietStartLogger(app.get(Logger)));
    const config = app.get<AppConfig>(APP_CONFIG);
    configureApp(app, config);
    // useProcessExit: once the shutdown has finished cleanly, exit 0. Nest's default re-raises the signal, so every
    // orderly stop ended as "killed by SIGTERM" (status 143), which supervisors report as a failure.
    if (options.closeOnSignals !== false) {
      app.enableShutdownHooks(options.stopSignals ?? [], { useProcessExit: true });
      // Nest ignores every signal after the first, so a drain someone does not want to wait for could not be cut short.
      app.get(ShutdownSignal).exitOnSecondSignal(options.stopSignals);
    }
    await app.init();
    // After init: the route table the fast lane reads the TTLs from is built at application bootstrap.
    installCacheFastLane(app, config, securityHeaders());
    // Last, so it runs first: a duplicate Host or an HTTP/2.0 request line is refused before the fast lane answers it.
    refuseUnservableRequests(app.getHttpServer(), securityHeaders());
    return app;
  } catch (err) {
    // A start that fails half-way (e.g. a malformed cookie file at init) must not leave its signal handlers, upstream
    // pools and timers behind in a process that goes on (the demo, the tests); the error is what the caller reports.
    await app.close().catch(() => undefined);
    throw err;
  }
}

/** The methods the gateway answers (PUT, PATCH and DELETE are all 405): what a CORS preflight grants. */
const CORS_METHODS = ['GET', 'HEAD', 'POST'];

/**
 * The response headers the gateway sends that a browser hides from scripts unless exposed (the CORS-safelisted ones,
 * Cache-Control, Content-Type, Content-Length…, need nothing): the request id, the response cache's (X-Cache, ETag,
 * Age; Warning on a stale copy), Retry-After (429, 503), the rate limiter's X-RateLimit-* (@nestjs/throttler, one
 * unnamed throttler: no suffix), the legacy shape marker and a 405's Allow.
 */
const CORS_EXPOSED_HEADERS = [
  'X-Request-Id',
  'X-Cache',
  'ETag',
  'Age',
  'Warning',
  'Retry-After',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'X-RateLimit-Reset',
  'X-Response-Shape',
  'Allow',
];

/** How long a browser may reuse a preflight's answer: 2 h, Chromium's cap (Firefox's is 24 h). */
const CORS_MAX_AGE_S = 7200;

export function configureApp(app: NestExpressApplication, config: AppConfig): void {
  app.set('query parser', parseQueryFirstValue);
  const shaper = app.get(ResponseShaper);
  parseQueryOncePerUrl(app.getHttpAdapter().getInstance().request);
  useLeanJsonResponses(app.getHttpAdapter().getInstance(), (req, res, value) => shaper.render(req, res, value));
  app.set('trust proxy', config.trustProxy);
  app.disable('x-powered-by');
  // Idle connections outlive the reverse proxy's (nginx and cloud load balancers keep theirs 60 s): otherwise the
  // proxy now and then reuses a connection the gateway is closing, and its client gets a 502.
  const server = app.getHttpServer();
  server.keepAliveTimeout = config.keepAliveTimeoutMs;
  server.headersTimeout = Math.max(server.headersTimeout, config.keepAliveTimeoutMs + 1000);
  server.requestTimeout = Math.max(server.requestTimeout, server.headersTimeout);
  answerClientErrorsWithJson(server, securityHeaders());
  // Every answer is no-store unless something sets its own: the response cache (public or private with max-age, on the
  // catalogue answers it stores) or a handler. QR login sessions, /user/* and admin answers, batches and errors belong
  // to one caller, and a caching reverse proxy must not hand them to another.
  const headers = Object.entries({ ...securityHeaders(), 'Cache-Control': 'no-store' });
  app.use((req: Request & { id?: string }, res: Response, next: NextFunction) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    req.id = requestIdOf(req.headers);
    res.setHeader('X-Request-Id', req.id);
    next();
  });
  // Refused bodies end before the request logger runs, so each refusal is logged here (method, redacted URL, reason).
  const logger = app.get(Logger);
  const loggedQuery = app.get(LoggedQuery);
  const refuse = (req: Request, refused: GatewayError): GatewayError => {
    logger.warn(`Request body refused (${refused.getStatus()} ${refused.message}): ${req.method} ${loggedQuery.redact(req.originalUrl)}`, 'Http');
    return refused;
  };
  // A body the route does not read (its type, or a charset other than UTF-8) is a 415 before any parser runs, rather
  // than an empty body or a guess (see unsupportedBody): the form parser only ever sees @AcceptsForm routes.
  const routes = app.get(RouteTable);
  app.use((req: Request, _res: Response, next: NextFunction) => {
    const refused = unsupportedBody(req, routes);
    next(refused && refuse(req, refused));
  });
  app.use(
    // strict: false parses any JSON value, so a body that is valid JSON but no object (null, "x", 1) is refused as
    // such by GatewayValidationPipe, not reported as invalid JSON.
    json({ type: JSON_BODY, strict: false, limit: config.bodyLimit }),
    urlencoded({ type: FORM_BODY, extended: false, limit: config.bodyLimit }),
  );
  // Nest turns body-parser's SyntaxError into a BadRequestException carrying the parser's message, which quotes the
  // start of the body (e.g. a cookie), before the exception filter sees it: give parser errors a fixed message here.
  app.use((err: unknown, req: Request, _res: Response, next: NextFunction) => {
    const refused = bodyParserError(err);
    next(refused ? refuse(req, refused) : err);
  });
  if (config.cors) app.enableCors({ origin: config.cors, methods: CORS_METHODS, exposedHeaders: CORS_EXPOSED_HEADERS, maxAge: CORS_MAX_AGE_S });
  app.useGlobalPipes(new GatewayValidationPipe());
  setUpDocs(app);
  // On loopback only (a laptop, or a sidecar's own port), no reverse proxy can stand between clients and the gateway.
  if (config.rateLimit > 0 && config.trustProxy === false && !listensOnLoopbackOnly(config.host)) {
    // This app's own logger (not Nest's process-wide static one: tests run several apps in one process).
    app.get(Logger).warn(
      'Rate limiting is on but TRUST_PROXY is off: behind a reverse proxy every client shares the proxy address. Set TRUST_PROXY (e.g. 1).',
      'Gateway',
    );
  }
}

/**
 * OpenAPI 3 from the controllers and DTOs (buildApiDocument): UI at /docs, JSON at /docs-json, built when first asked
 * for (it holds ~700 examples a deployment that never opens /docs need not keep). Its query parameters are the ones
 * whose values logged URLs show (LoggedQuery).
 */
function setUpDocs(app: NestExpressApplication): void {
  app.get(LoggedQuery).allow(documentedQueryNames(app));
  SwaggerModule.setup('docs', app, () => buildApiDocument(app), { jsonDocumentUrl: 'docs-json' });
}

/** Why a listen failed, by error code, in words an operator can act on. */
const LISTEN_FAILURES: Record<string, string> = {
  EADDRINUSE: 'the port is already in use (another program, or the gateway already running)',
  EACCES: 'permission denied (ports below 1024 need privileges)',
  EADDRNOTAVAIL: 'this machine has no such address (use one of its own addresses, 0.0.0.0 or ::)',
  ENOTFOUND: 'the host name does not resolve',
  EAI_AGAIN: 'the host name could not be resolved now (DNS unavailable)',
};

/**
 * Binds the HTTP server to HOST:PORT. A failure becomes one line naming both (not a bare getaddrinfo ENOTFOUND);
 * success gives the address actually bound and, for a wildcard bind, a URL that works from this machine.
 */
export async function listenOn(
  app: { listen(port: number, host: string): Promise<unknown>; getHttpServer(): { address(): AddressInfo | string | null } },
  config: Pick<AppConfig, 'host' | 'port'>,
): Promise<{ url: string; message: string }> {
  try {
    await app.listen(config.port, config.host);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? '';
    throw new Error(`cannot listen on HOST=${config.host} PORT=${config.port}: ${LISTEN_FAILURES[code] ?? (err as Error).message}${code ? ` (${code})` : ''}`);
  }
  const address = app.getHttpServer().address();
  if (!address || typeof address === 'string') return { url: String(address), message: `Listening on ${address}` };
  const bound = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  const wildcard = address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '[::1]' : undefined;
  if (!wildcard) return { url: bound, message: `Listening on ${bound}` };
  const local = `http://${wildcard}:${address.port}`;
  return { url: local, message: `Listening on ${bound} (all ${address.address === '::' ? '' : 'IPv4 '}interfaces; from this machine: ${local})` };
}

/**
 * Logs the start-up line ("Listening on … — workers, Redis, outbound proxy") as an info line whatever LOG_LEVEL is,
 * except silent: at warn, error or fatal it was dropped, so an operator logging quietly could not see that the gateway
 * started, nor where it listens.
 */
export async function logStartup(app: Pick<NestExpressApplication, 'get' | 'resolve'>, message: string): Promise<void> {
  const config = app.get<AppConfig>(APP_CONFIG);
  if (config.logLevel === 'silent') return;
  // A child at info: same destination and fields as every other line, without lowering the level of the rest.
  const logger = (await app.resolve(PinoLogger)).logger.child({}, { level: 'info' });
  logger.info({ context: 'Gateway' }, `${message} — ${startupSummary(config)}`);
}
