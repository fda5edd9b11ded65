import { Obj, OpenObj, Optional, Raw } from '../../common/answer-schema';
import { PlayLists } from '../../mv/mv.answers';
import { legacyRoute } from './util';
import type { LegacyAdapter, LegacyRoute } from './util';

/**
 * getMvPlay: the Koa services' keys `getMVUrl` / `mvinfo` / `other` and `playLists` beside them. `other` (related
 * MVs, `other.data.list`) is the answer of the legacy-only `rec_video_byvid` call (legacy-extras.service.ts).
 */
export const getMvPlay: LegacyAdapter = (s) => {
  const raw = s.raw ?? {};
  const { getMvUrl, ...rest } = raw;
  const other = s.extra?.other ?? raw.other;
  return { response: { ...rest, getMVUrl: raw.getMVUrl ?? getMvUrl, ...(other ? { other } : {}), playLists: s.body?.data?.playLists } };
};

export const MV_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getMvPlay: legacyRoute(
    getMvPlay,
    Obj({ response: OpenObj({ getMVUrl: Optional(Raw({ description: 'The URL call\'s answer.' })), other: Optional(Raw({ description: 'Related MVs (`other.data.list`).' })), playLists: PlayLists }) }),
  ),
};
