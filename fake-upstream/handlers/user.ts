import type { FakeContext, FakeRoutes } from '../fake-upstream';
import { mydissOf, writtenLibrary } from '../library-state';
import type { FakeState } from '../state';
import { libraryOf } from './collections';
import { FAKE_QQ, FAKE_WX_MUSICID } from './login';
import { GENUINE_DISSTID } from './playlists';
import { JAY_MID } from './singers';

/**
 * The user CGIs: c6.y.qq.com `fcg_get_profile_homepage.fcg` (user homepage: creator, created playlists, "liked"
 * entries), and on c.y.qq.com `fcg_get_profile_order_asset.fcg` (collected playlists / albums),
 * `fcg_order_singer_getlist.fcg` (followed singers) and `friend_follow_or_listen_list.fcg` (follows, fans). The
 * last three answer field names docs/upstream/user.md lists, with its unverified ones marked there; an unknown
 * account gets code 4000, a missing or expired key code 1000, as the homepage.
 *
 *
 * NO genuine fixture exists for this CGI (fixtures/SOURCES.md has none). The answers below are built from the field
 * list in docs/upstream/user.md "User homepage": `{code, data:{creator{nick, headpic, encrypt_uin, lvinfo, nums},
 * mydiss{num, list[{dissid, title, subtitle, picurl, dirid}]}, mymusic[{id, title, type, num0, num1, num2}]}}`, and
 * `code 1000` = login expired.
 * `song_cnt` on list items is an assumption (the gateway reads a song count only when one is present).
 *
 * Modelling choices (not verified against the live service):
 * - Cookie without `qqmusic_key`/`qm_keyst`, or with a key marked expired → `{code:1000}` (code 1000 = not logged in).
 * - Unknown `userid` → `{code:4000}`. No capture shows the real answer for a wrong uin; the Koa projects treat any
 *   non-zero code as a failure, so a non-zero code is the conservative model. `unknownUinAnswer: 'emptyCreator'`
 *   switches the model to the other plausible answer (code 0 with an empty `creator`) so both are exercised.
 * - A user with no playlists: `mydiss.list` is `[]` (or `mydiss` is absent when `hideMydiss` is set, a private profile).
 */

export interface FakeDiss {
  dissid: number;
  title: string;
  subtitle?: string;
  picurl?: string;
  dirid?: number;
  song_cnt?: number;
}

/** A friend entry of friend_follow_or_listen_list.fcg (modelled: docs/upstream/user.md). */
export interface FakeFriend {
  nick: string;
  headpic: string;
  encrypt_uin: string;
}

export interface FakeUser {
  uin: string;
  creator: { nick: string; headpic: string; encrypt_uin: string } | null;
  mydiss: FakeDiss[];
  /** Private profile: the answer has no `mydiss` at all. */
  hideMydiss?: boolean;
  /** fcg_get_profile_order_asset.fcg: reqtype 3 (`cdlist`) and reqtype 2 (`albumlist`). */
  collectedDiss?: { dissid: number; dissname: string; logo: string; song_cnt: number; dir_show: number }[];
  collectedAlbums?: { albumid: number; albummid: string; albumname: string; singername: string }[];
  /** fcg_order_singer_getlist.fcg `list`. */
  singers?: { singerid: number; mid: string; name: string }[];
  /** friend_follow_or_listen_list.fcg: without is_listen (follows) and with is_listen=1 (fans). */
  follows?: FakeFriend[];
  fans?: FakeFriend[];
}

export interface UserModel {
  users: Map<string, FakeUser>;
  expiredKeys: Set<string>;
  unknownUinAnswer: 'code4000' | 'emptyCreator';
  /** When set, every homepage request is answered `{code: forcedCode}` (rate limit, credential invalid, …). */
  forcedCode?: number;
}

/** A user with `count` created playlists: dissid 7000000 + i, titles "Playlist 1…". */
export function fakeUserWithPlaylists(uin: string, nick: string, count: number): FakeUser {
  return {
    uin,
    creator: {
      nick,
      headpic: `https://thirdqq.qlogo.cn/g?b=sdk&k=fakeKey${uin}&s=140`,
      encrypt_uin: `owSfoKEq${uin}oz`,
    },
    mydiss: Array.from({ length: count }, (_, i) => ({
      dissid: 7000000 + i + 1,
      title: `${nick} playlist ${i + 1}`,
      subtitle: `${(i % 20) + 1}首`,
      picurl: `https://qpic.y.qq.com/music_cover/fake${i + 1}/300?n=1`,
      dirid: i + 2,
      ...(i % 2 === 0 ? { song_cnt: (i % 20) + 1 } : {}),
    })),
  };
}

