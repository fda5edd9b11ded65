import { custom } from '../setting';

export const ADMIN = {
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
