import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';

/** The value of one sample of `/metrics` (the exact label set, in the registry's order), or undefined when absent. */
const sample = async (h: Harness, series: string): Promise<number | undefined> => {
  const text = (await h.http().get('/metrics').expect(200)).text;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('/metrics: cache lookups are counted by their result', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  afterEach(() => {
    jest.restoreAllMocks();
    h.fake.clearFaults();
  });

  it('a miss, a hit, a bypass and a stale answer each count under their own result (docs/operations.md: hit, miss, stale, bypass)', async () => {
    const path = '/getRanks?topId=62&limit=3';
    expect((await h.http().get(path).expect(200)).headers['x-cache']).toBe('MISS');
    expect((await h.http().get(path).expect(200)).headers['x-cache']).toBe('HIT');
    expect((await h.http().get(path).set('Cache-Control', 'no-cache').expect(200)).headers['x-cache']).toBe('BYPASS');
    // Past the 300 s TTL (within the stale hour), upstream failing: the last good answer, counted as stale.
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000);
    expect((await h.http().get(path).expect(200)).headers['x-cache']).toBe('STALE');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(3); // miss, bypass, the failed refresh behind the stale copy
    const counts = Object.fromEntries(
      await Promise.all(['hit', 'miss', 'bypass', 'stale'].map(async (r) => [r, await sample(h, `gateway_cache_lookups_total{result="${r}"}`)])),
    );
    // the stale answer was first a miss (its lookup found no fresh copy), then served stale
    expect(counts).toEqual({ hit: 1, miss: 2, bypass: 1, stale: 1 });
  });
});

describe('/metrics: a failed upstream call is counted by how it failed', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_TIMEOUT_MS: '10000' } });
  });
  afterAll(() => h.close());
  afterEach(() => h.fake.clearFaults());

  it('outcome is the failure kind (timeout, network), a status for an answer; labels hold no query value', async () => {
    h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
    // Only the hung call runs under a short bound: CPU load must not time out the others.
    const hung = await withUpstreamTimeout(h, 300, () => h.http().get('/getRanks?topId=4&limit=2&q=hangsecret').expect(504));
    expect(hung.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    h.fake.fault({ kind: 'reset' }, { host: 'u', times: 1 });
    expect((await h.http().get('/getRanks?topId=4&limit=2&q=resetsecret').expect(502)).body.errorCode).toBe('UPSTREAM_UNREACHABLE');
    h.fake.fault({ kind: 'status', status: 503 }, { host: 'u', times: 1 });
    expect((await h.http().get('/getRanks?topId=4&limit=2').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    const series = (outcome: string) => `gateway_upstream_calls_total{host="u",target="${DETAIL}",outcome="${outcome}"}`;
    expect({
      timeout: await sample(h, series('timeout')),
      network: await sample(h, series('network')),
      503: await sample(h, series('503')),
      200: await sample(h, series('200')),
    }).toEqual({ timeout: 1, network: 1, 503: 1, 200: 1 });
    const text = (await h.http().get('/metrics').expect(200)).text;
    expect(text).not.toMatch(/hangsecret|resetsecret|topId/);
  });
});
