import { checkBodyLimit, parseCors, parseTrustProxy, parseWorkers } from '../config-parsers';
import { checkedBy, custom, int, oneOf } from '../setting';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export const LOG_FORMATS = ['json', 'pretty'] as const;

export const SERVER = {
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
