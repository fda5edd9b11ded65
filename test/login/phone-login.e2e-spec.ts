import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { FAKE_MUSICKEY_PHONE, FAKE_PHONE_MUSICID, FAKE_SECURITY_URL, lastPhoneCode, phoneFake } from '../../fake-upstream/handlers/phone-login';
import { Clock } from '../../src/common/clock';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';
import { deleteRedisKeysContaining, requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * Phone number + SMS code login (docs/login.md "Phone number and SMS code"): the upstream calls, the finished-login
 * rules a code shares with the QR logins, the gateway's own expiry and attempt count, upstream's refusals, and the SMS
 * budgets (decision 032), per number and per address, counted once across two instances sharing Redis.
 */
requireRedis();
const SEND = 'music.login.LoginServer.SendPhoneAuthCode';
const LOGIN = 'music.login.LoginServer.Login';
const ADMIN_TOKEN = 'phone-login-admin-token-0123456789';
/** Every number a test uses and every code it reads: none may reach a log line. */
const secrets = new Set<string>();

/** A valid mainland China mobile number no other test of this run uses (the 138 prefix, as libphonenumber knows it). */
let serial = 0;
const newNumber = (): string => {
  const n = `1380013${String(1000 + (process.pid % 5000) + serial++).padStart(4, '0')}`;
  secrets.add(n);
  return n;
};

describe('Phone number + SMS code login', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    // The default gap and number budget (the harness turns the budgets off); the address budget wide, for the many sends.
    h = await startHarness({ env: { ADMIN_TOKEN, LOG_LEVEL: 'debug', PHONE_CODE_INTERVAL_S: '60', PHONE_CODE_PER_NUMBER_HOURLY: '5', PHONE_CODE_PER_IP_HOURLY: '1000' }, logs });
  });
  afterAll(async () => {
    await h?.close();
  });
  beforeEach(() => h.fake.reset());
  afterEach(() => jest.restoreAllMocks());

  const send = (phone: string, extra: object = {}) => h.http().post('/sendPhoneLoginCode').send({ phone, ...extra });
  const check = (body: object, headers: Record<string, string> = {}) => h.http().post('/checkPhoneLoginCode').set(headers).send(body);
  /** Sends a code and reads it back as the SMS would show it. */
  const sent = async (phone = newNumber()) => {
    const res = await send(phone).expect(200);
    const code = lastPhoneCode(h.fake.state, phone)!;
    secrets.add(code);
    return { phone, code, loginToken: res.body.loginToken as string, body: res.body };
  };

  it('sends the code as the Python project does, then logs in with it: the session to the caller, nothing stored', async () => {
    const { phone, code, loginToken, body } = await sent();
    expect(body).toEqual({ sent: true, loginToken: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/), expiresIn: 300, resendIn: 60 });
    const [sendCall] = h.fake.musicuCalls(SEND);
    expect(sendCall.param).toEqual({ tmeAppid: 'qqmusic', areaCode: '86', phoneNo: phone });
    expect(sendCall.request.musicu![0]).toBeDefined();
    expect(sendCall.request.cookie).toBe('');

    const res = await check({ phone, code, loginToken }).expect(200);
    expect(res.body).toEqual({
      isOk: true,
      message: '登录成功',
      session: {
        loginUin: FAKE_PHONE_MUSICID,
        uin: FAKE_PHONE_MUSICID,
        cookie: `uin=${FAKE_PHONE_MUSICID}; qqmusic_uin=${FAKE_PHONE_MUSICID}; qqmusic_key=${FAKE_MUSICKEY_PHONE}; qm_keyst=${FAKE_MUSICKEY_PHONE}; euin=oKEnc5237**; tmeLoginType=2`,
        cookieList: expect.any(Array),
        cookieObject: expect.objectContaining({ qqmusic_key: FAKE_MUSICKEY_PHONE }),
      },
    });
    const [login] = h.fake.musicuCalls(LOGIN);
    expect(login.param).toEqual({ code, loginMode: 1, phoneNo: phone });
    expect(login.request.cookie).toBe('');
  });

  it('the comm of both calls is the Android one with the SMS login method (login type 0 on the login)', async () => {
    const { phone, code, loginToken } = await sent();
    await check({ phone, code, loginToken }).expect(200);
    const comm = (target: string) => JSON.parse(h.fake.musicuCalls(target)[0].request.body).comm;
    expect(comm(SEND)).toMatchObject({ ct: 11, tmeAppID: 'qqmusic', tmeLoginMethod: 3, QIMEI36: expect.any(String) });
    expect(comm(SEND)).not.toHaveProperty('tmeLoginType');
    expect(comm(LOGIN)).toMatchObject({ ct: 11, tmeLoginMethod: 3, tmeLoginType: 0 });
    expect(h.fake.musicuCalls(SEND)[0].request.headers['user-agent']).toMatch(/^QQMusic \d+\(android /);
  });

  it('a used code: its loginToken gets the same session again without upstream, anyone else 410 or 403', async () => {
    const { phone, code, loginToken } = await sent();
    const first = await check({ phone, code, loginToken, credential: true }).expect(200);
    expect(first.body.credential).toMatchObject({ musicid: FAKE_PHONE_MUSICID, musickey: FAKE_MUSICKEY_PHONE, loginType: 2 });
    const calls = h.fake.requests.length;
    expect((await check({ phone, code, loginToken }).expect(200)).body).toEqual({ ...first.body, credential: undefined });
    expect(await check({ phone, code }).expect(410)).toMatchObject({ body: { errorCode: 'LOGIN_CODE_USED', error: expect.stringContaining('already used') } });
    const other = await check({ phone, code, loginToken: 'x'.repeat(32) }).expect(403);
    expect(other.body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');
    expect(h.fake.requests).toHaveLength(calls);
  });

  it('with the admin token the login is stored as the gateway\'s own, with its credential', async () => {
    const { phone, code, loginToken } = await sent();
    const res = await check({ phone, code, loginToken }, { Authorization: `Bearer ${ADMIN_TOKEN}` }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: true });
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_PHONE_MUSICID, credential: { musickey: FAKE_MUSICKEY_PHONE } });
  });

  it('a wrong code is 401 LOGIN_CODE_WRONG and the right one still logs in', async () => {
    const { phone, code, loginToken } = await sent();
    const wrong = code === '000000' ? '000001' : '000000';
    expect((await check({ phone, code: wrong, loginToken }).expect(401)).body).toEqual({ error: 'The login code is wrong (code 20271)', errorCode: 'LOGIN_CODE_WRONG', upstreamCode: 20271 });
    await check({ phone, code, loginToken }).expect(200);
  });

  it('past PHONE_CODE_MAX_ATTEMPTS (5) checks of one code, 429 LOGIN_CODE_ATTEMPTS before upstream, even for the right code', async () => {
    const { phone, code, loginToken } = await sent();
    for (let i = 0; i < 5; i++) await check({ phone, code: `99999${i}` === code ? '888888' : `99999${i}`, loginToken }).expect(401);
    const calls = h.fake.requests.length;
    const res = await check({ phone, code, loginToken }).expect(429);
    expect(res.body).toEqual({ error: expect.stringContaining('send a new code'), errorCode: 'LOGIN_CODE_ATTEMPTS' });
    expect(h.fake.requests).toHaveLength(calls);
  });

  it('a code is taken for PHONE_CODE_TTL_S (300 s) after its send, then 410 LOGIN_CODE_EXPIRED without upstream', async () => {
    const start = performance.now();
    const now = jest.spyOn(h.app.get(Clock), 'now').mockReturnValue(start);
    const { phone, code, loginToken } = await sent();
    now.mockReturnValue(start + 301_000);
    const calls = h.fake.requests.length;
    expect((await check({ phone, code, loginToken }).expect(410)).body.errorCode).toBe('LOGIN_CODE_EXPIRED');
    // A number no code was sent to by this gateway is the same answer.
    expect((await check({ phone: newNumber(), code: '123456' }).expect(410)).body.errorCode).toBe('LOGIN_CODE_EXPIRED');
    expect(h.fake.requests).toHaveLength(calls);
  });

  it('upstream\'s refusals are told apart: captcha, upstream limits, verification, expiry', async () => {
    phoneFake(h.fake.state).faults.sendCode = 20276;
    const captcha = await send(newNumber()).expect(403);
    expect(captcha.body).toEqual({ error: expect.stringContaining('captcha'), errorCode: 'LOGIN_CAPTCHA_REQUIRED', upstreamCode: 20276, securityUrl: FAKE_SECURITY_URL });
    phoneFake(h.fake.state).faults.sendCode = 100001;
    const limited = await send(newNumber()).expect(429);
    expect(limited.body).toMatchObject({ errorCode: 'LOGIN_UPSTREAM_LIMITED', upstreamCode: 100001 });
    expect(limited.headers['retry-after']).toBe('60');
    phoneFake(h.fake.state).faults.sendCode = undefined;

    const cases: [number, number, string][] = [
      [104604, 429, 'LOGIN_UPSTREAM_LIMITED'],
      [20274, 403, 'LOGIN_VERIFY_REQUIRED'],
      [20277, 403, 'LOGIN_ACCOUNT_RESTRICTED'],
      [20279, 403, 'LOGIN_DEVICE_LIMIT'],
      [104400, 410, 'LOGIN_CODE_EXPIRED'],
      [20261, 502, 'LOGIN_REJECTED'],
      // A code every route answers alike (src/common/upstream-codes.ts).
      [2001, 503, 'UPSTREAM_RATE_LIMITED'],
    ];
    for (const [upstreamCode, status, errorCode] of cases) {
      const { phone, code, loginToken } = await sent();
      phoneFake(h.fake.state).faults.loginCode = upstreamCode;
      const res = await check({ phone, code, loginToken });
      expect({ status: res.status, body: res.body }).toEqual({ status, body: expect.objectContaining({ errorCode, upstreamCode }) });
      phoneFake(h.fake.state).faults.loginCode = undefined;
    }
  });

  it('a bad number or code is 400 naming it, before any budget or upstream call', async () => {
    const bad: [object, RegExp][] = [
      [{}, /phone is required/],
      [{ phone: 13800138000 }, /phone must be a string/],
      [{ phone: '+8613800138000' }, /phone must be the national number/],
      [{ phone: '12345' }, /not a valid phone number of countryCode/],
      [{ phone: '13800138000', countryCode: 0 }, /countryCode must be between 1 and 999/],
      [{ phone: '13800138000', countryCode: 'x86' }, /countryCode must be an integer/],
      [{ phone: '13800138000', countryCode: 1 }, /not a valid phone number of countryCode/],
    ];
    for (const [body, error] of bad) {
      const res = await h.http().post('/sendPhoneLoginCode').send(body);
      expect({ body, status: res.status, res: res.body }).toEqual({ body, status: 400, res: { error: expect.stringMatching(error), errorCode: 'BAD_REQUEST' } });
    }
    for (const body of [{ phone: '13800138000' }, { phone: '13800138000', code: 'abcdef' }, { phone: '13800138000', code: 123456 }]) {
      expect((await check(body).expect(400)).body).toMatchObject({ error: expect.stringMatching(/code/), errorCode: 'BAD_REQUEST' });
    }
    expect(h.fake.requests).toEqual([]);
  });

  it('PHONE_CODE_INTERVAL_S: a second code to one number within 60 s is 429 PHONE_CODE_TOO_SOON with Retry-After, upstream not asked', async () => {
    const phone = newNumber();
    await send(phone).expect(200);
    const res = await send(phone).expect(429);
    expect(res.body).toEqual({ error: expect.stringContaining('less than 60 s ago'), errorCode: 'PHONE_CODE_TOO_SOON' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(h.fake.musicuCalls(SEND)).toHaveLength(1);
  });

  it('no phone number nor code in any log line', () => {
    expectNoSecretInLogs(logs, secrets);
  });
});

