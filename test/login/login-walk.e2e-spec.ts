import { FAKE_QQ, FAKE_WX_MUSICID } from '../../fake-upstream/handlers/login';
import { Harness, startHarness } from '../support/harness';

/**
 * docs/login.md: the documented walk, end to end against the fake (the offline demo), including its last step,
 * "Use the session": `GET /user/getUserPlaylists?uin=<uin>` with `X-Custom-Cookie: <session.cookie>`. The fake's
 * "phone" is its demo control route, as in `npm run start:demo-login`.
 */
describe('demo login walk, last step included (offline demo)', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ env: { ALT_LOGIN_POLL_TIMEOUT_MS: '5000' } });
  });
  afterAll(() => h.close());

  const phone = async (host: 'ptlogin' | 'wxLp', query: string) => {
    const res = await fetch(`${h.fake.origins[host]}/__demo/scan?${query}`);
    expect(res.status).toBe(200);
  };

  /** "Use the session": the walk's own curl, then the first playlist opened with /getSongListDetail. */
  const useTheSession = async (session: { uin: string; cookie: string }, expectedUin: string) => {
    const res = await h.http().get('/user/getUserPlaylists').query({ uin: session.uin }).set('X-Custom-Cookie', session.cookie);
    expect({ status: res.status, body: res.body }).toMatchObject({ status: 200, body: { code: 0, data: { total: 3 } } });
    expect(res.body.data.playlists.map((p: any) => p.dissid)).toEqual(['7024415872', '7100000010', '7100000011']);
    // The homepage was asked for the logged-in account, with that login's key.
    const [homepage] = h.fake.requestsTo('c6', '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg').slice(-1);
    expect(homepage.query.userid).toBe(expectedUin);
    expect(homepage.cookie).toContain(session.cookie.match(/qqmusic_key=[^;]+/)![0]);
    const detail = await h.http().get('/getSongListDetail').query({ disstid: res.body.data.playlists[0].dissid }).set('X-Custom-Cookie', session.cookie);
    expect(detail.status).toBe(200);
  };

  it('QQ: QR, poll, scan and confirm on the phone, poll → session; the session lists its playlists', async () => {
    const { body: qr } = await h.http().get('/getMainLoginQr').expect(200);
    expect((await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig }).expect(200)).body).toMatchObject({ isOk: false, code: 66 });
    await phone('ptlogin', `action=confirm&qrsig=${encodeURIComponent(qr.qrsig)}`);
    const { body } = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig }).expect(200);
    expect(body).toMatchObject({ isOk: true, session: { uin: `o${FAKE_QQ}` } });
    await useTheSession(body.session, FAKE_QQ);
  });

  it('WeChat: QR, scan and confirm on the phone, long poll → session; the session lists its playlists', async () => {
    const { body: qr } = await h.http().get('/getAltLoginQr').expect(200);
    await phone('wxLp', `action=confirm&uuid=${qr.uuid}`);
    const { body } = await h.http().post('/checkAltLoginQr').send({ uuid: qr.uuid }).expect(200);
    expect(body).toMatchObject({ isOk: true, errcode: 405, session: { uin: FAKE_WX_MUSICID } });
    await useTheSession(body.session, FAKE_WX_MUSICID);
  });

  // The action was looked up on a plain object, so a name it inherits (toString) was "known": 200 {ok}, nothing done.
  it.each(['toString', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf'])(
    "the phone refuses action=%s (an object's inherited name, no action) with 400 naming the actions",
    async (action) => {
      const { body: qq } = await h.http().get('/getMainLoginQr').expect(200);
      const { body: wx } = await h.http().get('/getAltLoginQr').expect(200);
      for (const [host, query, usage] of [
        ['ptlogin', `qrsig=${encodeURIComponent(qq.qrsig)}`, 'need a known qrsig and action=scan|confirm|refuse|expire'],
        ['wxLp', `uuid=${wx.uuid}`, 'need a known uuid and action=scan|confirm|cancel|expire'],
      ] as const) {
        const res = await fetch(`${h.fake.origins[host]}/__demo/scan?action=${action}&${query}`);
        expect({ host, status: res.status, body: await res.json() }).toEqual({ host, status: 400, body: { error: usage } });
      }
      // and the QR login is where it was: still waiting for a scan
      expect((await h.http().post('/checkMainLoginQr').send({ qrsig: qq.qrsig }).expect(200)).body).toMatchObject({ isOk: false, code: 66 });
    },
  );
});
