import { asIs, type LegacyAdapter } from './util';

/** The Koa fork's library routes answer `{ response: { code, data } }` in both shapes (src/legacy/legacy-library.controller.ts). */
export const LIBRARY_LEGACY_ADAPTERS: Record<string, LegacyAdapter> = {
  setFav: asIs,
  getIsSongFan: asIs,
};
