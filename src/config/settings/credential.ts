import { custom, int } from '../setting';

export const CREDENTIAL = {
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
