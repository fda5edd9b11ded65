import { plainToInstance } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUrl, Matches, type ValidationArguments, validateSync } from 'class-validator';
import { existsSync, readFileSync } from 'node:fs';
import { isIP, isIPv4 } from 'node:net';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';

/** The upstream hosts the gateway talks to, each overridable so tests, demos and mirrors can point elsewhere. */
export interface UpstreamOrigins {
  /** u.y.qq.com: musicu.fcg JSON-RPC */
  u: string;
  /** c.y.qq.com: legacy CGIs */
  c: string;
  /** c6.y.qq.com: user homepage */
  c6: string;
  /** y.qq.com */
  y: string;
  /** ssl.ptlogin2.qq.com: QQ QR login */
  ptlogin: string;
  /** ssl.ptlogin2.graph.qq.com: check_sig */
  ptloginGraph: string;
  /** graph.qq.com: OAuth authorize */
  graph: string;
  /** open.weixin.qq.com: WeChat QR page and image */
  wxOpen: string;
  /** lp.open.weixin.qq.com: WeChat long poll */
  wxLp: string;
}

export type UpstreamHost = keyof UpstreamOrigins;

/** The real host name behind each upstream key (for messages and logs; the fake upstream plays these hosts). */
export const UPSTREAM_HOST_NAMES: Readonly<Record<UpstreamHost, string>> = {
  u: 'u.y.qq.com',
  c: 'c.y.qq.com',
  c6: 'c6.y.qq.com',
  y: 'y.qq.com',
  ptlogin: 'ssl.ptlogin2.qq.com',
  ptloginGraph: 'ssl.ptlogin2.graph.qq.com',
  graph: 'graph.qq.com',
  wxOpen: 'open.weixin.qq.com',
  wxLp: 'lp.open.weixin.qq.com',
};

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const RESPONSE_SHAPES = ['normalised', 'legacy'] as const;
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

export interface AppConfig {
  port: number;
  host: string;
  origins: UpstreamOrigins;
  upstreamTimeoutMs: number;
  /** Path of the JSON file holding the login cookie (absolute, or relative to the working directory). */
  cookieFile: string;
  /** How often (ms) the cookie file is checked for changes; 0 = on every use. */
  cookieFileCheckMs: number;
  logLevel: LogLevel;
  /** false = CORS off; true = any origin; list = those origins only. */
  cors: boolean | string[];
  /** Express `trust proxy` setting: false, true, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  bodyLimit: string;
  /** How long an idle client connection is kept open (KEEP_ALIVE_TIMEOUT_MS); above the reverse proxy's own. */
  keepAliveTimeoutMs: number;
  /**
   * At shutdown, after the HTTP drain: how long (ms) to wait for work that runs outside any request (a confirmed QR
   * login finishing, a credential refresh) before the upstream pools close; 0 = do not wait.
   */
  shutdownWorkTimeoutMs: number;
  /** Upper bound (ms) of one WeChat long poll made by /checkAltLoginQr. */
  altLoginPollTimeoutMs: number;
  /** Opt-in: a successful QR login writes its cookie into the cookie file. */
  persistLoginCookie: boolean;
  /** Redis for the shared response cache and rate-limit counters; undefined = in-memory (one instance). */
  redisUrl?: string;
  /** Largest upstream answer accepted, in bytes (UPSTREAM_MAX_BODY_MB); a larger one is a 502, never buffered whole. */
  upstreamMaxBodyBytes: number;
  /** Longest any one Redis command may take before it counts as failed (the answer then goes on without Redis). */
  redisTimeoutMs: number;
  cacheEnabled: boolean;
  /** Upper bound (MB, approximate) of the in-memory response cache tier; least recently used answers go first. */
  cacheMemoryMb: number;
  /** Requests per client IP per rateLimitWindowMs; 0 disables rate limiting. */
  rateLimit: number;
  rateLimitWindowMs: number;
  /** Retries of an idempotent upstream read after a transport failure or 5xx (never login steps). */
  upstreamRetries: number;
  /** Most upstream requests in flight per upstream host (protects the server's IP from upstream rate limits). */
  upstreamMaxConcurrency: number;
  /** Token for admin routes (stored cookie, credential status); undefined = those routes are off (404). */
  adminToken?: string;
  /** Default response shape: the spec's normalised envelope, or the legacy `{ response: <upstream> }` (README "Migrating from qq-music-api"). */
  responseShape: ResponseShape;
  /** Refresh the stored login this many seconds before its musickey expires (CONTRACT §12.3). */
  credentialRefreshMarginS: number;
  /** After a refresh failure that may pass (too frequent, network), wait this long before trying again. */
  credentialRefreshBackoffS: number;
  /** Redis key of the shared credential (REDIS_URL set); the refresh lock uses `<key>:lock:<uin>`. */
  credentialRedisKey: string;
  /** How often (ms) an instance re-reads the shared credential from Redis (0 = before every call). */
  credentialSyncMs: number;
}

