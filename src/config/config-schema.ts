import { checkBodyLimit, checkHost, checkRedisUrl, parseCors, parseOrigin, parseTrustProxy, parseWorkers, redactUrlCredentials } from './config-parsers';
import { checkedBy, custom, flag, int, oneOf, type Setting } from './setting';
import { parseNoProxy, parseUpstreamProxy } from './upstream-proxy-settings';

/**
 * Every environment variable the gateway reads, declared once, in sections. The order is the order of the docs
 * (docs/configuration.md, .env.example) and of the problems a refused configuration lists. AppConfig's type is derived
 * from these declarations (bottom of the file); `npm run docs` renders the docs from them.
 */

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;
export const RESPONSE_SHAPES = ['normalised', 'legacy'] as const;

/** An upstream host's origin, overridable so tests, demos and mirrors can point elsewhere. */
function origin<H extends string>(host: H, hostName: string, description: string) {
  const example = `https://${hostName}`;
  const setting = custom({
    key: `origins.${host}` as const,
    default: example,
    accepts: '`http(s)://host[:port]`, no path, query or credentials',
    description,
    parse: (value) => parseOrigin(value, example),
    // An origin may not hold a user and password, but one that does must not print them in the refusal.
    quote: (value) => JSON.stringify(redactUrlCredentials(value)),
  });
  return { ...setting, host, hostName };
}

const LISTENER = {
  PORT: int({ key: 'port', default: 3200, min: 0, max: 65535, note: '0 = any free port', description: 'Port the HTTP server listens on.' }),
  HOST: custom({
    key: 'host',
    default: '0.0.0.0',
    accepts: 'an IP address (`0.0.0.0` every IPv4 interface, `::` every interface, `127.0.0.1` this machine only) or a host name',
    description: 'Address the HTTP server listens on.',
    parse: checkedBy(checkHost),
  }),
};

const UPSTREAM = {
  UPSTREAM_U_ORIGIN: origin('u', 'u.y.qq.com', 'musicu.fcg JSON-RPC: most catalogue and user calls.'),
  UPSTREAM_C_ORIGIN: origin('c', 'c.y.qq.com', 'The older CGI endpoints.'),
  UPSTREAM_C6_ORIGIN: origin('c6', 'c6.y.qq.com', 'User homepage.'),
  UPSTREAM_Y_ORIGIN: origin('y', 'y.qq.com', 'y.qq.com pages.'),
  UPSTREAM_PTLOGIN_ORIGIN: origin('ptlogin', 'ssl.ptlogin2.qq.com', 'QQ QR login (image and status).'),
  UPSTREAM_PTLOGIN_GRAPH_ORIGIN: origin('ptloginGraph', 'ssl.ptlogin2.graph.qq.com', 'QQ login check_sig.'),
  UPSTREAM_GRAPH_ORIGIN: origin('graph', 'graph.qq.com', 'QQ OAuth authorize.'),
  UPSTREAM_WX_OPEN_ORIGIN: origin('wxOpen', 'open.weixin.qq.com', 'WeChat QR page and image.'),
  UPSTREAM_WX_LP_ORIGIN: origin('wxLp', 'lp.open.weixin.qq.com', 'WeChat QR long poll.'),
  UPSTREAM_MU_ORIGIN: origin('mu', 'mu.y.qq.com', 'QQ Music app QR login: the MQTT 5 over WebSocket push of its states (`wss://` for `https://`, `ws://` for `http://`; path `/ws/handshake`).'),
  UPSTREAM_QIMEI_ORIGIN: origin('qimei', 'api.tencentmusic.com', "Tencent's QIMEI service: the device identity the Android comm carries."),
  UPSTREAM_PROXY: custom({
    key: 'upstreamProxy',
    default: '',
    accepts: '`http(s)://[user:password@]host[:port]`; empty = none',
    description:
      'Outbound proxy for every upstream call (CONNECT tunnels), e.g. one egressing in mainland China when the gateway runs ' +
      'outside it (play URLs are otherwise 30-second trials; docs/operations.md "Outbound proxy"). Shown as scheme://host:port only.',
    parse: parseUpstreamProxy,
    // Not a URL at all could be a pasted password: show nothing rather than guess.
    quote: (value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? JSON.stringify(redactUrlCredentials(value)) : undefined),
  }),
  UPSTREAM_NO_PROXY: custom({
    key: 'upstreamNoProxy',
    default: '',
    accepts: 'a comma-separated list of host names or suffixes (`.qq.com`), IP addresses, each optionally `:port`; `*` = every host',
    description: 'Upstream hosts called directly although UPSTREAM_PROXY is set (a name also matches its subdomains).',
    parse: parseNoProxy,
  }),
  UPSTREAM_TIMEOUT_MS: int({
    key: 'upstreamTimeoutMs',
    default: 15000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    description: 'Timeout of one upstream call (past it: 504 UPSTREAM_TIMEOUT).',
  }),
  UPSTREAM_IDENTITY_TIMEOUT_MS: int({
    key: 'upstreamIdentityTimeoutMs',
    default: 5000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    description:
      'Bound of each device identity call (QIMEI, device session; UPSTREAM_TIMEOUT_MS when lower). The first Android-comm call waits for them, ' +
      'so a hung identity service delays it by this much, not by the full upstream timeout (docs/upstream/identity.md).',
  }),
  UPSTREAM_SHAPE_SAMPLE_RATE: custom({
    key: 'upstreamShapeSampleRate',
    default: '0.01',
    accepts: 'a decimal from 0 to 1 (0 = never, 1 = every answer)',
    description:
      'Share of answers of the canary areas checked against what the gateway reads of them; a missing field counts in ' +
      'gateway_upstream_shape_mismatch_total (docs/upstream/README.md "What the gateway reads").',
    parse: (value) => {
      const rate = /^(\d+(\.\d*)?|\.\d+)$/.test(value) ? Number(value) : NaN;
      if (!(rate >= 0 && rate <= 1)) throw new Error('must be a decimal from 0 to 1');
      return rate;
    },
  }),
};

