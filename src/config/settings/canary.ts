import { custom } from '../setting';

/** The upstream canary (src/upstream/canary): its own section, so other settings' blocks merge apart from it. */
export const CANARY = {
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