/** Env variable → default. `.env.example` documents the same table. */
export const ENV_DEFAULTS = {
  PORT: '3200',
  HOST: '0.0.0.0',
  UPSTREAM_U_ORIGIN: 'https://u.y.qq.com',
  UPSTREAM_C_ORIGIN: 'https://c.y.qq.com',
  UPSTREAM_C6_ORIGIN: 'https://c6.y.qq.com',
  UPSTREAM_Y_ORIGIN: 'https://y.qq.com',
  UPSTREAM_PTLOGIN_ORIGIN: 'https://ssl.ptlogin2.qq.com',
  UPSTREAM_PTLOGIN_GRAPH_ORIGIN: 'https://ssl.ptlogin2.graph.qq.com',
  UPSTREAM_GRAPH_ORIGIN: 'https://graph.qq.com',
  UPSTREAM_WX_OPEN_ORIGIN: 'https://open.weixin.qq.com',
  UPSTREAM_WX_LP_ORIGIN: 'https://lp.open.weixin.qq.com',
  UPSTREAM_TIMEOUT_MS: '15000',
  COOKIE_FILE: 'config/user-info.json',
  COOKIE_FILE_CHECK_MS: '1000',
  LOG_LEVEL: 'info',
  CORS_ORIGINS: '',
  TRUST_PROXY: 'false',
  BODY_LIMIT: '100kb',
  KEEP_ALIVE_TIMEOUT_MS: '65000',
  SHUTDOWN_WORK_TIMEOUT_MS: '10000',
  ALT_LOGIN_POLL_TIMEOUT_MS: '35000',
  LOGIN_PERSIST_COOKIE: 'false',
  REDIS_URL: '',
  CACHE_ENABLED: 'true',
  CACHE_MEMORY_MB: '32',
  REDIS_TIMEOUT_MS: '500',
  UPSTREAM_MAX_BODY_MB: '16',
  RATE_LIMIT: '600',
  RATE_LIMIT_WINDOW_MS: '60000',
  UPSTREAM_RETRIES: '2',
  UPSTREAM_MAX_CONCURRENCY: '32',
  ADMIN_TOKEN: '',
  RESPONSE_SHAPE: 'normalised',
  CREDENTIAL_REFRESH_MARGIN_S: '3600',
  CREDENTIAL_REFRESH_BACKOFF_S: '600',
  CREDENTIAL_REDIS_KEY: 'qqmusic:credential',
  CREDENTIAL_SYNC_MS: '5000',
} as const;

type EnvName = keyof typeof ENV_DEFAULTS;

const ORIGIN = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const originMessage = (name: string) =>
  `must be an http:// or https:// origin, scheme://host[:port] with no path, query or credentials, e.g. ${ENV_DEFAULTS[name as EnvName]}`;
const ORIGIN_MESSAGE = { message: ({ property }: ValidationArguments) => originMessage(property) };
/**
 * What the upstream client can use as an origin: undici's pools take scheme://host[:port] only; a path or query there
 * passed the URL check yet failed every call to that host (502 UND_ERR_INVALID_ARG) instead of stopping start-up.
 */
