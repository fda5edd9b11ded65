import { connect } from 'node:net';
import type { Response } from 'supertest';
import { Harness, startHarness, waitFor } from '../support/harness';

/**
 * What upstream answers may cost in memory: one answer is capped by UPSTREAM_MAX_BODY_MB, all answers being read at
 * once by UPSTREAM_BODY_BUDGET_MB (docs/operations.md "Resilience"). The fake's `padded` answers are real chart
 * answers padded to a size; with `hold` their second half waits for releasePadded(), so the tests know exactly which
 * answers are half-read at once.
 */

// Megabytes through loopback on a busy machine: generous, never relied on (the fake's hold orders the tests).
jest.setTimeout(30_000);

const IN_FLIGHT = 'gateway_upstream_body_bytes_in_flight';
const MUSICU = { host: 'u', path: '/cgi-bin/musicu.fcg' } as const;

/** The gauge of upstream answer bytes held right now (undefined when /metrics has no such series). */
const bytesInFlight = async (h: Harness): Promise<number | undefined> => {
  const text = (await h.http().get('/metrics').expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith(`${IN_FLIGHT} `));
  return line === undefined ? undefined : Number(line.slice(IN_FLIGHT.length + 1));
};

/** Six distinct chart reads (distinct limits: nothing is shared), started at once. */
const sixAtOnce = (h: Harness): Promise<Response>[] => Array.from({ length: 6 }, (_, i) => h.http().get(`/getRanks?topId=4&limit=${11 + i}`).then((r) => r));

describe('UPSTREAM_MAX_BODY_MB is sized to real answers (default 4 MB)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('a 5 MB answer is a 502 UPSTREAM_BAD_RESPONSE; a 3 MB one (past any real answer) still goes through', async () => {
    h.fake.fault({ kind: 'padded', bytes: 5 * 2 ** 20 }, { ...MUSICU, times: 1 });
    const big = await h.http().get('/getRanks?topId=4&limit=2').expect(502);
    expect(big.body).toEqual({ error: expect.stringContaining('answered more than 4 MB (UPSTREAM_MAX_BODY_MB)'), errorCode: 'UPSTREAM_BAD_RESPONSE' });
    h.fake.fault({ kind: 'padded', bytes: 3 * 2 ** 20, chunked: true }, { ...MUSICU, times: 1 });
    const fits = await h.http().get('/getRanks?topId=4&limit=3').expect(200);
    expect(fits.body.data.songInfoList.length).toBeGreaterThan(0);
    expect(await bytesInFlight(h)).toBe(0);
  });
});

