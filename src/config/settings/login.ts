import { flag, int } from '../setting';

export const LOGIN = {
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
