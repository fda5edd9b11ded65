import { checkRedisUrl, redactUrlCredentials } from '../config-parsers';
import { checkedBy, custom, flag, int } from '../setting';

export const REDIS_AND_CACHE = {
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