const COOKIE_FILE = {
  COOKIE_FILE: custom({
    key: 'cookieFile',
    default: 'config/user-info.json',
    accepts: 'a file path (absolute, or relative to the working directory)',
    description: 'JSON file holding the login cookie (`{"cookie": "...", "uin": "..."}`, printable ASCII); missing = anonymous.',
    parse: (value) => value,
  }),
  COOKIE_FILE_CHECK_MS: int({
    key: 'cookieFileCheckMs',
    default: 1000,
    min: 0,
    max: 3_600_000,
    unit: 'milliseconds',
    note: '0 = on every use',
    description: 'How often the cookie file is checked for changes.',
  }),
  DEVICE_IDENTITY_FILE: custom({
    key: 'deviceIdentityFile',
    default: '',
    accepts: 'a file path (absolute, or relative to the working directory); empty = beside COOKIE_FILE, named after it',
    description:
      'JSON file keeping the device identity the Android comm carries (made on first need, written 0600; docs/upstream/identity.md): ' +
      'by default `config/user-info.device.json` for `config/user-info.json`, so a demo or test login never shares the production one. ' +
      'With REDIS_URL it is kept in Redis instead, under `<CREDENTIAL_REDIS_KEY>:device`.',
    parse: (value) => value,
  }),
};

