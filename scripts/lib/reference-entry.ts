import { openSync, writeSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { join } from 'node:path';

/**
 * Child entry for `npm run bench -- --reference <dir>`: the plain Koa reference (sansenjian/qq-music-api 2.2.1, built
 * in <dir>, its own start being `node dist/app.js`) on a free loopback port, its upstream calls sent to the fake
 * upstream. Prints the `{"ready":true,...}` line startServerChild waits for. Changed, and only at run time:
 * - https/http requests to the QQ Music hosts in REFERENCE_UPSTREAMS (JSON host name → fake origin) go as plain HTTP
 *   to the fake, on one keep-alive agent (a Map lookup per call);
 * - the app's `listen(PORT)` becomes `listen(0, '127.0.0.1')`;
 * - its one log line per request (console.log, always on) is written synchronously to /dev/null, as to a log file;
 * - its play-URL `guid`, a number, is sent as the same digits in a string: the fake's key call refuses a number (code
 *   10006) and the reference would then answer without reading a key answer, doing less work than a real run.
 */
const dir = process.env.REFERENCE_DIR ?? '';
const upstreams = new Map<string, { hostname: string; port: number }>(
  Object.entries(JSON.parse(process.env.REFERENCE_UPSTREAMS ?? '{}') as Record<string, string>).map(([host, origin]) => {
    const url = new URL(origin);
    return [host, { hostname: url.hostname, port: Number(url.port) }];
  }),
);
const agent = new http.Agent({ keepAlive: true });
type RequestFn = typeof http.request;
type Options = http.RequestOptions & { agents?: unknown };

/** `request`, with the calls to a mapped host sent to its fake origin instead. */
function redirecting(request: RequestFn, plain: RequestFn): RequestFn {
  return function (this: unknown, ...args: unknown[]) {
    const [input, options, callback] = typeof args[1] === 'function' ? [args[0], undefined, args[1]] : args;
    const target: Options = { ...optionsOf(input), ...(options as Options) };
    const to = upstreams.get(target.hostname ?? String(target.host ?? '').replace(/:\d+$/, ''));
    if (!to) return (request as (...a: unknown[]) => http.ClientRequest).apply(this, args);
    const redirected: Options = { ...target, protocol: 'http:', hostname: to.hostname, host: to.hostname, port: to.port, agent };
    if (redirected.agents) redirected.agents = { http: agent, https: agent };
    return plain(redirected, callback as (res: http.IncomingMessage) => void);
  };
}

/** A request's first argument (URL string, URL or options) as options. */
function optionsOf(input: unknown): Options {
  if (typeof input !== 'string' && !(input instanceof URL)) return input as Options;
  const url = new URL(input);
  return { hostname: url.hostname, port: url.port, path: url.pathname + url.search };
}

const plainRequest = http.request;
const redirectHttp = redirecting(http.request, plainRequest);
const redirectHttps = redirecting(https.request, plainRequest);
const withEnd = (request: RequestFn) => ((...args: Parameters<RequestFn>) => request(...args).end()) as unknown as typeof http.get;
Object.assign(http, { request: redirectHttp, get: withEnd(redirectHttp) });
Object.assign(https, { request: redirectHttps, get: withEnd(redirectHttps) });

// The app's one server listens on a free loopback port.
const createServer = http.createServer;
Object.assign(http, {
  createServer(...args: Parameters<typeof http.createServer>) {
    Object.assign(http, { createServer });
    const server = createServer(...args);
    const listen = server.listen.bind(server);
    Object.assign(server, { listen: () => listen(0, '127.0.0.1') });
    server.once('listening', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      process.stdout.write(`${JSON.stringify({ ready: true, url: `http://127.0.0.1:${port}`, pid: process.pid })}\n`);
      const devNull = openSync('/dev/null', 'w');
      console.log = (...parts: unknown[]) => void writeSync(devNull, `${parts.join(' ')}\n`);
      process.channel?.unref();
    });
    return server;
  },
});

// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require(join(dir, 'dist', 'module', 'config.js')) as { _guid?: unknown };
config._guid = String(config._guid);
// eslint-disable-next-line @typescript-eslint/no-require-imports
require(join(dir, 'dist', 'app.js'));
