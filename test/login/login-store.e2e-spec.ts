import { existsSync, readFileSync } from 'node:fs';
import { FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, FAKE_QQ, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { DETAIL } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';

/**
 * Who keeps a confirmed login (docs/login.md "Storing a login as the gateway's own"): a check carrying the admin
 * token stores it as the gateway's own whatever LOGIN_PERSIST_COOKIE says; `X-Login-Persist: false` never stores it;
 * a wrong token is 401 before upstream is asked.
 */
const ADMIN_TOKEN = 'login-store-admin-token-0123456789';

describe('storing a QR login as the gateway\'s own', () => {
  let h: Harness;
  let persisting: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN, ALT_LOGIN_POLL_TIMEOUT_MS: '5000' } });
    persisting = await startHarness({ env: { LOGIN_PERSIST_COOKIE: 'true', ALT_LOGIN_POLL_TIMEOUT_MS: '5000' } });
  });
  afterAll(async () => {
    await h?.close();
    await persisting?.close();
  });

  const confirmedQq = async (g: Harness) => {
    const { body: qr } = await g.http().get('/getMainLoginQr').expect(200);
    qqConfirm(g.fake.state, qr.qrsig);
    return { qrsig: qr.qrsig, loginToken: qr.loginToken };
  };

  it('the admin token (Bearer or X-Admin-Token) stores the login with its full credential, LOGIN_PERSIST_COOKIE off; the next call carries it', async () => {
    const check = await confirmedQq(h);
    const res = await h.http().post('/checkMainLoginQr').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send(check).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: true });
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_QQ, credential: { musickey: FAKE_MUSICKEY_QQ, refresh_key: expect.any(String) } });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm).toMatchObject({ authst: FAKE_MUSICKEY_QQ });

    const { body: wx } = await h.http().get('/getAltLoginQr').expect(200);
    wxConfirm(h.fake.state, wx.uuid);
    const alt = await h.http().post('/checkAltLoginQr').set('X-Admin-Token', ADMIN_TOKEN).send({ uuid: wx.uuid, loginToken: wx.loginToken }).expect(200);
    expect(alt.body).toMatchObject({ isOk: true, persisted: true });
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ credential: { musickey: FAKE_MUSICKEY_WX } });
  });

  it('without it nothing is stored (LOGIN_PERSIST_COOKIE off), and the answer says nothing of storing', async () => {
    h.writeCookieFile({ cookie: 'uin=o0123; qqmusic_key=KEEP', uin: '123' });
    const res = await h.http().post('/checkMainLoginQr').send(await confirmedQq(h)).expect(200);
    expect(res.body.isOk).toBe(true);
    expect(res.body).not.toHaveProperty('persisted');
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8')).cookie).toBe('uin=o0123; qqmusic_key=KEEP');
  });

  it('a wrong admin token, or one sent to a gateway without ADMIN_TOKEN, is 401 before upstream is asked (the QR is not spent)', async () => {
    const check = await confirmedQq(h);
    h.fake.reset();
    for (const headers of [{ Authorization: 'Bearer wrong-token-0123456789' }, { Authorization: 'bearer' }, { 'X-Admin-Token': 'x' }]) {
      const res = await h.http().post('/checkMainLoginQr').set(headers).send(check);
      expect({ headers, status: res.status, body: res.body }).toEqual({ headers, status: 401, body: { error: 'A valid admin token is required', errorCode: 'ADMIN_TOKEN_REQUIRED' } });
    }
    const none = await persisting.http().post('/checkAltLoginQr').set('Authorization', `Bearer ${ADMIN_TOKEN}`).send({ uuid: '071Xw4Xx1a2b3c4d' });
    expect(none.status).toBe(401);
    expect(none.body.error).toMatch(/no ADMIN_TOKEN/);
    expect([...h.fake.requests, ...persisting.fake.requests]).toEqual([]);
    // an Authorization of another scheme (a proxy's Basic auth) is not an admin token: the check goes on
    loginFake(h.fake.state).qq.clear();
    await h.http().post('/checkMainLoginQr').set('Authorization', 'Basic dXNlcjpwYXNz').send({ qrsig: 'NeverIssued0123' }).expect(200);
  });

  it('X-Login-Persist: false keeps the login to its caller even with LOGIN_PERSIST_COOKIE', async () => {
    const check = await confirmedQq(persisting);
    const res = await persisting.http().post('/checkMainLoginQr').set('X-Login-Persist', 'false').send(check).expect(200);
    expect(res.body.isOk).toBe(true);
    expect(res.body).not.toHaveProperty('persisted');
    expect(existsSync(persisting.cookieFile)).toBe(false);
    // and without it, LOGIN_PERSIST_COOKIE stores as before
    const stored = await persisting.http().post('/checkMainLoginQr').send(await confirmedQq(persisting)).expect(200);
    expect(stored.body).toMatchObject({ isOk: true, persisted: true });
    expect(existsSync(persisting.cookieFile)).toBe(true);
  });
});
