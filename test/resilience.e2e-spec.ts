import { Harness, startHarness } from './support/harness';

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
    h = await startHarness();
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
