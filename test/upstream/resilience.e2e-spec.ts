import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';

describe('Retries for idempotent reads', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_RETRIES: '2' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('retries a 5xx read with backoff and succeeds', async () => {
    h.fake.fault({ kind: 'status', status: 503 }, { host: 'u', times: 2 });
    const res = await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(res.body.data.songInfoList).toHaveLength(2);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(3);
  });

  it('retries a reset connection', async () => {
    h.fake.fault({ kind: 'reset' }, { host: 'u', times: 1 });
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2);
  });

  it('gives up after the bounded number of retries', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    await h.http().get('/getRanks?topId=4&limit=2').expect(502);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(3);
  });

  it('does not retry answers that are not transport failures (4xx, business codes)', async () => {
    h.fake.fault({ kind: 'status', status: 404 }, { host: 'u', times: 1 });
    await h.http().get('/getRanks?topId=4&limit=2').expect(502);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
  });
});

describe('Circuit breaker per upstream host', () => {
  let h: Harness;
  beforeAll(async () => {
    // The breaker counts every call to u in its window: no identity warm-up call may count towards it.
    h = await startHarness({ warmIdentity: false });
  });
  afterAll(() => h.close());

  it('stops calling a failing host and answers 503 UPSTREAM_CIRCUIT_OPEN; other hosts are unaffected', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    for (let i = 0; i < 20; i++) {
      await h.http().get(`/getRanks?topId=4&limit=2&i=${i}`).expect(502);
    }
    const before = h.fake.requestsTo('u').length;
    const res = await h.http().get('/getRanks?topId=4&limit=2').expect(503);
    expect(res.body.errorCode).toBe('UPSTREAM_CIRCUIT_OPEN');
    expect(res.headers['retry-after']).toBe('10');
    expect(h.fake.requestsTo('u').length).toBe(before);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).toContain('gateway_upstream_breaker_open{host="u"} 1');
    // avatar needs no upstream; the process keeps serving
    await h.http().get('/user/getUserAvatar?uin=1').expect(200);
  });
});

describe('Circuit breaker: the half-open probe', () => {
  let h: Harness;
  const gauge = async (host: string): Promise<number | undefined> => {
    const m = new RegExp(`gateway_upstream_breaker_open\\{host="${host}"\\} ([0-9.]+)`).exec((await h.http().get('/metrics')).text);
    return m ? Number(m[1]) : undefined;
  };
  const openCircuit = async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    for (let i = 0; i < 20; i++) await h.http().get(`/getRanks?topId=4&limit=2&i=${i}`).expect(502);
    expect(await gauge('u')).toBe(1);
    // resetTimeout is 10 s: polled, not slept
    await waitFor(async () => (await gauge('u')) === 0.5, 12_000, 'the circuit to go half-open');
  };
  // A fresh app (and breaker) per test: each starts from a closed circuit.
  beforeEach(async () => {
    h = await startHarness({ warmIdentity: false, env: { UPSTREAM_TIMEOUT_MS: '3000' } });
  });
  afterEach(() => h.close());

  it('stays open when the probe’s client hangs up while the host still hangs (a hang-up says nothing of health)', async () => {
    await openCircuit();
    h.fake.clearFaults();
    h.fake.fault({ kind: 'hang' }, { host: 'u' });
    const before = h.fake.requestsTo('u').length;
    const probe = clientThatLeaves(h, '/getRanks?topId=4&limit=2&probe=1');
    await waitFor(() => h.fake.requestsTo('u').length === before + 1, 2000, 'the probe to reach upstream');
    await probe.leave();
    await waitFor(async () => (await gauge('u')) === 1, 2000, 'the circuit to open again');
    // The next caller fails fast instead of waiting on the hung host.
    const res = await h.http().get('/getRanks?topId=4&limit=2&next=1').expect(503);
    expect(res.body.errorCode).toBe('UPSTREAM_CIRCUIT_OPEN');
    expect(h.fake.requestsTo('u').length).toBe(before + 1);
  }, 120_000);

  it('closes when the probe succeeds', async () => {
    await openCircuit();
    h.fake.clearFaults();
    await h.http().get('/getRanks?topId=4&limit=2&probe=2').expect(200);
    expect(await gauge('u')).toBe(0);
    await h.http().get('/getRanks?topId=4&limit=2&after=1').expect(200);
  }, 120_000);
});

