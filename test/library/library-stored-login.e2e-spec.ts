import { loginFake } from '../../fake-upstream/handlers/login';
import { expireFakeKey } from '../../fake-upstream/handlers/user';
import { LOGIN, OLD_KEY, QQ_UIN, qqLogin, TOKEN } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';
import { LIKE, songAt } from './library-fixtures';

/**
 * A write with the admin token acts on the stored login, and gets its usual one refresh (docs/upstream/login.md
 * "Credential refresh"): upstream's 1000 for a dead key means the write was not applied, so it is sent again once
 * with the fresh key. A login that cannot be refreshed ends in 401 LOGIN_EXPIRED.
 */
describe('library writes with the stored login: one refresh, then LOGIN_EXPIRED', () => {
  let h: Harness;
  beforeEach(() => h?.fake.reset());
  afterEach(() => h?.close());
  const like = () => h.http().post('/user/setSongLike').set('X-Admin-Token', TOKEN).send({ songmid: songAt(0).mid, like: true });

  it('a refreshable stored login whose key died: refreshed once, the write sent again with the new key, 200', async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN }, cookieFile: qqLogin() });
    expireFakeKey(h.fake.state, OLD_KEY);
    const res = await like().expect(200);
    expect(res.body.data.liked).toBe(true);
    const fresh = loginFake(h.fake.state).refreshed[0].musickey;
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(h.fake.musicuCalls(LIKE).map((c) => c.request.comm.authst)).toEqual([OLD_KEY, fresh]);
    expect(h.fake.musicuCalls(LIKE)[1].request.comm.qq).toBe(QQ_UIN);
  });

  it('a stored login that cannot be refreshed (no credential): 401 LOGIN_EXPIRED, the write sent once', async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN }, cookieFile: { cookie: `uin=o${QQ_UIN}; qqmusic_key=${OLD_KEY}`, uin: QQ_UIN } });
    expireFakeKey(h.fake.state, OLD_KEY);
    const res = await like().expect(401);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
    expect(h.fake.musicuCalls(LIKE)).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toContain(OLD_KEY);
  });
});