const SERVER = {
  LOG_LEVEL: oneOf({
    key: 'logLevel',
    values: LOG_LEVELS,
    default: 'info',
    description: 'Lowest level logged; the start-up line "Listening on …" is printed at every level but silent.',
  }),
  LOG_FORMAT: oneOf({
    key: 'logFormat',
    values: LOG_FORMATS,
    default: 'json',
    description: 'json: one JSON object per line, for log collectors; pretty: readable, coloured lines (pino-pretty) for development; keep json in production.',
  }),
  CORS_ORIGINS: custom({
    key: 'cors',
    default: '',
    accepts: '`*` (any origin), or a comma-separated list of origins `http(s)://host[:port]`, no path or trailing slash',
    description: 'Origins browsers may call the gateway from; empty = CORS off.',
    parse: parseCors,
  }),
  TRUST_PROXY: custom({
    key: 'trustProxy',
    default: 'false',
    accepts:
      '`true`, `false`, a hop count 0 to 100, or a comma-separated list of IP addresses, subnets (`10.0.0.0/8`, ' +
      '`192.168.0.0/255.255.0.0`) and the names `loopback`, `linklocal`, `uniquelocal`',
    description: 'Express "trust proxy": which X-Forwarded-For hops to believe (1 behind one reverse proxy); the rate limit counts that client.',
    parse: parseTrustProxy,
  }),
  BODY_LIMIT: custom({
    key: 'bodyLimit',
    default: '100kb',
    accepts: '32kb to 10mb, a whole number with the unit b, kb or mb (1kb = 1024 bytes)',
    description: 'Largest request body (bigger: 413); 32kb still takes the largest a route accepts (a form-encoded 8192-character cookie).',
    parse: checkedBy(checkBodyLimit),
  }),
  KEEP_ALIVE_TIMEOUT_MS: int({
    key: 'keepAliveTimeoutMs',
    default: 65000,
    min: 1,
    max: 3_600_000,
    unit: 'milliseconds',
    description: "How long an idle client connection stays open; keep it above the reverse proxy's idle timeout (nginx, ALB: 60 s).",
  }),
  WORKERS: custom({
    key: 'workers',
    default: '1',
    accepts: '`auto` (one per core: os.availableParallelism()) or a whole number from 1 to 64',
    description:
      'Worker processes serving the port (node:cluster). 1 = one process, no cluster. Without REDIS_URL the workers share QR logins, ' +
      'the stored login and the rate-limit counters through the primary process; each keeps its own response cache (docs/operations.md "Workers").',
    parse: parseWorkers,
  }),
  SHUTDOWN_DRAIN_TIMEOUT_MS: int({
    key: 'shutdownDrainTimeoutMs',
    default: 10000,
    min: 0,
    max: 600_000,
    unit: 'milliseconds',
    note: '0 = close every connection at once',
    description:
      'At shutdown: how long requests still being received or answered may take before their connections are closed ' +
      '(idle keep-alive connections close at once); a half-sent request or a stalled upload cannot hold the process open.',
  }),
  SHUTDOWN_WORK_TIMEOUT_MS: int({
    key: 'shutdownWorkTimeoutMs',
    default: 10000,
    min: 0,
    max: 600_000,
    unit: 'milliseconds',
    note: '0 = do not wait',
    description:
      'At shutdown, after the HTTP drain: how long to wait for work outside requests (a confirmed QR login, a credential refresh); ' +
      "keep SHUTDOWN_DRAIN_TIMEOUT_MS plus this below the orchestrator's grace period.",
  }),
};

