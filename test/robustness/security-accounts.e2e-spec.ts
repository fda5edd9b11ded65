import { randomBytes } from 'node:crypto';
import Redis from 'ioredis';
import { ResponseCache } from '../../src/cache/response-cache.service';
import { cacheKeyOf, runCookie } from '../support/cache';
import { ALL_ENDPOINTS } from '../support/derived-endpoints';
import { type Endpoint, exampleQuery, type Family } from '../support/endpoints';
import { Harness, startHarness, waitFor, waitForReady } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * Whatever cookie upstream receives decides whose answer it is: the key's account is made of that cookie whatever
 * names it holds, and only an answer made with no cookie at all is public. Undeclared query parameters and secrets
 * never reach a key; a client the rate limit blocked gets no cached answer either.
 */
requireRedis();
const MID = '0039MnYb0qxYhV';
const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
/** The spec's WeChat ("Alt") session cookie: none of qqmusic_key, qm_keyst, p_skey, skey. */
const ALT = 'uin=o0555555; main_music_key=W_X_altkey555; main_keyst=W_X_altkey555; euin=oKoAoKcAoKc*; tmeLoginType=1';
/** The account in a play URL (the fake's purl names the vkey's uin). */
const urlUin = (res: { body: { data: { url: string } } }) => /[?&]uin=(\d*)/.exec(res.body.data.url)?.[1];

/** Each cookie form the gateway accepts from a caller. */
const FORMS: [string, (r: import('supertest').Test, cookie: string) => import('supertest').Test, (url: string, cookie: string) => string][] = [
  ['Cookie header', (r, c) => r.set('Cookie', c), (u) => u],
  ['X-Custom-Cookie header', (r, c) => r.set('X-Custom-Cookie', c), (u) => u],
  ['?cookie=', (r) => r, (u, c) => `${u}&cookie=${encodeURIComponent(c)}`],
];
/** Routes the hostile test found crossing accounts, each with a URL of its own per case (`n`: a declared parameter). */
const ROUTES = [
  (n: number) => `/getMusicPlay?songmid=${MID}&songid=${n}`,
  (n: number) => `/getRanks?topId=62&limit=${50 + n}`,
  (n: number) => `/getSongListDetail?disstid=7024415872&limit=${10 + n}`,
];
let serial = 0;

/** The families with cached reads today: a family whose reads all stopped being cached (or lost their rows) is noticed. */
const CACHED_FAMILIES: Family[] = ['charts', 'songInfo', 'playlists', 'singers', 'music', 'mv', 'discover', 'comments', 'search', 'user', 'recommend'];
/**
 * Every GET row of the endpoint table whose route the response cache serves, by its example URL (not a legacy form
 * such as /getSingerHotsong?singerid=, which is rewritten to a route of its own).
 */
function cachedRows(h: Harness): { e: Endpoint; url: string }[] {
  const cache = h.app.get(ResponseCache);
  const cached = (e: Endpoint) => cache.ttlOf('GET', e.path) !== undefined && cache.onlyDeclaredParams(e.path, e.example as Record<string, string>);
  const rows = ALL_ENDPOINTS.filter((e) => e.method === 'GET' && cached(e)).map((e) => ({ e, url: `${e.path}${exampleQuery(e)}` }));
  expect([...new Set(rows.map(({ e }) => e.family))]).toEqual(expect.arrayContaining(CACHED_FAMILIES));
  return rows;
}
/**
 * One account's login and a forgery of it: the same uin (the fake's account 10001, whose pages exist) with another
 * key. Only the key proves the account, so the two must never share an entry.
 */
const sameUin = (run: string) => {
  const login = (key: string) => `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${key}; qm_keyst=${key}`;
  return { victim: login(`Q_H_L_victim${run}`), forged: login(`Q_H_L_forged${run}`) };
};
const cacheState = (res: { status: number; headers: Record<string, string> }) => `${res.status} ${res.headers['x-cache']}`;

