import { asIs, type LegacyRoute } from './util';

/** tiaolv-music's server routes and jsososo's /song answer the same body in both shapes (src/legacy/legacy-app-routes.controller.ts). */
export const APP_ROUTES_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  setSongFavorite: asIs,
  setSingerSubscription: asIs,
  setPlaylistSubscription: asIs,
  getSingerSubscription: asIs,
  song: asIs,
};