const LOGIN = {
  ALT_LOGIN_POLL_TIMEOUT_MS: int({
    key: 'altLoginPollTimeoutMs',
    default: 35000,
    min: 100,
    max: 120_000,
    unit: 'milliseconds',
    description: 'Upper bound of one WeChat long poll made by /checkAltLoginQr.',
  }),
  LOGIN_PERSIST_COOKIE: flag({
    key: 'persistLoginCookie',
    default: false,
    description:
      "Opt-in: every successful QR login (but one sent with `X-Login-Persist: false`) is stored as the gateway's login, so any visitor's login replaces it. Not needed to log the gateway in: `npm run login` and /login store a login with the admin token.",
  }),
  LOGIN_TOKEN_REQUIRED: flag({
    key: 'loginTokenRequired',
    default: false,
    description:
      "A QR login check must send its QR answer's loginToken (400 without it, 403 for a QR no instance issued), so no one who only saw the QR can take its login. " +
      "Recommended for any public deployment; off keeps the spec's clients, which send only the QR fields, working.",
  }),
  APP_LOGIN_MAX_SUBSCRIPTIONS: int({
    key: 'appLoginMaxSubscriptions',
    default: 50,
    min: 1,
    max: 10_000,
    description: 'QQ Music app QR login: at most this many QRs watched at once by this instance (one MQTT connection each); /getAppLoginQr answers 503 LOGIN_APP_QR_BUSY with Retry-After beyond it.',
  }),
  APP_LOGIN_QR_TTL_S: int({
    key: 'appLoginQrTtlS',
    default: 300,
    min: 1,
    max: 1800,
    unit: 'seconds',
    description: "QQ Music app QR login: how long the issuing instance watches a QR's states before calling it expired and closing its MQTT connection.",
  }),
  PHONE_CODE_INTERVAL_S: int({
    key: 'phoneCodeIntervalS',
    default: 60,
    min: 0,
    max: 3600,
    unit: 'seconds',
    description: 'SMS budget: at most one login code per phone number in this many seconds (/sendPhoneLoginCode answers 429 PHONE_CODE_TOO_SOON before it); 0 leaves only the hourly budgets. Shared by every instance with REDIS_URL.',
  }),
  PHONE_CODE_PER_NUMBER_HOURLY: int({
    key: 'phoneCodePerNumberHourly',
    default: 5,
    min: 1,
    max: 100,
    description: 'SMS budget: at most this many login codes per phone number in an hour (then 429 PHONE_CODE_NUMBER_BUDGET). Shared by every instance with REDIS_URL.',
  }),
  PHONE_CODE_PER_IP_HOURLY: int({
    key: 'phoneCodePerIpHourly',
    default: 10,
    min: 1,
    max: 10_000,
    description: 'SMS budget: at most this many login codes asked by one client address in an hour, whatever the numbers (then 429 PHONE_CODE_IP_BUDGET). Shared by every instance with REDIS_URL.',
  }),
  PHONE_CODE_TTL_S: int({
    key: 'phoneCodeTtlS',
    default: 300,
    min: 30,
    max: 1800,
    unit: 'seconds',
    description: 'How long after sending a login code the gateway takes it at /checkPhoneLoginCode (then 410 LOGIN_CODE_EXPIRED, upstream not asked).',
  }),
  PHONE_CODE_MAX_ATTEMPTS: int({
    key: 'phoneCodeMaxAttempts',
    default: 5,
    min: 1,
    max: 20,
    description: 'How many checks one sent login code gets (then 429 LOGIN_CODE_ATTEMPTS, upstream not asked: send a new code).',
  }),
};

const REDIS_AND_CACHE = {
  REDIS_URL: custom({
    key: 'redisUrl',
    default: '',
    accepts: '`redis[s]://[[user]:password@]host[:port][/database number]`',
    description: 'Redis shared by several instances (response cache, rate-limit counters, credential, finished QR logins); empty = in-memory.',
    parse: (value) => checkedBy(checkRedisUrl)(value) || undefined,
    // Not a URL at all could be a pasted password: show nothing rather than guess.
    quote: (value) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? JSON.stringify(redactUrlCredentials(value)) : undefined),
  }),
  CACHE_ENABLED: flag({ key: 'cacheEnabled', default: true, description: 'Response cache for catalogue reads.' }),
  CACHE_MEMORY_MB: int({
    key: 'cacheMemoryMb',
    default: 32,
    min: 1,
    max: 99_999,
    unit: 'megabytes',
    description: 'Upper bound (approximate) of the in-memory cache tier; least recently used answers go first.',
  }),
  REDIS_TIMEOUT_MS: int({
    key: 'redisTimeoutMs',
    default: 500,
    min: 1,
    max: 60_000,
    unit: 'milliseconds',
    description: 'Longest one Redis command may take; past it, or while Redis is down, the answer goes on without Redis.',
  }),
  REDIS_RETRY_AFTER_MS: int({
    key: 'redisRetryAfterMs',
    default: 5000,
    min: 100,
    max: 600_000,
    unit: 'milliseconds',
    description:
      'After a Redis command times out, every Redis user (cache, rate limits, credential, QR logins) skips Redis this long (readiness reports it down), then one command tries it again; an answer ends the skip.',
  }),
};