describe('UPSTREAM_BODY_BUDGET_MB bounds the bytes of all answers read at once (budget 2 MB, answers of 700 000 bytes)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_MAX_BODY_MB: '1', UPSTREAM_BODY_BUDGET_MB: '2', UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_RETRIES: '2' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const busy = {
    error: 'The gateway already holds 2 MB of upstream answers (UPSTREAM_BODY_BUDGET_MB); retry shortly',
    errorCode: 'UPSTREAM_BUSY',
  };

  it('announced by Content-Length: two fit and are answered, the other four are refused at once with 503 UPSTREAM_BUSY', async () => {
    h.fake.fault({ kind: 'padded', bytes: 700_000, hold: true }, { ...MUSICU, times: 6 });
    const answers = sixAtOnce(h);
    // No answer can finish while the fake holds their second halves: the first one back is a refusal, and by then
    // the two that fit hold their whole announced length.
    const first = await Promise.race(answers);
    expect(first.status).toBe(503);
    expect(first.headers['retry-after']).toBe('1');
    expect(first.body).toEqual(busy);
    expect(await bytesInFlight(h)).toBe(1_400_000);
    h.fake.releasePadded();
    const all = await Promise.all(answers);
    expect(all.map((r) => r.status).sort()).toEqual([200, 200, 503, 503, 503, 503]);
    for (const r of all.filter((a) => a.status === 503)) expect(r.body).toEqual(busy);
    // Refusals are not retried (six upstream calls, one each), nor counted against the host's circuit breaker.
    expect(h.fake.requestsTo('u', '/cgi-bin/musicu.fcg')).toHaveLength(6);
    await waitFor(async () => (await bytesInFlight(h)) === 0, 3000, 'the budget to be all given back');
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });

  it('an answer announcing more than UPSTREAM_MAX_BODY_MB is a 502 "too large" even while the budget is full, never a 503', async () => {
    // Two held answers hold 1.4 MB of the 2 MB budget: 1.5 MB and 50 MB would not fit either, but they are too large.
    h.fake.fault({ kind: 'padded', bytes: 700_000, hold: true }, { ...MUSICU, times: 2 });
    const held = [11, 12].map((limit) => h.http().get(`/getRanks?topId=4&limit=${limit}`).then((r) => r));
    await waitFor(async () => (await bytesInFlight(h)) === 1_400_000, 10_000, 'both held answers to reserve their length');
    const tooLarge = {
      error: expect.stringContaining('answered more than 1 MB (UPSTREAM_MAX_BODY_MB)'),
      errorCode: 'UPSTREAM_BAD_RESPONSE',
    };
    for (const [i, bytes] of [1_500_000, 50 * 2 ** 20].entries()) {
      h.fake.fault({ kind: 'padded', bytes }, { ...MUSICU, times: 2 });
      const answers = await Promise.all([0, 1].map((j) => h.http().get(`/getRanks?topId=4&limit=${20 + i * 2 + j}`)));
      for (const r of answers) expect([r.status, r.body]).toEqual([502, tooLarge]);
    }
    expect(await bytesInFlight(h)).toBe(1_400_000);
    h.fake.releasePadded();
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    await waitFor(async () => (await bytesInFlight(h)) === 0, 10_000, 'the budget to be all given back');
  });

  it('answers refused by the gateway’s own limits (24 too large in a row) never open the host’s circuit: the next read is 200', async () => {
    // One client asking for heavy answers: the host answered every time, the gateway refused. 20 failures would open it.
    h.fake.fault({ kind: 'padded', bytes: 1_500_000 }, { ...MUSICU, times: 24 });
    for (let i = 0; i < 24; i++) {
      const r = await h.http().get(`/getRanks?topId=4&limit=${30 + i}`);
      expect([i, r.status, r.body.errorCode]).toEqual([i, 502, 'UPSTREAM_BAD_RESPONSE']);
    }
    expect((await h.http().get('/metrics').expect(200)).text).toContain('gateway_upstream_breaker_open{host="u"} 0');
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });

  it('streamed without a length: bytes are counted as they arrive; some are refused, the rest answered, none lost', async () => {
    // Six first halves (350 000 bytes each) are more than the budget, and none can finish before release.
    h.fake.fault({ kind: 'padded', bytes: 700_000, chunked: true, hold: true }, { ...MUSICU, times: 6 });
    const answers = sixAtOnce(h);
    const first = await Promise.race(answers);
    expect([first.status, first.body]).toEqual([503, busy]);
    h.fake.releasePadded();
    const all = await Promise.all(answers);
    const statuses = all.map((r) => r.status);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    expect(statuses).toContain(200);
    for (const r of all.filter((a) => a.status === 503)) expect(r.body).toEqual(busy);
    await waitFor(async () => (await bytesInFlight(h)) === 0, 3000, 'the budget to be all given back');
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    // At least one refusal counted; how many depends on how the chunks interleave (a retried refusal counts again).
    expect(metrics).toMatch(/gateway_upstream_calls_total\{host="u",target="[^"]+",outcome="busy"\} [1-9]\d*\n/);
    expect(metrics).toContain('gateway_upstream_breaker_open{host="u"} 0');
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });
});