describe('Cache identity: any cookie upstream receives makes the answer that account\'s', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h?.close());
  beforeEach(() => h.fake.reset());

  it('the WeChat cookie on getMusicPlay: a private MISS, and an anonymous caller then gets its own answer, not that play URL', async () => {
    const url = `/getMusicPlay?songmid=${MID}`;
    const alt = await h.http().get(url).set('Cookie', ALT).expect(200);
    expect([alt.headers['x-cache'], alt.headers['cache-control']]).toEqual(['MISS', 'private, max-age=300']);
    expect(urlUin(alt)).toBe('555555');
    const anonymous = await h.http().get(url).expect(200);
    expect([anonymous.headers['x-cache'], anonymous.headers['cache-control']?.split(',')[0]]).toEqual(['MISS', 'public']);
    expect(urlUin(anonymous)).not.toBe('555555');
    expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.request.cookie)).toEqual([ALT, '']);
  }, 120_000);

  it('two cookies with the same uin and different keys never share an entry, on every cached route', async () => {
    const { victim, forged } = sameUin(randomBytes(6).toString('hex'));
    for (const { e, url } of cachedRows(h)) {
      h.fake.reset();
      const first = await h.http().get(url).set('X-Custom-Cookie', victim);
      const again = await h.http().get(url).set('X-Custom-Cookie', victim);
      const forgery = await h.http().get(url).set('X-Custom-Cookie', forged);
      // The victim's answer is cached (so the forgery could have been served it), yet the forgery goes upstream itself.
      expect({ url, answers: [first, again, forgery].map(cacheState) }).toEqual({ url, answers: ['200 MISS', '200 HIT', '200 MISS'] });
      if (e.upstream.length) expect({ url, forgedUpstream: h.fake.requests.some((r) => r.cookie === forged) }).toEqual({ url, forgedUpstream: true });
    }
  }, 60_000);

  describe.each(FORMS)('sent as %s', (_form, send, withCookie) => {
    it.each([
      ['the WeChat session cookie', ALT],
      ['a cookie of names the gateway does not know', 'uin=o0424242; foo=bar'],
      ['a cookie without a uin', 'tmeLoginType=1; main_keyst=zzz'],
    ])('%s: private on every route the finding named, never served to anyone anonymous', async (_what, cookie) => {
      for (const route of ROUTES) {
        const url = route(++serial);
        const mine = await send(h.http().get(withCookie(url, cookie)), cookie).expect(200);
        expect({ url, cache: mine.headers['x-cache'], control: mine.headers['cache-control']?.split(',')[0] }).toEqual({ url, cache: 'MISS', control: 'private' });
        const again = await send(h.http().get(withCookie(url, cookie)), cookie).expect(200);
        expect({ url, cache: again.headers['x-cache'] }).toEqual({ url, cache: 'HIT' });
        const anonymous = await h.http().get(url).expect(200);
        expect({ url, cache: anonymous.headers['x-cache'], control: anonymous.headers['cache-control']?.split(',')[0] }).toEqual({ url, cache: 'MISS', control: 'public' });
      }
    }, 120_000);
  });

  it('a stored login without the QQ key names (the WeChat one) is private too', async () => {
    h.writeCookieFile({ cookie: ALT, uin: '555555' });
    try {
      const url = `/getMusicPlay?songmid=${MID}&quality=320`;
      const stored = await h.http().get(url).expect(200);
      expect([stored.headers['x-cache'], stored.headers['cache-control']?.split(',')[0], urlUin(stored)]).toEqual(['MISS', 'private', '555555']);
      // A caller with a cookie of its own never gets the stored login's answer.
      const other = await h.http().get(url).set('Cookie', 'uin=o0777777; foo=1').expect(200);
      expect([other.headers['x-cache'], urlUin(other)]).toEqual(['MISS', '777777']);
    } finally {
      h.writeCookieFile('');
    }
  }, 120_000);

  it('a repeated cookie name: upstream gets the first, and the key is made of what upstream got', async () => {
    const url = `/getMusicPlay?songmid=${MID}&quality=flac`;
    const doubled = await h.http().get(url).set('Cookie', 'uin=o0111; main_keyst=k1; uin=o0222; main_keyst=k2').expect(200);
    expect(urlUin(doubled)).toBe('111');
    expect(h.fake.musicuCalls(SONG_DETAIL)[0].request.cookie).toBe('uin=o0111; main_keyst=k1');
    // The same cookie without the repeats is the same account; the repeated values are another.
    const first = await h.http().get(url).set('Cookie', 'uin=o0111; main_keyst=k1').expect(200);
    expect([first.headers['x-cache'], urlUin(first)]).toEqual(['HIT', '111']);
    const second = await h.http().get(url).set('Cookie', 'uin=o0222; main_keyst=k2').expect(200);
    expect([second.headers['x-cache'], urlUin(second)]).toEqual(['MISS', '222']);
  }, 120_000);
});