const LIMITS = {
  UPSTREAM_MAX_BODY_MB: int({
    key: 'upstreamMaxBodyBytes',
    default: 4,
    min: 1,
    max: 999,
    unit: 'megabytes',
    transform: (mb) => mb * 2 ** 20,
    description:
      'Largest upstream answer accepted (the largest real ones, 1000-song playlist pages, are about 2 MB); a larger one is a 502 UPSTREAM_BAD_RESPONSE, never buffered whole.',
  }),
  UPSTREAM_BODY_BUDGET_MB: int({
    key: 'upstreamBodyBudgetBytes',
    default: 64,
    min: 1,
    max: 99_999,
    unit: 'megabytes',
    transform: (mb) => mb * 2 ** 20,
    description:
      'Most bytes of upstream answers held at once across all calls (at least UPSTREAM_MAX_BODY_MB); an answer that would pass it is refused: 503 UPSTREAM_BUSY, Retry-After: 1.',
  }),
  SONG_FILES_KEPT: int({
    key: 'songFilesKept',
    default: 5000,
    min: 0,
    max: 1_000_000,
    description:
      'Songs whose file names and sizes are kept (an hour each) so their next play URL costs one upstream call instead of two; 0 keeps none.',
  }),
  RATE_LIMIT: int({
    key: 'rateLimit',
    default: 600,
    min: 0,
    max: 1_000_000,
    unit: 'requests',
    note: '0 = off',
    description: 'Requests per client IP per RATE_LIMIT_WINDOW_MS (set TRUST_PROXY behind a reverse proxy).',
  }),
  RATE_LIMIT_WINDOW_MS: int({ key: 'rateLimitWindowMs', default: 60000, min: 1000, max: 86_400_000, unit: 'milliseconds', description: 'The rate-limit window.' }),
  UPSTREAM_RETRIES: int({
    key: 'upstreamRetries',
    default: 2,
    min: 0,
    max: 5,
    description: 'Retries of an idempotent upstream read after a transport error or 5xx (login steps are never retried).',
  }),
  UPSTREAM_MAX_CONCURRENCY: int({
    key: 'upstreamMaxConcurrency',
    default: 32,
    min: 1,
    max: 9999,
    description: "Most requests in flight per upstream host (keeps the server's IP clear of upstream rate limits).",
  }),
};

const ADMIN = {
  ADMIN_TOKEN: custom({
    key: 'adminToken',
    default: '',
    accepts: '16 to 256 printable characters',
    description: 'Turns on the admin routes (stored cookie, credential status), sent as `Authorization: Bearer <token>` or `X-Admin-Token`.',
    secret: true,
    parse: (value): string | undefined => {
      if (!/^(|[\x21-\x7e]{16,256})$/.test(value)) throw new Error('must be 16 to 256 printable characters');
      return value || undefined;
    },
  }),
};

const SHAPE = {
  RESPONSE_SHAPE: oneOf({
    key: 'responseShape',
    values: RESPONSE_SHAPES,
    default: 'normalised',
    description: "Default response shape: the envelope `{ code, msg, data }`, or legacy = the older qq-music-api's `{ response: <upstream> }`.",
  }),
};

const CREDENTIAL = {
  CREDENTIAL_REFRESH_MARGIN_S: int({
    key: 'credentialRefreshMarginS',
    default: 3600,
    min: 0,
    max: 604_800,
    unit: 'seconds',
    description: 'Refresh the stored login this long before its musickey expires.',
  }),
  CREDENTIAL_REFRESH_BACKOFF_S: int({
    key: 'credentialRefreshBackoffS',
    default: 600,
    min: 10,
    max: 86_400,
    unit: 'seconds',
    description: 'After a refresh failure that may pass (too frequent, network), wait this long before the next try.',
  }),
  CREDENTIAL_REDIS_KEY: custom({
    key: 'credentialRedisKey',
    default: 'qqmusic:credential',
    accepts: 'a Redis key, 1 to 200 printable characters without spaces',
    description: 'Redis key of the shared credential; its refresh lock is `<key>:lock:<uin>`, finished QR logins `<key>:login:…`.',
    parse: (value) => {
      if (!/^[\x21-\x7e]{1,200}$/.test(value)) throw new Error('must be a Redis key without spaces');
      return value;
    },
  }),
  CREDENTIAL_SYNC_MS: int({
    key: 'credentialSyncMs',
    default: 5000,
    min: 0,
    max: 3_600_000,
    unit: 'milliseconds',
    note: '0 = before every call',
    description: 'How often an instance re-reads the shared credential from Redis.',
  }),
};