describe('SMS budgets shared by two instances through Redis', () => {
  let a: Harness;
  let b: Harness;
  const credentialKey = `test:phone-login:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    const env = { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey, PHONE_CODE_INTERVAL_S: '0', PHONE_CODE_PER_NUMBER_HOURLY: '2', PHONE_CODE_PER_IP_HOURLY: '4' };
    a = await startHarness({ env });
    b = await startHarness({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await deleteRedisKeysContaining(credentialKey);
  });

  const send = (g: Harness, phone: string) => g.http().post('/sendPhoneLoginCode').send({ phone });

  it('per number and per address, whichever instance is asked; a code sent by one is checked on the other', async () => {
    const x = newNumber();
    const first = await send(a, x).expect(200);
    await send(b, x).expect(200);
    const refused = await send(a, x).expect(429);
    expect(refused.body).toEqual({ error: expect.stringContaining('at most 2 an hour'), errorCode: 'PHONE_CODE_NUMBER_BUDGET' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(a.fake.musicuCalls(SEND).length + b.fake.musicuCalls(SEND).length).toBe(2);

    // The second send (on b) bound the number to its own loginToken: the first one's no longer checks it.
    expect((await b.http().post('/checkPhoneLoginCode').send({ phone: x, code: '123456', loginToken: first.body.loginToken }).expect(403)).body.errorCode).toBe('LOGIN_TOKEN_MISMATCH');

    // Three requests from this address so far (the refused one counts): one more passes, the next is refused.
    const y = newNumber();
    const sentY = await send(b, y).expect(200);
    const ip = await send(a, newNumber()).expect(429);
    expect(ip.body).toEqual({ error: expect.stringContaining('from this address'), errorCode: 'PHONE_CODE_IP_BUDGET' });
    expect(Number(ip.headers['retry-after'])).toBeGreaterThan(3000);

    const code = lastPhoneCode(b.fake.state, y)!;
    const login = await a.http().post('/checkPhoneLoginCode').send({ phone: y, code, loginToken: sentY.body.loginToken });
    // a's fake never sent this code: upstream (a's fake) refuses it, which proves a took b's send record.
    expect({ status: login.status, errorCode: login.body.errorCode }).toEqual({ status: 401, errorCode: 'LOGIN_CODE_WRONG' });
  });
});
