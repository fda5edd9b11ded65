import { request as httpRequest } from 'node:http';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { AltLoginService } from '../../src/login/alt-login.service';
import { MetricsService } from '../../src/metrics/metrics.service';
import {
  FAKE_MUSICKEY_WX,
  FAKE_WX_MUSICID,
  loginFake,
  wxCancel,
  wxConfirm,
  wxExpire,
  wxScan,
} from '../../fake-upstream/handlers/login';
import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';

const GET_PATHS = ['/getAltLoginQr', '/user/getAltLoginQr', '/getWXLoginQr', '/user/getWXLoginQr'];
const CHECK_PATHS = ['/checkAltLoginQr', '/user/checkAltLoginQr', '/checkWXLoginQr', '/user/checkWXLoginQr'];
const POLL = 'wxLp /connect/l/qrconnect';
const LOGIN = 'music.login.LoginServer.Login';

describe('Alt channel (WeChat) QR login', () => {
  let h: Harness;
  let config: AppConfig;
  let savedPoll: number;
  let savedTimeout: number;
  beforeAll(async () => {
    // A cookie file is present: the login calls must never send it.
    h = await startHarness({ cookieFile: { cookie: 'uin=42; qqmusic_key=FILEKEY' } });
    config = h.app.get<AppConfig>(APP_CONFIG);
    savedPoll = config.altLoginPollTimeoutMs;
    savedTimeout = config.upstreamTimeoutMs;
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    config.altLoginPollTimeoutMs = savedPoll;
    config.upstreamTimeoutMs = savedTimeout;
  });

  const fake = () => loginFake(h.fake.state);
  const newQr = async () => (await h.http().get('/getAltLoginQr').expect(200)).body as { img: string; uuid: string; loginToken: string };
  const check = (body: object, path = '/checkAltLoginQr') => h.http().post(path).send(body);

  it('bounds each long poll by ALT_LOGIN_POLL_TIMEOUT_MS, 35000 ms by default', () => {
    expect(savedPoll).toBe(35000);
    expect(h.app.get(AltLoginService).pollTimeoutMs).toBe(35000);
  });

  describe('GET /getAltLoginQr', () => {
    it.each(GET_PATHS)('%s answers the JPEG and the uuid from the qrconnect page', async (path) => {
      const res = await h.http().get(path).expect(200);
      expect(res.body).toEqual({
        img: expect.stringMatching(/^data:image\/jpeg;base64,\/9j\//),
        uuid: expect.stringMatching(/^[\w-]{16}$/),
        loginToken: expect.stringMatching(/^[\w-]{32}$/),
      });
      expect(fake().wx.has(res.body.uuid)).toBe(true);
      // byte for byte the JPEG the fake served (a text round trip would corrupt it)
      expect(res.body.img).toBe(`data:image/jpeg;base64,${fake().wx.get(res.body.uuid)!.image!.toString('base64')}`);

      const [page] = h.fake.requestsTo('wxOpen', '/connect/qrconnect');
      expect(page.host).toBe('open.weixin.qq.com');
      expect(page.query).toEqual({
        appid: 'wx48db31d50e334801',
        redirect_uri: 'https://y.qq.com/portal/wx_redirect.html?login_type=2&surl=https://y.qq.com/',
        response_type: 'code',
        scope: 'snsapi_login',
        state: 'STATE',
        href: 'https://y.qq.com/mediastyle/music_v17/src/css/popup_wechat.css#wechat_redirect',
      });
      expect(page.headers.referer).toBe('https://y.qq.com/');
      expect(page.cookie).toBe('');
      const [img] = h.fake.requestsTo('wxOpen', '/connect/qrcode/');
      expect(img.path).toBe(`/connect/qrcode/${res.body.uuid}`);
      expect(img.headers.referer).toBe('https://open.weixin.qq.com/connect/qrconnect');
      expect(img.cookie).toBe('');
    });

    it('keeps each QR\'s uuid out of /metrics (one bounded label for every QR image)', async () => {
      const uuids = [(await newQr()).uuid, (await newQr()).uuid];
      const metrics = (await h.http().get('/metrics').expect(200)).text;
      for (const uuid of uuids) expect(metrics).not.toContain(uuid);
      expect(metrics).toMatch(/gateway_upstream_calls_total\{host="wxOpen",target="wx qrcode",outcome="200"\} [2-9]/);
    });

    it('502 "Failed to load WeChat login page" when the page fails', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'wxOpen', path: '/connect/qrconnect' });
      expect((await h.http().get('/getAltLoginQr').expect(502)).body).toEqual({
        error: 'Failed to load WeChat login page',
        errorCode: 'LOGIN_QR_PAGE_FAILED',
      });
    });

    it('502 "Failed to get uuid from WeChat login page" when the page names no uuid', async () => {
      fake().faults.noUuid = true;
      expect((await h.http().get('/getAltLoginQr').expect(502)).body.error).toBe('Failed to get uuid from WeChat login page');
      expect(h.fake.requestsTo('wxOpen', '/connect/qrcode/')).toHaveLength(0);
    });

    it('502 "Failed to fetch WeChat QR image" when the image fails', async () => {
      h.fake.fault({ kind: 'status', status: 404 }, { host: 'wxOpen', path: '/connect/qrcode/' });
      expect((await h.http().get('/getAltLoginQr').expect(502)).body.error).toBe('Failed to fetch WeChat QR image');
    });
  });

  describe('POST /checkAltLoginQr: poll states (HTTP 200, numeric errcode)', () => {
    const states: [string, ((s: any, u: string) => void) | null, object][] = [
      ['408 waiting', null, { isOk: false, errcode: 408, state: 'waiting' }],
      ['404 scanned', wxScan, { isOk: false, errcode: 404, state: 'scanned', scanned: true }],
      ['403 cancelled', wxCancel, { isOk: false, errcode: 403, state: 'cancelled', refused: true, refresh: true }],
      ['402 expired', wxExpire, { isOk: false, errcode: 402, state: 'expired', refresh: true }],
    ];

    it.each(states)('%s: every alias answers the same body, one long poll each', async (_name, drive, expected) => {
      const { uuid } = await newQr();
      fake().wxHoldMs = 20; // upstream answers 408 itself after its hold
      drive?.(h.fake.state, uuid);
      const bodies = [];
      for (const path of CHECK_PATHS) bodies.push((await check({ uuid }, path).expect(200)).body);
      expect(bodies[0]).toEqual({ ...expected, message: expect.any(String) });
      for (const b of bodies) expect(b).toEqual(bodies[0]);
      const polls = h.fake.requestsTo('wxLp', '/connect/l/qrconnect');
      expect(polls).toHaveLength(4);
      for (const p of polls) {
        expect(p.host).toBe('lp.open.weixin.qq.com');
        expect(p.query.uuid).toBe(uuid);
        expect(p.query._).toMatch(/^\d{13}$/);
        expect(p.headers.referer).toBe('https://open.weixin.qq.com/');
        expect(p.cookie).toBe('');
      }
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    });

    it('a waiting poll answers as soon as the state changes (waiting → scanned)', async () => {
      const { uuid } = await newQr();
      const pending = check({ uuid }).then((r) => r);
      await waitFor(() => h.fake.currentConcurrency(POLL) === 1, 3000, 'the long poll to reach upstream');
      wxScan(h.fake.state, uuid);
      const res = await pending;
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ errcode: 404, state: 'scanned', scanned: true });
    });

    it('after "scanned", the next poll sends last=404, so upstream holds it until the phone confirms (no tight loop)', async () => {
      const { uuid } = await newQr();
      wxScan(h.fake.state, uuid);
      expect((await check({ uuid }).expect(200)).body).toMatchObject({ errcode: 404, state: 'scanned' });
      const pending = check({ uuid }).then((r) => r);
      await waitFor(() => h.fake.currentConcurrency(POLL) === 1, 3000, 'the second poll to be held upstream');
      wxConfirm(h.fake.state, uuid);
      expect((await pending).body).toMatchObject({ isOk: true, errcode: 405 });
      expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect').map((p) => p.query.last)).toEqual([undefined, '404']);
    });

    it('a held poll that ends on the gateway bound reports the state it was held in, with timeout:true', async () => {
      const { uuid } = await newQr();
      config.altLoginPollTimeoutMs = 300;
      wxScan(h.fake.state, uuid);
      await check({ uuid }).expect(200);
      const res = await check({ uuid }).expect(200);
      expect(res.body).toEqual({ isOk: false, errcode: 404, state: 'scanned', scanned: true, timeout: true, message: expect.any(String) });
    });

    it('a client may pass last itself (several instances): it is sent upstream; anything but a poll state is a 400', async () => {
      const { uuid } = await newQr();
      fake().wxHoldMs = 20;
      await check({ uuid, last: '408' }).expect(200);
      expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')[0].query.last).toBe('408');
      for (const last of [405, 'abc', 200]) {
        const res = await check({ uuid, last }).expect(400);
        expect(res.body.error).toMatch(/^last must be the errcode of the previous answer: 408, 404, 403, 402/);
      }
    });

    it('a last passed by the client wins over the state this instance remembers for the QR', async () => {
      const { uuid } = await newQr();
      wxScan(h.fake.state, uuid);
      expect((await check({ uuid }).expect(200)).body).toMatchObject({ errcode: 404 }); // remembered: 404
      fake().wxHoldMs = 20;
      // another instance saw the QR go back to waiting (say): the client's own last goes upstream
      await check({ uuid, last: 408 }).expect(200);
      expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect').map((p) => p.query.last)).toEqual([undefined, '408']);
    });

    it('400s a missing or malformed uuid without asking upstream', async () => {
      expect((await check({}).expect(400)).body).toEqual({ error: 'uuid is required', errorCode: 'BAD_REQUEST' });
      expect((await check({ uuid: 'short' }).expect(400)).body.error).toMatch(/^uuid must be 8 to 64 characters/);
      expect((await check({ uuid: 'abc/def?ghij' }).expect(400)).body.error).toMatch(/^uuid must be 8 to 64 characters/);
      expect((await check({ uuid: 12345678 }).expect(400)).body.error).toBe('uuid must be a string');
      expect((await check({ uuid: 'a'.repeat(65) }).expect(400)).body.error).toMatch(/^uuid must be 8 to 64 characters/);
      expect(h.fake.requestsTo('wxLp')).toHaveLength(0);
    });

    it('502 LOGIN_BAD_POLL naming the errcode when the poll answers one the gateway does not know', async () => {
      const { uuid } = await newQr();
      h.fake.fault({ kind: 'status', status: 200, body: "window.wx_errcode=500;window.wx_code='';" }, { host: 'wxLp', times: 1 });
      const res = await check({ uuid }).expect(502);
      expect(res.body).toEqual({ error: 'Unrecognised answer from the WeChat login poll (errcode 500)', errorCode: 'LOGIN_BAD_POLL', upstreamCode: 500 });
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    });

    it('502 on an unparseable poll answer, a failed poll, or a 405 without a code', async () => {
      const { uuid } = await newQr();
      h.fake.fault({ kind: 'garbage' }, { host: 'wxLp', path: '/connect/l/qrconnect', times: 1 });
      expect((await check({ uuid }).expect(502)).body.error).toBe('Unrecognised answer from the WeChat login poll');
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'wxLp', path: '/connect/l/qrconnect', times: 1 });
      expect((await check({ uuid }).expect(502)).body.error).toBe('WeChat login poll failed (HTTP 500)');
      h.fake.fault({ kind: 'status', status: 200, body: "window.wx_errcode=405;window.wx_code='';" }, { host: 'wxLp', times: 1 });
      expect((await check({ uuid }).expect(502)).body.error).toBe('WeChat confirmed the login but sent no code');
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
    });
  });

  describe('POST /checkAltLoginQr: confirmed → music.login.LoginServer.Login', () => {
    it.each(CHECK_PATHS)('%s exchanges the code and returns the session, musicid exact beyond 2^53', async (path) => {
      const { uuid } = await newQr();
      wxConfirm(h.fake.state, uuid);
      const code = fake().wx.get(uuid)!.code!;
      const res = await check({ uuid }, path).expect(200);
      const { session } = res.body;
      const euin = session.cookieObject.euin;
      expect(euin).toEqual(expect.any(String));
      expect(res.body).toMatchObject({ isOk: true, errcode: 405, message: '登录成功' });
      expect(res.body).not.toHaveProperty('persisted');
      expect(session.uin).toBe(FAKE_WX_MUSICID);
      expect(session.loginUin).toBe(FAKE_WX_MUSICID);
      expect(session.cookie).toBe(
        `uin=${FAKE_WX_MUSICID}; qqmusic_uin=${FAKE_WX_MUSICID}; qqmusic_key=${FAKE_MUSICKEY_WX}; qm_keyst=${FAKE_MUSICKEY_WX}; ` +
          `tmeLoginType=1; euin=${euin}; wx_openid=oOpen_fake456; wx_unionid=oUnion_fake123`,
      );
      expect(session.cookieList).toEqual(session.cookie.split('; '));
      expect(session.cookieObject.qqmusic_key).toBe(FAKE_MUSICKEY_WX); // '=' padding kept (split on the first '=')
      expect(session.cookieObject.tmeLoginType).toBe('1');
      expect(res.body).not.toHaveProperty('credential');
      expect(session.cookieObject.qqmusic_key).toBe(FAKE_MUSICKEY_WX);

      const [login] = h.fake.musicuCalls(LOGIN);
      expect(login.param).toEqual({ code, strAppid: 'wx48db31d50e334801' });
      expect(login.request.comm).toEqual({ tmeLoginType: 1, ct: 24, cv: 0, platform: 'yqq' });
      expect(login.request.method).toBe('POST');
      expect(login.request.headers.referer).toBe('https://y.qq.com/');
      expect(login.request.cookie).toBe('');
    });

    it('a login answer without encryptUin, openid or unionid: the cookie leaves euin, wx_openid and wx_unionid out', async () => {
      const { uuid } = await newQr();
      wxConfirm(h.fake.state, uuid);
      const answer = `{"code":0,"req":{"code":0,"data":{"musicid":${FAKE_WX_MUSICID},"musickey":"W_X_bareKey","loginType":1}}}`;
      h.fake.fault({ kind: 'status', status: 200, body: answer }, { module: 'music.login.LoginServer', times: 1 });
      const res = await check({ uuid }).expect(200);
      expect(res.body.session.cookie).toBe(
        `uin=${FAKE_WX_MUSICID}; qqmusic_uin=${FAKE_WX_MUSICID}; qqmusic_key=W_X_bareKey; qm_keyst=W_X_bareKey; tmeLoginType=1`,
      );
      expect(Object.keys(res.body.session.cookieObject)).toEqual(['uin', 'qqmusic_uin', 'qqmusic_key', 'qm_keyst', 'tmeLoginType']);
      expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    });

    it.each([
      ['musicid 0', '{"code":0,"req":{"code":0,"data":{"musicid":0,"musickey":"W_X_someKey"}}}'],
      ['an empty musickey', `{"code":0,"req":{"code":0,"data":{"strMusicid":"${FAKE_WX_MUSICID}","musicid":${FAKE_WX_MUSICID},"musickey":""}}}`],
    ])('502 "Login response is missing the credential" when the exchange answers code 0 with %s', async (_what, answer) => {
      const { uuid } = await newQr();
      wxConfirm(h.fake.state, uuid);
      h.fake.fault({ kind: 'status', status: 200, body: answer }, { module: 'music.login.LoginServer', times: 1 });
      const res = await check({ uuid }).expect(502);
      expect(res.body).toEqual({ error: 'Login response is missing the credential', errorCode: 'LOGIN_NO_CREDENTIAL' });
    });

    it('reads a bare-number musicid (no strMusicid) exactly from the raw text', async () => {
      const { uuid } = await newQr();
      fake().faults.noStrMusicid = true;
      wxConfirm(h.fake.state, uuid);
      const res = await check({ uuid }).expect(200);
      expect(res.body.session.uin).toBe(FAKE_WX_MUSICID);
      expect(res.body.session.cookieObject.qqmusic_uin).toBe(FAKE_WX_MUSICID);
      expect(String(Number(FAKE_WX_MUSICID))).not.toBe(FAKE_WX_MUSICID);
    });

    const confirmed = async () => {
      const { uuid, loginToken } = await newQr();
      wxConfirm(h.fake.state, uuid);
      return { uuid, loginToken };
    };

    it('exchange failures: 20274 → 403, other codes → 502, non-JSON → 502, timeout → 504', async () => {
      h.fake.fault({ kind: 'business', code: 20274 }, { module: 'music.login.LoginServer', times: 1 });
      expect((await check({ uuid: (await confirmed()).uuid }).expect(403)).body).toMatchObject({ errorCode: 'LOGIN_DEVICE_LIMIT', upstreamCode: 20274 });
      h.fake.fault({ kind: 'business', code: 1000 }, { times: 1, host: 'u' });
      expect((await check({ uuid: (await confirmed()).uuid }).expect(502)).body).toEqual({
        error: 'QQ Music login failed (code 1000)',
        errorCode: 'LOGIN_REJECTED',
        upstreamCode: 1000,
      });
      h.fake.fault({ kind: 'garbage' }, { host: 'u', times: 1 });
      expect((await check({ uuid: (await confirmed()).uuid }).expect(502)).body.error).toBe('Login response is not JSON');
      const { uuid } = await confirmed(); // before the short bound: only the hung exchange may run under it
      config.upstreamTimeoutMs = 300;
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await check({ uuid }).expect(504)).body).toEqual({ error: 'Login check timed out', errorCode: 'LOGIN_TIMEOUT' });
    });
  });

  describe('a confirmed login is never lost nor done twice', () => {
    const confirmed = async () => {
      const { uuid, loginToken } = await newQr();
      wxConfirm(h.fake.state, uuid);
      return { uuid, loginToken };
    };
    const polls = () => h.fake.requestsTo('wxLp', '/connect/l/qrconnect').length;
    const logins = () => h.fake.musicuCalls(LOGIN).length;

    it('a client hanging up during the code exchange: it still finishes, and the next check (with its loginToken) gets that session', async () => {
      const { uuid, loginToken } = await confirmed();
      h.fake.hold(LOGIN);
      try {
        const client = clientThatLeaves(h, '/checkAltLoginQr', { uuid, loginToken });
        await waitFor(() => h.fake.currentConcurrency(LOGIN) === 1, 3000, 'the exchange to reach upstream');
        await client.leave();
      } finally {
        h.fake.release(LOGIN);
      }
      const res = await check({ uuid, loginToken }).expect(200);
      expect(res.body).toMatchObject({ isOk: true, errcode: 405, session: { uin: FAKE_WX_MUSICID } });
      expect([polls(), logins()]).toEqual([1, 1]);
      expect(fake().wxCodes.size).toBe(0); // the single-use code was spent once, by the exchange that finished
    });

    it('checking again after success with the loginToken answers the same session, without polling or exchanging again', async () => {
      const { uuid, loginToken } = await confirmed();
      const first = await check({ uuid, loginToken }).expect(200);
      const again = await check({ uuid, loginToken }, '/user/checkWXLoginQr').expect(200);
      expect(again.body).toEqual(first.body);
      expect([polls(), logins()]).toEqual([1, 1]);
    });

    it('a finished login goes only to its owner: a later check with the uuid alone (no body) gets 410, another loginToken 403', async () => {
      const { uuid, loginToken } = await confirmed();
      // A spec client polls with the uuid alone: it sees the login finish on its own poll and gets the session.
      const first = await check({ uuid }).expect(200);
      expect(first.body.isOk).toBe(true);
      const used = { error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' };
      const mismatch = { error: expect.stringContaining('loginToken'), errorCode: 'LOGIN_TOKEN_MISMATCH' };
      const replays = [
        [h.http().post(`/checkAltLoginQr?uuid=${uuid}`), 410, used],
        [check({ uuid }), 410, used],
        [check({ uuid, loginToken: 'y'.repeat(32) }), 403, mismatch],
      ] as const;
      for (const [replay, status, answer] of replays) {
        const res = await replay.expect(status);
        expect(res.body).toEqual(answer);
        expect(JSON.stringify(res.body)).not.toContain(first.body.session.cookieObject.qqmusic_key);
      }
      // The QR's own loginToken redeems the login its id-only poll finished (the QR was issued to it).
      expect((await check({ uuid, loginToken }).expect(200)).body).toEqual(first.body);
      // One poll and one exchange in all: the replays asked upstream nothing.
      expect([polls(), logins()]).toEqual([1, 1]);
    }, 120_000);

    it('concurrent checks of one confirmed QR (one client, its loginToken) share one exchange', async () => {
      const { uuid, loginToken } = await confirmed();
      const answers = await Promise.all([check({ uuid, loginToken }), check({ uuid, loginToken }), check({ uuid, loginToken })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body.session.cookie)).size).toBe(1);
      expect(logins()).toBe(1);
    });

    it('a failed exchange is not kept: the next check polls and exchanges again', async () => {
      const { uuid } = await confirmed();
      h.fake.fault({ kind: 'business', code: 1000 }, { module: 'music.login.LoginServer', times: 1 });
      await check({ uuid }).expect(502);
      expect((await check({ uuid }).expect(200)).body.isOk).toBe(true);
      expect([polls(), logins()]).toEqual([2, 2]);
    });
  });

  describe('identical checks of one QR share one upstream long poll', () => {
    const coalesced = async () => (await h.app.get(MetricsService).coalesced.get()).values.reduce((n, v) => n + v.value, 0);

    it('150 concurrent checks of one uuid: one upstream long poll, and every check gets its answer', async () => {
      const { uuid } = await newQr();
      const before = await coalesced();
      const N = 150;
      // The poll is held at the fake, within a bound no busy machine reaches: every check arrives while it is in flight.
      config.altLoginPollTimeoutMs = 60_000;
      h.fake.hold(POLL);
      let answers;
      try {
        const checks = Array.from({ length: N }, () => check({ uuid }).then((res) => res));
        await waitFor(
          async () => (await coalesced()) - before >= N - 1 || h.fake.requestsTo('wxLp', '/connect/l/qrconnect').length > 1,
          20_000,
          'every check to join the poll',
        );
        wxScan(h.fake.state, uuid);
        h.fake.release(POLL);
        answers = await Promise.all(checks);
      } finally {
        h.fake.release(POLL);
      }
      expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')).toHaveLength(1);
      expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
      for (const a of answers) expect(a.body).toMatchObject({ isOk: false, errcode: 404, state: 'scanned' });
    }, 60_000);

    it('one of two checks sharing a poll hangs up: the poll goes on for the other; a different `last` is its own poll', async () => {
      const { uuid } = await newQr();
      const before = await coalesced();
      config.altLoginPollTimeoutMs = 60_000;
      h.fake.hold(POLL);
      try {
        const leaving = clientThatLeaves(h, '/checkAltLoginQr', { uuid });
        await waitFor(() => h.fake.requestsTo('wxLp', '/connect/l/qrconnect').length === 1, 10_000, 'the first poll upstream');
        const staying = check({ uuid }).then((res) => res);
        await waitFor(async () => (await coalesced()) > before || h.fake.requestsTo('wxLp').length > 1, 10_000, 'the second check to join');
        // Another caller state (last=404) cannot share the waiting poll: it is held upstream for another change.
        const otherState = check({ uuid, last: 404 }).then((res) => res);
        await waitFor(() => h.fake.requestsTo('wxLp', '/connect/l/qrconnect').length === 2, 10_000, 'the last=404 poll upstream');
        await leaving.leave(2); // the two other checks stay connected
        wxScan(h.fake.state, uuid);
        h.fake.release(POLL);
        expect((await staying).body).toMatchObject({ errcode: 404, state: 'scanned' });
        wxConfirm(h.fake.state, uuid);
        expect((await otherState).body).toMatchObject({ isOk: true, errcode: 405 });
      } finally {
        h.fake.release(POLL);
      }
      expect(fake().wxClosedPolls).toEqual([]);
      expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect').map((r) => r.query.last)).toEqual([undefined, '404']);
    }, 120_000);
  });

  describe('the long poll does not pin resources', () => {
    it('a poll with no change ends at the configured bound: 408 with timeout:true, upstream request closed', async () => {
      const { uuid } = await newQr();
      config.altLoginPollTimeoutMs = 300;
      const res = await check({ uuid }).expect(200);
      expect(res.body).toEqual({ isOk: false, errcode: 408, state: 'waiting', timeout: true, message: expect.any(String) });
      await waitFor(() => fake().wxClosedPolls.includes(uuid), 3000, 'the fake to see the poll closed');
    });

    it('a client that disconnects aborts the upstream long poll', async () => {
      const { uuid } = await newQr();
      const url = new URL('/checkAltLoginQr', h.url);
      const req = httpRequest(url, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
      req.on('error', () => undefined);
      req.end(JSON.stringify({ uuid }));
      await waitFor(() => h.fake.currentConcurrency(POLL) === 1, 3000, 'the long poll to reach upstream');
      req.destroy();
      await waitFor(() => fake().wxClosedPolls.includes(uuid), 3000, 'the upstream poll to be closed');
      await waitFor(() => h.fake.currentConcurrency(POLL) === 0, 3000, 'no poll left in flight');
    });

    it('20 concurrent waiting polls do not starve other requests', async () => {
      const uuids: string[] = [];
      for (let i = 0; i < 20; i++) uuids.push((await newQr()).uuid);
      let finished = 0;
      const polls = uuids.map((uuid) =>
        check({ uuid }).then((r) => {
          finished++;
          return r;
        }),
      );
      await waitFor(() => h.fake.currentConcurrency(POLL) === 20, 5000, '20 polls in flight upstream');
      const ranks = await h.http().get('/getRanks?topId=4&limit=1').expect(200);
      expect(ranks.body.code).toBe(0);
      expect(finished).toBe(0); // every poll was still hanging while /getRanks answered
      expect(h.fake.currentConcurrency(POLL)).toBe(20);
      for (const uuid of uuids) wxScan(h.fake.state, uuid);
      const answers = await Promise.all(polls);
      for (const a of answers) expect(a.body).toMatchObject({ errcode: 404, state: 'scanned' });
    });
  });
});
