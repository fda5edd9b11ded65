import { int } from '../setting';

export const LIMITS = {
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