/**
 * The account a QR login of the fake yields (FAKE_QQ, FAKE_WX_MUSICID), so README's login walk ends with a working
 * "use the session" step: an avatar and three playlists that /getSongListDetail opens too (the genuine cdlist
 * playlist and two of the fake's category-10000000 playlists).
 */
export function demoLoginUser(uin: string, nick: string): FakeUser {
  const playlists: [string, string][] = [[GENUINE_DISSTID, `${nick}'s favourites`], ['7100000010', `${nick}'s road trip`], ['7100000011', `${nick}'s late night`]];
  return {
    uin,
    creator: { nick, headpic: `https://thirdqq.qlogo.cn/g?b=sdk&k=fakeKey${uin}&s=140`, encrypt_uin: `owSfoKEq${uin}oz` },
    mydiss: playlists.map(([dissid, title], i) => ({
      dissid: Number(dissid),
      title,
      subtitle: `${12 - i}首`,
      picurl: `https://qpic.y.qq.com/music_cover/demo${i + 1}/300?n=1`,
      dirid: i + 2,
      song_cnt: 12 - i,
    })),
  };
}

const friend = (uin: string, nick: string): FakeFriend => ({
  nick,
  headpic: `https://thirdqq.qlogo.cn/g?b=sdk&k=fakeKey${uin}&s=140`,
  encrypt_uin: `owSfoKEq${uin}oz`,
});

/** What an account collected and follows: three playlists, two albums, two singers, one followed user, one fan. */
export function withSocial(user: FakeUser): FakeUser {
  return {
    ...user,
    collectedDiss: [GENUINE_DISSTID, '7100000010', '7100000011'].map((dissid, i) => ({
      dissid: Number(dissid),
      dissname: `Collected ${i + 1}`,
      logo: `https://qpic.y.qq.com/music_cover/collected${i + 1}/300?n=1`,
      song_cnt: 10 + i,
      dir_show: 1,
    })),
    collectedAlbums: [
      { albumid: 8220, albummid: '003c616O2Zlswm', albumname: '新的心跳', singername: 'G.E.M. 邓紫棋' },
      { albumid: 8217, albummid: '000MkMni19ClKG', albumname: '叶惠美', singername: '周杰伦' },
    ],
    singers: [
      { singerid: 4558, mid: JAY_MID, name: '周杰伦' },
      { singerid: 13948, mid: '001fNHEf1SFEFN', name: 'G.E.M. 邓紫棋' },
    ],
    follows: [friend('10002', 'Bob')],
    fans: [friend('10003', 'Carol')],
  };
}

/**
 * Seed: 10001 has 35 playlists (more than one default page), 10002 has none, 10003 hides them (private); the QQ and
 * WeChat accounts the fake's QR logins produce have three each (demoLoginUser).
 */
function seed(): UserModel {
  const users = new Map<string, FakeUser>();
  const add = (u: FakeUser) => users.set(u.uin, u);
  add(withSocial(fakeUserWithPlaylists('10001', 'Alice', 35)));
  add({ ...fakeUserWithPlaylists('10002', 'Bob', 0) });
  add({ ...fakeUserWithPlaylists('10003', 'Carol', 0), hideMydiss: true });
  add(withSocial(demoLoginUser(FAKE_QQ, 'Demo QQ')));
  add(withSocial(demoLoginUser(FAKE_WX_MUSICID, 'Demo WeChat')));
  return { users, expiredKeys: new Set(), unknownUinAnswer: 'code4000' };
}

export const userState = (state: FakeState): UserModel => state.of('user', seed);

/** Test helper: add (or replace) a user in the fake's model. */
export function addFakeUser(state: FakeState, user: FakeUser): void {
  userState(state).users.set(user.uin, user);
}

/** Test helper: the fake answers code 1000 to any request carrying this qqmusic_key / qm_keyst. */
export function expireFakeKey(state: FakeState, key: string): void {
  userState(state).expiredKeys.add(key);
}

function cookieKey(header: string): string {
  const cookies: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) cookies[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return cookies.qqmusic_key || cookies.qm_keyst || '';
}

/** The login check every user CGI of the fake makes: no key, or an expired one, is code 1000. */
function loginRefusal(ctx: FakeContext) {
  const model = userState(ctx.state);
  const key = cookieKey(ctx.req.cookie);
  if (!key || model.expiredKeys.has(key)) {
    return { json: { code: 1000, subcode: 1000, msg: 'login expired, please log in again', data: {} } };
  }
  return undefined;
}

function creatorNums(user: FakeUser) {
  const singers = user.singers?.length ?? 0;
  return { follownum: singers + (user.follows?.length ?? 0), fansnum: user.fans?.length ?? 0, followsingernum: singers };
}

