import { readFileSync } from 'node:fs';
import Redis from 'ioredis';
import { FAKE_MUSICKEY_QQ, loginFake, qqConfirm } from '../../fake-upstream/handlers/login';
import { Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { DETAIL, expiredKeys, LOGIN, OLD_KEY, probeRoutes, QQ_UIN, qqLogin, redisPair, TOKEN } from '../support/credentials';

/**
 * A refresh stores its result by compare-and-set: a login stored while the (slow, single-use) refresh call was held
 * upstream is newer and wins, whether the refresh then succeeds or fails. The fake holds the refresh call, the test
 * stores a new login meanwhile, then releases it.
 */

const NEW_KEY = 'Q_H_L_newLoginKeyBBBB+/==';
const NEW_COOKIE = `uin=o${QQ_UIN}; qqmusic_uin=${QQ_UIN}; qqmusic_key=${NEW_KEY}; qm_keyst=${NEW_KEY}; tmeLoginType=2`;
const superseded = (logs: string[]) => logs.filter((l) => l.includes('a newer login was stored meanwhile'));

describe('Credential refresh vs a newer login (file store)', () => {
  let h: Harness;
  const logs: string[] = [];
  const saved = () => JSON.parse(readFileSync(h.cookieFile, 'utf8'));
  const status = () => h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`);
  const detailKeys = () => h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst);

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN, LOGIN_PERSIST_COOKIE: 'true', LOG_LEVEL: 'info' }, routes: [probeRoutes], logs });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    expiredKeys.clear();
    logs.length = 0;
  });

  it('a successful refresh does not overwrite a cookie set by /user/setCookie while it ran', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    h.fake.hold(LOGIN);
    const call = h.http().get('/getRanks?topId=4&limit=1').then((r) => r);
    await waitFor(() => h.fake.musicuCalls(LOGIN).length === 1, 3000, 'the refresh call');

    await h.http().post('/user/setCookie').set('X-Admin-Token', TOKEN).send({ cookie: NEW_COOKIE }).expect(200);
    h.fake.release(LOGIN);
    const res = await call;

    // The refresh succeeded upstream, but the admin's cookie stays; the waiting call went on with it.
    expect(loginFake(h.fake.state).refreshed).toHaveLength(1);
    expect(saved()).toEqual({ cookie: NEW_COOKIE, uin: QQ_UIN });
    expect(res.status).toBe(200);
    expect(detailKeys()).toEqual([OLD_KEY, NEW_KEY]);
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, refreshable: false, lastRefresh: null, needsLogin: false });

    // Later calls use it too, and nothing tries to refresh it (cookie-only).
    h.fake.reset();
    await h.http().get('/getRanks?topId=26&limit=1').expect(200);
    expect(detailKeys()).toEqual([NEW_KEY]);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);

    const lines = superseded(logs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('Credential refresh for account 15******37 (upstream answered 1000): ok; not stored');
    const refreshedKey = loginFake(h.fake.state).refreshed[0]?.musickey;
    expectNoSecretInLogs(logs, [OLD_KEY, NEW_KEY, 'RK_old', 'PSKEY', ...(refreshedKey ? [refreshedKey] : [])]);
  });

  it('a failed refresh does not write the dead record back over a QR login stored while it ran', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    loginFake(h.fake.state).faults.refreshCode = 104400;
    h.fake.hold(LOGIN);
    const call = h.http().get('/getRanks?topId=4&limit=1').then((r) => r);
    await waitFor(() => h.fake.musicuCalls(LOGIN).length === 1, 3000, 'the refresh call');

    // A QR login (LOGIN_PERSIST_COOKIE: LoginPersistService writes the cookie file itself) lands meanwhile.
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    const login = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(login.body).toMatchObject({ isOk: true, persisted: true });
    h.fake.release(LOGIN);
    const res = await call;

    const file = saved();
    expect(file.cookie).toBe(login.body.session.cookie);
    expect(file.credential.musickey).toBe(FAKE_MUSICKEY_QQ);
    expect(file).not.toHaveProperty('refresh'); // the failure was about the old key: not recorded over the new login
    expect(res.status).toBe(200);
    expect(detailKeys()).toEqual([OLD_KEY, FAKE_MUSICKEY_QQ]);
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, refreshable: true, needsLogin: false, lastRefresh: null });
    const lines = superseded(logs);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('auth_expired');
  });

  it('with no competing login, a refresh still stores its result and serves it at once', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(saved().credential.musickey).toBe(newKey);
    expect(detailKeys()).toEqual([OLD_KEY, newKey]);
    expect((await status().expect(200)).body.data).toMatchObject({ lastRefresh: { outcome: 'ok' } });
    expect(superseded(logs)).toHaveLength(0);
  });
});


describe('Credential refresh vs a newer login (Redis, two instances)', () => {
  let a: Harness;
  let b: Harness;
  let redis: Redis;
  const logs: string[] = [];
  let KEY: string;
  const stored = async () => JSON.parse((await redis.get(KEY)) ?? 'null');
  const keysSent = (h: Harness) => h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst);
  const status = (h: Harness) => h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`);

  const pair = redisPair({ logs });
  beforeAll(() => ({ a, b, redis, key: KEY } = pair));

  it("a refresh on one instance does not overwrite a cookie another instance's /user/setCookie stored while it ran", async () => {
    await redis.set(KEY, JSON.stringify(qqLogin()));
    expiredKeys.add(OLD_KEY);
    a.fake.hold(LOGIN);
    const call = a.http().get('/getRanks?topId=4&limit=1').then((r) => r);
    await waitFor(() => a.fake.musicuCalls(LOGIN).length === 1, 3000, 'the refresh call');

    await b.http().post('/user/setCookie').set('X-Admin-Token', TOKEN).send({ cookie: NEW_COOKIE }).expect(200);
    a.fake.release(LOGIN);
    const res = await call;

    expect(loginFake(a.fake.state).refreshed).toHaveLength(1);
    expect(await stored()).toEqual({ cookie: NEW_COOKIE, uin: QQ_UIN });
    expect(res.status).toBe(200);
    expect(keysSent(a)).toEqual([OLD_KEY, NEW_KEY]);
    expect((await status(a).expect(200)).body.data).toMatchObject({ store: 'redis', present: true, refreshable: false, lastRefresh: null });
    expect(superseded(logs)).toHaveLength(1);
    expect(await redis.exists(`${KEY}:lock:${QQ_UIN}`)).toBe(0);
  });

  it('a failed refresh does not write the dead record back over a login another instance stored while it ran', async () => {
    await redis.set(KEY, JSON.stringify(qqLogin()));
    expiredKeys.add(OLD_KEY);
    loginFake(a.fake.state).faults.refreshCode = 104400;
    a.fake.hold(LOGIN);
    const call = a.http().get('/getRanks?topId=4&limit=1').then((r) => r);
    await waitFor(() => a.fake.musicuCalls(LOGIN).length === 1, 3000, 'the refresh call');

    const { qrsig } = (await b.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(b.fake.state, qrsig);
    const login = await b.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(login.body).toMatchObject({ isOk: true, persisted: true });
    a.fake.release(LOGIN);
    const res = await call;

    const shared = await stored();
    expect(shared.cookie).toBe(login.body.session.cookie);
    expect(shared.credential.musickey).toBe(FAKE_MUSICKEY_QQ);
    expect(shared).not.toHaveProperty('refresh');
    expect(res.status).toBe(200);
    expect(keysSent(a)).toEqual([OLD_KEY, FAKE_MUSICKEY_QQ]);
    expect((await status(a).expect(200)).body.data).toMatchObject({ present: true, refreshable: true, needsLogin: false, lastRefresh: null });
    expect(superseded(logs)).toHaveLength(1);
  });
});
