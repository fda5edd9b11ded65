import type { NestExpressApplication } from '@nestjs/platform-express';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import fresh from 'fresh';
import { isHeaderSafe, normaliseCallerCookie } from '../common/cookie';
import { parseQueryFirstValue } from '../common/query-parser';
import { requestIdOf } from '../common/request-id';
import { resolveCallerCookie } from '../common/request-context';
import type { AppConfig } from '../config/app-config';
import { MetricsService } from '../metrics/metrics.service';
import { RateLimitBlocks } from '../common/rate-limit-blocks';
import { ResponseShaper } from '../common/response-shape';
import { admitToCache, CLIENT_NOT_KNOWN_YET } from './cache-admission';
import { ResponseCache } from './response-cache.service';

/**
 * Fresh in-memory cache hits are answered straight from the HTTP server's request event, before Express and Nest:
 * the stored bytes with prebuilt headers. Everything else (misses, stale entries, bypass, CORS preflights and
 * cross-origin requests, unsafe cookies, parameters the route does not declare) takes the full pipeline. Hits are
 * counted in /metrics but not logged one by one (at thousands per second the log would cost more than the answer).
 */
export function installCacheFastLane(app: NestExpressApplication, config: AppConfig, securityHeaders: Readonly<Record<string, string>>): void {
  if (!config.cacheEnabled) return;
  const cache = app.get(ResponseCache);
  const metrics = app.get(MetricsService);
  const blocks = app.get(RateLimitBlocks);
  const shaper = app.get(ResponseShaper);
  // The pipeline's CORS middleware adds `Vary: Origin` to every answer once CORS_ORIGINS is set (Origin or not):
  // a hit answered here must carry the same Vary.
  const corsVary = config.cors ? 'Origin' : undefined;
  const server: Server = app.getHttpServer();
  const [pipeline] = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
  if (!pipeline) return;
  server.removeListener('request', pipeline);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (!serveHit(req, res)) pipeline(req, res);
  });

  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (config.cors && req.headers.origin)) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (!cache.ttlOf('GET', path)) return false;
    const query: Record<string, string> = q < 0 ? {} : parseQueryFirstValue(url.slice(q + 1));
    // A blocked client and a bypass are the pipeline's. Behind a trusted proxy the client's address is Express's to work out.
    const client = config.trustProxy === false ? req.socket.remoteAddress : CLIENT_NOT_KNOWN_YET;
    if (admitToCache(blocks, req.headers['cache-control'], query.nocache, client).verdict !== 'lookup') return false;
    // The response shape (legacy or normalised) is part of the key, whichever way the caller asked for it.
    const { cacheParam } = shaper.choose(req, query.shape);
    if (cacheParam) query.shape = cacheParam;
    if (!cache.onlyDeclaredParams(path, query)) return false;
    const rawCookie = resolveCallerCookie(query.cookie, req.headers);
    if (rawCookie !== undefined && !isHeaderSafe(rawCookie)) return false;
    const answer = cache.peek(cache.keyOf(path, query, rawCookie === undefined ? undefined : normaliseCallerCookie(rawCookie)).key);
    if (!answer || !cache.isFresh(answer)) return false;

    const headers: Record<string, string | number> = {
      ...securityHeaders,
      ...cache.headersOf(answer, 'HIT', corsVary),
      'X-Request-Id': requestIdOf(req.headers),
    };
    // `fresh` is what Express's slow path uses: lists, weak validators and `*` match there, so they must here too.
    const notModified = fresh(req.headers, { etag: answer.etag });
    if (notModified) {
      res.writeHead(304, headers).end();
    } else {
      const bytes = cache.bytesOf(answer);
      headers['Content-Type'] = 'application/json; charset=utf-8';
      headers['Content-Length'] = bytes.length;
      res.writeHead(200, headers).end(bytes);
    }
    metrics.cacheLookups.inc({ result: 'hit' });
    metrics.httpRequests.inc({ method: req.method ?? 'GET', route: path, status: notModified ? '304' : '200' });
    return true;
  }
}
