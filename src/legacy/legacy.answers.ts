import { AnyOf, Arr, Bool, BoolConst, Enum, Int, Nullable, Obj, Optional, type Static, Str } from '../common/answer-schema';
import { RadioGroup, RecPlaylist } from '../discover/discover.answers';
import { MvListItem } from '../mv/mv.answers';
import { DailyPlaylist } from '../recommend/recommend.answers';

/**
 * What the routes only the older services had answer, where the answer is the gateway's own (decision 021):
 * /user/setCookie, /user/getCookie, /getRelationList, /getDailyPlaylist, /getPersonalRecommend. The aliases answer their
 * normalised route's schema.
 */

export const CookieStored = Obj(
  {
    set: BoolConst(true),
    uin: Nullable(Str({ description: 'The account of the cookie\'s `uin`, masked (`12******89`); null when the cookie names none.' })),
    names: Arr(Str(), { description: 'The cookie\'s names, sorted; never a value.' }),
    hasMusicKey: Bool({ description: 'Whether it carries a login key (qqmusic_key or qm_keyst).' }),
  },
  { title: 'CookieStored' },
);
export const NoCookie = Obj({ set: BoolConst(false) }, { title: 'NoCookie' });

/** A stored login cookie as the admin routes show it: which (masked) account, which cookie names; never a value. */
export const CookieDescription = AnyOf([CookieStored, NoCookie]);
export type CookieDescription = Static<typeof CookieDescription>;

/** One entry of a relation list: a singer (mid) or a user (encUin), as `music.concern.RelationList` names them. */
export const RelationEntry = Obj({
  mid: Str({ description: 'Singer MID (followed singers); \'\' for a user.' }),
  encUin: Str({ description: 'Encrypted account id (followed users, fans); \'\' for a singer.' }),
  name: Str(),
  desc: Str(),
  avatarUrl: Str(),
  fanNum: Int(),
  isFollow: Bool({ description: 'Whether the logged-in account follows this one.' }),
});
export type RelationEntry = Static<typeof RelationEntry>;

export const RelationListPage = Obj({
  type: Enum(['follow_singer', 'follow_user', 'fans'] as const),
  from: Int({ description: '0-based offset, as asked.' }),
  size: Int({ description: 'Page size, as asked.' }),
  list: Arr(RelationEntry),
  hasMore: Bool(),
  total: Optional(Int({ description: 'Only when upstream sends one.' })),
});
export type RelationListPage = Static<typeof RelationListPage>;

/** /getDailyPlaylist: the daily playlist's card alone. */
export const DailyPlaylistAnswer = Obj({ playlist: DailyPlaylist });
export type DailyPlaylistAnswer = Static<typeof DailyPlaylistAnswer>;

export const PersonalPlaylists = Obj({ type: Enum([1] as const), playlists: Arr(RecPlaylist) }, { title: 'PersonalPlaylists' });
export const PersonalRadioGroups = Obj({ type: Enum([2] as const), radioGroups: Arr(RadioGroup) }, { title: 'PersonalRadioGroups' });
export const PersonalMvs = Obj({ type: Enum([3] as const), mvs: Arr(MvListItem) }, { title: 'PersonalMvs' });

/** /getPersonalRecommend: by `type`, recommended playlists (1), the radio stations (2) or MVs (3). */
export const PersonalRecommendAnswer = AnyOf([PersonalPlaylists, PersonalRadioGroups, PersonalMvs]);
export type PersonalRecommendAnswer = Static<typeof PersonalRecommendAnswer>;
