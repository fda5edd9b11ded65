import type { FakeRoutes, MusicuHandler } from '../fake-upstream/fake-upstream';
import { ROUTES } from '../fake-upstream/handlers';

/**
 * Shared by the credentials specs. The probe endpoint is /getRanks (music.musicToplist.Toplist.GetDetail); the fake
 * answers it 1000 for any key in `expiredKeys`, as upstream does for a dead musickey, and normally otherwise.
 */
export const expiredKeys = new Set<string>();
export const DETAIL = 'music.musicToplist.Toplist.GetDetail';
export const LOGIN = 'music.login.LoginServer.Login';
const realDetail: MusicuHandler = Object.assign({}, ...ROUTES.map((r) => r.musicu ?? {}))[DETAIL];
export const probeRoutes: FakeRoutes = {
  musicu: {
    [DETAIL]: (param, ctx) => (expiredKeys.has(ctx.comm.authst) ? { code: 1000, data: {} } : realDetail(param, ctx)),
  },
};

export const QQ_UIN = '1503255237';
export const OLD_KEY = 'Q_H_L_oldKeyAAAA+/==';
export const TOKEN = 'admin-token-0123456789abcdef';

/** A stored QQ login with the full credential; `createdAgoS` seconds after its creation (lifetime 259200 s). */
export function qqLogin(createdAgoS = 100, extra: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  return {
    cookie: `uin=o${QQ_UIN}; p_skey=PSKEY; qqmusic_uin=${QQ_UIN}; qqmusic_key=${OLD_KEY}; qm_keyst=${OLD_KEY}; euin=oKEncOLD**; tmeLoginType=2`,
    uin: QQ_UIN,
    credential: {
      musicid: QQ_UIN,
      str_musicid: QQ_UIN,
      musickey: OLD_KEY,
      refresh_key: 'RK_old',
      refresh_token: 'RT_old',
      openid: 'OPENID_old',
      access_token: 'AT_old',
      expired_at: now + 7776000,
      encryptUin: 'oKEncOLD**',
      loginType: 2,
      musickeyCreateTime: now - createdAgoS,
      keyExpiresIn: 259200,
      ...extra,
    },
  };
}

