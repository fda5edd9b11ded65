import type { ShapeSpec } from '../shape/shape';

/**
 * What the gateway reads of `ClientIdentity.check` (the canary's identity probe): the QIMEI pair the QIMEI service
 * issued and the device session GetSession opened with it. A QIMEI service that does not answer is reported as the
 * fallback before these are checked.
 */
export const IDENTITY_CHECK_READS = {
  'qimei.q16': 'string',
  'qimei.q36': 'string',
  'session.uid': 'string',
  'session.sid': 'string',
} as const satisfies ShapeSpec;
