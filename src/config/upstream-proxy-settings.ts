import { isIP } from 'node:net';

/**
 * UPSTREAM_PROXY and UPSTREAM_NO_PROXY, read into what the upstream transport needs (decision 031). The credentials
 * live in a private field: the config object can be logged or serialised without them.
 */
export class UpstreamProxy {
  readonly #authorization: string | undefined;

  /** `shown` is scheme://host:port, never with credentials: what messages, logs and the start-up line print. */
  constructor(
    readonly shown: string,
    authorization: string | undefined,
  ) {
    this.#authorization = authorization;
  }

  /** The `Proxy-Authorization` header value (Basic), when the URL held a user. */
  get authorization(): string | undefined {
    return this.#authorization;
  }

  toJSON(): string {
    return this.shown;
  }

  toString(): string {
    return this.shown;
  }
}

const PROXY_FORM = 'must be an http:// or https:// proxy URL, http(s)://[user:password@]host[:port] with no path or query';

/** UPSTREAM_PROXY: empty = none. */
export function parseUpstreamProxy(value: string): UpstreamProxy | undefined {
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(PROXY_FORM);
  }
  if (!/^https?:$/.test(url.protocol) || !url.hostname || !/^\/?$/.test(url.pathname) || url.search || url.hash) throw new Error(PROXY_FORM);
  let user: string;
  let password: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
  } catch {
    throw new Error('has a malformed %-escape in its user or password (write % as %25)');
  }
  // The port is always shown, so an operator sees which one a scheme's default meant.
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const shown = `${url.protocol}//${url.hostname}:${port}`;
  const authorization = user ? `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` : undefined;
  return new UpstreamProxy(shown, authorization);
}

/** One UPSTREAM_NO_PROXY entry: a host name (matching it and its subdomains) or an IP address, with an optional port. */
export interface NoProxyEntry {
  host: string;
  port?: string;
}

const NO_PROXY_FORM =
  'must be a comma-separated list of host names or suffixes (y.qq.com, .qq.com, qq.com), IP addresses, ' +
  'each optionally with :port, or *';
const HOST_LABELS = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** UPSTREAM_NO_PROXY: `*` (no host uses the proxy) or the entries. */
export function parseNoProxy(value: string): readonly NoProxyEntry[] {
  const entries = value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  const parsed = entries.map(noProxyEntry);
  const bad = entries.filter((_entry, i) => !parsed[i]);
  if (bad.length) throw new Error(`${NO_PROXY_FORM}; not one: ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  return parsed as NoProxyEntry[];
}

function noProxyEntry(entry: string): NoProxyEntry | undefined {
  if (entry === '*') return { host: '*' };
  // [v6]:port, v6 alone, or host[:port]
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(entry);
  if (bracketed) return isIP(bracketed[1]) === 6 ? { host: `[${bracketed[1]}]`, port: bracketed[2] } : undefined;
  if (isIP(entry) === 6) return { host: `[${entry}]` };
  const [, rawHost, port] = /^([^:]+)(?::(\d{1,5}))?$/.exec(entry) ?? [];
  if (!rawHost) return undefined;
  const host = rawHost.replace(/^\*?\./, '');
  // Dotted digits that are no IP address (0.0.1) would otherwise match as a suffix of one.
  if (!isIP(host) && (!HOST_LABELS.test(host) || /^[\d.]+$/.test(host))) return undefined;
  return { host, port };
}

/** Whether calls to `origin` go straight to it rather than through the proxy. */
export function bypassesProxy(origin: string, noProxy: readonly NoProxyEntry[]): boolean {
  const url = new URL(origin);
  const host = url.hostname.toLowerCase();
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return noProxy.some((entry) => {
    if (entry.port !== undefined && entry.port !== port) return false;
    return entry.host === '*' || host === entry.host || (!isIP(entry.host) && !isIP(host) && host.endsWith(`.${entry.host}`));
  });
}
