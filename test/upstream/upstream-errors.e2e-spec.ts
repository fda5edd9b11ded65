import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';

/** Each upstream failure maps to a status and errorCode a client can act on; the process keeps serving. */
describe('Upstream failures map to clear HTTP errors', () => {
  let h: Harness;
  beforeAll(async () => {
    // Generous, so that CPU load never turns a fault case or a recovery into a 504; the slow case lowers it.
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '10000' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const ranks = () => h.http().get('/getRanks?topId=4&limit=2');

  it('a slow upstream → 504 UPSTREAM_TIMEOUT within the configured bound', async () => {
    // Far slower than the bound (the fake stops waiting when the gateway hangs up), so only the bound can end it.
    h.fake.fault({ kind: 'latency', ms: 60_000 }, { host: 'u', times: 1 });
    const started = Date.now();
    const res = await withUpstreamTimeout(h, 300, () => ranks().expect(504));
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(res.body).toEqual({ error: expect.stringContaining('did not answer within 300 ms'), errorCode: 'UPSTREAM_TIMEOUT' });
    await ranks().expect(200);
  });

  it.each([
    [{ kind: 'status', status: 500 } as const, 'UPSTREAM_BAD_STATUS', 'HTTP 500'],
    [{ kind: 'status', status: 404 } as const, 'UPSTREAM_BAD_STATUS', 'HTTP 404'],
    [{ kind: 'garbage' } as const, 'UPSTREAM_BAD_RESPONSE', 'not JSON'],
    [{ kind: 'html' } as const, 'UPSTREAM_BAD_RESPONSE', 'not JSON'],
    [{ kind: 'truncated' } as const, 'UPSTREAM_BAD_RESPONSE', 'not JSON'],
    [{ kind: 'reset' } as const, 'UPSTREAM_UNREACHABLE', 'unreachable'],
  ])('%j → 502 %s, then recovers', async (fault, errorCode, text) => {
    h.fake.fault(fault, { host: 'u', times: 1 });
    const res = await ranks().expect(502);
    expect(res.body.errorCode).toBe(errorCode);
    expect(res.body.error).toContain(text);
    expect(res.body.error).not.toMatch(/at \w+ \(|stack/i);
    await ranks().expect(200);
  });

  it.each([
    [1000, 401, 'LOGIN_EXPIRED'],
    [104400, 401, 'LOGIN_EXPIRED'],
    [104401, 401, 'LOGIN_EXPIRED'],
    [2000, 502, 'UPSTREAM_SIGNATURE_REQUIRED'],
    [2001, 503, 'UPSTREAM_RATE_LIMITED'],
    [20274, 403, 'UPSTREAM_DEVICE_LIMIT'],
    [104009, 502, 'UPSTREAM_DEVICE_IDENTITY_REQUIRED'],
    [500001, 502, 'UPSTREAM_ERROR'],
  ])('top-level business code %i → %i %s', async (code, status, errorCode) => {
    h.fake.fault({ kind: 'business', code }, { host: 'u' });
    const res = await ranks().expect(status);
    expect(res.body).toEqual({ error: expect.stringContaining(`code ${code}`), errorCode, upstreamCode: code });
    if (status === 503) expect(res.headers['retry-after']).toBe('30');
    // account and quota codes are final; only other codes try the fallback module (2000: each also once signed)
    const fallbacks = h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail').filter((c) => c.request.path === '/cgi-bin/musicu.fcg').length;
    const final = status === 401 || status === 403 || status === 503 || code === 104009;
    expect(fallbacks).toBe(final ? 0 : 1);
    h.fake.clearFaults();
    await ranks().expect(200);
  });

  it('a failing key inside an answer whose top-level code is 0 is still an error', async () => {
    h.fake.fault({ kind: 'business', code: 1000 }, { module: 'music.musicToplist.Toplist.GetAll' });
    const res = await h.http().get('/getRanks').expect(401);
    expect(res.body.upstreamCode).toBe(1000);
  });

  it('connection refused → 502 UPSTREAM_UNREACHABLE', async () => {
    const dead = await startHarness({ env: { UPSTREAM_U_ORIGIN: 'http://127.0.0.1:9' } });
    try {
      const res = await dead.http().get('/getRanks?topId=4').expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_UNREACHABLE');
    } finally {
      await dead.close();
    }
  });

  it('unknown routes, invalid JSON bodies and oversized bodies are JSON 4xx', async () => {
    const notFound = await h.http().get('/no/such/route').expect(404);
    expect(notFound.body).toEqual({ error: 'Cannot GET /no/such/route', errorCode: 'NOT_FOUND' });
    const badJson = await h.http().post('/getRanks').set('Content-Type', 'application/json').send('{bad').expect(400);
    expect(badJson.body.errorCode).toBe('BAD_REQUEST');
    const big = await h
      .http()
      .post('/getRanks')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ x: 'a'.repeat(200_000) }))
      .expect(413);
    expect(big.body).toEqual({ error: 'Request body is too large', errorCode: 'PAYLOAD_TOO_LARGE' });
  });
});

describe('An upstream answer larger than UPSTREAM_MAX_BODY_MB', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_MAX_BODY_MB: '1', UPSTREAM_RETRIES: '2' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it.each([
    ['announced by Content-Length', false],
    ['streamed without a length', true],
  ])('%s → 502 UPSTREAM_BAD_RESPONSE as it arrives, not retried; the gateway keeps serving', async (_how, chunked) => {
    h.fake.fault({ kind: 'huge', bytes: 3 * 2 ** 20, chunked }, { host: 'u', times: 3 });
    const res = await h.http().get('/getRanks?topId=4&limit=2').expect(502);
    expect(res.body).toEqual({ error: expect.stringContaining('answered more than 1 MB'), errorCode: 'UPSTREAM_BAD_RESPONSE' });
    expect(h.fake.requestsTo('u', '/cgi-bin/musicu.fcg')).toHaveLength(1);
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });
});

describe('A hung upstream holding every socket of its host (UPSTREAM_MAX_CONCURRENCY=2)', () => {
  /** Long enough that 4 of them hold any load's slack, far below the 8 that calls queued in turn would take. */
  const QUEUE_BOUND_MS = 3000;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_MAX_CONCURRENCY: '2', UPSTREAM_TIMEOUT_MS: String(QUEUE_BOUND_MS) } });
  });
  afterAll(() => h.close());

  it('queued calls count their wait for a socket against UPSTREAM_TIMEOUT_MS: 16 at once all end in one timeout, not eight in turn', async () => {
    h.fake.fault({ kind: 'hang' }, { host: 'u' });
    const started = Date.now();
    const limits = Array.from({ length: 16 }, (_, i) => 11 + i);
    const answers = await Promise.all(limits.map((limit) => h.http().get(`/getRanks?topId=62&limit=${limit}`)));
    const elapsed = Date.now() - started;
    expect(answers.map((a) => a.body.errorCode)).toEqual(answers.map(() => 'UPSTREAM_TIMEOUT'));
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 504));
    // One timeout plus slack for a loaded machine; queued in turn behind the hung sockets, the last pair would end
    // after 8 timeouts.
    expect(elapsed).toBeLessThan(4 * QUEUE_BOUND_MS);
    h.fake.clearFaults();
    await h.http().get('/getRanks?topId=62&limit=2').expect(200);
  }, 60_000);
});