describe('Circuit breaker: what does not count as a failure', () => {
  let h: Harness;
  const metric = async (series: string): Promise<number | undefined> => {
    const line = (await h.http().get('/metrics')).text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  // A fresh app (and breakers) per test: each starts from closed circuits.
  beforeEach(async () => {
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '3000', ALT_LOGIN_POLL_TIMEOUT_MS: '100' } });
  });
  afterEach(() => h.close());

  it('clients hanging up on a closed circuit (20+, every call) do not open it: a hang-up says nothing of the host', async () => {
    h.fake.fault({ kind: 'hang' }, { host: 'u' });
    for (let i = 0; i < 20; i++) {
      const before = h.fake.requestsTo('u').length;
      const client = clientThatLeaves(h, `/getRanks?topId=4&limit=2&gone=${i}`);
      await waitFor(() => h.fake.requestsTo('u').length === before + 1, 2000, 'the call to reach upstream');
      await client.leave();
    }
    // each abandoned call has been settled by the breaker (the metric is counted after it)
    await waitFor(async () => (await metric(`gateway_upstream_calls_total{host="u",target="${DETAIL}",outcome="aborted"}`)) === 20, 3000, 'the 20 aborted calls');
    expect(await metric('gateway_upstream_breaker_open{host="u"}')).toBe(0);
    h.fake.clearFaults();
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  }, 120_000);

  it('WeChat long polls ending without news (20+ timeouts) never open a circuit: that is their normal answer', async () => {
    const { body: qr } = await h.http().get('/getAltLoginQr').expect(200);
    h.fake.fault({ kind: 'hang' }, { host: 'wxLp' });
    for (let i = 0; i < 21; i++) {
      const res = await h.http().post('/checkAltLoginQr').send({ uuid: qr.uuid }).expect(200);
      expect({ i, state: res.body.state, isOk: res.body.isOk }).toEqual({ i, state: 'waiting', isOk: false });
    }
    // Every poll was made and ended as a long poll does, none refused by a circuit. Counted by the gateway: a poll that
    // CPU load ends before the fake has logged it counts there too.
    const lines = (await h.http().get('/metrics')).text.split('\n').filter((l) => l.startsWith('gateway_upstream_calls_total{host="wxLp"'));
    const outcomes = (kind: string) => lines.filter((l) => l.includes(`outcome="${kind}"`)).reduce((n, l) => n + Number(l.split(' ').pop()), 0);
    expect({ timeout: outcomes('timeout'), circuitOpen: outcomes('circuit_open') }).toEqual({ timeout: 21, circuitOpen: 0 });
    expect(h.fake.requestsTo('wxLp').length).toBeLessThanOrEqual(21);
    expect(await metric('gateway_upstream_breaker_open{host="wxLp"}')).not.toBe(1);
  }, 60_000); // 21 polls of 100 ms each
});

describe('Per-host isolation', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_MAX_CONCURRENCY: '2', UPSTREAM_TIMEOUT_MS: '3000' } });
  });
  afterAll(() => h.close());

  it('a musicu host holding every socket (with calls queued behind) never delays a c.y.qq.com call', async () => {
    h.fake.hold(DETAIL);
    const stuck = [2, 3, 4, 5, 6].map((limit) => h.http().get(`/getRanks?topId=4&limit=${limit}`).then((r) => r.status));
    await waitFor(() => h.fake.musicuCalls(DETAIL).length === 2, 2000, 'both musicu sockets to be held');
    // Answered while every u socket is still held (they are held until released below): u never delayed it.
    await h.http().get('/getSmartbox?key=jay').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2); // the other three still queue for u
    h.fake.release(DETAIL);
    expect(await Promise.all(stuck)).toEqual([200, 200, 200, 200, 200]);
  });
});
