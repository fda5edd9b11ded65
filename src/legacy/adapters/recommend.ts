import { Arr, Int, Obj, OpenObj, Raw, RawObject } from '../../common/answer-schema';
import { LISTEN_NUM_RENAMES } from '../../discover/discover.answers';
import { classicTrack, legacyRoute, RawResponse, underOldNames } from './util';
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

/**
 * /getDailyRecommend: the upstream answers as they are, and the day's songs (the playlist call's, with the old flat names
 * beside their own) under `recommend.songlist` and `recommend.data.songlist`, where the apps written against the Koa
 * project read them (docs/legacy.md "Recommendation routes"); its own call's answer is not recorded.
 */
const getDailyRecommend: LegacyAdapter = (s) => {
  const raw = (s.raw ?? {}) as Record<string, any>;
  const playlist = raw.dailyPlaylist ?? {};
  const found: unknown = playlist.req_1?.data?.songlist ?? playlist.cdlist?.[0]?.songlist;
  const songlist = (Array.isArray(found) ? found : []).map((t) => classicTrack(t));
  const recommend = raw.recommend && typeof raw.recommend === 'object' ? raw.recommend : {};
  const data = recommend.data && typeof recommend.data === 'object' ? recommend.data : {};
  return { response: { ...raw, recommend: { ...recommend, songlist, data: { ...data, songlist } } } };
};

/**
 * /getPersonalRecommend?type=1: the feed's answer as it is, and its playlists with the old CGIs' names (`dissid`,
 * `dissname`, `imgurl`, `listennum`) under `recomPlaylist.data.list`, where DelicateDuck582/SPlayer reads them.
 */
const getPersonalRecommend: LegacyAdapter = (s) => {
  const raw = (s.raw ?? {}) as Record<string, any>;
  const data = s.body?.data ?? {};
  if (data.type !== 1 || !raw.recomPlaylist || typeof raw.recomPlaylist !== 'object') return { response: raw };
  const list = (Array.isArray(data.playlists) ? data.playlists : []).map((p: Record<string, any>) => ({
    ...underOldNames(p, LISTEN_NUM_RENAMES),
    imgurl: p.cover,
    listennum: p.listen_num,
  }));
  const feed = raw.recomPlaylist;
  return { response: { ...raw, recomPlaylist: { ...feed, data: { ...(feed.data && typeof feed.data === 'object' ? feed.data : {}), list } } } };
};

const DAILY_SONGLIST = Arr(RawObject(), { description: 'The day\'s songs as the playlist call answers them, with `songmid`, `songname`, `albummid`… beside their own names.' });

export const RECOMMEND_LEGACY_ROUTES: Record<string, LegacyRoute> = {
  getPersonalRecommend: legacyRoute(getPersonalRecommend, RawResponse),
  getDailyRecommend: legacyRoute(
    getDailyRecommend,
    Obj({ response: OpenObj({ recommend: OpenObj({ songlist: DAILY_SONGLIST, data: OpenObj({ songlist: DAILY_SONGLIST }) }), dailyPlaylist: Raw({ description: 'The playlist call\'s answer.' }) }) }),
  ),
  getRadioTrack: legacyRoute(getRadioTrack, Obj({ response: Obj({ code: Int({ description: 'The station key\'s code.' }), data: Raw({ description: 'The station key\'s data (null when absent).' }) }) })),
};
