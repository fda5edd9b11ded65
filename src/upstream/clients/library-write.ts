import type { MusicuOptions } from '../upstream.types';

/**
 * How every library write is sent (docs/upstream/library.md "How writes are sent"): with the Android comm (the web
 * comm's adds are refused with 80105 / 500026) and never retried or shared with another in-flight call, because a
 * write that timed out may still have landed.
 */
export const LIBRARY_WRITE: MusicuOptions = { profile: 'android', idempotent: false };
