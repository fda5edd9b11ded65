import { plainToInstance } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, IsUrl, Matches, Max, Min, validateSync } from 'class-validator';

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

class EnvVars implements Record<EnvName, string> {
  @Matches(/^\d+$/, { message: 'must be a port number' })
  PORT: string;
  @IsString()
  HOST: string;
  @IsUrl(ORIGIN) UPSTREAM_U_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_C_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_C6_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_Y_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_PTLOGIN_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_PTLOGIN_GRAPH_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_GRAPH_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_WX_OPEN_ORIGIN: string;
  @IsUrl(ORIGIN) UPSTREAM_WX_LP_ORIGIN: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of milliseconds' })
  UPSTREAM_TIMEOUT_MS: string;
  @IsString()
  COOKIE_FILE: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of milliseconds' })
  COOKIE_FILE_CHECK_MS: string;
  @IsIn(LOG_LEVELS)
  LOG_LEVEL: string;
  @IsOptional() @IsString()
  CORS_ORIGINS: string;
  @IsString()
  TRUST_PROXY: string;
  @Matches(/^\d+(b|kb|mb)$/i, { message: 'must look like 100kb or 1mb' })
  BODY_LIMIT: string;
  @Matches(/^[1-9]\d{0,6}$/, { message: 'must be 1 to 9999999 milliseconds' })
  KEEP_ALIVE_TIMEOUT_MS: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of milliseconds' })
  ALT_LOGIN_POLL_TIMEOUT_MS: string;
  @IsIn(['true', 'false'])
  LOGIN_PERSIST_COOKIE: string;
  @IsOptional() @Matches(/^(rediss?:\/\/.+)?$/, { message: 'must be a redis:// or rediss:// URL' })
  REDIS_URL: string;
  @Matches(/^[1-9]\d{0,4}$/, { message: 'must be 1 to 99999 milliseconds' })
  REDIS_TIMEOUT_MS: string;
  @IsIn(['true', 'false'])
  CACHE_ENABLED: string;
  @Matches(/^[1-9]\d{0,4}$/, { message: 'must be 1 to 99999 (megabytes)' })
  CACHE_MEMORY_MB: string;
  @Matches(/^\d+$/, { message: 'must be a whole number (0 disables rate limiting)' })
  RATE_LIMIT: string;
  @Matches(/^[1-9]\d*$/, { message: 'must be a positive number of milliseconds' })
  RATE_LIMIT_WINDOW_MS: string;
  @Matches(/^[0-5]$/, { message: 'must be 0 to 5' })
  UPSTREAM_RETRIES: string;
  @Matches(/^[1-9]\d{0,3}$/, { message: 'must be 1 to 9999' })
  UPSTREAM_MAX_CONCURRENCY: string;
  @Matches(/^[1-9]\d{0,2}$/, { message: 'must be 1 to 999 (megabytes)' })
  UPSTREAM_MAX_BODY_MB: string;
  @IsOptional() @Matches(/^(|[\x21-\x7e]{16,256})$/, { message: 'must be 16 to 256 printable characters' })
  ADMIN_TOKEN: string;
  @IsIn(RESPONSE_SHAPES)
  RESPONSE_SHAPE: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of seconds' })
  CREDENTIAL_REFRESH_MARGIN_S: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of seconds' })
  CREDENTIAL_REFRESH_BACKOFF_S: string;
  @Matches(/^[\x21-\x7e]{1,200}$/, { message: 'must be a Redis key without spaces' })
  CREDENTIAL_REDIS_KEY: string;
  @Matches(/^\d+$/, { message: 'must be a whole number of milliseconds' })
  CREDENTIAL_SYNC_MS: string;
}

class PortRange {
  @IsInt() @Min(0) @Max(65535) PORT: number;
  @IsInt() @Min(1) @Max(600000) UPSTREAM_TIMEOUT_MS: number;
}

export class ConfigValidationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
  }
}

/** Validates the environment and returns the typed settings; throws naming every bad variable. */
export function loadAppConfig(env: Record<string, string | undefined>): AppConfig {
  const raw = {} as Record<EnvName, string>;
  for (const name of Object.keys(ENV_DEFAULTS) as EnvName[]) {
    const value = env[name];
    raw[name] = value === undefined || value === '' ? ENV_DEFAULTS[name] : value.trim();
  }
  const problems = validateSync(plainToInstance(EnvVars, raw)).map(
    (e) => `${e.property}=${JSON.stringify(raw[e.property as EnvName])} ${Object.values(e.constraints ?? {}).join(', ')}`,
  );
  const numbers = plainToInstance(PortRange, { PORT: Number(raw.PORT), UPSTREAM_TIMEOUT_MS: Number(raw.UPSTREAM_TIMEOUT_MS) });
  if (!problems.length) {
    problems.push(
      ...validateSync(numbers).map((e) => `${e.property}=${JSON.stringify(raw[e.property as EnvName])} is out of range`),
    );
  }
  if (problems.length) throw new ConfigValidationError(problems);

  const stripSlash = (url: string) => url.replace(/\/+$/, '');
  return {
    port: numbers.PORT,
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
    upstreamTimeoutMs: numbers.UPSTREAM_TIMEOUT_MS,
    cookieFile: raw.COOKIE_FILE,
    cookieFileCheckMs: Number(raw.COOKIE_FILE_CHECK_MS),
    logLevel: raw.LOG_LEVEL as LogLevel,
    cors: parseCors(raw.CORS_ORIGINS),
    trustProxy: parseTrustProxy(raw.TRUST_PROXY),
    bodyLimit: raw.BODY_LIMIT,
    keepAliveTimeoutMs: Number(raw.KEEP_ALIVE_TIMEOUT_MS),
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

function parseCors(value: string): boolean | string[] {
  if (!value || value === 'false') return false;
  if (value === '*' || value === 'true') return true;
  return value.split(',').map((s) => s.trim()).filter(Boolean);
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}
