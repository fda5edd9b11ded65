import { isURL } from 'class-validator';
import { isIP, isIPv4 } from 'node:net';
import { availableParallelism } from 'node:os';

/**
 * The parsers of the settings whose value is more than a number or a word (config-schema.ts uses them). Each takes the
 * trimmed value and returns what AppConfig holds, or throws an Error whose message says what the variable accepts.
 */

/** What the upstream client can use as an origin (class-validator's URL check, then origin-only). */
const ORIGIN_URL = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
/**
 * undici's pools take scheme://host[:port] only; a path or query there passed the URL check yet failed every call to
 * that host (502 UND_ERR_INVALID_ARG) instead of stopping start-up.
 */
const BARE_ORIGIN = /^https?:\/\/[^/?#@\s]+\/*$/i;

export function parseOrigin(value: string, example: string): string {
  if (isURL(value, ORIGIN_URL) && BARE_ORIGIN.test(value)) return value.replace(/\/+$/, '');
  throw new Error(`must be an http:// or https:// origin, scheme://host[:port] with no path, query or credentials, e.g. ${example}`);
}

/** A URL with whatever precedes the last `@` (user and password) replaced by `***`; for messages and logs. */
export function redactUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)?.*@/i, (_all, scheme: string | undefined) => `${scheme ?? ''}***@`);
}

/**
 * A Redis URL both clients parse (ioredis for rate limits and the credential, node-redis for the cache). Checked here:
 * a bad port or database made them throw at start-up with a stack trace quoting the whole URL, password included.
 */
export function checkRedisUrl(value: string): string | undefined {
  if (!value) return undefined;
  const expected = 'must be a redis:// or rediss:// URL: redis[s]://[[user]:password@]host[:port][/database number]';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return expected;
  }
  if (!/^rediss?:$/.test(url.protocol) || !url.hostname || !/^(\/\d*)?$/.test(url.pathname)) return expected;
  try {
    // node-redis decodes the user and password; a malformed escape threw "URI malformed" from inside the client.
    decodeURIComponent(url.username);
    decodeURIComponent(url.password);
  } catch {
    return 'has a malformed %-escape in its user or password (write % as %25)';
  }
  return undefined;
}

/**
 * BODY_LIMIT's range, in bytes (body-parser counts 1kb = 1024 bytes). The lowest still takes the largest body a route
 * accepts: /user/setCookie's 8192-character cookie, which form-encoding can triple (`;` is `%3B`) to about 24 KB
 * (batchGetSongInfo's 50 songs are about 2 KB, batchGetSongLists' 20 ids under 1 KB). Below it valid requests got 413
 * (at `0b`, every POST); above the highest, a client could make the gateway buffer and parse that much per request.
 */
export const BODY_LIMIT_RANGE = { min: 32 * 1024, max: 10 * 1024 * 1024, text: 'from 32kb to 10mb' } as const;
const SIZE_UNITS: Readonly<Record<string, number>> = { b: 1, kb: 1024, mb: 1024 * 1024 };

export function checkBodyLimit(value: string): string | undefined {
  const size = /^(\d+)(b|kb|mb)$/i.exec(value);
  const bytes = size ? Number(size[1]) * SIZE_UNITS[size[2].toLowerCase()] : NaN;
  if (bytes >= BODY_LIMIT_RANGE.min && bytes <= BODY_LIMIT_RANGE.max) return undefined;
  return `must be a size ${BODY_LIMIT_RANGE.text}, a whole number with the unit b, kb or mb (e.g. 100kb, 1mb)`;
}

/** A host name: dot-separated labels of letters, digits, inner hyphens (and underscores, as container names have). */
const HOSTNAME = /^(?=.{1,254}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

export function checkHost(host: string): string | undefined {
  if (isIP(host)) return undefined;
  // Dotted digits that are no IPv4 address (999.1.1.1) would be looked up as a name and fail later with ENOTFOUND.
  if (HOSTNAME.test(host) && !/^[\d.]+$/.test(host)) return undefined;
  return 'must be an IP address (0.0.0.0 = every IPv4 interface, :: = every interface, 127.0.0.1 = this machine only) or a host name';
}

/** CORS_ORIGINS: false = CORS off, true = any origin, or the list of origins as browsers send them. */
export function parseCors(value: string): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === '*' || value === 'true') return true;
  const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
  if (!entries.length) return false;
  const origins = entries.map(originOf);
  const bad = entries.filter((_entry, i) => !origins[i]);
  if (bad.length) {
    throw new Error(
      'must be * (any origin) or a comma-separated list of origins http(s)://host[:port] with no path ' +
        `(a trailing / never matches the Origin header a browser sends); not an origin: ${bad.map((b) => JSON.stringify(b)).join(', ')}`,
    );
  }
  return [...new Set(origins as string[])];
}

/** The origin as browsers send it (lower-case host, no default port), or undefined when `entry` is not exactly one. */
function originOf(entry: string): string | undefined {
  if (!/^https?:\/\/[^/?#@\s]+$/i.test(entry)) return undefined;
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return undefined;
  }
  // A pattern such as https://*.example.com would be compared literally and never match.
  return /^([a-z0-9.-]+|\[[0-9a-f:.]+\])$/i.test(url.hostname) ? url.origin : undefined;
}

/** Express `trust proxy` names for address ranges (proxy-addr). */
const TRUST_PROXY_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Express `trust proxy`: true, false, a hop count, or addresses, subnets and the names loopback/linklocal/uniquelocal.
 * Checked here because Express only parses it once the app is built, failing with a bare "invalid IP address".
 */
export function parseTrustProxy(value: string): boolean | number | string {
  const expected =
    'must be true, false, a hop count from 0 to 100, or a comma-separated list of IP addresses, subnets (10.0.0.0/8) ' +
    'and the names loopback, linklocal, uniquelocal';
  const lower = value.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false' || lower === '') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 100) throw new Error(expected);
    return hops === 0 ? false : hops;
  }
  const bad = value.split(',').map((s) => s.trim()).filter((entry) => !isProxyEntry(entry));
  if (bad.length) throw new Error(`${expected}; not one: ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  return value;
}

/** One entry of a trust-proxy list, as proxy-addr accepts it: a name, an IP, or IP/prefix-length or IPv4/netmask. */
function isProxyEntry(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const slash = entry.lastIndexOf('/');
  const ip = slash === -1 ? entry : entry.slice(0, slash);
  const family = isIP(ip);
  if (!family) return false;
  if (slash === -1) return true;
  const range = entry.slice(slash + 1);
  if (/^\d{1,3}$/.test(range)) return Number(range) >= 1 && Number(range) <= (family === 4 ? 32 : 128);
  if (family !== 4 || !isIPv4(range)) return false;
  // A dotted netmask must be contiguous ones (255.255.255.0), and not all zeros.
  const bits = range.split('.').map((octet) => Number(octet).toString(2).padStart(8, '0')).join('');
  return /^1+0*$/.test(bits);
}

/** The most workers WORKERS may ask for: more processes than this only divide the same cores and memory further. */
export const MAX_WORKERS = 64;

/** WORKERS: `auto` = the cores this process may use (os.availableParallelism, which honours CPU affinity), or 1 to 64. */
export function parseWorkers(value: string): number {
  if (value.toLowerCase() === 'auto') return Math.min(availableParallelism(), MAX_WORKERS);
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!(n >= 1 && n <= MAX_WORKERS)) throw new Error(`must be auto or a whole number from 1 to ${MAX_WORKERS}`);
  return n;
}