function homepage(ctx: FakeContext) {
  const model = userState(ctx.state);
  if (model.forcedCode !== undefined) {
    return { json: { code: model.forcedCode, subcode: model.forcedCode, msg: `fake code ${model.forcedCode}`, data: {} } };
  }
  const refused = loginRefusal(ctx);
  if (refused) return refused;
  const uin = ctx.req.query.userid ?? '';
  const user = model.users.get(uin);
  if (!user) {
    return model.unknownUinAnswer === 'code4000'
      ? { json: { code: 4000, subcode: 4000, msg: 'user not exist', data: {} } }
      : { json: { code: 0, subcode: 0, msg: '', data: { creator: {}, mymusic: [] } } };
  }
  // An account a library write touched answers from its library state (../library-state.ts).
  const library = writtenLibrary(ctx.state, uin);
  const mydiss = library ? mydissOf(library) : user.mydiss.map((d) => ({ ...d }));
  const data: Record<string, unknown> = {
    // `nums`: the counts QQ Music's own web profile script reads (creator.nums.follownum / fansnum / followsingernum).
    creator: user.creator ? { ...user.creator, lvinfo: [], nums: creatorNums(user) } : {},
    mymusic: [{ id: 201, title: '我喜欢', type: 1, num0: library ? library.liked.length : 12, num1: 0, num2: mydiss.length }],
  };
  if (!user.hideMydiss) data.mydiss = { num: mydiss.length, list: mydiss };
  return { json: { code: 0, subcode: 0, msg: '', data } };
}

/** A user CGI's answer for an unknown account: code 4000 (what the profile CGIs answer a hidden account). */
const unknownUser = { json: { code: 4000, subcode: 4000, msg: 'privacy', data: {} } };
const int = (v: string | undefined, fallback: number) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : fallback);

/** fcg_get_profile_order_asset.fcg: reqtype 3 playlists `[sin, ein)`, reqtype 2 albums `[sin, ein]`. */
function orderAsset(ctx: FakeContext) {
  const refused = loginRefusal(ctx);
  if (refused) return refused;
  const { userid = '', reqtype, sin, ein } = ctx.req.query;
  const user = userState(ctx.state).users.get(userid);
  if (!user) return unknownUser;
  const from = int(sin, 0);
  // What the account collected now: its seed changed by the writes of ./collections.ts.
  const library = libraryOf(ctx.state, user.uin);
  if (reqtype === '2') {
    const albums = library.albums;
    return { json: { code: 0, subcode: 0, message: '', data: { totalalbum: albums.length, albumlist: albums.slice(from, int(ein, from) + 1) } } };
  }
  const diss = library.playlists;
  return { json: { code: 0, subcode: 0, message: '', data: { totaldiss: diss.length, cdlist: diss.slice(from, int(ein, from)) } } };
}

/** fcg_order_singer_getlist.fcg: page (1-based) × perpage. */
function followedSingers(ctx: FakeContext) {
  const refused = loginRefusal(ctx);
  if (refused) return refused;
  const user = userState(ctx.state).users.get(ctx.req.query.uin ?? '');
  if (!user) return unknownUser;
  const singers = libraryOf(ctx.state, user.uin).singers;
  const perpage = int(ctx.req.query.perpage, 20);
  const from = (int(ctx.req.query.page, 1) - 1) * perpage;
  return { json: { code: 0, subcode: 0, num: singers.length, list: singers.slice(from, from + perpage) } };
}

/** friend_follow_or_listen_list.fcg: `num` entries from `start`; is_listen=1 lists the fans. */
function followList(ctx: FakeContext) {
  const refused = loginRefusal(ctx);
  if (refused) return refused;
  const user = userState(ctx.state).users.get(ctx.req.query.uin ?? '');
  if (!user) return unknownUser;
  const list = (ctx.req.query.is_listen === '1' ? user.fans : user.follows) ?? [];
  const from = int(ctx.req.query.start, 0);
  return { json: { code: 0, subcode: 0, num: list.length, list: list.slice(from, from + int(ctx.req.query.num, 20)) } };
}

export const userRoutes: FakeRoutes = {
  http: {
    'c6 /rsc/fcgi-bin/fcg_get_profile_homepage.fcg': homepage,
    'c /fav/fcgi-bin/fcg_get_profile_order_asset.fcg': orderAsset,
    'c /rsc/fcgi-bin/fcg_order_singer_getlist.fcg': followedSingers,
    'c /rsc/fcgi-bin/friend_follow_or_listen_list.fcg': followList,
  },
};
