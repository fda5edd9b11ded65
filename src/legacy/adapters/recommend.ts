import { Int, Obj, Raw } from '../../common/answer-schema';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute } from './util';

/**
 * Legacy bodies of the recommendation routes (docs/legacy.md "Recommendation routes"), registered in LEGACY_ROUTES.
 * The others get the default `{ response: <upstream answer> }`: their raw answers already carry the older services' keys.
 */

/** The Koa fork's /getRadioTrack: `{ response: { code, data } }`, the station key's own code and data. */
const getRadioTrack: LegacyAdapter = (s) => {
  const key = s.raw?.fm ?? s.raw?.radio ?? {};
  return { response: { code: Number(key.code ?? 0), data: key.data ?? null } };
};

export const RECOMMEND_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getRadioTrack: legacyRoute(getRadioTrack, Obj({ response: Obj({ code: Int({ description: 'The station key\'s code.' }), data: Raw({ description: 'The station key\'s data (null when absent).' }) }) })),
};