const BARE_ORIGIN = /^https?:\/\/[^/?#@\s]+\/*$/i;

/**
 * Whole-number variables and their accepted range. The bounds keep each value usable by what consumes it (a timer
 * takes at most 2^31-1 ms) and out of the nonsensical (a 0 ms WeChat poll answers 408 at once); messages quote them.
 */
const INTEGER_RANGES: Partial<Record<EnvName, { min: number; max: number; unit?: string; note?: string }>> = {
  PORT: { min: 0, max: 65535, note: '0 = any free port' },
  UPSTREAM_TIMEOUT_MS: { min: 100, max: 600_000, unit: 'milliseconds' },
  COOKIE_FILE_CHECK_MS: { min: 0, max: 3_600_000, unit: 'milliseconds', note: '0 = on every use' },
  KEEP_ALIVE_TIMEOUT_MS: { min: 1, max: 3_600_000, unit: 'milliseconds' },
  SHUTDOWN_WORK_TIMEOUT_MS: { min: 0, max: 600_000, unit: 'milliseconds', note: '0 = do not wait' },
  ALT_LOGIN_POLL_TIMEOUT_MS: { min: 100, max: 120_000, unit: 'milliseconds' },
  REDIS_TIMEOUT_MS: { min: 1, max: 60_000, unit: 'milliseconds' },
  CACHE_MEMORY_MB: { min: 1, max: 99_999, unit: 'megabytes' },
  RATE_LIMIT: { min: 0, max: 1_000_000, unit: 'requests', note: '0 = off' },
  RATE_LIMIT_WINDOW_MS: { min: 1000, max: 86_400_000, unit: 'milliseconds' },
  UPSTREAM_RETRIES: { min: 0, max: 5 },
  UPSTREAM_MAX_CONCURRENCY: { min: 1, max: 9999 },
  UPSTREAM_MAX_BODY_MB: { min: 1, max: 999, unit: 'megabytes' },
  CREDENTIAL_REFRESH_MARGIN_S: { min: 0, max: 604_800, unit: 'seconds' },
  CREDENTIAL_REFRESH_BACKOFF_S: { min: 10, max: 86_400, unit: 'seconds' },
  CREDENTIAL_SYNC_MS: { min: 0, max: 3_600_000, unit: 'milliseconds', note: '0 = before every call' },
};

/** Variables whose value is a secret: an error names them but never shows what they hold. */
const SECRET_VARS: ReadonlySet<string> = new Set(['ADMIN_TOKEN']);

/** Express `trust proxy` names for address ranges (proxy-addr). */
const TRUST_PROXY_NAMES: ReadonlySet<string> = new Set(['loopback', 'linklocal', 'uniquelocal']);

class EnvVars implements Record<EnvName, string> {
  // Whole numbers (INTEGER_RANGES) and the free-form ones (HOST, CORS_ORIGINS, TRUST_PROXY) are checked below.
  @IsString() PORT: string;
  @IsString() HOST: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_U_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_C_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_C6_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_Y_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_PTLOGIN_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_PTLOGIN_GRAPH_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_GRAPH_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_WX_OPEN_ORIGIN: string;
  @IsUrl(ORIGIN, ORIGIN_MESSAGE) UPSTREAM_WX_LP_ORIGIN: string;
  @IsString() UPSTREAM_TIMEOUT_MS: string;
  @IsString()
  COOKIE_FILE: string;
  @IsString() COOKIE_FILE_CHECK_MS: string;
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: string;
  @IsOptional() @IsString()
  CORS_ORIGINS: string;
  @IsString()
  TRUST_PROXY: string;
  @IsString() BODY_LIMIT: string;
  @IsString() KEEP_ALIVE_TIMEOUT_MS: string;
  @IsString() SHUTDOWN_WORK_TIMEOUT_MS: string;
  @IsString() ALT_LOGIN_POLL_TIMEOUT_MS: string;
  @IsIn(['true', 'false'])
  LOGIN_PERSIST_COOKIE: string;
  @IsOptional() @IsString()
  REDIS_URL: string;
  @IsString() REDIS_TIMEOUT_MS: string;
  @IsIn(['true', 'false'])
  CACHE_ENABLED: string;
  @IsString() CACHE_MEMORY_MB: string;
  @IsString() RATE_LIMIT: string;
  @IsString() RATE_LIMIT_WINDOW_MS: string;
  @IsString() UPSTREAM_RETRIES: string;
  @IsString() UPSTREAM_MAX_CONCURRENCY: string;
  @IsString() UPSTREAM_MAX_BODY_MB: string;
  @IsOptional() @Matches(/^(|[\x21-\x7e]{16,256})$/, { message: 'must be 16 to 256 printable characters' })
  ADMIN_TOKEN: string;
  @IsIn(RESPONSE_SHAPES)
  RESPONSE_SHAPE: string;
  @IsString() CREDENTIAL_REFRESH_MARGIN_S: string;
  @IsString() CREDENTIAL_REFRESH_BACKOFF_S: string;
  @Matches(/^[\x21-\x7e]{1,200}$/, { message: 'must be a Redis key without spaces' })
  CREDENTIAL_REDIS_KEY: string;
  @IsString() CREDENTIAL_SYNC_MS: string;
}

export class ConfigValidationError extends Error {
  /** `names[i]` is the variable `problems[i]` is about. */
  constructor(
    readonly problems: string[],
    readonly names: string[] = [],
  ) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

/** Validates the environment and returns the typed settings; throws naming every bad variable (never a secret's value). */
export function loadAppConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = {} as Record<EnvName, string>;
  for (const name of Object.keys(ENV_DEFAULTS) as EnvName[]) {
    // Blank (`VAR=`, or only spaces as a YAML `VAR: " "` gives) means the default, as .env.example promises.
    const value = env[name]?.trim();
    raw[name] = value === undefined || value === '' ? ENV_DEFAULTS[name] : value;
  }
  const problems = new Map<EnvName, string>();
  for (const e of validateSync(plainToInstance(EnvVars, raw))) {
    // class-validator's own messages start with the name ("LOG_LEVEL must be one of…"), which the line already shows.
    const messages = Object.values(e.constraints ?? {}).map((m) => (m.startsWith(`${e.property} `) ? m.slice(e.property.length + 1) : m));
    problems.set(e.property as EnvName, messages.join(', '));
  }
  for (const [name, range] of Object.entries(INTEGER_RANGES) as [EnvName, NonNullable<(typeof INTEGER_RANGES)[EnvName]>][]) {
    const value = /^\d+$/.test(raw[name]) ? Number(raw[name]) : NaN;
    if (!(value >= range.min && value <= range.max)) {
      const unit = range.unit ? ` of ${range.unit}` : '';
      problems.set(name, `must be a whole number${unit} from ${range.min} to ${range.max}${range.note ? ` (${range.note})` : ''}`);
    }
  }
  for (const name of Object.keys(ENV_DEFAULTS) as EnvName[]) {
    if (/^UPSTREAM_\w+_ORIGIN$/.test(name) && !problems.has(name) && !BARE_ORIGIN.test(raw[name])) problems.set(name, originMessage(name));
  }
  const redisProblem = checkRedisUrl(raw.REDIS_URL);
  if (redisProblem) problems.set('REDIS_URL', redisProblem);
  const bodyLimitProblem = checkBodyLimit(raw.BODY_LIMIT);
  if (bodyLimitProblem) problems.set('BODY_LIMIT', bodyLimitProblem);
  const hostProblem = checkHost(raw.HOST);
  if (hostProblem) problems.set('HOST', hostProblem);
  const cors = parsed('CORS_ORIGINS', () => parseCors(raw.CORS_ORIGINS), problems);
  const trustProxy = parsed('TRUST_PROXY', () => parseTrustProxy(raw.TRUST_PROXY), problems);
  if (problems.size) {
    // In the documented order, so several mistakes read like the table in .env.example.
    const names = (Object.keys(ENV_DEFAULTS) as EnvName[]).filter((name) => problems.has(name));
    throw new ConfigValidationError(names.map((name) => `${name}${shownValue(name, raw[name])} ${problems.get(name)}`), names);
  }

  const stripSlash = (url: string) => url.replace(/\/+$/, '');
  return {
    port: Number(raw.PORT),
    host: raw.HOST,
    origins: {
      u: stripSlash(raw.UPSTREAM_U_ORIGIN),
      c: stripSlash(raw.UPSTREAM_C_ORIGIN),
      c6: stripSlash(raw.UPSTREAM_C6_ORIGIN),
      y: stripSlash(raw.UPSTREAM_Y_ORIGIN),
      ptlogin: stripSlash(raw.UPSTREAM_PTLOGIN_ORIGIN),
      ptloginGraph: stripSlash(raw.UPSTREAM_PTLOGIN_GRAPH_ORIGIN),
      graph: stripSlash(raw.UPSTREAM_GRAPH_ORIGIN),
      wxOpen: stripSlash(raw.UPSTREAM_WX_OPEN_ORIGIN),
      wxLp: stripSlash(raw.UPSTREAM_WX_LP_ORIGIN),
    },
    upstreamTimeoutMs: Number(raw.UPSTREAM_TIMEOUT_MS),
    cookieFile: raw.COOKIE_FILE,
    cookieFileCheckMs: Number(raw.COOKIE_FILE_CHECK_MS),
    logLevel: raw.LOG_LEVEL as LogLevel,
    cors: cors!,
    trustProxy: trustProxy!,
    bodyLimit: raw.BODY_LIMIT,
    keepAliveTimeoutMs: Number(raw.KEEP_ALIVE_TIMEOUT_MS),
    shutdownWorkTimeoutMs: Number(raw.SHUTDOWN_WORK_TIMEOUT_MS),
    altLoginPollTimeoutMs: Number(raw.ALT_LOGIN_POLL_TIMEOUT_MS),
    persistLoginCookie: raw.LOGIN_PERSIST_COOKIE === 'true',
    redisUrl: raw.REDIS_URL || undefined,
    redisTimeoutMs: Number(raw.REDIS_TIMEOUT_MS),
    cacheEnabled: raw.CACHE_ENABLED === 'true',
    cacheMemoryMb: Number(raw.CACHE_MEMORY_MB),
    rateLimit: Number(raw.RATE_LIMIT),
    rateLimitWindowMs: Number(raw.RATE_LIMIT_WINDOW_MS),
    upstreamRetries: Number(raw.UPSTREAM_RETRIES),
    upstreamMaxConcurrency: Number(raw.UPSTREAM_MAX_CONCURRENCY),
    upstreamMaxBodyBytes: Number(raw.UPSTREAM_MAX_BODY_MB) * 2 ** 20,
    adminToken: raw.ADMIN_TOKEN || undefined,
    responseShape: raw.RESPONSE_SHAPE as ResponseShape,
    credentialRefreshMarginS: Number(raw.CREDENTIAL_REFRESH_MARGIN_S),
    credentialRefreshBackoffS: Number(raw.CREDENTIAL_REFRESH_BACKOFF_S),
    credentialRedisKey: raw.CREDENTIAL_REDIS_KEY,
    credentialSyncMs: Number(raw.CREDENTIAL_SYNC_MS),
  };
}

/** Runs a parser of one variable, recording its complaint (an Error's message) instead of throwing. */
function parsed<T>(name: EnvName, parse: () => T, problems: Map<EnvName, string>): T | undefined {
  try {
    return parse();
  } catch (err) {
    problems.set(name, (err as Error).message);
    return undefined;
  }
}

/** How a bad value is quoted in an error: secrets not at all, a URL without its password. */
function shownValue(name: EnvName, value: string): string {
  if (SECRET_VARS.has(name)) return ' (value not shown)';
  // An origin may not hold a user and password, but one that does must not print them in the refusal.
  if (name.endsWith('_ORIGIN')) return `=${JSON.stringify(redactUrlCredentials(value))}`;
  if (name === 'REDIS_URL') {
    // Not a URL at all could be a pasted password: show nothing rather than guess.
    return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? `=${JSON.stringify(redactUrlCredentials(value))}` : ' (value not shown)';
  }
  return `=${JSON.stringify(value)}`;
}

/** A URL with whatever precedes the last `@` (user and password) replaced by `***`; for messages and logs. */
function redactUrlCredentials(url: string): string {
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

function checkBodyLimit(value: string): string | undefined {
  const size = /^(\d+)(b|kb|mb)$/i.exec(value);
  const bytes = size ? Number(size[1]) * SIZE_UNITS[size[2].toLowerCase()] : NaN;
  if (bytes >= BODY_LIMIT_RANGE.min && bytes <= BODY_LIMIT_RANGE.max) return undefined;
  return `must be a size ${BODY_LIMIT_RANGE.text}, a whole number with the unit b, kb or mb (e.g. 100kb, 1mb)`;
}

/** A host name: dot-separated labels of letters, digits, inner hyphens (and underscores, as container names have). */
const HOSTNAME = /^(?=.{1,254}$)[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/i;

function checkHost(host: string): string | undefined {
  if (isIP(host)) return undefined;
  // Dotted digits that are no IPv4 address (999.1.1.1) would be looked up as a name and fail later with ENOTFOUND.
  if (HOSTNAME.test(host) && !/^[\d.]+$/.test(host)) return undefined;
  return 'must be an IP address (0.0.0.0 = every IPv4 interface, :: = every interface, 127.0.0.1 = this machine only) or a host name';
}

function parseCors(value: string): boolean | string[] {
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

/**
 * Express `trust proxy`: true, false, a hop count, or addresses, subnets and the names loopback/linklocal/uniquelocal.
 * Checked here because Express only parses it once the app is built, failing with a bare "invalid IP address".
 */
function parseTrustProxy(value: string): boolean | number | string {
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

/**
 * Fills process.env from a local .env file (see .env.example) for every variable the real environment does not set;
 * returns the names it set. A missing file is no error.
 */
export function loadDotEnv(path = '.env'): string[] {
  if (!existsSync(path)) return [];
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    // A bare "EISDIR: illegal operation on a directory, read" would not say which file.
    throw new Error(`cannot read ${resolve(path)}: ${(err as Error).message}`);
  }
  // process.loadEnvFile's rules (Node's own parser; a variable already set wins), but reporting what it set.
  const set: string[] = [];
  for (const [name, value] of Object.entries(parseEnv(text))) {
    if (process.env[name] !== undefined || value === undefined) continue;
    process.env[name] = value;
    set.push(name);
  }
  return set;
}
