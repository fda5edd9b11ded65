import type { FakeRoutes, MusicuHandler } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { loginFake } from '../../fake-upstream/handlers/login';
import { DETAIL, LOGIN, OLD_KEY, qqLogin } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';

/**
 * Every upstream code meaning "this login is no longer valid" (docs/operations.md "Errors": 1000, 104400, 104401) makes a call
 * made with the stored login refresh it once and retry with the new key (LOGIN_CODES, CookieChoice.withStoredCredential).
 */
const realDetail: MusicuHandler = Object.assign({}, ...ROUTES.map((r) => r.musicu ?? {}))[DETAIL];
let deadKeyCode = 1000;
const routes: FakeRoutes = {
  musicu: {
    [DETAIL]: (param, ctx) => (ctx.comm.authst === OLD_KEY ? { code: deadKeyCode, data: {} } : realDetail(param, ctx)),
  },
};

describe('Each auth-failure code refreshes the stored login once and retries the call', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ routes: [routes], cookieFile: qqLogin() });
  });
  afterEach(() => h.close());

  it.each([1000, 104400, 104401])('the stored key answered %d → one refresh, then the call succeeds with the new key', async (code) => {
    deadKeyCode = code;
    const res = await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(res.body.code).toBe(0);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(newKey).not.toBe(OLD_KEY);
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst)).toEqual([OLD_KEY, newKey]);
  });

  it('another business code (2001, rate limited) is no auth failure: no refresh, no retry', async () => {
    deadKeyCode = 2001;
    const res = await h.http().get('/getRanks?topId=4&limit=1').expect(503);
    expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_RATE_LIMITED', upstreamCode: 2001 });
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst)).toEqual([OLD_KEY]);
  });
});
