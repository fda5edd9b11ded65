import { custom, int } from '../setting';

export const COOKIE_FILE = {
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
