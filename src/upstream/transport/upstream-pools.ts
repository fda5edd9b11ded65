import type { Dispatcher } from 'undici';
import { type AppConfig, UPSTREAM_HOST_NAMES, type UpstreamHost } from '../../config/app-config';
import { bypassesProxy, type UpstreamProxy } from '../../config/upstream-proxy-settings';
import { UpstreamError } from '../upstream.errors';
import { Agent, createRedirectInterceptor, Pool, ProxyAgent } from './undici-parts';

/** The dispatchers one upstream host's calls go through. */
export interface HostDispatchers {
  /** Keep-alive pools (undici: one pool per origin); `connections` per origin is also the per-host concurrency cap. */
  pool: Dispatcher;
  /** The same pools, following redirects (the few calls that ask for it). */
  following: Dispatcher;
  /** Long polls hold a socket for ~35 s each: their own pools, so they never queue behind (or starve) reads. */
  longPoll: Dispatcher;
}

/**
 * Every upstream connection: direct, or through UPSTREAM_PROXY unless UPSTREAM_NO_PROXY names the host (decision 031).
 * Which way each host goes is settled here once, at start-up; a call only looks its host up. undici never reads proxy
 * variables from the environment, so the proxy, like the origins, comes from config only.
 */
export class UpstreamPools {
  private readonly byHost = new Map<UpstreamHost, HostDispatchers>();
  private readonly dispatchers: Dispatcher[] = [];

  constructor(config: AppConfig) {
    // maxResponseSize: an answer larger than UPSTREAM_MAX_BODY_MB fails as it arrives instead of filling memory.
    const limits = { connections: config.upstreamMaxConcurrency, maxResponseSize: config.upstreamMaxBodyBytes };
    const direct = this.set(new Agent(limits), new Agent({ maxResponseSize: limits.maxResponseSize }));
    const proxy = config.upstreamProxy;
    const proxied = proxy && this.set(proxyAgent(proxy, limits), proxyAgent(proxy, { maxResponseSize: limits.maxResponseSize }));
    for (const [host, origin] of Object.entries(config.origins) as [UpstreamHost, string][]) {
      this.byHost.set(host, proxied && !bypassesProxy(origin, config.upstreamNoProxy) ? proxied : direct);
    }
  }

  for(host: UpstreamHost): HostDispatchers {
    return this.byHost.get(host)!;
  }

  destroy(): Promise<unknown> {
    return Promise.all(this.dispatchers.map((d) => d.destroy()));
  }

  private set(pool: Dispatcher, longPoll: Dispatcher): HostDispatchers {
    this.dispatchers.push(pool, longPoll);
    return { pool, following: pool.compose(createRedirectInterceptor({ maxRedirections: 5 })), longPoll };
  }
}

/**
 * undici's ProxyAgent, tunnelling every call (CONNECT, as HTTPS needs; plain-HTTP origins too, so there is one way
 * through). Each origin keeps its pool of tunnels alive. The proxy's own refusals become ProxyFailure.
 */
function proxyAgent(proxy: UpstreamProxy, limits: { connections?: number; maxResponseSize: number }): Dispatcher {
  return new ProxyAgent({
    uri: proxy.shown,
    token: proxy.authorization,
    ...limits,
    clientFactory: (url, options) => {
      const pool = new Pool(url, options);
      const connect: (params: Dispatcher.ConnectOptions) => Promise<Dispatcher.ConnectData> = pool.connect.bind(pool);
      // ProxyAgent calls it for each new tunnel; its own failure message carries only a status, in words.
      pool.connect = (async (params: Dispatcher.ConnectOptions) => {
        let answer: Dispatcher.ConnectData;
        try {
          answer = await connect(params);
        } catch (err) {
          throw isAbort(err) ? err : new ProxyFailure('proxy_unreachable', proxy.shown, params.path, { code: (err as { code?: string }).code });
        }
        if (answer.statusCode === 200) return answer;
        answer.socket.on('error', () => undefined).destroy();
        throw new ProxyFailure(refusalKind(answer.statusCode), proxy.shown, params.path, { status: answer.statusCode });
      });
      return pool;
    },
  });
}

/** 407 is the standard answer to bad or missing proxy credentials; some proxies (tinyproxy 1.11) answer 401. */
export function refusalKind(status: number): ProxyFailure['kind'] {
  if (status === 401 || status === 407) return 'proxy_auth';
  // The proxy could not reach (or hear back from) the upstream host: that host is what failed.
  if (status >= 500) return 'beyond_proxy';
  return 'proxy_refused';
}

const isAbort = (err: unknown): boolean => (err as { name?: string }).name === 'AbortError' || (err as { code?: string }).code === 'UND_ERR_ABORTED';

/** The outbound proxy failed a call before upstream was reached (or said upstream could not be). */
export class ProxyFailure extends Error {
  readonly code: string;

  constructor(
    readonly kind: 'proxy_unreachable' | 'proxy_auth' | 'proxy_refused' | 'beyond_proxy',
    readonly proxy: string,
    /** host:port of the tunnel asked for. */
    readonly tunnelTo: string,
    readonly details: { status?: number; code?: string },
  ) {
    super(`outbound proxy ${proxy}: ${kind} (${details.status ?? details.code ?? 'error'})`);
    this.name = 'ProxyFailure';
    this.code = details.code ?? `PROXY_HTTP_${details.status}`;
  }

  /** Retried like any connection failure; a refusal or bad credentials would only be refused again. */
  get retriable(): boolean {
    return this.kind === 'proxy_unreachable' || this.kind === 'beyond_proxy';
  }

  /** The error the route answers: its own errorCode for the proxy's failures, UPSTREAM_UNREACHABLE beyond it. */
  toUpstreamError(host: UpstreamHost, target: string): UpstreamError {
    const { status, code } = this.details;
    const proxy = `Outbound proxy ${this.proxy} (UPSTREAM_PROXY)`;
    switch (this.kind) {
      case 'proxy_unreachable':
        return new UpstreamError('proxy_unreachable', `${proxy} is unreachable (${code ?? 'error'}); upstream ${UPSTREAM_HOST_NAMES[host]} (${target}) was not called`, host, { target });
      case 'proxy_auth':
        return new UpstreamError('proxy_auth', `${proxy} refused the gateway's credentials (HTTP ${status}): check the user and password it is given`, host, { status, target });
      case 'proxy_refused':
        return new UpstreamError('proxy_refused', `${proxy} refused a tunnel to ${this.tunnelTo} (HTTP ${status})`, host, { status, target });
      default:
        return new UpstreamError('network', `Upstream ${target} is unreachable through the outbound proxy ${this.proxy} (UPSTREAM_PROXY), which answered HTTP ${status}`, host, { target });
    }
  }
}
