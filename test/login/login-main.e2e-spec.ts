import { existsSync, readFileSync } from 'node:fs';
import { hash33 } from '../../src/common/cookie';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { FinishedLogins } from '../../src/login/finished-logins';
import { NODE_FILE_OPS } from '../../src/common/atomic-file';
import { LoginPersistService } from '../../src/login/login-persist.service';
import {
  FAKE_MUSICKEY_QQ,
  FAKE_PTSIGX,
  FAKE_QQ,
  fakeHash33,
  loginFake,
  qqConfirm,
  qqExpire,
  qqRefuse,
  qqScan,
} from '../../fake-upstream/handlers/login';
import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

const GET_PATHS = ['/getMainLoginQr', '/user/getMainLoginQr', '/getQQLoginQr', '/user/getQQLoginQr'];
const CHECK_PATHS = ['/checkMainLoginQr', '/user/checkMainLoginQr', '/checkQQLoginQr', '/user/checkQQLoginQr'];
const QQLOGIN = 'QQConnectLogin.LoginServer.QQLogin';

describe('Main channel (QQ) QR login', () => {
  let h: Harness;
  let config: AppConfig;
  beforeAll(async () => {
    h = await startHarness();
    config = h.app.get<AppConfig>(APP_CONFIG);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const fake = () => loginFake(h.fake.state);
  const newQr = async (path = '/getMainLoginQr') => (await h.http().get(path).expect(200)).body as { img: string; ptqrtoken: string; qrsig: string; loginToken: string };
  const check = (body: object, path = '/checkMainLoginQr') => h.http().post(path).send(body);

  describe('GET /getMainLoginQr', () => {
    it.each(GET_PATHS)('%s answers the PNG, qrsig and ptqrtoken = hash33(qrsig), asking ptqrshow without any cookie', async (path) => {
      const res = await h.http().get(path).set('Cookie', 'uin=o0111; qqmusic_key=SECRET').expect(200);
      const { img, qrsig, ptqrtoken } = res.body;
      expect(img).toBe(`data:image/png;base64,${fake().qq.get(qrsig)!.image!.toString('base64')}`);
      expect(fake().qq.has(qrsig)).toBe(true);
      expect(ptqrtoken).toBe(String(fakeHash33(qrsig)));
      expect(ptqrtoken).toBe(String(hash33(qrsig)));
      expect(Object.keys(res.body).sort()).toEqual(['img', 'loginToken', 'ptqrtoken', 'qrsig']);
      expect(res.body.loginToken).toMatch(/^[\w-]{32}$/);

      const [req] = h.fake.requestsTo('ptlogin', '/ptqrshow');
      expect(req.host).toBe('ssl.ptlogin2.qq.com');
      expect(req.query).toMatchObject({
        appid: '716027609',
        e: '2',
        l: 'M',
        s: '3',
        d: '72',
        v: '4',
        daid: '383',
        pt_3rd_aid: '100497308',
        u1: 'https://graph.qq.com/oauth2.0/login_jump',
      });
      expect(Number(req.query.t)).toBeGreaterThanOrEqual(0);
      expect(req.headers.referer).toBe('https://xui.ptlogin2.qq.com/');
      expect(req.cookie).toBe('');
    });

    it('502 "Failed to get qrsig from response" when ptqrshow sets no qrsig cookie', async () => {
      fake().faults.noQrsig = true;
      const res = await h.http().get('/getMainLoginQr').expect(502);
      expect(res.body).toEqual({ error: 'Failed to get qrsig from response', errorCode: 'LOGIN_NO_QRSIG' });
      expect(h.fake.requestsTo('ptlogin', '/ptqrshow')).toHaveLength(1);
    });

    it('502 "Failed to fetch QQ login QR" when ptqrshow fails', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'ptlogin', path: '/ptqrshow' });
      const res = await h.http().get('/getMainLoginQr').expect(502);
      expect(res.body.error).toBe('Failed to fetch QQ login QR');
      h.fake.clearFaults();
      h.fake.fault({ kind: 'reset' }, { host: 'ptlogin', path: '/ptqrshow' });
      expect((await h.http().get('/getMainLoginQr').expect(502)).body.error).toBe('Failed to fetch QQ login QR');
    });
  });

  describe('POST /checkMainLoginQr: poll states', () => {
    const states: [string, (s: any, q: string) => void, object][] = [
      ['waiting', () => undefined, { isOk: false, state: 'waiting', code: 66, refresh: false }],
      ['scanned', qqScan, { isOk: false, state: 'scanned', code: 67, refresh: false }],
      ['expired', qqExpire, { isOk: false, state: 'expired', code: 65, refresh: true, error: expect.any(String) }],
      ['refused', qqRefuse, { isOk: false, state: 'refused', code: 68, refresh: true, error: expect.any(String) }],
    ];

    it.each(states)('%s: every alias answers the same 200 body, one ptqrlogin poll each', async (_name, drive, expected) => {
      const { qrsig, ptqrtoken } = await newQr();
      drive(h.fake.state, qrsig);
      const bodies = [];
      for (const path of CHECK_PATHS) bodies.push((await check({ qrsig, ptqrtoken }, path).expect(200)).body);
      expect(bodies[0]).toEqual({ ...expected, message: expect.any(String) });
      for (const b of bodies) expect(b).toEqual(bodies[0]);
      const polls = h.fake.requestsTo('ptlogin', '/ptqrlogin');
      expect(polls).toHaveLength(4);
      for (const p of polls) {
        expect(p.cookie).toBe(`qrsig=${qrsig}`);
        expect(p.headers.referer).toBe('https://xui.ptlogin2.qq.com/');
        expect(p.query).toMatchObject({
          u1: 'https://graph.qq.com/oauth2.0/login_jump',
          ptqrtoken,
          ptredirect: '0',
          ptlang: '2052',
          js_type: '1',
          pt_uistyle: '40',
          aid: '716027609',
          daid: '383',
          pt_3rd_aid: '100497308',
          // docs/upstream/login.md "QQ poll (ptqrlogin)": h/t/g/from_ui 1, the Python project's js_ver and has_onekey
          h: '1',
          t: '1',
          g: '1',
          from_ui: '1',
          js_ver: '20102616',
          has_onekey: '1',
        });
        expect(p.query.action).toMatch(/^0-0-\d{13}$/);
      }
      expect(h.fake.requestsTo('ptloginGraph')).toHaveLength(0);
    });

    it('computes ptqrtoken when absent, and accepts it as a number', async () => {
      const { qrsig, ptqrtoken } = await newQr();
      await check({ qrsig }).expect(200);
      await check({ qrsig, ptqrtoken: Number(ptqrtoken) }).expect(200);
      const polls = h.fake.requestsTo('ptlogin', '/ptqrlogin');
      expect(polls.map((p) => p.query.ptqrtoken)).toEqual([ptqrtoken, ptqrtoken]);
    });

    it('400s a missing or malformed qrsig and a ptqrtoken that does not match, without asking upstream', async () => {
      expect((await check({}).expect(400)).body).toEqual({ error: 'qrsig is required', errorCode: 'BAD_REQUEST' });
      expect((await check({ qrsig: '' }).expect(400)).body.error).toBe('qrsig is required');
      expect((await check({ qrsig: 42 }).expect(400)).body.error).toBe('qrsig must be a string');
      expect((await check({ qrsig: 'a\r\nSet-Cookie: x' }).expect(400)).body.error).toMatch(/^qrsig must be printable ASCII/);
      expect((await check({ qrsig: 'caf\u00e9' }).expect(400)).body.error).toMatch(/^qrsig must be printable ASCII/);
      expect((await check({ qrsig: 'x'.repeat(513) }).expect(400)).body.error).toBe('qrsig must be at most 512 characters');
      expect((await check({ qrsig: 'abc', ptqrtoken: '12a' }).expect(400)).body.error).toBe('ptqrtoken must be a string of digits');
      expect((await check({ qrsig: 'abc', ptqrtoken: '1' }).expect(400)).body.error).toMatch(/^ptqrtoken does not match qrsig/);
      expect(h.fake.requestsTo('ptlogin')).toHaveLength(0);
    });

    it('502 LOGIN_BAD_POLL naming the code when ptuiCB carries a code the gateway does not know', async () => {
      const { qrsig } = await newQr();
      h.fake.fault({ kind: 'status', status: 200, body: "ptuiCB('10006','0','','0','something else', '')" }, { host: 'ptlogin', path: '/ptqrlogin', times: 1 });
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Unrecognised answer from the QQ login poll (code 10006)', errorCode: 'LOGIN_BAD_POLL', upstreamCode: 10006 });
      expect(h.fake.requestsTo('ptloginGraph')).toHaveLength(0);
    });

    it('502 on an unrecognised poll answer or a refused poll', async () => {
      const { qrsig } = await newQr();
      h.fake.fault({ kind: 'garbage' }, { host: 'ptlogin', path: '/ptqrlogin', times: 1 });
      expect((await check({ qrsig }).expect(502)).body.error).toBe('Unrecognised answer from the QQ login poll');
      h.fake.fault({ kind: 'status', status: 403 }, { host: 'ptlogin', path: '/ptqrlogin', times: 1 });
      expect((await check({ qrsig }).expect(502)).body.error).toBe('QQ login poll was refused (HTTP 403)');
    });
  });

  describe('POST /checkMainLoginQr: confirmed → check_sig → authorize → QQLogin', () => {
    it.each(CHECK_PATHS)('%s logs in and returns the session built from every step', async (path) => {
      const { qrsig } = await newQr();
      qqConfirm(h.fake.state, qrsig);
      const res = await check({ qrsig }, path).expect(200);
      const entry = fake().qq.get(qrsig)!;
      const { isOk, message, session } = res.body;
      expect(isOk).toBe(true);
      expect(message).toBe('登录成功');
      expect(res.body).not.toHaveProperty('persisted');

      // Session: ptlogin uin with its letter prefix; cookies of ptqrlogin, check_sig, authorize + body-derived ones.
      expect(session.loginUin).toBe(`o${FAKE_QQ}`);
      expect(session.uin).toBe(session.loginUin);
      expect(session.cookieObject).toMatchObject({
        uin: `o${FAKE_QQ}`,
        skey: '@fAkE5kEy',
        ptcz: 'c0ffee==',
        p_skey: entry.pSkey,
        p_uin: `o${FAKE_QQ}`,
        pt4_token: entry.pt4Token,
        qqmusic_key: FAKE_MUSICKEY_QQ,
        qm_keyst: FAKE_MUSICKEY_QQ,
        qqmusic_uin: FAKE_QQ,
        euin: expect.stringMatching(/^oKEnc/),
        tmeLoginType: '2', // docs/login.md "Session and credential": a QQ login's cookie says so
      });
      expect(session.cookieObject).not.toHaveProperty('RK'); // empty value dropped
      expect(session.cookieObject).not.toHaveProperty('qrsig');
      expect(session.cookieList).toEqual(session.cookie.split('; '));
      expect(new Set(session.cookieList.map((c: string) => c.split('=')[0])).size).toBe(session.cookieList.length);
      // refresh tokens stay server-side (credential store); the answer is the spec's session only
      expect(res.body).not.toHaveProperty('credential');
      expect(session.cookieObject.qqmusic_key).toBe(FAKE_MUSICKEY_QQ);

      // check_sig: on the configured origin, ptsigx byte-exact ('+' kept), all cookies so far, redirect not followed.
      const [sig] = h.fake.requestsTo('ptloginGraph', '/check_sig');
      expect(entry.ptsigx!.startsWith(FAKE_PTSIGX)).toBe(true);
      expect(sig.rawQuery).toContain(`&ptsigx=${entry.ptsigx}&`);
      expect(sig.rawQuery).toMatch(/^pttype=1&uin=1503255237&service=ptqrlogin/);
      expect(sig.cookie).toContain(`qrsig=${qrsig}`);
      expect(sig.cookie).toContain(`uin=o${FAKE_QQ}`);
      expect(sig.cookie).toContain('skey=@fAkE5kEy');
      expect(h.fake.requestsTo('graph', '/oauth2.0/login_jump')).toHaveLength(0);

      // authorize: form POST, g_tk = hash33(p_skey, 5381), the p_skey/pt4_token cookies, redirect not followed.
      const [auth] = h.fake.requestsTo('graph', '/oauth2.0/authorize');
      expect(auth.method).toBe('POST');
      expect(auth.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const form = Object.fromEntries(new URLSearchParams(auth.body));
      expect(form).toMatchObject({
        response_type: 'code',
        client_id: '100497308',
        redirect_uri: 'https://y.qq.com/portal/wx_redirect.html?login_type=1&surl=https://y.qq.com/',
        scope: 'get_user_info,get_app_friends',
        state: 'state',
        switch: '',
        from_ptlogin: '1',
        src: '1',
        update_auth: '1',
        openapi: '1010_1030',
        g_tk: String(fakeHash33(entry.pSkey!, 5381)),
      });
      expect(form.ui).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i);
      expect(Number(form.auth_time)).toBeGreaterThan(1_600_000_000_000);
      expect(auth.cookie).toContain(`p_skey=${entry.pSkey}`);
      expect(auth.cookie).toContain(`pt4_token=${entry.pt4Token}`);
      expect(auth.cookie).not.toContain('qrsig='); // the QR token is the poll's only: never sent past ptlogin
      expect(h.fake.requestsTo('y')).toHaveLength(0);

      // QQLogin: the QQConnectLogin module (never music.login), the code from the Location, comm as documented in
      // docs/upstream/login.md "QQ login exchange (QQLogin)".
      const [login] = h.fake.musicuCalls(QQLOGIN);
      expect(login.param).toEqual({ code: entry.code });
      expect(login.request.comm).toMatchObject({ g_tk: fakeHash33(entry.pSkey!, 5381), platform: 'yqq', ct: 24, cv: 0, tmeLoginType: 2 });
      expect(login.request.cookie).toContain(`p_skey=${entry.pSkey}`);
      expect(login.request.cookie).not.toContain('qrsig=');
      expect(h.fake.musicuCalls('music.login.LoginServer')).toHaveLength(0);
      expect(existsSync(h.cookieFile)).toBe(false); // persistence is off by default
    });

    it('a confirming poll that sets no ptlogin uin cookie: uin = o + the musicid zero-padded to 10 digits', async () => {
      const { qrsig } = await newQr();
      const entry = fake().qq.get(qrsig)!;
      entry.qq = '123456'; // a short QQ number: the padding shows
      entry.ptsigx = `${FAKE_PTSIGX}nouin`;
      const url =
        `https://ssl.ptlogin2.graph.qq.com/check_sig?pttype=1&uin=123456&service=ptqrlogin&nodirect=0&ptsigx=${entry.ptsigx}` +
        '&s_url=https%3A%2F%2Fgraph.qq.com%2Foauth2.0%2Flogin_jump&f_url=&ptlang=2052&ptredirect=100&aid=716027609&daid=383';
      // the success text, but without any Set-Cookie (so no `uin=o0…` from ptlogin)
      h.fake.fault({ kind: 'status', status: 200, body: `ptuiCB('0','0','${url}','0','登录成功！', 'nick')` }, { host: 'ptlogin', path: '/ptqrlogin', times: 1 });
      const res = await check({ qrsig }).expect(200);
      expect(res.body).toMatchObject({ isOk: true, session: { loginUin: 'o0000123456', uin: 'o0000123456' } });
      expect(res.body.session.cookieObject).toMatchObject({ uin: 'o0000123456', qqmusic_uin: '123456', tmeLoginType: '2' });
      expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(1);
    });

    const confirmed = async () => {
      const { qrsig, loginToken } = await newQr();
      qqConfirm(h.fake.state, qrsig);
      return { qrsig, loginToken };
    };

    it('502 "Failed to extract checkSigUrl from response" when the success answer has no URL', async () => {
      const { qrsig } = await confirmed();
      h.fake.fault({ kind: 'status', status: 200, body: "ptuiCB('0','0','','0','登录成功！', '')" }, { host: 'ptlogin', path: '/ptqrlogin' });
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Failed to extract checkSigUrl from response', errorCode: 'LOGIN_NO_CHECK_SIG' });
      expect(h.fake.requestsTo('ptloginGraph')).toHaveLength(0);
    });

    it('502 "Failed to extract p_skey from response" when check_sig sets no (non-empty) p_skey', async () => {
      const { qrsig } = await confirmed();
      fake().faults.noPskey = true;
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Failed to extract p_skey from response', errorCode: 'LOGIN_NO_P_SKEY' });
      expect(h.fake.requestsTo('graph')).toHaveLength(0);
    });

    it('502 "Authorization response has no redirect address" when authorize does not redirect', async () => {
      const { qrsig } = await confirmed();
      fake().faults.noLocation = true;
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Authorization response has no redirect address', errorCode: 'LOGIN_NO_REDIRECT' });
      expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(0);
    });

    it('502 "Authorization redirect has no code" when the Location lacks code', async () => {
      const { qrsig } = await confirmed();
      fake().faults.noCode = true;
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Authorization redirect has no code', errorCode: 'LOGIN_NO_CODE' });
      expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(0);
    });

    it.each([
      ['no musickey', { musicid: Number(FAKE_QQ), str_musicid: FAKE_QQ, refresh_key: 'RK' }],
      ['musicid 0', { musicid: 0, musickey: FAKE_MUSICKEY_QQ }],
    ])('502 "Login response is missing the credential" when QQLogin answers code 0 with %s', async (_what, data) => {
      const { qrsig } = await confirmed();
      h.fake.fault({ kind: 'shape', data }, { module: 'QQConnectLogin.LoginServer', times: 1 });
      const res = await check({ qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'Login response is missing the credential', errorCode: 'LOGIN_NO_CREDENTIAL' });
      expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(1);
    });

    it('QQLogin business codes: 20274 → 403 device limit, others → 502 naming the code', async () => {
      h.fake.fault({ kind: 'business', code: 20274 }, { module: 'QQConnectLogin.LoginServer', times: 1 });
      let res = await check({ qrsig: (await confirmed()).qrsig }).expect(403);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_DEVICE_LIMIT', upstreamCode: 20274 });
      h.fake.fault({ kind: 'business', code: 104400 }, { module: 'QQConnectLogin.LoginServer', times: 1 });
      res = await check({ qrsig: (await confirmed()).qrsig }).expect(502);
      expect(res.body).toEqual({ error: 'QQ Music login failed (code 104400)', errorCode: 'LOGIN_REJECTED', upstreamCode: 104400 });
    });

    it.each([
      ['ptlogin', '/ptqrlogin'],
      ['ptloginGraph', '/check_sig'],
      ['graph', '/oauth2.0/authorize'],
      ['u', '/cgi-bin/musicu.fcg'],
    ] as const)('504 "Login check timed out" when %s %s does not answer', async (host, path) => {
      const { qrsig } = await confirmed();
      const saved = config.upstreamTimeoutMs;
      config.upstreamTimeoutMs = 300;
      try {
        h.fake.fault({ kind: 'hang' }, { host, path });
        const res = await check({ qrsig }).expect(504);
        expect(res.body).toEqual({ error: 'Login check timed out', errorCode: 'LOGIN_TIMEOUT' });
        // at most once (never retried); a CPU-starved gateway may time out before the fake has logged it
        expect(h.fake.requestsTo(host, path).length).toBeLessThanOrEqual(1);
      } finally {
        config.upstreamTimeoutMs = saved;
      }
    });
  });

  describe('a confirmed login is never lost nor done twice', () => {
    const confirmed = async () => {
      const { qrsig, loginToken } = await newQr();
      qqConfirm(h.fake.state, qrsig);
      return { qrsig, loginToken };
    };
    const chainCalls = () => ({
      polls: h.fake.requestsTo('ptlogin', '/ptqrlogin').length,
      checkSigs: h.fake.requestsTo('ptloginGraph', '/check_sig').length,
      logins: h.fake.musicuCalls(QQLOGIN).length,
    });

    it('a client hanging up mid-chain: the chain still finishes, and its next check (with its loginToken) gets that session', async () => {
      const { qrsig, loginToken } = await confirmed();
      h.fake.hold(QQLOGIN);
      try {
        const client = clientThatLeaves(h, '/checkMainLoginQr', { qrsig, loginToken });
        await waitFor(() => h.fake.currentConcurrency(QQLOGIN) === 1, 3000, 'the chain to reach QQLogin');
        await client.leave();
      } finally {
        h.fake.release(QQLOGIN);
      }
      const res = await check({ qrsig, loginToken }).expect(200);
      expect(res.body).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ, qqmusic_uin: FAKE_QQ } } });
      // the held QQLogin was answered (not aborted) and its code spent: one chain in all
      expect(chainCalls()).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
      expect(loginFake(h.fake.state).qqCodes.size).toBe(0);
    });

    it('checking again after success with the loginToken answers the same session without a second login (another device slot)', async () => {
      const { qrsig, loginToken } = await confirmed();
      const first = await check({ qrsig, loginToken }).expect(200);
      const again = await check({ qrsig, ptqrtoken: String(hash33(qrsig)), loginToken }, '/user/checkQQLoginQr').expect(200);
      expect(again.body.session.cookie).toBe(first.body.session.cookie);
      expect(chainCalls()).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
    });

    it('a finished login goes only to its owner: a later check with the qrsig alone gets 410, another loginToken 403, and no session', async () => {
      const { qrsig, loginToken } = await confirmed();
      // A spec client polls with the qrsig alone: it sees the login finish on its own poll and gets the session.
      const first = await check({ qrsig }).expect(200);
      expect(first.body.isOk).toBe(true);
      const used = { error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' };
      const mismatch = { error: expect.stringContaining('loginToken'), errorCode: 'LOGIN_TOKEN_MISMATCH' };
      for (const [replay, status, answer] of [[{ qrsig }, 410, used], [{ qrsig, loginToken: 'x'.repeat(32) }, 403, mismatch]] as const) {
        const res = await check(replay).expect(status);
        expect(res.body).toEqual(answer);
        expect(JSON.stringify(res.body)).not.toContain(first.body.session.cookieObject.qqmusic_key);
      }
      // The QR's own loginToken redeems the login its id-only poll finished (the QR was issued to it).
      expect((await check({ qrsig, loginToken }).expect(200)).body).toEqual(first.body);
      // A login finished for a loginToken is answered to that token again, never to the qrsig alone.
      const other = await confirmed();
      const owned = await check(other).expect(200);
      expect((await check(other).expect(200)).body).toEqual(owned.body);
      expect((await check({ qrsig: other.qrsig }).expect(410)).body).toEqual(used);
      expect(chainCalls()).toEqual({ polls: 2, checkSigs: 2, logins: 2 });
    }, 120_000);

    it('concurrent checks of one confirmed QR (one client, its loginToken) share one chain', async () => {
      const qr = await confirmed();
      const answers = await Promise.all([check(qr), check(qr), check(qr)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((r) => r.body.session.cookie)).size).toBe(1);
      expect(chainCalls()).toEqual({ polls: 1, checkSigs: 1, logins: 1 });
    });

    it('150 concurrent checks of one waiting QR: one upstream poll (ptqrlogin), every check gets its state', async () => {
      const { qrsig } = await newQr();
      const runs = jest.spyOn(h.app.get(FinishedLogins), 'run');
      const N = 150;
      // The poll is held at the fake, within a bound no busy machine reaches: every check arrives while it is in flight.
      const saved = config.upstreamTimeoutMs;
      config.upstreamTimeoutMs = 60_000;
      h.fake.hold('ptlogin /ptqrlogin');
      let answers;
      try {
        const checks = Array.from({ length: N }, () => check({ qrsig }).then((res) => res));
        await waitFor(() => runs.mock.calls.length === N || h.fake.requestsTo('ptlogin', '/ptqrlogin').length > 1, 20_000, 'every check to join');
        h.fake.release('ptlogin /ptqrlogin');
        answers = await Promise.all(checks);
      } finally {
        h.fake.release('ptlogin /ptqrlogin');
        runs.mockRestore();
        config.upstreamTimeoutMs = saved;
      }
      expect(h.fake.requestsTo('ptlogin', '/ptqrlogin')).toHaveLength(1);
      for (const a of answers) expect(a.body).toMatchObject({ isOk: false, state: 'waiting', code: 66 });
    }, 60_000);

    it('neither poll states nor failures are kept: the next check asks upstream again', async () => {
      const { qrsig } = await newQr();
      expect((await check({ qrsig }).expect(200)).body.state).toBe('waiting');
      qqConfirm(h.fake.state, qrsig);
      h.fake.fault({ kind: 'hang' }, { host: 'graph', path: '/oauth2.0/authorize', times: 1 });
      const saved = config.upstreamTimeoutMs;
      config.upstreamTimeoutMs = 300;
      try {
        await check({ qrsig }).expect(504);
      } finally {
        config.upstreamTimeoutMs = saved;
      }
      expect((await check({ qrsig }).expect(200)).body.isOk).toBe(true);
      expect(chainCalls()).toEqual({ polls: 3, checkSigs: 2, logins: 1 });
    });

    it('another QR is another login', async () => {
      const [a, b] = [await confirmed(), await confirmed()];
      const [ra, rb] = [await check(a).expect(200), await check(b).expect(200)];
      expect(ra.body.session.cookie).not.toBe(rb.body.session.cookie);
      expect(chainCalls().logins).toBe(2);
    });
  });

  describe('opt-in persistence of the login cookie', () => {
    const withPersist = async (fn: () => Promise<void>) => {
      config.persistLoginCookie = true;
      try {
        await fn();
      } finally {
        config.persistLoginCookie = false;
        h.app.get(LoginPersistService).ops = NODE_FILE_OPS;
      }
    };

    it('enabled: writes {cookie, uin} atomically and the next call uses the new cookie without a restart', () =>
      withPersist(async () => {
        h.writeCookieFile({ cookie: 'uin=1; qqmusic_key=OLDKEY' });
        await h.http().get('/getRanks?topId=4&limit=1').expect(200);
        expect(h.fake.musicuCalls('music.musicToplist.Toplist.GetDetail')[0].request.cookie).toContain('qqmusic_key=OLDKEY');

        const { qrsig } = await newQr();
        qqConfirm(h.fake.state, qrsig);
        const res = await check({ qrsig }).expect(200);
        expect(res.body.persisted).toBe(true);
        const saved = JSON.parse(readFileSync(h.cookieFile, 'utf8'));
        expect(saved).toEqual({
          cookie: res.body.session.cookie,
          uin: FAKE_QQ,
          credential: expect.objectContaining({ musicid: FAKE_QQ, musickey: FAKE_MUSICKEY_QQ, refresh_key: expect.any(String), loginType: 2 }),
        });

        h.fake.reset();
        await h.http().get('/getRanks?topId=4&limit=1').expect(200);
        const [call] = h.fake.musicuCalls('music.musicToplist.Toplist.GetDetail');
        expect(call.request.cookie).toContain(`qqmusic_key=${FAKE_MUSICKEY_QQ}`);
        expect(call.request.comm).toMatchObject({ uin: FAKE_QQ, authst: FAKE_MUSICKEY_QQ });
      }));

    it('a failure mid-write keeps the old file intact (the login itself still succeeds)', () =>
      withPersist(async () => {
        h.writeCookieFile({ cookie: 'uin=1; qqmusic_key=OLDKEY' });
        const before = readFileSync(h.cookieFile, 'utf8');
        h.app.get(LoginPersistService).ops = {
          ...NODE_FILE_OPS,
          writeSync: (fd, data) => {
            NODE_FILE_OPS.writeSync(fd, data.subarray(0, 10));
            throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
          },
        };
        const { qrsig } = await newQr();
        qqConfirm(h.fake.state, qrsig);
        const res = await check({ qrsig }).expect(200);
        expect(res.body).toMatchObject({ isOk: true, persisted: false });
        expect(readFileSync(h.cookieFile, 'utf8')).toBe(before);
        await h.http().get('/getRanks?topId=4&limit=1').expect(200);
        expect(h.fake.musicuCalls('music.musicToplist.Toplist.GetDetail')[0].request.cookie).toContain('qqmusic_key=OLDKEY');
      }));

    it('disabled (the default): the cookie file is left untouched', async () => {
      expect(config.persistLoginCookie).toBe(false);
      h.writeCookieFile({ cookie: 'uin=1; qqmusic_key=OLDKEY' });
      const before = readFileSync(h.cookieFile, 'utf8');
      const { qrsig } = await newQr();
      qqConfirm(h.fake.state, qrsig);
      const res = await check({ qrsig }).expect(200);
      expect(res.body).not.toHaveProperty('persisted');
      expect(readFileSync(h.cookieFile, 'utf8')).toBe(before);
    });
  });
});

