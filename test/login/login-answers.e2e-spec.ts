import { loginFake, qqConfirm, qqExpire, qqRefuse, qqScan, wxCancel, wxConfirm, wxExpire, wxScan } from '../../fake-upstream/handlers/login';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { type Harness, startHarness } from '../support/harness';

/**
 * Every branch of the login checks' declared answers (decision 021): each poll state and the logged-in session, on
 * both channels, validated against the `anyOf` member it must match (the documented examples show one each).
 */
describe('login answers match their declared schemas, every poll state and the session', () => {
  let h: Harness;
  let validate: AnswerValidator;
  beforeAll(async () => {
    h = await startHarness({ env: { ALT_LOGIN_POLL_TIMEOUT_MS: '300' } });
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const mainQr = async () => (await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string };
  const altQr = async () => (await h.http().get('/getAltLoginQr').expect(200)).body as { uuid: string };

  it.each([
    ['waiting', null],
    ['scanned', qqScan],
    ['expired', qqExpire],
    ['refused', qqRefuse],
  ] as const)('QQ poll state %s is a MainPollState', async (state, drive) => {
    const { qrsig } = await mainQr();
    drive?.(h.fake.state, qrsig);
    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(200);
    expect(res.body.state).toBe(state);
    expect(validate('POST /checkMainLoginQr', res.body, { member: 'MainPollState' })).toEqual([]);
    expect(h.fake.requestsTo('ptlogin', '/ptqrlogin')).toHaveLength(1);
  });

  it('a confirmed QQ login is a MainLoggedIn, and its QR answer a MainQrAnswer', async () => {
    const qr = await mainQr();
    expect(validate('GET /getMainLoginQr', qr)).toEqual([]);
    qqConfirm(h.fake.state, qr.qrsig);
    const res = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig }).expect(200);
    expect(res.body.isOk).toBe(true);
    expect(validate('POST /checkMainLoginQr', res.body, { member: 'MainLoggedIn' })).toEqual([]);
    expect(h.fake.musicuCalls('QQConnectLogin.LoginServer.QQLogin')).toHaveLength(1);
  });

  it.each([
    ['waiting', null],
    ['scanned', wxScan],
    ['cancelled', wxCancel],
    ['expired', wxExpire],
  ] as const)('WeChat poll state %s is an AltPollState', async (state, drive) => {
    const { uuid } = await altQr();
    loginFake(h.fake.state).wxHoldMs = 20;
    drive?.(h.fake.state, uuid);
    const res = await h.http().post('/checkAltLoginQr').send({ uuid }).expect(200);
    expect(res.body.state).toBe(state);
    expect(validate('POST /checkAltLoginQr', res.body, { member: 'AltPollState' })).toEqual([]);
    expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')).toHaveLength(1);
  });

  it('a WeChat poll ended by the gateway bound (timeout: true) is an AltPollState', async () => {
    const { uuid } = await altQr();
    const res = await h.http().post('/checkAltLoginQr').send({ uuid }).expect(200);
    expect(res.body).toMatchObject({ errcode: 408, timeout: true });
    expect(validate('POST /checkAltLoginQr', res.body, { member: 'AltPollState' })).toEqual([]);
    expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')).toHaveLength(1);
  });

  it('a confirmed WeChat login is an AltLoggedIn', async () => {
    const { uuid } = await altQr();
    loginFake(h.fake.state).wxHoldMs = 20;
    wxConfirm(h.fake.state, uuid);
    const res = await h.http().post('/checkAltLoginQr').send({ uuid }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, errcode: 405 });
    expect(validate('POST /checkAltLoginQr', res.body, { member: 'AltLoggedIn' })).toEqual([]);
    expect(h.fake.requestsTo('wxLp', '/connect/l/qrconnect')).toHaveLength(1);
  });

  it('a session with a field of another type fails MainLoggedIn', async () => {
    const session = { loginUin: 'o1', uin: 'o1', cookie: 'uin=o1', cookieList: ['uin=o1'], cookieObject: { uin: 'o1' } };
    expect(validate('POST /checkMainLoginQr', { isOk: true, message: 'ok', session }, { member: 'MainLoggedIn' })).toEqual([]);
    expect(validate('POST /checkMainLoginQr', { isOk: true, message: 'ok', session: { ...session, cookieList: 'uin=o1' } }, { member: 'MainLoggedIn' })).not.toEqual([]);
    expect(validate('POST /checkMainLoginQr', { isOk: false, state: 'gone', code: 66, message: '', refresh: false }, { member: 'MainPollState' })).not.toEqual([]);
  });
});
