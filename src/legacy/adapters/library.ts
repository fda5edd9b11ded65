import { asIs, type LegacyRoute } from './util';

/** The Koa fork's library routes answer `{ response: { code, data } }` in both shapes (src/legacy/legacy-library.controller.ts). */
export const LIBRARY_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  setFav: asIs,
  getIsSongFan: asIs,
};