describe('Cache key: only declared parameters, nothing secret, on every instance sharing Redis', () => {
  let a: Harness;
  let b: Harness;
  let probe: Redis;
  const run = randomBytes(6).toString('hex');
  beforeAll(async () => {
    probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
    const env = { REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000', CACHE_ENABLED: 'true' };
    a = await startHarness({ env });
    b = await startHarness({ env });
    // Both connected to Redis (and so listening for each other's invalidations) before the first request.
    await waitForReady('both instances to reach Redis', a, b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await probe?.quit();
  });

  it('the WeChat cookie\'s answer on one instance is not served to an anonymous caller of the other', async () => {
    const url = `/getMusicPlay?songmid=${MID}&quality=m4a`;
    // This run's own WeChat account: another run's entry in the shared Redis must not answer for it.
    const cookie = ALT.replace('W_X_altkey555', `W_X_${run}`);
    const alt = await a.http().get(url).set('Cookie', cookie).expect(200);
    expect([alt.headers['x-cache'], urlUin(alt)]).toEqual(['MISS', '555555']);
    const sameAccount = await b.http().get(url).set('Cookie', cookie).expect(200);
    expect([sameAccount.headers['x-cache'], urlUin(sameAccount)]).toEqual(['HIT', '555555']);
    const anonymous = await b.http().get(url).expect(200);
    expect(anonymous.headers['cache-control']?.split(',')[0]).toBe('public');
    expect(urlUin(anonymous)).not.toBe('555555');
  }, 120_000);

  it('two cookies with the same uin and different keys never share an entry through Redis, on every cached route', async () => {
    const { victim, forged } = sameUin(run);
    for (const { url } of cachedRows(a)) {
      const first = await a.http().get(url).set('X-Custom-Cookie', victim);
      // The answer reaches Redis after it is sent: wait for it, then ask the other instance.
      await waitFor(async () => (await probe.keys(`*${cacheKeyOf(a, url, victim)}`)).length === 1, undefined, `${url} in Redis`);
      // The forgery first: the other instance can only have found the victim's answer in Redis.
      const forgery = await b.http().get(url).set('X-Custom-Cookie', forged);
      const shared = await b.http().get(url).set('X-Custom-Cookie', victim);
      expect({ url, answers: [first, forgery, shared].map(cacheState) }).toEqual({ url, answers: ['200 MISS', '200 MISS', '200 HIT'] });
    }
  }, 120_000);

  it('1,000 requests with an undeclared parameter make one entry and one upstream call', async () => {
    const cookie = runCookie(run, 'undeclared');
    const answers = [];
    for (let n = 0; n < 1000; n += 50) {
      answers.push(...(await Promise.all(Array.from({ length: 50 }, (_, i) => a.http().get(`/getRanks?topId=62&limit=7&x=${n + i}`).set('Cookie', cookie)))));
    }
    expect(answers.map((r) => r.status)).toEqual(Array(1000).fill(200));
    expect(a.fake.musicuCalls(DETAIL).filter((c) => c.request.cookie === cookie)).toHaveLength(1);
    const key = cacheKeyOf(a, '/getRanks?topId=62&limit=7', cookie);
    const accountPrefix = key.slice(0, key.lastIndexOf('|'));
    expect(await probe.keys(`*${accountPrefix}|*`)).toHaveLength(1);
  }, 60_000);

  it('no value a caller sent under a secret-looking name, nor its cookie, appears in any key', async () => {
    const secret = `S3cr3t${run}`;
    const cookie = `uin=o0123; qqmusic_key=${secret}`;
    await a.http().get(`/getRanks?topId=62&limit=8&cookies=${encodeURIComponent(`qqmusic_key=${secret}`)}&token=${secret}&Cookie=${secret}`).expect(200);
    await a.http().get(`/getRanks?topId=62&limit=9&cookie=${encodeURIComponent(cookie)}`).expect(200);
    await a.http().get('/getRanks?topId=62&limit=10').set('Cookie', cookie).expect(200);
    await a.http().get(`/getSmartbox?key=${encodeURIComponent(`qqmusic_key=${secret}`)}`).expect(200);
    // The writes to Redis are not awaited by the answer: wait until every one of this test's entries is there.
    const keys = [cacheKeyOf(a, '/getRanks?topId=62&limit=10', cookie), cacheKeyOf(a, `/getSmartbox?key=${encodeURIComponent(`qqmusic_key=${secret}`)}`, '')];
    for (const key of keys) {
      const deadline = Date.now() + 5000;
      while ((await probe.keys(`*${key}`)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await probe.keys(`*${key}`)).toHaveLength(1);
    }
    expect(await probe.keys(`*${run}*`)).toEqual([]);
  }, 120_000);
});

describe('Cache and the legacy rewrite: an undeclared parameter the rewrite reads is never answered from another entry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h?.close());

  it('getMusicPlay?type=flac after the 128 answer is cached: the flac answer, not the cached one', async () => {
    const plain = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
    expect((await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200)).headers['x-cache']).toBe('HIT');
    const typed = await h.http().get(`/getMusicPlay?songmid=${MID}&type=flac`).expect(200);
    expect(typed.body.data.quality).toBe('flac');
    expect(typed.body.data.url).not.toBe(plain.body.data.url);
  }, 120_000);
});

describe.each([
  ['the fast lane (no trusted proxy)', {}, (r: import('supertest').Test) => r],
  ['the pipeline (behind a trusted proxy)', { TRUST_PROXY: '1' }, (r: import('supertest').Test) => r.set('X-Forwarded-For', '2001:db8::35:1')],
])('Rate limit and cached answers, on %s', (_where, env, asClient) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '60000', ...env } });
  });
  afterAll(() => h?.close());

  it('hits do not count against RATE_LIMIT, but a blocked client gets 429 for them too', async () => {
    const cached = '/getRanks?topId=62&limit=5';
    await asClient(h.http().get(cached)).expect(200);
    // Hits are not counted: many of them leave the budget as the one miss left it.
    for (let i = 0; i < 5; i++) expect((await asClient(h.http().get(cached)).expect(200)).headers['x-cache']).toBe('HIT');
    await asClient(h.http().get('/user/getUserAvatar?uin=10001')).expect(200);
    await asClient(h.http().get('/user/getUserAvatar?uin=10001')).expect(200);
    const limited = await asClient(h.http().get('/user/getUserAvatar?uin=10001')).expect(429);
    expect(limited.body.errorCode).toBe('TOO_MANY_REQUESTS');
    const hit = await asClient(h.http().get(cached)).expect(429);
    expect(hit.body).toEqual({ error: expect.stringMatching(/^Too many requests; retry after \d+ s$/), errorCode: 'TOO_MANY_REQUESTS' });
    expect(Number(hit.headers['retry-after'])).toBeGreaterThan(0);
    expect(hit.headers['x-cache']).toBeUndefined();
  }, 120_000);
});
