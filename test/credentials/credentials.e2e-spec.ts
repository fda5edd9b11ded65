import { readFileSync, statSync } from 'node:fs';
import { hash33 } from '../../src/common/cookie';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { keyTag } from '../../src/credentials/credential.model';
import { loginFake, qqConfirm } from '../../fake-upstream/handlers/login';
import { expireFakeKey } from '../../fake-upstream/handlers/user';
import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { DETAIL, expiredKeys, LOGIN, OLD_KEY, probeRoutes, QQ_UIN, qqLogin, TOKEN } from '../support/credentials';

/**
 * Keeping the stored login alive (docs/upstream/login.md "Credential refresh"), file store. The probe endpoint is
 * /getRanks (music.musicToplist.Toplist.GetDetail); the fake answers it 1000 for a dead key (support/credentials).
 */

describe('Stored credential: expiry and refresh (file store)', () => {
  let h: Harness;
  const status = () => h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`);
  const saved = () => JSON.parse(readFileSync(h.cookieFile, 'utf8'));
  const detailKeys = () => h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst);

  const logs: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN, LOGIN_PERSIST_COOKIE: 'true', LOG_LEVEL: 'info' }, routes: [probeRoutes], logs });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    expiredKeys.clear();
    logs.length = 0;
  });

  it('a QR login (LOGIN_PERSIST_COOKIE=true) stores the full credential, which is then refreshable', async () => {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qrsig);
    const login = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(login.body).toMatchObject({ isOk: true, persisted: true });
    const file = saved();
    expect(login.body).not.toHaveProperty('credential');
    expect(file).toEqual({ cookie: login.body.session.cookie, uin: QQ_UIN, credential: expect.any(Object) });
    expect(file.credential).toMatchObject({ musicid: QQ_UIN, refresh_key: expect.any(String), refresh_token: expect.any(String), access_token: expect.any(String), openid: expect.any(String), keyExpiresIn: 259200, loginType: 2 });
    expect(typeof file.credential.musicid).toBe('string');
    expect(statSync(h.cookieFile).mode & 0o777).toBe(0o600);
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, refreshable: true, loginType: 'qq' });

    // Upstream then declares the key dead: the stored credential is refreshed with exactly the login's fields.
    h.fake.reset();
    expiredKeys.add(file.credential.musickey);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const [refresh] = h.fake.musicuCalls(LOGIN);
    expect(refresh.param).toMatchObject({ musicid: Number(QQ_UIN), refresh_key: file.credential.refresh_key, refresh_token: file.credential.refresh_token, access_token: file.credential.access_token, loginMode: 2 });
    expect(saved().credential.musickey).toBe(loginFake(h.fake.state).refreshed[0].musickey);
  });

  it('each refresh writes one log line naming the masked account and outcome, never a secret', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    const lines = logs.filter((l) => l.includes('Credential refresh'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('15******37');
    expect(lines[0]).toContain('upstream answered 1000');
    expect(lines[0]).toContain(': ok');
    expectNoSecretInLogs(logs, [OLD_KEY, newKey, 'RK_old', 'RT_old', 'AT_old', 'PSKEY']);
  });

  it('expiry by time: an expired key is refreshed before the call, which then carries the new key', async () => {
    const login = qqLogin(259200 + 60);
    h.writeCookieFile(login);
    const res = await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(res.body.code).toBe(0);

    // The refresh call (QQ params, musicid as a number, comm tmeLoginType, the old cookies): docs/upstream/login.md
    // "Credential refresh".
    const [refresh] = h.fake.musicuCalls(LOGIN);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(refresh.param).toEqual({
      openid: 'OPENID_old',
      access_token: 'AT_old',
      refresh_token: 'RT_old',
      expired_in: login.credential.expired_at,
      musicid: Number(QQ_UIN),
      musickey: OLD_KEY,
      refresh_key: 'RK_old',
      loginMode: 2,
    });
    expect(refresh.request.comm.tmeLoginType).toBe(2);
    expect(refresh.request.cookie).toContain(`qqmusic_key=${OLD_KEY}`);

    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(newKey).not.toBe(OLD_KEY);
    expect(detailKeys()).toEqual([newKey]); // the call itself never went out with the dead key

    // The store: new key in the cookie (other cookies kept in place) and in the credential; mode 0600.
    const file = saved();
    expect(file.cookie).toBe(
      `uin=o${QQ_UIN}; p_skey=PSKEY; qqmusic_uin=${QQ_UIN}; qqmusic_key=${newKey}; qm_keyst=${newKey}; euin=${file.credential.encryptUin}; tmeLoginType=2`,
    );
    expect(file.credential).toMatchObject({ musicid: QQ_UIN, musickey: newKey, loginType: 2, keyExpiresIn: 259200 });
    expect(file.credential.refresh_key).not.toBe('RK_old');
    expect(file.refresh).toMatchObject({ outcome: 'ok' });
    expect(statSync(h.cookieFile).mode & 0o777).toBe(0o600);
  });

  it('expiry by upstream code: 1000 on a call with the stored key → one refresh, the call retried once with the new key', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    const res = await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(res.body.code).toBe(0);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(detailKeys()).toEqual([OLD_KEY, newKey]);
    expect(h.fake.musicuCalls(DETAIL)[1].request.cookie).toContain(`qm_keyst=${newKey}`);

    // Later calls use the refreshed credential straight away, without another refresh.
    h.fake.reset();
    await h.http().get('/getRanks?topId=26&limit=1').expect(200);
    expect(detailKeys()).toEqual([newKey]);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);

    const st = await status().expect(200);
    expect(st.body.data).toMatchObject({
      present: true,
      store: 'file',
      loginType: 'qq',
      uin: '15******37',
      refreshable: true,
      expired: false,
      needsLogin: false,
      lastRefresh: { outcome: 'ok', ok: true },
    });
    expect(st.body.data.secondsToExpiry).toBeGreaterThan(259000);
    expect(JSON.stringify(st.body)).not.toContain(newKey);
    expect(JSON.stringify(st.body)).not.toContain('RK');
  });

  it('a refresh answer for a WeChat login: WeChat params with str_musicid (> 2^53 kept exact)', async () => {
    const wxId = '1152921504622223955';
    const now = Math.floor(Date.now() / 1000);
    h.writeCookieFile({
      cookie: `uin=${wxId}; qqmusic_uin=${wxId}; qqmusic_key=W_X_oldWxKey; qm_keyst=W_X_oldWxKey; tmeLoginType=1`,
      uin: wxId,
      credential: {
        musicid: wxId,
        musickey: 'W_X_oldWxKey',
        refresh_key: 'RKwx',
        refresh_token: 'RTwx',
        openid: 'oOpen',
        unionid: 'oUnion',
        loginType: 1,
        musickeyCreateTime: now - 300000,
        keyExpiresIn: 259200,
      },
    });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const [refresh] = h.fake.musicuCalls(LOGIN);
    expect(refresh.param).toEqual({
      openid: 'oOpen',
      refresh_token: 'RTwx',
      str_musicid: wxId,
      musickey: 'W_X_oldWxKey',
      unionid: 'oUnion',
      refresh_key: 'RKwx',
      loginMode: 2,
    });
    expect(refresh.request.comm.tmeLoginType).toBe(1);
    const file = saved();
    expect(file.credential.musicid).toBe(wxId);
    expect(file.cookie).toContain(`uin=${wxId}; qqmusic_uin=${wxId}; qqmusic_key=${loginFake(h.fake.state).refreshed[0].musickey}`);
    expect(h.fake.musicuCalls(DETAIL)[0].request.comm.uin).toBe(wxId);
  });

  it('a user endpoint (c6 CGI answering {code:1000}) is refreshed and retried the same way', async () => {
    h.writeCookieFile(qqLogin());
    expireFakeKey(h.fake.state, OLD_KEY);
    const res = await h.http().get('/user/getUserPlaylists?uin=10001').expect(200);
    expect(res.body.code).toBe(0);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    const homepage = h.fake.requestsTo('c6', '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg');
    const sent = homepage.map((r) => r.cookie);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toContain(`qqmusic_key=${OLD_KEY}`);
    expect(sent[1]).toContain(`qqmusic_key=${newKey}`);
    // The retry is signed with the fresh key too, not with the g_tk of the failed one.
    expect(homepage.map((r) => r.query.g_tk)).toEqual([String(hash33(OLD_KEY, 5381)), String(hash33(newKey, 5381))]);
    expect(homepage[1].query.g_tk_new_20200303).toBe(String(hash33(newKey, 5381)));
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
  });

  it('concurrent requests that all meet the dead key trigger exactly one refresh', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    h.fake.fault({ kind: 'latency', ms: 150 }, { module: LOGIN });
    const topIds = [4, 26, 27, 62, 5, 3];
    const answers = await Promise.all(topIds.map((t) => h.http().get(`/getRanks?topId=${t}&limit=1`)));
    expect(answers.map((a) => a.status)).toEqual(topIds.map(() => 200));
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    // Each request: at most one try with the old key, then exactly one with the new key.
    expect(detailKeys().filter((k) => k === newKey)).toHaveLength(topIds.length);
    expect(detailKeys().filter((k) => k !== newKey).every((k) => k === OLD_KEY)).toBe(true);
  });

  it('a client hanging up during the refresh does not cancel it (the refresh key is single-use)', async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add(OLD_KEY);
    h.fake.hold(LOGIN);
    try {
      const client = clientThatLeaves(h, '/getRanks?topId=4&limit=1');
      await waitFor(() => h.fake.currentConcurrency(LOGIN) === 1, 3000, 'the refresh to reach upstream');
      await client.leave();
      h.fake.release(LOGIN);
      await waitFor(() => saved().refresh?.outcome === 'ok', 3000, 'the refresh to complete');
    } finally {
      h.fake.release(LOGIN);
    }
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(saved().credential.musickey).toBe(newKey);
    h.fake.reset();
    await h.http().get('/getRanks?topId=26&limit=1').expect(200);
    expect(detailKeys()).toEqual([newKey]);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
  });

  it('concurrent requests with a key expired by time: exactly one refresh, all calls carry the new key', async () => {
    h.writeCookieFile(qqLogin(259200 + 60));
    h.fake.fault({ kind: 'latency', ms: 150 }, { module: LOGIN });
    const topIds = [4, 26, 27, 62];
    const answers = await Promise.all(topIds.map((t) => h.http().get(`/getRanks?topId=${t}&limit=1`)));
    expect(answers.map((a) => a.status)).toEqual(topIds.map(() => 200));
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(detailKeys()).toEqual(topIds.map(() => loginFake(h.fake.state).refreshed[0].musickey));
  });

  it('a key about to expire (within CREDENTIAL_REFRESH_MARGIN_S) is refreshed in the background; the call is not held', async () => {
    h.writeCookieFile(qqLogin(259200 - 600)); // 10 min left, margin 1 h
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(detailKeys()).toEqual([OLD_KEY]);
    await waitFor(() => saved().refresh?.outcome === 'ok', 3000, 'background refresh');
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(detailKeys()).toEqual([saved().credential.musickey]);
  });

  describe.each([
    [1000, 'auth_expired', 401, true],
    [104400, 'auth_expired', 401, true],
    [104401, 'auth_expired', 401, true],
    [20274, 'restricted', 401, true],
    [20277, 'restricted', 401, true],
    [20261, 'bad_params', 401, true],
    [104604, 'too_frequent', 401, false],
  ] as const)('refresh answered %s', (code, outcome, httpStatus, needsLogin) => {
    it(`records "${outcome}", surfaces the original error, and never loops`, async () => {
      h.writeCookieFile(qqLogin());
      expiredKeys.add(OLD_KEY);
      loginFake(h.fake.state).faults.refreshCode = code;
      const res = await h.http().get('/getRanks?topId=4&limit=1').expect(httpStatus);
      expect(res.body.errorCode).toBe('LOGIN_EXPIRED'); // the call's own 1000, not the refresh's code
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
      expect(detailKeys()).toEqual([OLD_KEY]); // no retry without a new key

      const file = saved();
      expect(file.credential.musickey).toBe(OLD_KEY); // credential kept as it was
      expect(file.refresh).toMatchObject({ outcome, code });
      const st = await status().expect(200);
      expect(st.body.data).toMatchObject({ lastRefresh: { outcome, code, ok: false }, needsLogin });
      if (!needsLogin) expect(st.body.data.nextRefreshNotBefore).toEqual(expect.any(String));

      // Another call meeting the dead key: no second refresh (final → wait for a login; transient → backoff).
      await h.http().get('/getRanks?topId=26&limit=1').expect(httpStatus);
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);

      const metrics = await h.http().get('/metrics').expect(200);
      expect(metrics.text).toMatch(new RegExp(`gateway_credential_refresh_total\\{outcome="${outcome}"\\} [1-9]`));
    });
  });

  it('a transient failure blocks the key only for CREDENTIAL_REFRESH_BACKOFF_S: status names the exact time, after it the key is refreshed again', async () => {
    const backoffMs = h.app.get<AppConfig>(APP_CONFIG).credentialRefreshBackoffS * 1000;
    const tooFrequent = (at: number) => ({ at: new Date(at).toISOString(), outcome: 'too_frequent', code: 104604, message: 'x', key: keyTag(OLD_KEY) });
    expiredKeys.add(OLD_KEY);

    // Within the backoff: no refresh, and the status says when the next one may run.
    const recent = Date.now() - 60_000;
    h.writeCookieFile({ ...qqLogin(), refresh: tooFrequent(recent) });
    expect((await status().expect(200)).body.data).toMatchObject({
      needsLogin: false,
      nextRefreshNotBefore: new Date(recent + backoffMs).toISOString(),
    });
    await h.http().get('/getRanks?topId=4&limit=1').expect(401);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);

    // The same failure, older than the backoff: the key may be refreshed again, and is.
    h.writeCookieFile({ ...qqLogin(), refresh: tooFrequent(Date.now() - backoffMs - 60_000) });
    expect((await status().expect(200)).body.data).not.toHaveProperty('nextRefreshNotBefore');
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(saved().refresh).toMatchObject({ outcome: 'ok' });
  });

  it('a key past its lifetime that may not be refreshed (final failure): status says expired, with negative seconds, and needs a login', async () => {
    const final = { at: new Date().toISOString(), outcome: 'auth_expired', code: 1000, message: 'x', key: keyTag(OLD_KEY) };
    h.writeCookieFile({ ...qqLogin(259200 + 600), refresh: final });
    const st = (await status().expect(200)).body.data;
    expect(st).toMatchObject({ present: true, loginType: 'qq', expired: true, needsLogin: true, lastRefresh: { outcome: 'auth_expired', ok: false } });
    expect(st.secondsToExpiry).toBeLessThanOrEqual(-600);
    expect(st.secondsToExpiry).toBeGreaterThan(-700);
    expect(Date.parse(st.expiresAt)).toBeLessThan(Date.now());
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
  });

  it('a cookie file without a uin field: status shows the masked account of the cookie\'s uin, without its o0 prefix', async () => {
    h.writeCookieFile({ cookie: `uin=o0${QQ_UIN}; qqmusic_key=${OLD_KEY}` });
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, uin: '15******37' });
  });

  // Before: the file's cookie gave 'an*****us' (a mask of the placeholder 'anonymous'), setCookie's gave '*' (of '0').
  it('a stored cookie naming no account: status uin is null, as /user/getCookie says, not a mask of a placeholder', async () => {
    h.writeCookieFile({ cookie: `qqmusic_key=${OLD_KEY}; foo=bar` });
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, uin: null });

    await h.http().post('/user/setCookie').set('Authorization', `Bearer ${TOKEN}`).send({ cookie: `qqmusic_key=${OLD_KEY}; foo=bar` }).expect(200);
    expect((await h.http().get('/user/getCookie').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body.data.uin).toBeNull();
    expect((await status().expect(200)).body.data).toMatchObject({ present: true, uin: null });
  });

  it('a cookie-only login keeps working, is reported not refreshable, and is never refreshed', async () => {
    const cookieOnly = { cookie: `uin=${QQ_UIN}; qqmusic_key=${OLD_KEY}; qm_keyst=${OLD_KEY}`, uin: QQ_UIN };
    h.writeCookieFile(cookieOnly);
    const before = readFileSync(h.cookieFile, 'utf8');
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(detailKeys()).toEqual([OLD_KEY]);

    expiredKeys.add(OLD_KEY);
    const res = await h.http().get('/getRanks?topId=26&limit=1').expect(401);
    expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    expect(readFileSync(h.cookieFile, 'utf8')).toBe(before);

    const st = await status().expect(200);
    expect(st.body.data).toMatchObject({ present: true, refreshable: false, loginType: 'unknown', uin: '15******37', expiresAt: null, expired: null, lastRefresh: null });
    expect(st.body.data.notRefreshableReason).toMatch(/cookie-only/);
  });

  it("a caller's own cookie meeting 1000 is not the stored login's business: no refresh, no retry", async () => {
    h.writeCookieFile(qqLogin());
    expiredKeys.add('Q_H_L_callerKey');
    const res = await h
      .http()
      .get('/getRanks?topId=4&limit=1')
      .set('X-Custom-Cookie', `uin=123456; qqmusic_key=Q_H_L_callerKey`)
      .expect(401);
    expect(res.body.errorCode).toBe('LOGIN_EXPIRED');
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    expect(detailKeys()).toEqual(['Q_H_L_callerKey']);
    expect(saved().credential.musickey).toBe(OLD_KEY);
  });

  it('a new credential (a new login written to the file) clears an earlier final failure', async () => {
    h.writeCookieFile({ ...qqLogin(), refresh: { at: new Date().toISOString(), outcome: 'auth_expired', code: 1000, message: 'x', key: 'another-key-tag' } });
    expiredKeys.add(OLD_KEY);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
  });

  it('GET /user/credential/status needs the admin token and shows no secret', async () => {
    h.writeCookieFile(qqLogin());
    await h.http().get('/user/credential/status').expect(401);
    await h.http().get('/user/credential/status').set('X-Admin-Token', 'wrong-token-0123456789').expect(401);
    const st = await status().expect(200);
    expect(st.body).toMatchObject({ code: 0, msg: 'ok' });
    expect(st.body.data).toMatchObject({ present: true, loginType: 'qq', refreshable: true, expired: false, lastRefresh: null });
    const text = JSON.stringify(st.body);
    for (const secret of [OLD_KEY, 'RK_old', 'RT_old', 'AT_old', 'PSKEY', QQ_UIN]) expect(text).not.toContain(secret);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/gateway_credential_seconds_to_expiry\{login_type="qq"\} 25\d{4}/);
  });

  it('no stored login: status says so', async () => {
    h.writeCookieFile({});
    const st = await status().expect(200);
    expect(st.body.data).toMatchObject({ present: false, refreshable: false, needsLogin: true, uin: null });
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).not.toMatch(/^gateway_credential_seconds_to_expiry/m); // unknown, not "0 s left"
  });
});

describe('Stored credential: status route without ADMIN_TOKEN', () => {
  it('does not exist (404)', async () => {
    const h = await startHarness();
    try {
      await h.http().get('/user/credential/status').expect(404);
    } finally {
      await h.close();
    }
  });
});
