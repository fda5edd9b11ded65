import { mvState } from '../../fake-upstream/handlers/mv';
import { RouteTable } from '../../src/common/route-table';
import { Harness, startHarness, waitFor } from '../support/harness';
import { MEMORY_TIER, MemoryTier, ResponseCache } from '../../src/cache/response-cache.service';
import { MetricsService } from '../../src/metrics/metrics.service';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
/** Vary of a cached answer: the shape (also set on uncached answers) and the account the key depends on. */
const CACHED_VARY = ['cookie', 'x-custom-cookie', 'x-response-shape'];
const varyOf = (res: { headers: Record<string, string> }): string[] =>
  (res.headers.vary ?? '').split(',').map((name) => name.trim().toLowerCase()).filter(Boolean).sort();
/** gateway_coalesced_requests_total of one level, read from the app (it only grows). */
const coalescedCount = async (h: Harness, level: 'response' | 'upstream'): Promise<number> =>
  (await h.app.get(MetricsService).coalesced.get()).values.find((v) => v.labels.level === level)?.value ?? 0;

describe('Response cache, coalescing and stale answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('serves a repeated catalogue read from the cache with ETag, Cache-Control and Age', async () => {
    const first = await h.http().get('/getRanks?topId=62&limit=3').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const second = await h.http().get('/getRanks?limit=3&topId=62').expect(200); // same query, other order
    expect(second.headers['x-cache']).toBe('HIT');
    expect(second.text).toBe(first.text);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(Number(first.headers['content-length'])).toBe(Buffer.byteLength(first.text));
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(second.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    // hits skip the framework but keep the security headers and the request id
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    // the same helmet policy as the pipeline's (upgrade-insecure-requests left out everywhere: see app.factory)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/gateway_cache_lookups_total\{result="hit"\} 1/);
    expect(metrics.text).toMatch(/gateway_http_requests_total\{method="GET",route="\/getRanks",status="200"\} 2/);
  });

  it('the references\' URL forms (path parameters, a doubled slash) are cached as their query form: one entry, one upstream call', async () => {
    const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
    const mid = '0039MnYb0qxYhV';
    const byPath = await h.http().get(`/getSongInfo/${mid}`).expect(200);
    expect(byPath.headers['x-cache']).toBe('MISS');
    const byPathAgain = await h.http().get(`/getSongInfo/${mid}`).expect(200);
    const byQuery = await h.http().get(`/getSongInfo?songmid=${mid}`).expect(200);
    const doubled = await h.http().get(`//getSongInfo?songmid=${mid}`).expect(200);
    for (const res of [byPathAgain, byQuery, doubled]) {
      expect(res.headers['x-cache']).toBe('HIT');
      expect(res.text).toBe(byPath.text);
    }
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/gateway_http_requests_total\{method="GET",route="\/getSongInfo",status="200"\} 4/);
  });

  it('keeps the legacy and normalised shapes apart, whichever way the shape is asked for', async () => {
    const normalised = await h.http().get('/getRanks?topId=29&limit=2').expect(200);
    expect(normalised.body.code).toBe(0);
    const legacy = await h.http().get('/getRanks?topId=29&limit=2').set('X-Response-Shape', 'legacy').expect(200);
    expect(legacy.body).toHaveProperty('response');
    const legacyAgain = await h.http().get('/getRanks?topId=29&limit=2').set('X-Response-Shape', 'legacy').expect(200);
    expect(legacyAgain.headers['x-cache']).toBe('HIT');
    expect(legacyAgain.text).toBe(legacy.text);
    const byQuery = await h.http().get('/getRanks?topId=29&limit=2&shape=legacy').expect(200);
    expect(byQuery.headers['x-cache']).toBe('HIT');
    expect(byQuery.text).toBe(legacy.text);
  });

  it('every cached answer (MISS, HIT, 304, BYPASS) keeps the Vary of an uncached one, and a legacy one its shape header', async () => {
    // An uncached answer of a cached route (a 400 never reaches the cache) shows what the pipeline itself sets.
    const uncached = await h.http().get('/getRanks?topId=abc').expect(400);
    expect(varyOf(uncached)).toEqual(['x-response-shape']);
    for (const [how, legacy] of [
      [{ url: '/getRanks?topId=62&limit=31', header: undefined }, false],
      [{ url: '/getRanks?topId=62&limit=32', header: 'legacy' }, true],
      [{ url: '/getRanks?topId=62&limit=33&shape=legacy', header: undefined }, true],
    ] as const) {
      const get = () => (how.header ? h.http().get(how.url).set('X-Response-Shape', how.header) : h.http().get(how.url));
      const miss = await get().expect(200);
      const hit = await get().expect(200); // the fast lane
      const notModified = await get().set('If-None-Match', miss.headers.etag).expect(304);
      const bypass = await get().set('Cache-Control', 'no-cache').expect(200);
      expect([miss, hit, notModified, bypass].map((r) => r.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT', 'BYPASS']);
      for (const res of [miss, hit, notModified, bypass]) {
        const where = { url: how.url, header: how.header, cache: res.headers['x-cache'], status: res.status };
        expect({ ...where, vary: varyOf(res) }).toEqual({ ...where, vary: CACHED_VARY });
        expect({ ...where, shape: res.headers['x-response-shape'] }).toEqual({ ...where, shape: legacy ? 'legacy' : undefined });
      }
      expect(hit.headers.vary).toBe(miss.headers.vary);
    }
  });

  it('a hit answered by the Nest pipeline (a coalesced follower) keeps the Vary and the legacy shape header', async () => {
    const lookups = jest.spyOn(h.app.get(ResponseCache), 'get');
    const coalescedBefore = await coalescedCount(h, 'response');
    h.fake.hold(DETAIL);
    const burst = Array.from({ length: 5 }, () => h.http().get('/getRanks?topId=62&limit=34').set('X-Response-Shape', 'legacy').then((r) => r));
    // Released only once every follower has missed the cache and waits on the leader (not after a guessed pause).
    await waitFor(() => h.fake.musicuCalls(DETAIL).length === 1 && lookups.mock.calls.length === 5, 3000, 'the leader call and 4 waiting followers');
    lookups.mockRestore();
    h.fake.release(DETAIL);
    const answers = await Promise.all(burst);
    expect(answers.map((r) => r.headers['x-cache']).sort()).toEqual(['HIT', 'HIT', 'HIT', 'HIT', 'MISS']);
    expect((await coalescedCount(h, 'response')) - coalescedBefore).toBe(4);
    for (const res of answers) {
      expect({ cache: res.headers['x-cache'], vary: varyOf(res), shape: res.headers['x-response-shape'] }).toEqual({
        cache: res.headers['x-cache'],
        vary: CACHED_VARY,
        shape: 'legacy',
      });
    }
  });

  it('HEAD shares the GET entry: a HEAD after a GET is a HIT, HEADs alone cost one upstream call, never a body', async () => {
    const get = await h.http().get('/getRanks?topId=28&limit=2').expect(200);
    const head = await h.http().head('/getRanks?topId=28&limit=2').expect(200);
    expect(head.headers['x-cache']).toBe('HIT');
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
    for (let i = 0; i < 3; i++) await h.http().head('/getRanks?topId=29&limit=3').expect(200);
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.param.topId)).toEqual([28, 29]);
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await h.http().get('/getRanks?topId=26&limit=2').expect(200);
    await h.http().get('/getRanks?topId=26&limit=2').set('If-None-Match', first.headers.etag).expect(304);
    // as Express judges it on the slow path: a list, a weak validator and * match too; another tag does not
    for (const value of [`"other", ${first.headers.etag}`, `W/${first.headers.etag}`, '*']) {
      await h.http().get('/getRanks?topId=26&limit=2').set('If-None-Match', value).expect(304);
    }
    await h.http().get('/getRanks?topId=26&limit=2').set('If-None-Match', '"other"').expect(200);
  });

  it('bypasses with Cache-Control: no-cache or ?nocache=1 and refreshes the entry', async () => {
    await h.http().get('/getRanks?topId=27&limit=2').expect(200);
    const bypass = await h.http().get('/getRanks?topId=27&limit=2').set('Cache-Control', 'no-cache').expect(200);
    expect(bypass.headers['x-cache']).toBe('BYPASS');
    await h.http().get('/getRanks?topId=27&limit=2&nocache=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(3);
  });

  it('Cache-Control: no-store bypasses a fresh entry too, on the fast lane as on the pipeline', async () => {
    await h.http().get('/getRanks?topId=62&limit=46').expect(200);
    const bypass = await h.http().get('/getRanks?topId=62&limit=46').set('Cache-Control', 'no-store').expect(200);
    expect(bypass.headers['x-cache']).toBe('BYPASS');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2);
  });

  it('a fast-lane hit echoes a well-formed X-Request-Id (up to 128 characters) and replaces any other, as the pipeline does', async () => {
    const url = '/getRanks?topId=62&limit=47';
    await h.http().get(url).expect(200);
    const longest = 'r'.repeat(128);
    const kept = await h.http().get(url).set('X-Request-Id', longest).expect(200);
    expect(kept.headers['x-cache']).toBe('HIT');
    expect(kept.headers['x-request-id']).toBe(longest);
    for (const bad of ['r'.repeat(129), 'bad id with spaces']) {
      const replaced = await h.http().get(url).set('X-Request-Id', bad).expect(200);
      expect(replaced.headers['x-cache']).toBe('HIT');
      expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
    // the pipeline's rule is the same one
    const missed = await h.http().get('/getRanks?topId=62&limit=48').set('X-Request-Id', 'r'.repeat(129)).expect(200);
    expect(missed.headers['x-cache']).toBe('MISS');
    expect(missed.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('an escaped & or = in a name or value cannot make one query read as another (no cache poisoning)', async () => {
    const folded = await h.http().get('/getRanks?limit%3D2%26topId=62').expect(200); // one odd name, no topId: all charts
    expect(folded.body.data).toHaveProperty('groups');
    const real = await h.http().get('/getRanks?limit=2&topId=62').expect(200);
    expect(real.headers['x-cache']).toBe('MISS');
    expect(real.body.data.topList.id).toBe(62);
    // in a value: a search for the text "jay&page=1" is not page 1 (the second, 0-based) of a search for "jay"
    await h.http().get('/getSearchByKey?key=jay%26page%3D1').expect(200);
    const page1 = await h.http().get('/getSearchByKey?key=jay&page=1').expect(200);
    expect(page1.headers['x-cache']).toBe('MISS');
    expect(h.fake.musicuCalls('music.search.SearchCgiService.DoSearchForQQMusicDesktop').map((c) => [c.param.query, c.param.page_num])).toEqual([
      ['jay&page=1', 1],
      ['jay', 2],
    ]);
  });

  it('keeps accounts apart: the key carries a hash of the account, never the cookie', async () => {
    await h.http().get('/getRanks?topId=5&limit=2').set('Cookie', 'uin=o01; qqmusic_key=Q_H_L_a').expect(200);
    const b = await h.http().get('/getRanks?topId=5&limit=2').set('Cookie', 'uin=o02; qqmusic_key=Q_H_L_b').expect(200);
    expect(b.headers['x-cache']).toBe('MISS');
    expect(b.headers['cache-control']).toMatch(/^private/);
    const a2 = await h.http().get('/getRanks?topId=5&limit=2').set('Cookie', 'uin=o01; qqmusic_key=Q_H_L_a').expect(200);
    expect(a2.headers['x-cache']).toBe('HIT');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2);
  });

  it('a WeChat login (qm_keyst) is an account too: its answer is private and reaches neither another account nor anyone anonymous', async () => {
    const url = '/getRanks?topId=62&limit=41';
    const a = await h.http().get(url).set('Cookie', 'uin=o0301; qm_keyst=W_X_key_a').expect(200);
    expect(a.headers['cache-control']).toMatch(/^private, /);
    const anonymous = await h.http().get(url).expect(200);
    expect(anonymous.headers['x-cache']).toBe('MISS');
    expect(anonymous.headers['cache-control']).toMatch(/^public, /);
    const b = await h.http().get(url).set('Cookie', 'uin=o0302; qm_keyst=W_X_key_b').expect(200);
    expect(b.headers['x-cache']).toBe('MISS');
    const a2 = await h.http().get(url).set('Cookie', 'uin=o0301; qm_keyst=W_X_key_a').expect(200);
    expect(a2.headers['x-cache']).toBe('HIT');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(3);
  });

  it('the key names the account, not how its cookie came (?cookie=, X-Custom-Cookie, Cookie), and never holds the cookie', async () => {
    const cookie = 'uin=o0303; qqmusic_key=Q_H_L_secret303';
    const viaQuery = await h.http().get(`/getRanks?topId=62&limit=42&cookie=${encodeURIComponent(cookie)}`).expect(200);
    expect(viaQuery.headers['x-cache']).toBe('MISS');
    const viaCustom = await h.http().get('/getRanks?topId=62&limit=42').set('X-Custom-Cookie', cookie).expect(200);
    const viaHeader = await h.http().get('/getRanks?limit=42&topId=62').set('Cookie', cookie).expect(200);
    expect([viaCustom, viaHeader].map((r) => r.headers['x-cache'])).toEqual(['HIT', 'HIT']);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
    const keys = [...h.app.get<MemoryTier>(MEMORY_TIER).keys()];
    expect(keys.some((key) => key.includes('/getRanks|'))).toBe(true);
    expect(keys.filter((key) => /secret303|qqmusic_key|o0303|cookie|limit=42/.test(key))).toEqual([]);
  });

  it('a ?nocache=1 bypass refreshes the entry the plain URL reads (nocache is not part of the key)', async () => {
    const url = '/getRanks?topId=62&limit=43';
    await h.http().get(url).expect(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000); // the first copy is past its 300 s TTL
    try {
      const bypass = await h.http().get(`${url}&nocache=1`).expect(200);
      expect(bypass.headers['x-cache']).toBe('BYPASS');
      const after = await h.http().get(url).expect(200);
      expect(after.headers['x-cache']).toBe('HIT');
      expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2);
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('Cache-Control max-age is what is left of the TTL, counting down with Age', async () => {
    const url = '/getRanks?topId=62&limit=44';
    const miss = await h.http().get(url).expect(200);
    expect(miss.headers['cache-control']).toBe('public, max-age=300');
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 100_000);
    try {
      const hit = await h.http().get(url).expect(200);
      expect(hit.headers['x-cache']).toBe('HIT');
      expect(hit.headers.age).toBe('100');
      expect(hit.headers['cache-control']).toBe('public, max-age=200');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('never caches login, user or POST routes, nor error answers', async () => {
    await h.http().get('/getRanks?topId=77777').expect(404);
    // However many calls one request makes (an empty chart is retried with the Android profile), the second makes them again.
    const perRequest = h.fake.musicuCalls(DETAIL).length;
    await h.http().get('/getRanks?topId=77777').expect(404);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2 * perRequest);
    const avatar = await h.http().get('/user/getUserAvatar?uin=1').expect(200);
    expect(avatar.headers['x-cache']).toBeUndefined();
  });

  it('/docs-json shows each route\'s @CacheTTL as x-cache-ttl, and no TTL on the routes never cached', async () => {
    const doc = (await h.http().get('/docs-json').expect(200)).body as { paths: Record<string, Record<string, { 'x-cache-ttl'?: number }>> };
    const documented = new Map<string, number>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const ttl = op['x-cache-ttl'];
        if (ttl === undefined) continue;
        expect({ path, method }).toEqual({ path, method: 'get' });
        documented.set(path, ttl);
      }
    }
    const cached = h.app.get(RouteTable).ttls();
    expect(cached.size).toBeGreaterThan(25);
    expect(Object.fromEntries([...documented].sort())).toEqual(Object.fromEntries([...cached].sort()));
    // The decorator is what the cache uses: a MISS carries the route's TTL as its max-age.
    const miss = await h.http().get('/getComments?id=97773&pagesize=5').expect(200);
    expect([miss.headers['x-cache'], miss.headers['cache-control']]).toEqual(['MISS', `public, max-age=${documented.get('/getComments')}`]);
  });

  it('N identical concurrent requests make exactly one upstream call', async () => {
    const lookups = jest.spyOn(h.app.get(ResponseCache), 'get');
    const coalescedBefore = await coalescedCount(h, 'response');
    h.fake.hold(DETAIL);
    const burst = Array.from({ length: 20 }, () => h.http().get('/getRanks?topId=16&limit=4').then((r) => r));
    // All 20 are in (each has missed the cache) while the leader's call is held: a late one could be a plain HIT.
    await waitFor(() => h.fake.musicuCalls(DETAIL).length === 1 && lookups.mock.calls.length === 20, 5000, 'the leader call and 19 waiting followers');
    lookups.mockRestore();
    h.fake.release(DETAIL);
    const answers = await Promise.all(burst);
    expect(answers.every((r) => r.status === 200 && r.text === answers[0].text)).toBe(true);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
    expect((await coalescedCount(h, 'response')) - coalescedBefore).toBe(19);
  });

  it('identical concurrent bypass requests still share one upstream call (upstream-level coalescing)', async () => {
    const coalescedBefore = await coalescedCount(h, 'upstream');
    h.fake.hold(DETAIL);
    const burst = Array.from({ length: 10 }, () =>
      h.http().get('/getRanks?topId=17&limit=4').set('Cache-Control', 'no-cache').then((r) => r),
    );
    // Released once the other 9 have joined the held call: one arriving after it ended would rightly make its own.
    await waitFor(
      async () => h.fake.musicuCalls(DETAIL).length === 1 && (await coalescedCount(h, 'upstream')) - coalescedBefore === 9,
      5000,
      'the first call and 9 joining it',
    );
    h.fake.release(DETAIL);
    const answers = await Promise.all(burst);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
  });

  it('serves the last good answer, marked stale, when upstream fails after the TTL', async () => {
    const fresh = await h.http().get('/getRanks?topId=3&limit=2').expect(200);
    // age the entry past its TTL by moving the clock of the stored answer
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000);
    try {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
      const stale = await h.http().get('/getRanks?topId=3&limit=2').expect(200);
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.headers.warning).toContain('110');
      expect(stale.text).toBe(fresh.text);
      expect(varyOf(stale)).toEqual(CACHED_VARY);
      expect(stale.headers['x-response-shape']).toBeUndefined();
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('keeps an entry one hour past its TTL for failures, and no longer', async () => {
    const url = '/getRanks?topId=62&limit=45';
    const fresh = await h.http().get(url).expect(200);
    const stored = Date.now();
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    try {
      jest.spyOn(Date, 'now').mockReturnValue(stored + (300 + 3590) * 1000);
      const stale = await h.http().get(url).expect(200);
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.text).toBe(fresh.text);
      jest.spyOn(Date, 'now').mockReturnValue(stored + (300 + 3610) * 1000);
      const gone = await h.http().get(url).expect(502);
      expect(gone.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('a stale legacy answer keeps its Vary and shape header', async () => {
    const fresh = await h.http().get('/getRanks?topId=62&limit=35&shape=legacy').expect(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000);
    try {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
      const stale = await h.http().get('/getRanks?topId=62&limit=35').set('X-Response-Shape', 'legacy').expect(200);
      expect(stale.headers['x-cache']).toBe('STALE');
      expect(stale.text).toBe(fresh.text);
      expect(varyOf(stale)).toEqual(CACHED_VARY);
      expect(stale.headers['x-response-shape']).toBe('legacy');
    } finally {
      jest.restoreAllMocks();
    }
  });

  it('a 5xx that is the answer itself (the spec\'s 502 for empty MV URL data) is not replaced by a stale copy', async () => {
    await h.http().get('/getMvPlay?vid=STALEVID').expect(200);
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 301_000);
    try {
      mvState(h.fake.state).urlData.set('STALEVID', {});
      const res = await h.http().get('/getMvPlay?vid=STALEVID').expect(502);
      expect(res.body).toEqual({ error: 'Failed to get MV URL data', errorCode: 'MV_URL_UNAVAILABLE' });
      // while upstream itself failing still gets the stale copy
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
      expect((await h.http().get('/getMvPlay?vid=STALEVID').expect(200)).headers['x-cache']).toBe('STALE');
    } finally {
      jest.restoreAllMocks();
    }
  });
});

describe('Response cache with CORS_ORIGINS: cached answers keep Vary: Origin', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', CORS_ORIGINS: 'https://app.example,https://other.example' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('MISS, fast-lane HIT, 304, pipeline HIT (with Origin) and BYPASS carry the uncached Vary plus the cache\'s own', async () => {
    const uncached = await h.http().get('/getRanks?topId=abc').expect(400);
    expect(varyOf(uncached)).toEqual(['origin', 'x-response-shape']);
    const url = '/getRanks?topId=62&limit=36&shape=legacy';
    const miss = await h.http().get(url).expect(200);
    const hit = await h.http().get(url).expect(200); // no Origin: the fast lane
    const notModified = await h.http().get(url).set('If-None-Match', miss.headers.etag).expect(304);
    const fromOrigin = await h.http().get(url).set('Origin', 'https://app.example').expect(200); // CORS: the Nest pipeline
    const bypass = await h.http().get(url).set('Origin', 'https://other.example').set('Cache-Control', 'no-cache').expect(200);
    expect([miss, hit, notModified, fromOrigin, bypass].map((r) => r.headers['x-cache'])).toEqual(['MISS', 'HIT', 'HIT', 'HIT', 'BYPASS']);
    for (const res of [miss, hit, notModified, fromOrigin, bypass]) {
      const where = { cache: res.headers['x-cache'], status: res.status };
      expect({ ...where, vary: varyOf(res), shape: res.headers['x-response-shape'] }).toEqual({ ...where, vary: ['origin', ...CACHED_VARY].sort(), shape: 'legacy' });
    }
    expect(fromOrigin.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(bypass.headers['access-control-allow-origin']).toBe('https://other.example');
    expect(hit.headers.vary).toBe(miss.headers.vary);
  });
});

describe('Response cache memory tier is bounded by bytes (CACHE_MEMORY_MB)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', CACHE_MEMORY_MB: '1' } });
  });
  afterAll(() => h.close());

  // The key covers every declared query parameter: a limit past the chart's 100 songs makes distinct entries of equal size.
  const chart = (n: number) => `/getRanks?topId=4&limit=${100 + n}`;
  const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);

  it('drops the least recently used answers once the bound is reached, keeps recent ones, reports its size', async () => {
    const first = await h.http().get(chart(0)).expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    // Each answer costs at least 3 bytes per character (its text and its UTF-8 bytes): stop once past 1 MB.
    let count = 1;
    for (let stored = first.text.length * 3; stored < 2 ** 20 + 2 * first.text.length * 3; count++) {
      stored += (await h.http().get(chart(count)).expect(200)).text.length * 3;
    }
    const recent = await h.http().get(chart(count - 1)).expect(200);
    expect(recent.headers['x-cache']).toBe('HIT');
    h.fake.reset();
    const evicted = await h.http().get(chart(0)).expect(200);
    expect(evicted.headers['x-cache']).toBe('MISS');
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);

    const metrics = (await h.http().get('/metrics').expect(200)).text;
    const bytes = gauge(metrics, 'gateway_cache_memory_bytes');
    const entries = gauge(metrics, 'gateway_cache_memory_entries');
    expect(bytes).toBeGreaterThan(2 ** 19);
    expect(bytes).toBeLessThanOrEqual(2 ** 20);
    expect(entries).toBeGreaterThan(1);
    expect(entries).toBeLessThan(count);
  });

});

