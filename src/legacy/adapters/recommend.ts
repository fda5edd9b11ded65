import type { LegacyAdapter } from './util';

/**
 * Legacy bodies of the recommendation routes (docs/legacy.md "Recommendation routes"), registered in LEGACY_ADAPTERS.
 * The others get the default `{ response: <upstream answer> }`: their raw answers already carry the older services' keys.
 */

/** The Koa fork's /getRadioTrack: `{ response: { code, data } }`, the station key's own code and data. */
const getRadioTrack: LegacyAdapter = (s) => {
  const key = s.raw?.fm ?? s.raw?.radio ?? {};
  return { response: { code: Number(key.code ?? 0), data: key.data ?? null } };
};

export const RECOMMEND_LEGACY_ADAPTERS: Record<string, LegacyAdapter> = { getRadioTrack };
