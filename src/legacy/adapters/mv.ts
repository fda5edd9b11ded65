import type { LegacyAdapter } from './util';

/** getMvPlay: the Koa services' keys `getMVUrl` / `mvinfo` (+ `other` when present) and `playLists` beside them. */
export const getMvPlay: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const { getMvUrl, ...rest } = raw;
  return { response: { ...rest, getMVUrl: raw.getMVUrl ?? getMvUrl, playLists: s.body?.data?.playLists } };
};