describe('a full body budget is the gateway’s limit, not the host’s failure: it never keeps a circuit open', () => {
  let h: Harness;
  const breakerOfU = async (): Promise<string | undefined> =>
    /gateway_upstream_breaker_open\{host="u"\} ([0-9.]+)/.exec((await h.http().get('/metrics').expect(200)).text)?.[1];
  beforeAll(async () => {
    // A deadline past the circuit's 10 s pause: the answers filling the budget stay held through it.
    // The breaker counts every call to u in its window: no identity warm-up call may count towards it.
    h = await startHarness({ warmIdentity: false, env: { UPSTREAM_MAX_BODY_MB: '1', UPSTREAM_BODY_BUDGET_MB: '2', UPSTREAM_TIMEOUT_MS: '30000', UPSTREAM_RETRIES: '0' } });
  });
  afterAll(() => h.close());

  it('the half-open probe refused 503 UPSTREAM_BUSY closes the circuit (the host answered); a burst then is busy, never UPSTREAM_CIRCUIT_OPEN', async () => {
    // Two smartbox answers (another host) half-read and held fill 1.4 MB of the 2 MB budget until released.
    h.fake.fault({ kind: 'padded', bytes: 700_000, hold: true }, { host: 'c', path: '/splcloud/fcgi-bin/smartbox_new.fcg', times: 2 });
    const filling = ['one', 'two'].map((key) => h.http().get(`/getSmartbox?key=${key}`).then((r) => r.status));
    await waitFor(async () => (await bytesInFlight(h)) === 1_400_000, 10_000, 'both smartbox answers to reserve their length');
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 20 });
    for (let i = 0; i < 20; i++) await h.http().get(`/getRanks?topId=4&limit=2&i=${i}`).expect(502);
    expect(await breakerOfU()).toBe('1');
    await waitFor(async () => (await breakerOfU()) === '0.5', 12_000, 'the circuit to go half-open');
    // 700 000 more bytes do not fit: the probe is refused by the gateway, after the host answered it.
    h.fake.fault({ kind: 'padded', bytes: 700_000 }, { ...MUSICU, times: 7 });
    const probe = await h.http().get('/getRanks?topId=4&limit=11');
    expect([probe.status, probe.body.errorCode]).toEqual([503, 'UPSTREAM_BUSY']);
    expect(await breakerOfU()).toBe('0');
    const burst = await Promise.all([12, 13, 14, 15, 16, 17].map((limit) => h.http().get(`/getRanks?topId=4&limit=${limit}`)));
    expect(burst.map((r) => [r.status, r.body.errorCode])).toEqual(Array.from({ length: 6 }, () => [503, 'UPSTREAM_BUSY']));
    h.fake.releasePadded();
    expect(await Promise.all(filling)).toEqual([200, 200]);
    await waitFor(async () => (await bytesInFlight(h)) === 0, 10_000, 'the budget to be all given back');
    h.fake.clearFaults();
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
  });
});

describe('the legacy shape writes whole upstream answers: its copy counts against the same budget (2 MB)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_MAX_BODY_MB: '2', UPSTREAM_BODY_BUDGET_MB: '2', UPSTREAM_TIMEOUT_MS: '10000' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('while a 1.5 MB legacy answer waits to be written, a 700 000-byte read is refused 503 UPSTREAM_BUSY; written, it is given back', async () => {
    // Two requests on one connection: HTTP/1.1 answers them in order, so the legacy answer waits, whole and unwritten,
    // behind the first one (held upstream) for as long as the test needs, whatever the machine's socket buffers take.
    // A route whose one call is a CGI: a musicu call would take the padding meant for the legacy answer.
    const TOP_LISTS = 'c /v8/fcg-bin/fcg_myqq_toplist.fcg';
    h.fake.hold(TOP_LISTS);
    h.fake.fault({ kind: 'padded', bytes: 1_500_000 }, { ...MUSICU, times: 1 });
    const { hostname, port } = new URL(h.url);
    const client = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const received: Buffer[] = [];
    client.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise((resolve) => client.once('close', resolve));
    client.on('error', () => undefined);
    client.write('GET /getTopLists HTTP/1.1\r\nHost: x\r\n\r\nGET /getRanks?topId=4&limit=11&shape=legacy HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    try {
      // More than the read's own reservation (exactly 1 500 000): the serialised copy is what is held now.
      await waitFor(async () => ((await bytesInFlight(h)) ?? 0) > 1_500_000, 10_000, 'the legacy copy to be held');
      h.fake.fault({ kind: 'padded', bytes: 700_000 }, { ...MUSICU, times: 1 });
      const refused = await h.http().get('/getRanks?topId=4&limit=12');
      expect([refused.status, refused.body]).toEqual([
        503,
        { error: 'The gateway already holds 2 MB of upstream answers (UPSTREAM_BODY_BUDGET_MB); retry shortly', errorCode: 'UPSTREAM_BUSY' },
      ]);
      h.fake.release(TOP_LISTS);
      await ended;
    } finally {
      client.destroy();
    }
    const text = Buffer.concat(received).toString('latin1');
    const legacy = text.slice(text.indexOf('HTTP/1.1', 1));
    expect(text.startsWith('HTTP/1.1 200')).toBe(true);
    expect(legacy.startsWith('HTTP/1.1 200')).toBe(true);
    expect(legacy.toLowerCase()).toContain('x-response-shape: legacy');
    expect(legacy.length).toBeGreaterThan(1_500_000);
    await waitFor(async () => (await bytesInFlight(h)) === 0, 10_000, 'the budget to be all given back');
    await h.http().get('/getRanks?topId=4&limit=13').expect(200);
  });
});
