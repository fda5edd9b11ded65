import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import { type FakeUser, userState } from './user';

/**
 * `music.concern.RelationList` (docs/upstream/user.md "Relation lists"): GetFollowSingerList, GetFollowUserList,
 * GetFansList with `{ From, Size, HostUin }`. No recording: built from the fields its readers use (`data.List[]` with
 * `MID` / `EncUin`, `Name`, `AvatarUrl`…, `HasMore`) over the user model of handlers/user.ts. A request without a
 * login key (or with an expired one) gets code 1000 on the key; `HostUin` '' is the cookie's own account.
 */
function cookieOf(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) out[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
  }
  return out;
}

function hostOf(users: Map<string, FakeUser>, hostUin: string, cookie: Record<string, string>): FakeUser | undefined {
  if (!hostUin) return users.get((cookie.uin ?? '').replace(/^o0*/, '')) ?? users.get(cookie.qqmusic_uin ?? '');
  return [...users.values()].find((u) => u.creator?.encrypt_uin === hostUin);
}

function relationHandler(entries: (u: FakeUser) => Record<string, unknown>[]): MusicuHandler {
  return (param, ctx) => {
    const model = userState(ctx.state);
    const cookie = cookieOf(ctx.req.cookie);
    const key = cookie.qqmusic_key || cookie.qm_keyst || '';
    if (!key || model.expiredKeys.has(key)) return { code: 1000 };
    const user = hostOf(model.users, String(param.HostUin ?? ''), cookie);
    const all = user ? entries(user) : [];
    const from = Number(param.From ?? 0);
    const list = all.slice(from, from + Number(param.Size ?? 30));
    return { code: 0, data: { List: list, HasMore: from + list.length < all.length } };
  };
}

const singerPic = (mid: string) => `https://y.gtimg.cn/music/photo_new/T001R300x300M000${mid}.jpg`;

export const relationRoutes: FakeRoutes = {
  musicu: {
    'music.concern.RelationList.GetFollowSingerList': relationHandler((u) =>
      (u.singers ?? []).map((s) => ({ MID: s.mid, Name: s.name, AvatarUrl: singerPic(s.mid), Desc: '', FanNum: 1000, IsFollow: 1 })),
    ),
    'music.concern.RelationList.GetFollowUserList': relationHandler((u) =>
      (u.follows ?? []).map((f) => ({ EncUin: f.encrypt_uin, Name: f.nick, AvatarUrl: f.headpic, Desc: '', FanNum: 1, IsFollow: 1 })),
    ),
    'music.concern.RelationList.GetFansList': relationHandler((u) =>
      (u.fans ?? []).map((f) => ({ EncUin: f.encrypt_uin, Name: f.nick, AvatarUrl: f.headpic, Desc: '', FanNum: 0, IsFollow: 0 })),
    ),
  },
};
