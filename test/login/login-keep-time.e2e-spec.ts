import { Clock } from '../../src/common/clock';
import { loginFake, qqConfirm, wxConfirm, wxScan } from '../../fake-upstream/handlers/login';
import { Harness, startHarness } from '../support/harness';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const QQLOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const WXLOGIN = 'music.login.LoginServer.Login';

/**
 * The login module's in-memory keep-times (docs/login.md): a finished login answers its owner's next check for 120 s
 * and its QR stays known as used for 10 min, and a WeChat QR's last poll state goes upstream as `last` for 10 min. Both are measured on the injected Clock, which
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

  const checkMain = (qrsig: string, loginToken?: string) => h.http().post('/checkMainLoginQr').send({ qrsig, loginToken });
  const checkAlt = (uuid: string, loginToken?: string) => h.http().post('/checkAltLoginQr').send({ uuid, loginToken });
  const newMainQr = async () => (await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string; loginToken: string };
  const newAltQr = async () => (await h.http().get('/getAltLoginQr').expect(200)).body as { uuid: string; loginToken: string };

  /** At +119 s the check answers the first session again, without a request upstream. */
  const expectKeptAt119s = async (check: () => ReturnType<typeof checkMain>, firstBody: unknown) => {
    const upstreamCalls = h.fake.requests.length;
    setClock(119 * SECOND);
    expect((await check().expect(200)).body).toEqual(firstBody);
    expect(h.fake.requests).toHaveLength(upstreamCalls);
  };

  describe('a finished login is kept 120 s for its QR (with its loginToken), and the QR known as used for 10 min', () => {
    const USED = { error: expect.stringContaining('already used'), errorCode: 'LOGIN_QR_USED' };

    it('QQ: the same session at +119 s without asking upstream; at +121 s and +9 min 59 s 410, never a second chain', async () => {
      const { qrsig, loginToken } = await newMainQr();
      qqConfirm(h.fake.state, qrsig);
      const first = await checkMain(qrsig, loginToken).expect(200);
      expect(first.body.isOk).toBe(true);
      await expectKeptAt119s(() => checkMain(qrsig, loginToken), first.body);

      // The fake still reports this QR confirmed: a forgotten login would be a second full one (new p_skey, session).
      const upstreamCalls = h.fake.requests.length;
      setClock(121 * SECOND);
      expect((await checkMain(qrsig, loginToken).expect(410)).body).toEqual(USED);
      setClock(9 * MINUTE + 59 * SECOND);
      expect((await checkMain(qrsig).expect(410)).body).toEqual(USED);
      expect(h.fake.requests).toHaveLength(upstreamCalls);
      expect(h.fake.musicuCalls(QQLOGIN)).toHaveLength(1);
    }, 120_000);

    it('WeChat: the same session at +119 s without asking upstream; at +121 s and +9 min 59 s 410, no poll, no exchange', async () => {
      const { uuid, loginToken } = await newAltQr();
      wxConfirm(h.fake.state, uuid);
      const first = await checkAlt(uuid, loginToken).expect(200);
      expect(first.body).toMatchObject({ isOk: true, errcode: 405 });
      await expectKeptAt119s(() => checkAlt(uuid, loginToken), first.body);

      const upstreamCalls = h.fake.requests.length;
      setClock(121 * SECOND);
      expect((await checkAlt(uuid, loginToken).expect(410)).body).toEqual(USED);
      setClock(9 * MINUTE + 59 * SECOND);
      expect((await checkAlt(uuid).expect(410)).body).toEqual(USED);
      expect(h.fake.requests).toHaveLength(upstreamCalls);
      expect(h.fake.musicuCalls(WXLOGIN)).toHaveLength(1);
    }, 120_000);
  });

  describe("a WeChat QR's last poll state is sent upstream as `last` for 10 min", () => {
    /** A scanned QR, polled once at the clock's start: the gateway now remembers 404 for it. */
    const scannedAndPolled = async () => {
      const { uuid } = await newAltQr();
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
