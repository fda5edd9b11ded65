import { readFileSync } from 'node:fs';
import { FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { Harness, startHarness } from '../support/harness';

/**
 * The gateway's own writes of the stored login (a QR login with LOGIN_PERSIST_COOKIE, /user/setCookie) are used by
 * the very next upstream call, even when COOKIE_FILE_CHECK_MS would not look at the file again for an hour: the
 * writer re-reads it at once (docs/credentials.md; the check interval only paces noticing hand edits).
 */
const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const ADMIN = 'own-writes-admin-token-0123456789';
const OLD = { cookie: 'uin=o0111111111; qqmusic_key=Q_H_L_oldFileKey; qm_keyst=Q_H_L_oldFileKey', uin: '111111111' };

describe('stored login written by the gateway itself: used at once despite a long COOKIE_FILE_CHECK_MS', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      cookieFile: OLD,
      env: { COOKIE_FILE_CHECK_MS: '3600000', LOGIN_PERSIST_COOKIE: 'true', ADMIN_TOKEN: ADMIN, ALT_LOGIN_POLL_TIMEOUT_MS: '5000' },
    });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const keySent = async () => {
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    return h.fake.musicuCalls(DETAIL)[0].request.comm.authst;
  };

  it('a QQ QR login, then a WeChat QR login, then /user/setCookie: each is the next call\'s login', async () => {
    expect(await keySent()).toBe('Q_H_L_oldFileKey');

    const qq = (await h.http().get('/getMainLoginQr').expect(200)).body.qrsig;
    qqConfirm(h.fake.state, qq);
    expect((await h.http().post('/checkMainLoginQr').send({ qrsig: qq }).expect(200)).body).toMatchObject({ isOk: true, persisted: true });
    expect(await keySent()).toBe(FAKE_MUSICKEY_QQ);

    const wx = (await h.http().get('/getAltLoginQr').expect(200)).body.uuid;
    wxConfirm(h.fake.state, wx);
    expect((await h.http().post('/checkAltLoginQr').send({ uuid: wx }).expect(200)).body).toMatchObject({ isOk: true, persisted: true });
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8')).credential).toMatchObject({ musickey: FAKE_MUSICKEY_WX, loginType: 1 });
    expect(await keySent()).toBe(FAKE_MUSICKEY_WX);

    await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie: 'uin=o0222; qqmusic_key=Q_H_L_byAdmin' }).expect(200);
    expect(await keySent()).toBe('Q_H_L_byAdmin');
  });
});
