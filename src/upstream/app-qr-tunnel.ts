import type { Agent } from 'node:http';
import type { HttpsProxyAgent } from 'https-proxy-agent';
import type { UpstreamProxy } from '../config/upstream-proxy-settings';
import { ProxyFailure, refusalKind } from './transport/upstream-pools';

/**
 * The app QR push's WebSocket through UPSTREAM_PROXY (decision 031): an HTTP CONNECT tunnel for ws:// and wss:// alike,
 * opened by https-proxy-agent (the `ws` package takes it as `agent`). It records how the proxy answered, so a failed
 * connection names the proxy rather than the push service.
 */
export class PushTunnel {
  /** Given to the `ws` package as `agent`. */
  readonly agent: Agent;
  private readonly tunnelTo: string;
  private readonly aborter = new AbortController();
  private failure: ProxyFailure | undefined;
  private open = false;

  /** One tunnel for one WebSocket to `url`. The agent library is loaded here, not at start-up (an idle gateway never needs it). */
  static async to(url: URL, proxy: UpstreamProxy): Promise<PushTunnel> {
    const { HttpsProxyAgent } = await import('https-proxy-agent');
    return new PushTunnel(HttpsProxyAgent, url, proxy);
  }

  private constructor(
    Library: typeof HttpsProxyAgent,
    url: URL,
    private readonly proxy: UpstreamProxy,
  ) {
    this.tunnelTo = `${url.hostname}:${url.port || (url.protocol === 'wss:' ? '443' : '80')}`;
    // The URL carries no credentials (the library prints its href with DEBUG=https-proxy-agent); the header is built
    // per CONNECT, so the agent object never holds its value.
    const agent = new Library(proxy.shown, {
      headers: () => (proxy.authorization ? { 'Proxy-Authorization': proxy.authorization } : {}),
      // Handed to the socket to the proxy: abort() destroys it even while the proxy has not answered the CONNECT.
      signal: this.aborter.signal,
    });
    agent.on('proxyConnect', ({ statusCode }: { statusCode: number }) => {
      if (statusCode === 200) this.open = true;
      else this.failure ??= new ProxyFailure(refusalKind(statusCode), proxy.shown, this.tunnelTo, { status: statusCode });
    });
    // No answer to the CONNECT at all: the proxy is down, refused the connection or hung up.
    const connect = agent.connect.bind(agent);
    agent.connect = async (req, opts) => {
      try {
        return await connect(req, opts);
      } catch (err) {
        this.failure ??= new ProxyFailure('proxy_unreachable', proxy.shown, this.tunnelTo, { code: (err as { code?: string }).code });
        throw err;
      }
    };
    this.agent = agent;
  }

  /**
   * Why the connection failed, as far as the proxy is concerned: its failure, or, when it has not answered the CONNECT
   * yet (the connection timed out meanwhile), that it did not answer in time. Unset when the tunnel was open.
   */
  failed(): ProxyFailure | undefined {
    if (!this.open) this.failure ??= new ProxyFailure('proxy_unreachable', this.proxy.shown, this.tunnelTo, { code: 'ETIMEDOUT' });
    return this.failure;
  }

  /** The connection failed: the socket to the proxy goes too (one that never answers would otherwise keep it open). */
  abort(): void {
    this.aborter.abort();
  }
}
