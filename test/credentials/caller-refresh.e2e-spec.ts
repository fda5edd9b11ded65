import { readFileSync } from 'node:fs';
import { FAKE_QQ, FAKE_WX_MUSICID, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { expireFakeKey } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';
import { LOGIN, qqLogin, TOKEN } from '../support/credentials';

/**
 * A caller's own login kept alive (docs/credentials.md "Keeping a caller's login alive"): the QR check's opt-in
 * `credential: true`, and POST /user/refreshLogin, through HTTP against the fake. The gateway's stored login (a file
 * written before each test) must stay exactly as it was throughout.
 */
describe('Keeping a caller\'s login alive', () => {
  let h: Harness;
  const logs: string[] = [];
  const stored = qqLogin();
  const storedText = () => readFileSync(h.cookieFile, 'utf8');
  let storedBefore: string;

  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'debug' }, logs });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
    h.writeCookieFile(stored);
    storedBefore = storedText();
  });
  afterEach(() => {
    // The stored login is never read for, nor changed by, a caller's refresh.
    expect(storedText()).toBe(storedBefore);
  });

  const refreshCalls = () => h.fake.musicuCalls(LOGIN).filter((c) => c.param.loginMode === 2);

  async function qqLoginWith(body: Record<string, unknown> = {}) {
    const qr = (await h.http().get('/getMainLoginQr').expect(200)).body;
    qqConfirm(h.fake.state, qr.qrsig);
    return (await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, loginToken: qr.loginToken, ...body }).expect(200)).body;
  }

  async function wxLoginWith(body: Record<string, unknown> = {}) {
    const qr = (await h.http().get('/getAltLoginQr').expect(200)).body;
    wxConfirm(h.fake.state, qr.uuid);
    return (await h.http().post('/checkAltLoginQr').send({ uuid: qr.uuid, loginToken: qr.loginToken, ...body }).expect(200)).body;
  }

  describe('the opt-in on a QR check', () => {
    it('QQ: `credential: true` answers the full credential beside the session; without it the answer is unchanged', async () => {
      const plain = await qqLoginWith();
      expect(plain).toMatchObject({ isOk: true, session: expect.any(Object) });
      expect(plain).not.toHaveProperty('credential');
      expect(Object.keys(plain).sort()).toEqual(['isOk', 'message', 'session']);

      const login = await qqLoginWith({ credential: true });
      expect(login.credential).toEqual({
        musicid: FAKE_QQ,
        str_musicid: FAKE_QQ,
        musickey: expect.stringMatching(/^Q_H_L_/),
        refresh_key: expect.any(String),
        refresh_token: expect.any(String),
        openid: expect.any(String),
        access_token: expect.any(String),
        expired_at: expect.any(Number),
        encryptUin: expect.any(String),
        loginType: 2,
        musickeyCreateTime: expect.any(Number),
        keyExpiresIn: 259200,
      });
      expect(login.session.cookieObject.qqmusic_key).toBe(login.credential.musickey);
    });

    it('`credential: false` and a non-boolean are not the opt-in (the latter is a 400 naming it)', async () => {
      expect(await qqLoginWith({ credential: false })).not.toHaveProperty('credential');
      const qr = (await h.http().get('/getMainLoginQr').expect(200)).body;
      const res = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, loginToken: qr.loginToken, credential: 'true' }).expect(400);
      expect(res.body.error).toContain('credential');
    });

    it('WeChat: the musicid is the exact digit string (beyond 2^53), loginType 1, with its unionid', async () => {
      expect(await wxLoginWith()).not.toHaveProperty('credential');
      const login = await wxLoginWith({ credential: true });
      expect(login.credential).toMatchObject({ musicid: FAKE_WX_MUSICID, str_musicid: FAKE_WX_MUSICID, loginType: 1, unionid: 'oUnion_fake123', refresh_key: expect.any(String) });
    });

    it('a retry of the QR\'s owner with the opt-in gets the credential; another loginToken gets neither', async () => {
      const qr = (await h.http().get('/getMainLoginQr').expect(200)).body;
      qqConfirm(h.fake.state, qr.qrsig);
      const first = (await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, loginToken: qr.loginToken }).expect(200)).body;
      expect(first).not.toHaveProperty('credential');
      const again = (await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, loginToken: qr.loginToken, credential: true }).expect(200)).body;
      expect(again.credential.musickey).toBe(first.session.cookieObject.qqmusic_key);
      const other = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, loginToken: 'x'.repeat(32), credential: true });
      expect(other.status).toBe(403);
      expect(JSON.stringify(other.body)).not.toContain(again.credential.refresh_key);
    });
  });

  describe('POST /user/refreshLogin', () => {
    it('an expired key: one refresh, and the renewed credential works for a personal read (the old one does not)', async () => {
      const login = await qqLoginWith({ credential: true });
      const old = login.credential;
      expireFakeKey(h.fake.state, old.musickey);
      const read = (cookie: string) => h.http().get(`/user/getUserPlaylists?uin=${FAKE_QQ}`).set('X-Custom-Cookie', cookie);
      expect((await read(login.session.cookie)).status).toBe(401);

      h.fake.reset();
      expireFakeKey(h.fake.state, old.musickey);
      const res = await h.http().post('/user/refreshLogin').send(old).expect(200);
      const { credential, session, expiresAt } = res.body.data;
      const issued = loginFake(h.fake.state).refreshed;
      expect(issued).toHaveLength(1);
      expect(credential).toMatchObject({ musicid: FAKE_QQ, musickey: issued[0].musickey, loginType: 2 });
      expect(credential.refresh_key).not.toBe(old.refresh_key);
      expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
      expect(session.cookieObject).toMatchObject({ qqmusic_key: credential.musickey, qm_keyst: credential.musickey, qqmusic_uin: FAKE_QQ });

      const calls = refreshCalls();
      expect(calls).toHaveLength(1);
      expect(calls[0].param).toMatchObject({ musicid: Number(FAKE_QQ), musickey: old.musickey, refresh_key: old.refresh_key, refresh_token: old.refresh_token, access_token: old.access_token, openid: old.openid, loginMode: 2 });
      expect(calls[0].request.comm?.tmeLoginType).toBe(2);

      expect((await read(session.cookie)).status).toBe(200);
      expect((await read(login.session.cookie)).status).toBe(401);
      // The renewed credential is what the next refresh takes, as answered.
      await h.http().post('/user/refreshLogin').send(credential).expect(200);
      expect(refreshCalls()).toHaveLength(2);
    });

    it('a WeChat credential is refreshed with its own params, the musicid kept exact', async () => {
      const login = await wxLoginWith({ credential: true });
      h.fake.reset();
      const res = await h.http().post('/user/refreshLogin').send(login.credential).expect(200);
      expect(res.body.data.credential).toMatchObject({ musicid: FAKE_WX_MUSICID, str_musicid: FAKE_WX_MUSICID, loginType: 1 });
      const [call] = refreshCalls();
      expect(call.param).toMatchObject({ str_musicid: FAKE_WX_MUSICID, unionid: 'oUnion_fake123', loginMode: 2 });
      expect(call.request.comm?.tmeLoginType).toBe(1);
    });

    it.each([1000, 104400, 104401])('refused as auth expired (%i): 401 LOGIN_EXPIRED, exactly one upstream refresh, no loop', async (code) => {
      const { credential } = await qqLoginWith({ credential: true });
      h.fake.reset();
      loginFake(h.fake.state).faults.refreshCode = code;
      const res = await h.http().post('/user/refreshLogin').send(credential).expect(401);
      expect(res.body).toEqual({ error: expect.stringContaining('log in again'), errorCode: 'LOGIN_EXPIRED', upstreamCode: code });
      expect(refreshCalls()).toHaveLength(1);
    });

    it('104604: 503 LOGIN_REFRESH_TOO_FREQUENT with Retry-After = CREDENTIAL_REFRESH_BACKOFF_S, one call', async () => {
      const { credential } = await qqLoginWith({ credential: true });
      h.fake.reset();
      loginFake(h.fake.state).faults.refreshCode = 104604;
      const res = await h.http().post('/user/refreshLogin').send(credential).expect(503);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_REFRESH_TOO_FREQUENT', upstreamCode: 104604 });
      expect(res.headers['retry-after']).toBe('600');
      expect(refreshCalls()).toHaveLength(1);
    });

    it.each([
      [20274, 403, 'LOGIN_RESTRICTED'],
      [20279, 403, 'LOGIN_RESTRICTED'],
      [20261, 401, 'LOGIN_REFRESH_REJECTED'],
      [500001, 502, 'UPSTREAM_ERROR'],
    ])('code %i: %i %s, one call', async (code, status, errorCode) => {
      const { credential } = await qqLoginWith({ credential: true });
      h.fake.reset();
      loginFake(h.fake.state).faults.refreshCode = code;
      const res = await h.http().post('/user/refreshLogin').send(credential).expect(status);
      expect(res.body).toMatchObject({ errorCode, upstreamCode: code });
      expect(refreshCalls()).toHaveLength(1);
    });

    it('two refreshes of one credential are two calls: nothing is cached or shared', async () => {
      const { credential } = await qqLoginWith({ credential: true });
      h.fake.reset();
      const [a, b] = await Promise.all([1, 2].map(() => h.http().post('/user/refreshLogin').send(credential)));
      expect([a.status, b.status]).toEqual([200, 200]);
      expect(refreshCalls()).toHaveLength(2);
    });

    const VALID = {
      musicid: FAKE_QQ,
      musickey: 'Q_H_L_abc',
      refresh_key: 'RKabc',
      refresh_token: 'RTabc',
      openid: 'OPENIDabc',
      access_token: 'ATabc',
      loginType: 2,
    };
    it.each([
      [{ ...VALID, refresh_key: undefined }, 'refresh_key is required'],
      [{ ...VALID, musicid: undefined }, 'musicid is required'],
      [{ ...VALID, musicid: 2 ** 60 }, 'musicid'], // a JSON number beyond 2^53 (digits lost)
      [{ ...VALID, musicid: '12ab' }, 'musicid'],
      [{ ...VALID, musickey: 'Q_H_L_a; uin=1' }, 'musickey'],
      [{ ...VALID, refresh_token: 42 }, 'refresh_token must be a string'],
      [{ ...VALID, loginType: 3 }, 'loginType'],
      [{ ...VALID, expired_at: 'soon' }, 'expired_at'],
      [{ ...VALID, access_token: undefined }, 'access_token is required for a QQ login'],
      [{ ...VALID, loginType: 1 }, 'unionid is required for a WeChat login'],
    ])('a malformed credential is a 400 naming the field, before upstream (%#)', async (body, message) => {
      const res = await h.http().post('/user/refreshLogin').send(body).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(res.body.error).toContain(message);
      expect(refreshCalls()).toHaveLength(0);
    });

    it('the credential appears in no log line (LOG_LEVEL=debug), success or refusal', async () => {
      const { credential } = await qqLoginWith({ credential: true });
      const ok = await h.http().post('/user/refreshLogin').send(credential).expect(200);
      loginFake(h.fake.state).faults.refreshCode = 1000;
      const refused = await h.http().post('/user/refreshLogin').send(ok.body.data.credential).expect(401);
      const renewed = ok.body.data.credential;
      const text = logs.join('\n');
      expect(text).toContain('/user/refreshLogin');
      for (const secret of [credential.musickey, credential.refresh_key, credential.refresh_token, credential.access_token, renewed.musickey, renewed.refresh_key, renewed.refresh_token]) {
        expect(text).not.toContain(secret);
        expect(JSON.stringify(refused.body)).not.toContain(secret);
      }
    });
  });
});
