import { Clock } from '../../src/common/clock';
import { loginFake, qqConfirm, wxConfirm, wxScan } from '../../fake-upstream/handlers/login';
import { Harness, startHarness } from '../support/harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const QQLOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const WXLOGIN = 'music.login.LoginServer.Login';

/**
 * The login module's two in-memory keep-times (docs/login.md): a finished login answers its QR's next check for 120 s,
 * and a WeChat QR's last poll state goes upstream as `last` for 10 min. Both are measured on the injected Clock, which
 * each test freezes and then moves past or short of the bound: no waiting, and no fake timers for the real HTTP.
 */
describe('Login keep-times, on a clock the test moves', () => {
  let h: Harness;
  let setClock: (sinceStart: number) => void;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    // A poll held for a change answers "unchanged" after 20 ms instead of WeChat's ~25 s.
    loginFake(h.fake.state).wxHoldMs = 20;
    const start = performance.now();
    const now = jest.spyOn(h.app.get(Clock), 'now');
    setClock = (sinceStart) => void now.mockReturnValue(start + sinceStart);
    setClock(0);
  });
  afterEach(() => jest.restoreAllMocks());

  const checkMain = (qrsig: string) => h.http().post('/checkMainLoginQr').send({ qrsig });
  const checkAlt = (uuid: string) => h.http().post('/checkAltLoginQr').send({ uuid });
  const newMainQr = async () => ((await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string }).qrsig;
  const newAltQr = async () => ((await h.http().get('/getAltLoginQr').expect(200)).body as { uuid: string }).uuid;

  /** At +119 s the check answers the first session again, without a request upstream. */
  const expectKeptAt119s = async (check: () => ReturnType<typeof checkMain>, firstBody: unknown) => {
    const upstreamCalls = h.fake.requests.length;
    setClock(119 * SECOND);
    expect((await check().expect(200)).body).toEqual(firstBody);
    expect(h.fake.requests).toHaveLength(upstreamCalls);
  };

  describe('a finished login is kept 120 s for its QR', () => {
    it('QQ: the same session at +119 s without asking upstream; at +121 s the check runs the chain again', async () => {
      const qrsig = await newMainQr();
      qqConfirm(h.fake.state, qrsig);
      const first = await checkMain(qrsig).expect(200);
      expect(first.body.isOk).toBe(true);
      await expectKeptAt119s(() => checkMain(qrsig), first.body);

      setClock(121 * SECOND);
      const again = await checkMain(qrsig).expect(200);
      // The fake still reports this QR confirmed, so a forgotten login is a second full one: new p_skey, new session.
      const entry = loginFake(h.fake.state).qq.get(qrsig)!;
      expect(again.body).toMatchObject({ isOk: true, session: { cookieObject: { p_skey: entry.pSkey } } });
      expect(again.body.session.cookie).not.toBe(first.body.session.cookie);
      expect({
        polls: h.fake.requestsTo('ptlogin', '/ptqrlogin').length,
        checkSigs: h.fake.requestsTo('ptloginGraph', '/check_sig').length,
        logins: h.fake.musicuCalls(QQLOGIN).length,
      }).toEqual({ polls: 2, checkSigs: 2, logins: 2 });
    });

    it('WeChat: the same session at +119 s without asking upstream; at +121 s it polls again and the spent code is refused', async () => {
      const uuid = await newAltQr();
      wxConfirm(h.fake.state, uuid);
      const first = await checkAlt(uuid).expect(200);
      expect(first.body).toMatchObject({ isOk: true, errcode: 405 });
      await expectKeptAt119s(() => checkAlt(uuid), first.body);

      setClock(121 * SECOND);
      // WeChat answers the confirmed QR's poll with its code again; the exchange already spent it (fake: code 20261).
      const again = await checkAlt(uuid).expect(502);
      expect(again.body).toEqual({ error: 'QQ Music login failed (code 20261)', errorCode: 'LOGIN_REJECTED', upstreamCode: 20261 });
      const polls = h.fake.requestsTo('wxLp', '/connect/l/qrconnect');
      expect(polls.map((p) => p.query.last)).toEqual([undefined, undefined]);
      const code = loginFake(h.fake.state).wx.get(uuid)!.code;
      expect(h.fake.musicuCalls(WXLOGIN).map((l) => l.param.code)).toEqual([code, code]);
    });
  });

  describe("a WeChat QR's last poll state is sent upstream as `last` for 10 min", () => {
    /** A scanned QR, polled once at the clock's start: the gateway now remembers 404 for it. */
    const scannedAndPolled = async () => {
      const uuid = await newAltQr();
      wxScan(h.fake.state, uuid);
      expect((await checkAlt(uuid).expect(200)).body).toMatchObject({ errcode: 404, state: 'scanned' });
      return uuid;
    };
    const lastSentUpstream = () => h.fake.requestsTo('wxLp', '/connect/l/qrconnect').map((p) => p.query.last);

    it('at +9 min 59 s the next poll sends last=404', async () => {
      const uuid = await scannedAndPolled();
      setClock(9 * MINUTE + 59 * SECOND);
      expect((await checkAlt(uuid).expect(200)).body).toMatchObject({ errcode: 404, state: 'scanned' });
      expect(lastSentUpstream()).toEqual([undefined, '404']);
    });

    it('at +10 min 1 s the next poll sends no last', async () => {
      const uuid = await scannedAndPolled();
      setClock(10 * MINUTE + 1 * SECOND);
      expect((await checkAlt(uuid).expect(200)).body).toMatchObject({ errcode: 404, state: 'scanned' });
      expect(lastSentUpstream()).toEqual([undefined, undefined]);
    });
  });
});