describe('Response cache: requests coalesced behind a leader whose upstream fails', () => {
  let h: Harness;
  let lookups: jest.SpyInstance;
  const PATH = '/getRanks?topId=62&limit=4';
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', UPSTREAM_RETRIES: '1' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    lookups = jest.spyOn(h.app.get(ResponseCache), 'get');
  });
  afterEach(() => jest.restoreAllMocks());

  /** Leader and two followers of the same key; the leader's upstream call is held until both followers wait on it. */
  const leaderAndFollowers = async (failure: () => void) => {
    h.fake.hold(DETAIL);
    const leader = h.http().get(PATH).then((r) => r);
    await waitFor(() => h.fake.musicuCalls(DETAIL).length === 1, 3000, "the leader's upstream call");
    const followers = [h.http().get(PATH).then((r) => r), h.http().get(PATH).then((r) => r)];
    await waitFor(() => lookups.mock.calls.length === 3, 3000, 'the followers to wait on the leader');
    failure();
    h.fake.release(DETAIL);
    return { leader: await leader, followers: await Promise.all(followers) };
  };

  it('without a stored copy, they get the leader’s failure instead of making the same failing call again', async () => {
    const { leader, followers } = await leaderAndFollowers(() => h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' }));
    expect(leader.status).toBe(502);
    for (const f of followers) {
      expect(f.status).toBe(502);
      expect(f.body).toEqual(leader.body);
      expect(f.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
    }
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(2); // the leader's call and its one retry; none for the followers
  });

  it('with a stale copy, they are served it with the leader (STALE), without a Retry-After of the failure', async () => {
    await h.http().get(PATH).expect(200);
    lookups.mockClear();
    const now = Date.now();
    jest.spyOn(Date, 'now').mockReturnValue(now + 301_000);
    h.fake.reset();
    // 2001: upstream rate-limits us, a 503 with Retry-After when no copy can stand in
    const { leader, followers } = await leaderAndFollowers(() => h.fake.fault({ kind: 'business', code: 2001 }, { module: DETAIL }));
    for (const res of [leader, ...followers]) {
      expect(res.status).toBe(200);
      expect(res.headers['x-cache']).toBe('STALE');
      expect(res.headers['retry-after']).toBeUndefined();
    }
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
  });
});