/**
 * The 504s of POST /checkMainLoginQr, with a short configured bound (UPSTREAM_TIMEOUT_MS) instead of a patched config:
 * each step of the chain, made slow (the fake's `latency`, far past the bound) or silent (`hang`), answers 504
 * LOGIN_TIMEOUT; the fake saw that step's request, well-formed and once (login steps are never retried, whatever
 * UPSTREAM_RETRIES says), and nothing after it; no QR token, ptsigx, p_skey or code reaches the answer or the logs.
 */
describe('POST /checkMainLoginQr: 504 when a step of the chain does not answer in time', () => {
  const BOUND_MS = 1000;
  const TIMED_OUT = { error: 'Login check timed out', errorCode: 'LOGIN_TIMEOUT' };
  const logs: string[] = [];
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: String(BOUND_MS), UPSTREAM_RETRIES: '2', LOG_LEVEL: 'warn' }, logs });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  /** Far past the bound: the fake ends the wait as soon as the gateway hangs up, so no test waits this long. */
  const slow = { kind: 'latency', ms: 30 * BOUND_MS } as const;
  const newQr = async () => (await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string; ptqrtoken: string };
  const check = (body: object) => h.http().post('/checkMainLoginQr').send(body);
  const steps = () => ({
    polls: h.fake.requestsTo('ptlogin', '/ptqrlogin').length,
    checkSigs: h.fake.requestsTo('ptloginGraph', '/check_sig').length,
    authorizes: h.fake.requestsTo('graph', '/oauth2.0/authorize').length,
    logins: h.fake.musicuCalls(QQLOGIN).length,
  });
  /** One warn line for the failed call, naming the step and the timeout; no secret in any line. */
  const expectLogged = (target: string, secrets: (string | undefined)[]) => {
    const failures = logs.map((l) => JSON.parse(l)).filter((l) => l.upstream);
    expect(failures).toEqual([expect.objectContaining({ upstream: expect.objectContaining({ target, kind: 'timeout', attempts: 1 }) })]);
    expectNoSecretInLogs(logs, secrets);
  };

  it.each([
    ['hangs', { kind: 'hang' } as const],
    ['is slow', slow],
  ])('the ptqrlogin poll of a QR not yet scanned %s: 504, one poll, nothing after it', async (_how, fault) => {
    const { qrsig, ptqrtoken } = await newQr();
    h.fake.fault(fault, { host: 'ptlogin', path: '/ptqrlogin' });
    const res = await check({ qrsig }).expect(504);
    expect(res.body).toEqual(TIMED_OUT);
    const [poll] = h.fake.requestsTo('ptlogin', '/ptqrlogin');
    expect(poll.cookie).toBe(`qrsig=${qrsig}`);
    expect(poll.query).toMatchObject({ ptqrtoken, aid: '716027609', daid: '383', pt_3rd_aid: '100497308' });
    expect(steps()).toEqual({ polls: 1, checkSigs: 0, authorizes: 0, logins: 0 });
    expectLogged('ptqrlogin', [qrsig]);
  });

  it('the confirming poll is slow: 504, and the one-time check_sig link it would have carried is never asked for', async () => {
    const { qrsig } = await newQr();
    qqConfirm(h.fake.state, qrsig);
    h.fake.fault(slow, { host: 'ptlogin', path: '/ptqrlogin' });
    expect((await check({ qrsig }).expect(504)).body).toEqual(TIMED_OUT);
    expect(steps()).toEqual({ polls: 1, checkSigs: 0, authorizes: 0, logins: 0 });
    expectLogged('ptqrlogin', [qrsig]);
  });

  it('check_sig is slow: 504 after the byte-exact check_sig request, no authorize', async () => {
    const { qrsig } = await newQr();
    qqConfirm(h.fake.state, qrsig);
    h.fake.fault(slow, { host: 'ptloginGraph', path: '/check_sig' });
    expect((await check({ qrsig }).expect(504)).body).toEqual(TIMED_OUT);
    const entry = loginFake(h.fake.state).qq.get(qrsig)!;
    const [sig] = h.fake.requestsTo('ptloginGraph', '/check_sig');
    expect(sig.rawQuery).toContain(`&ptsigx=${entry.ptsigx}&`);
    expect(sig.cookie).toContain(`qrsig=${qrsig}`);
    expect(steps()).toEqual({ polls: 1, checkSigs: 1, authorizes: 0, logins: 0 });
    expectLogged('check_sig', [qrsig, entry.ptsigx]);
  });

  it('authorize hangs: 504 after the authorize POST (g_tk of p_skey), no QQLogin', async () => {
    const { qrsig } = await newQr();
    qqConfirm(h.fake.state, qrsig);
    h.fake.fault({ kind: 'hang' }, { host: 'graph', path: '/oauth2.0/authorize' });
    expect((await check({ qrsig }).expect(504)).body).toEqual(TIMED_OUT);
    const entry = loginFake(h.fake.state).qq.get(qrsig)!;
    const [auth] = h.fake.requestsTo('graph', '/oauth2.0/authorize');
    expect(auth.method).toBe('POST');
    expect(auth.cookie).toContain(`p_skey=${entry.pSkey}`);
    expect(new URLSearchParams(auth.body).get('g_tk')).toBe(String(fakeHash33(entry.pSkey!, 5381)));
    expect(steps()).toEqual({ polls: 1, checkSigs: 1, authorizes: 1, logins: 0 });
    expectLogged('oauth2.0/authorize', [qrsig, entry.ptsigx, entry.pSkey]);
  });

  it('QQLogin is slow: 504 after exactly one QQLogin call, with the code from authorize', async () => {
    const { qrsig } = await newQr();
    qqConfirm(h.fake.state, qrsig);
    h.fake.fault(slow, { host: 'u', module: 'QQConnectLogin.LoginServer' });
    expect((await check({ qrsig }).expect(504)).body).toEqual(TIMED_OUT);
    const entry = loginFake(h.fake.state).qq.get(qrsig)!;
    const [login] = h.fake.musicuCalls(QQLOGIN);
    expect(login.param).toEqual({ code: entry.code });
    expect(steps()).toEqual({ polls: 1, checkSigs: 1, authorizes: 1, logins: 1 });
    expectLogged('QQConnectLogin.LoginServer.QQLogin', [qrsig, entry.ptsigx, entry.pSkey, entry.code]);
  });

  it('concurrent checks of one QR share the timed-out run: both 504, one poll', async () => {
    const { qrsig } = await newQr();
    h.fake.fault({ kind: 'hang' }, { host: 'ptlogin', path: '/ptqrlogin' });
    const answers = await Promise.all([check({ qrsig }), check({ qrsig })]);
    expect(answers.map((r) => [r.status, r.body])).toEqual([[504, TIMED_OUT], [504, TIMED_OUT]]);
    expect(steps().polls).toBe(1);
  });

  it('a delay well inside the bound on every step is no timeout: 200 with the session', async () => {
    const { qrsig } = await newQr();
    qqConfirm(h.fake.state, qrsig);
    const brief = { kind: 'latency', ms: BOUND_MS / 20 } as const;
    h.fake.fault(brief, { host: 'ptlogin', path: '/ptqrlogin' });
    h.fake.fault(brief, { host: 'ptloginGraph', path: '/check_sig' });
    h.fake.fault(brief, { host: 'graph', path: '/oauth2.0/authorize' });
    h.fake.fault(brief, { host: 'u', module: 'QQConnectLogin.LoginServer' });
    const res = await check({ qrsig }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } });
    expect(steps()).toEqual({ polls: 1, checkSigs: 1, authorizes: 1, logins: 1 });
    expect(logs.filter((l) => l.includes('"upstream"'))).toEqual([]);
  });
});