/** The upstream canary (src/upstream/canary): its own section, so other settings' blocks merge apart from it. */
const CANARY = {
  CANARY_INTERVAL_S: custom({
    key: 'canaryIntervalS',
    default: '900',
    accepts: '0 (off), or 60 to 86400 seconds',
    description:
      'How often the upstream canary checks every area (one cheap call per area, spread over the interval; docs/operations.md "Upstream canary"). 0 = off.',
    parse: (value): number => {
      const n = /^\d+$/.test(value) ? Number(value) : NaN;
      if (!(n === 0 || (n >= 60 && n <= 86_400))) throw new Error('must be a whole number of seconds from 60 to 86400, or 0 (off)');
      return n;
    },
  }),
};

/** The sections of the docs, in order; `note` is a paragraph above the section's variables. */
export const SECTIONS: readonly { title: string; note?: string; settings: Readonly<Record<string, Setting>> }[] = [
  { title: 'HTTP listener', settings: LISTENER },
  {
    title: 'Upstream hosts',
    note: 'The real QQ Music, ptlogin and WeChat hosts by default; point them at a mirror or the fake upstream.',
    settings: UPSTREAM,
  },
  { title: 'Login cookie file', note: 'Shaped like config/user-info.example.json; re-read when it changes.', settings: COOKIE_FILE },
  { title: 'Logging and the HTTP server', settings: SERVER },
  { title: 'QR login', settings: LOGIN },
  { title: 'Redis and the response cache', settings: REDIS_AND_CACHE },
  { title: 'Limits and retries', settings: LIMITS },
  { title: 'Admin routes', note: 'Off (404) unless a token is set; it is compared in constant time.', settings: ADMIN },
  {
    title: 'Response shape',
    note: 'Per request, `?shape=legacy|normalised` or the header `X-Response-Shape` wins over it.',
    settings: SHAPE,
  },
  {
    title: 'Keeping the login alive',
    note:
      'The full login credential (musickey, refresh_key, refresh_token…) lives in COOKIE_FILE, or in Redis under ' +
      'CREDENTIAL_REDIS_KEY when REDIS_URL is set (shared by every instance).',
    settings: CREDENTIAL,
  },
  { title: 'Upstream canary', note: 'Off in the tests and the demo; see docs/operations.md "Upstream canary".', settings: CANARY },
];

/** Every setting by variable name, in the sections' order. */
export const SETTINGS = { ...LISTENER, ...UPSTREAM, ...COOKIE_FILE, ...SERVER, ...LOGIN, ...REDIS_AND_CACHE, ...LIMITS, ...ADMIN, ...SHAPE, ...CREDENTIAL, ...CANARY };

export type EnvName = keyof typeof SETTINGS;

/** The real host name behind each upstream key (for messages and logs; the fake upstream plays these hosts). */
export const UPSTREAM_HOST_NAMES = Object.fromEntries(Object.values(UPSTREAM).flatMap((s) => ('host' in s ? [[s.host, s.hostName]] : []))) as Record<
  UpstreamHost,
  string
>;

// AppConfig, derived: each setting's `key` becomes a field holding what its parser returns.
type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Fields = { [N in EnvName as (typeof SETTINGS)[N]['key']]: ReturnType<(typeof SETTINGS)[N]['parse']> };

/** The upstream origins by host key (`origins.<host>` settings), e.g. `u` = u.y.qq.com's. */
export type UpstreamOrigins = Simplify<{ [K in keyof Fields as K extends `origins.${infer H}` ? H : never]: Fields[K] }>;
export type UpstreamHost = keyof UpstreamOrigins;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = (typeof LOG_FORMATS)[number];
export type ResponseShape = (typeof RESPONSE_SHAPES)[number];

/** The validated settings, by the field each setting fills (see the setting for its variable, range and meaning). */
export type AppConfig = Simplify<{ [K in keyof Fields as K extends `origins.${string}` ? never : K]: Fields[K] } & { origins: UpstreamOrigins }>;
