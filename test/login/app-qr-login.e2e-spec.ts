import { randomBytes } from 'node:crypto';
import { appQrFake, appQrTopic, FIRST_QRCODE_ID, FAKE_APP_MUSICID, FAKE_MUSICKEY_APP, pushAppQr, type AppQrPush } from '../../fake-upstream/handlers/app-qr-login';
import type { BrokerEvent } from '../../fake-upstream/mqtt-broker';
import { AppLoginService } from '../../src/login/app-login.service';
import { ANDROID_APP_VERSION } from '../../src/upstream/identity/comm-profiles';
import { Harness, startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { deleteRedisKeysContaining, requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * The QQ Music app QR login (docs/login.md "QQ Music app QR"): CreateQRCode, the MQTT 5 subscription the issuing
 * instance holds on the fake broker, the pushed states as checks read them, the Login exchange once on the pushed
 * cookies under the finished-login rules, the subscription bound, its closing, and the states shared through Redis.
 */
requireRedis();
const CREATE = 'music.login.LoginServer.CreateQRCode';
const LOGIN = 'music.login.LoginServer.Login';

const eventsOf = (h: Harness, kind: BrokerEvent['kind']) => h.fake.broker.events.filter((e) => e.kind === kind);

describe('QQ Music app QR login', () => {
  let h: Harness;
  let closed = false;
  const logs: string[] = [];
  /** Every pushed token and loginToken: none may reach a log line. */
  const secrets = new Set<string>([FAKE_MUSICKEY_APP]);
  beforeAll(async () => {
    h = await startHarness({ env: { LOG_LEVEL: 'debug', APP_LOGIN_MAX_SUBSCRIPTIONS: '2' }, logs });
  });
  afterAll(async () => {
    if (!closed) await h?.close();
  });
  beforeEach(() => h.fake.reset());
  afterEach(async () => {
    // Ends every watch a test left open, so the next one starts with free slots.
    for (const id of appQrFake(h.fake.state).qrs.keys()) pushAppQr(h.fake.broker, h.fake.state, id, 'timeout');
    await waitFor(() => h.app.get(AppLoginService).watching === 0, 3000, 'every watch ended');
  });

  const issue = async () => {
    const res = await h.http().get('/getAppLoginQr').expect(200);
    secrets.add(res.body.loginToken);
    return res.body as { img: string; qrcodeId: string; loginToken: string };
  };
  const check = (body: object) => h.http().post('/checkAppLoginQr').send(body);
  const push = (qrcodeId: string, type: AppQrPush) => {
    expect(pushAppQr(h.fake.broker, h.fake.state, qrcodeId, type)).toBe(1);
    const token = appQrFake(h.fake.state).qrs.get(qrcodeId)?.token;
    if (token) secrets.add(token);
  };
  const stateOf = async (qrcodeId: string, loginToken: string) => (await check({ qrcodeId, loginToken })).body.state as string;

  it('issues the QR from CreateQRCode and subscribes to its topic over MQTT 5 with the user properties', async () => {
    const qr = await issue();
    expect(qr).toEqual({ img: expect.stringMatching(/^data:image\/png;base64,iVBORw0KGgo/), qrcodeId: expect.stringMatching(/^[0-9a-f]{32}$/), loginToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    const [create] = h.fake.musicuCalls(CREATE);
    expect(create.param).toEqual({ tmeAppID: 'qqmusic', ct: 11, cv: ANDROID_APP_VERSION });
    expect(create.request.comm).toMatchObject({ ct: 23, cv: 0, tmeAppID: 'qqmusic' });
    expect(create.request.cookie).toBe('');

    const [connect] = eventsOf(h, 'connect');
    expect(connect).toMatchObject({
      protocolVersion: 5,
      authenticationMethod: 'pass',
      userProperties: { tmeAppID: 'qqmusic', business: 'management', hashTag: qr.qrcodeId, clientTag: 'management.user', userID: qr.qrcodeId },
      headers: { origin: 'https://y.qq.com', referer: 'https://y.qq.com/' },
    });
    expect(eventsOf(h, 'subscribe')).toEqual([
      { kind: 'subscribe', clientId: connect.clientId, topics: [appQrTopic(qr.qrcodeId)], userProperties: { authorization: 'tmelogin', pubsub: 'unicast' } },
    ]);
    expect((await check({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken }).expect(200)).body).toEqual({ isOk: false, state: 'waiting', message: '等待扫码' });
  });

  it('scanned → the check says scanned; cookies → one exchange with musicid and token, the session to the owner alone', async () => {
    const qr = await issue();
    push(qr.qrcodeId, 'scanned');
    await waitFor(async () => (await stateOf(qr.qrcodeId, qr.loginToken)) === 'scanned', 3000, 'scanned');
    push(qr.qrcodeId, 'cookies');
    const pushedToken = [...secrets].at(-1);
    await waitFor(async () => (await check({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken })).body.isOk === true, 3000, 'logged in');

    const exchanges = h.fake.musicuCalls(LOGIN);
    expect(exchanges).toHaveLength(1);
    expect(exchanges[0].param).toEqual({ musicid: Number(FAKE_APP_MUSICID), qrCodeID: qr.qrcodeId, token: pushedToken });
    expect(exchanges[0].request.comm).toMatchObject({ ct: 11, tmeLoginType: 6 });
    expect(appQrFake(h.fake.state).exchanges).toEqual([{ musicid: Number(FAKE_APP_MUSICID), qrCodeID: qr.qrcodeId, tokenMatched: true }]);

    const res = await check({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken, credential: true }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, state: 'confirmed', session: { loginUin: FAKE_APP_MUSICID, cookieObject: { qqmusic_key: FAKE_MUSICKEY_APP, qqmusic_uin: FAKE_APP_MUSICID } } });
    expect(res.body.credential).toMatchObject({ musicid: FAKE_APP_MUSICID, musickey: FAKE_MUSICKEY_APP });
    // Replay: the id alone is refused, another loginToken too, before anything is asked; no second exchange.
    expect((await check({ qrcodeId: qr.qrcodeId }).expect(410)).body.errorCode).toBe('LOGIN_QR_USED');
    expect((await check({ qrcodeId: qr.qrcodeId, loginToken: 'x'.repeat(32) }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    // The terminal state closed the subscription: the broker saw the DISCONNECT, a second push reaches no one.
    await waitFor(() => eventsOf(h, 'close').some((e) => e.kind === 'close' && e.clean), 3000, 'subscription closed');
    expect(h.fake.broker.subscribers(appQrTopic(qr.qrcodeId))).toBe(0);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
  });

  it('canceled and timeout end the watch: canceled / expired with refresh, the subscription closed', async () => {
    for (const [type, state] of [['canceled', 'canceled'], ['timeout', 'expired']] as const) {
      const qr = await issue();
      push(qr.qrcodeId, type);
      await waitFor(async () => (await stateOf(qr.qrcodeId, qr.loginToken)) === state, 3000, state);
      expect((await check({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken }).expect(200)).body).toMatchObject({ isOk: false, state, refresh: true });
      await waitFor(() => h.fake.broker.subscribers(appQrTopic(qr.qrcodeId)) === 0, 3000, 'unsubscribed');
    }
    expect(eventsOf(h, 'disconnect')).toHaveLength(2);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(0);
  });

  it('loginFailed and a refused exchange answer their error to every check', async () => {
    const qr = await issue();
    push(qr.qrcodeId, 'loginFailed');
    await waitFor(async () => (await check({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken })).status === 502, 3000, 'failed');
    expect((await check({ qrcodeId: qr.qrcodeId }).expect(502)).body).toMatchObject({ errorCode: 'LOGIN_REJECTED' });

    appQrFake(h.fake.state).faults.loginCode = 20279;
    const second = await issue();
    push(second.qrcodeId, 'cookies');
    await waitFor(async () => (await check({ qrcodeId: second.qrcodeId, loginToken: second.loginToken })).status === 403, 3000, 'refused');
    expect((await check({ qrcodeId: second.qrcodeId, loginToken: second.loginToken })).body).toMatchObject({ errorCode: 'LOGIN_DEVICE_LIMIT', upstreamCode: 20279 });
  });

  it('an unknown QR is 403, a malformed id 400; the push service down is 502 LOGIN_PUSH_UNAVAILABLE, no slot kept', async () => {
    expect((await check({ qrcodeId: 'a'.repeat(32) }).expect(403)).body.errorCode).toBe('LOGIN_QR_UNKNOWN');
    expect((await check({ qrcodeId: 'a/#' }).expect(400)).body.errorCode).toBe('BAD_REQUEST');
    h.fake.broker.down = true;
    const res = await h.http().get('/getAppLoginQr').expect(502);
    expect(res.body).toEqual({ error: expect.stringContaining('push service is unavailable'), errorCode: 'LOGIN_PUSH_UNAVAILABLE' });
    expect(h.app.get(AppLoginService).watching).toBe(0);
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^gateway_upstream_calls_total\{host="mu",target="push.subscribe",outcome="push_failed"\} [1-9]\d*$/m);
  });

  it('at most APP_LOGIN_MAX_SUBSCRIPTIONS watches: the next QR is 503 with Retry-After, upstream not asked', async () => {
    await issue();
    await issue();
    const res = await h.http().get('/getAppLoginQr').expect(503);
    expect(res.body.errorCode).toBe('LOGIN_APP_QR_BUSY');
    expect(res.headers['retry-after']).toBe('30');
    expect(h.fake.musicuCalls(CREATE)).toHaveLength(2);
  });

  it('no pushed token, musickey or loginToken in any log line', () => {
    expectNoSecretInLogs(logs, secrets);
  });

  it('shutdown closes every open subscription with a DISCONNECT', async () => {
    await issue();
    const [connect] = eventsOf(h, 'connect');
    closed = true;
    await h.close();
    expect(h.fake.broker.events).toContainEqual({ kind: 'disconnect', clientId: connect.clientId });
  });
});

describe('QQ Music app QR login: expiry and states shared through Redis', () => {
  let a: Harness;
  let b: Harness;
  const credentialKey = `test:app-qr:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey };
    a = await startHarness({ env });
    // b watches its QRs for 1 s only (the expiry case); a keeps the default.
    b = await startHarness({ env: { ...env, APP_LOGIN_QR_TTL_S: '1' } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deleteRedisKeysContaining(credentialKey);
  });

  it('a check on another instance reads the pushed state and gets the session; a QR expires after APP_LOGIN_QR_TTL_S', async () => {
    // Each fake's first QR has the documented example id: both take one first, so the two instances' QRs differ below.
    for (const h of [a, b]) {
      const first = (await h.http().get('/getAppLoginQr').expect(200)).body;
      expect(first.qrcodeId).toBe(FIRST_QRCODE_ID);
      pushAppQr(h.fake.broker, h.fake.state, first.qrcodeId, 'timeout');
    }
    const qr = (await a.http().get('/getAppLoginQr').expect(200)).body;
    const checkB = (body: object) => b.http().post('/checkAppLoginQr').send(body);
    pushAppQr(a.fake.broker, a.fake.state, qr.qrcodeId, 'scanned');
    await waitFor(async () => (await checkB({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken })).body.state === 'scanned', 3000, 'scanned on b');
    pushAppQr(a.fake.broker, a.fake.state, qr.qrcodeId, 'cookies');
    await waitFor(async () => (await checkB({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken })).body.isOk === true, 3000, 'session on b');
    expect((await checkB({ qrcodeId: qr.qrcodeId }).expect(410)).body.errorCode).toBe('LOGIN_QR_USED');
    expect(a.fake.musicuCalls(LOGIN)).toHaveLength(1);
    expect(b.fake.musicuCalls(LOGIN)).toHaveLength(0);

    // A QR nobody scans: b's watch ends at its APP_LOGIN_QR_TTL_S (1 s), closing its subscription; a reads "expired".
    const idle = (await b.http().get('/getAppLoginQr').expect(200)).body;
    const checkA = (body: object) => a.http().post('/checkAppLoginQr').send(body);
    await waitFor(async () => (await checkA({ qrcodeId: idle.qrcodeId, loginToken: idle.loginToken })).body.state === 'expired', 5000, 'expired on a');
    await waitFor(() => b.fake.broker.subscribers(appQrTopic(idle.qrcodeId)) === 0, 3000, 'unsubscribed');
    // The warm-up QR's and the idle one's.
    expect(b.fake.broker.events.filter((e) => e.kind === 'disconnect')).toHaveLength(2);
  });
});
