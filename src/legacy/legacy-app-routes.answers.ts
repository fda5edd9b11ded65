import { Dict, Enum, Int, Obj, RawObject, type Static, Str, Bool } from '../common/answer-schema';

/**
 * What the routes of WQTY-MASTER/tiaolv-music's server and jsososo/QQMusicApi's /song answer (docs/legacy.md "App
 * routes"): the same body in both response shapes, as those servers answer it.
 */

const Code0 = Enum([0] as const);

export const SongFavoriteAnswer = Obj(
  { response: Obj({ code: Code0, data: Obj({ songmid: Str(), songid: Int({ description: 'The numeric id the write used.' }), liked: Bool() }) }) },
  { title: 'SongFavoriteAnswer' },
);
export type SongFavoriteAnswer = Static<typeof SongFavoriteAnswer>;

export const SingerSubscriptionWriteAnswer = Obj(
  { response: Obj({ code: Code0, data: Obj({ singermid: Str(), subscribed: Bool() }) }) },
  { title: 'SingerSubscriptionWriteAnswer' },
);
export type SingerSubscriptionWriteAnswer = Static<typeof SingerSubscriptionWriteAnswer>;

export const PlaylistSubscriptionWriteAnswer = Obj(
  { response: Obj({ code: Code0, data: Obj({ id: Str(), subscribed: Bool() }) }) },
  { title: 'PlaylistSubscriptionWriteAnswer' },
);
export type PlaylistSubscriptionWriteAnswer = Static<typeof PlaylistSubscriptionWriteAnswer>;

/** `map_singer_status` as the musicu follow-state read names it: 1 followed, 0 not. */
export const SingerSubscriptionAnswer = Obj(
  {
    response: Obj({
      code: Code0,
      req_1: Obj({ code: Code0, data: Obj({ map_singer_status: Dict(Enum([0, 1] as const), { description: 'The singer asked: 1 when the account follows it, else 0.' }) }) }),
    }),
  },
  { title: 'SingerSubscriptionAnswer' },
);
export type SingerSubscriptionAnswer = Static<typeof SingerSubscriptionAnswer>;

/** jsososo/QQMusicApi's `{ result: 100, data }`, `data` the song-detail call's `songinfo.data`. */
export const JsososoSongAnswer = Obj(
  { result: Enum([100] as const), data: RawObject({ description: 'Upstream `songinfo.data` as received: `{ track_info, info, extras }`.' }) },
  { title: 'JsososoSongAnswer' },
);
export type JsososoSongAnswer = Static<typeof JsososoSongAnswer>;
