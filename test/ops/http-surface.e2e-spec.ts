import { documentedPosts, documentedRoutes } from '../support/documented-routes';
import { once } from 'node:events';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { playlistsState } from '../../fake-upstream/handlers/playlists';
import { singersState } from '../../fake-upstream/handlers/singers';
import { FORM_BODY, JSON_BODY } from '../../src/common/body-type';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

/**
 * The gateway's HTTP surface as a client developer meets it (found by a client-developer audit of the offline demo):
 * what a 404 names, which bodies are read, what may be cached downstream, what a browser may read, and the words of
 * body and upstream errors.
 */

const ADMIN = 'admin-token-http-surface-1234';
const SECRET = 'Q_H_L_SECRETsurface9876';
const COOKIE_QUERY = `cookie=${encodeURIComponent(`uin=o123; qqmusic_key=${SECRET}`)}`;
const SONG = '0039MnYb0qxYhV';

/** A request over a plain socket, so no client adds a Content-Type of its own. */
function rawPost(h: Harness, path: string, body: string | Buffer, headers: Record<string, string> = {}): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, h.url), { method: 'POST', headers: { 'Content-Length': String(Buffer.byteLength(body)), ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('GET / names the service and where its docs are, instead of a bare 404', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', RESPONSE_SHAPE: 'legacy' } });
  });
  afterAll(() => h.close());

  const INDEX = { name: 'qqmusic-gateway', docs: '/docs', openapi: '/docs-json', health: '/health/ready' };

  it('answers 200 JSON, never cached, in either response shape, asking nothing upstream', async () => {
    const res = await h.http().get('/').expect(200).expect('Content-Type', /^application\/json/);
    expect(res.body).toEqual(INDEX);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-cache']).toBeUndefined();
    expect((await h.http().get('/?shape=normalised').expect(200)).body).toEqual(INDEX);
    await h.http().head('/').expect(200);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('the places it names answer', async () => {
    expect((await h.http().get(INDEX.docs + '/').expect(200)).text).toContain('swagger');
    expect((await h.http().get(INDEX.openapi).expect(200)).body.openapi).toMatch(/^3\./);
    await h.http().get(INDEX.health).expect(200);
  });

  it('another method is a 405 with Allow, like any known path', async () => {
    const res = await h.http().post('/').expect(405);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toEqual({ error: 'Method POST is not allowed on /; use GET, HEAD', errorCode: 'METHOD_NOT_ALLOWED' });
  });
});

describe('A 404 names the method and path, never the query (which may hold the cookie)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it.each([
    ['GET', `/nope?${COOKIE_QUERY}`, 'Cannot GET /nope'],
    ['GET', `/getRanks/x?${COOKIE_QUERY}&token=abc123token`, 'Cannot GET /getRanks/x'],
    ['HEAD', `/nope?${COOKIE_QUERY}`, '(no body)'],
    ['POST', `/nope?${COOKIE_QUERY}`, 'Cannot POST /nope'],
    // admin-only while ADMIN_TOKEN is unset: no such route for any method
    ['DELETE', `/user/setCookie?${COOKIE_QUERY}`, 'Cannot DELETE /user/setCookie'],
    ['GET', `/user/getCookie?${COOKIE_QUERY}`, 'Cannot GET /user/getCookie'],
  ])('%s %s → 404 "%s"', async (method, url, error) => {
    const res = await h.http()[method.toLowerCase() as 'get'](url).expect(404);
    expect(res.text ?? '').not.toMatch(/SECRET|qqmusic_key|abc123token|cookie=/i);
    if (method !== 'HEAD') expect(res.body).toEqual({ error, errorCode: 'NOT_FOUND' });
  });

  it('a known path with another method still answers 405 with Allow, naming the path only', async () => {
    const res = await h.http().put(`/getRanks?${COOKIE_QUERY}`).expect(405);
    expect(res.body).toEqual({ error: 'Method PUT is not allowed on /getRanks; use GET, HEAD', errorCode: 'METHOD_NOT_ALLOWED' });
  });

  // The cookie check ran before routing too: `GET /noSuchRoute?cookie=%01` answered 400 "cookie contains control characters …".
  it.each([
    ['GET', '/noSuchRoute?cookie=%01', {}],
    ['GET', '/noSuchRoute?cookie=k%3D%E4%B8%AD', {}],
    ['POST', '/getRanks/x?cookie=a%0Db', {}],
  ])('an unsendable cookie does not hide a missing route: %s %s %j → 404', async (method, url, headers) => {
    const res = await h.http()[method.toLowerCase() as 'get'](url).set(headers).expect(404);
    expect(res.body).toEqual({ error: `Cannot ${method} ${url.split('?')[0]}`, errorCode: 'NOT_FOUND' });
  });

  it('a route that answers still refuses the unsendable cookie before any upstream call', async () => {
    const res = await h.http().get('/getRanks?topId=4&cookie=%01').expect(400);
    expect(res.body).toEqual({ error: 'cookie contains control characters or characters past Latin-1', errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
  });

  // The shape check ran before routing: `GET /noSuchRoute?shape=bogus` answered 400 "shape must be one of …".
  describe('an unknown response shape does not hide a missing route or a wrong method', () => {
    const SHAPE_400 = { error: 'shape must be one of legacy, normalised (or normalized)', errorCode: 'BAD_REQUEST' };
    it.each([
      ['GET', '/noSuchRoute?shape=bogus', {}],
      ['GET', '/noSuchRoute', { 'X-Response-Shape': 'bogus' }],
      ['POST', '/noSuchRoute?shape=bogus', {}],
      ['GET', '/getRanks/x?shape=bogus', {}],
      ['GET', '/user/getCookie?shape=bogus', {}], // admin-only, ADMIN_TOKEN unset: no such route
    ])('%s %s %j → 404 NOT_FOUND', async (method, url, headers) => {
      const res = await h.http()[method.toLowerCase() as 'get'](url).set(headers).expect(404);
      expect(res.body).toEqual({ error: `Cannot ${method} ${url.split('?')[0]}`, errorCode: 'NOT_FOUND' });
    });

    it('a known path asked with another method → 405, not the shape 400', async () => {
      const res = await h.http().put('/getRanks?shape=bogus').expect(405);
      expect(res.body).toEqual({ error: 'Method PUT is not allowed on /getRanks; use GET, HEAD', errorCode: 'METHOD_NOT_ALLOWED' });
    });

    it.each([
      ['GET', '/getRanks?shape=bogus', {}],
      ['GET', '/GETRANKS/?shape=bogus', {}],
      ['GET', '//getRanks?shape=bogus', {}],
      ['GET', '/getRanks', { 'X-Response-Shape': 'bogus' }],
      ['GET', '/getSongInfo/0039MnYb0qxYhV?shape=bogus', {}],
      ['GET', '/getSingerHotsong?singerid=4558&shape=bogus', {}],
      ['POST', '/batchGetSongInfo?shape=bogus', {}],
    ])('a route it answers still refuses the shape: %s %s %j → 400', async (method, url, headers) => {
      const res = await h.http()[method.toLowerCase() as 'get'](url).set(headers).expect(400);
      expect(res.body).toEqual(
        'X-Response-Shape' in headers ? { ...SHAPE_400, error: SHAPE_400.error.replace('shape', 'X-Response-Shape') } : SHAPE_400,
      );
      expect(h.fake.requests).toHaveLength(0);
    });
  });
});

describe('POST bodies: a type the gateway does not read is refused with 415, not ignored', () => {
  let h: Harness;
  const logs: string[] = [];
  /** Every POST path of /docs-json (aliases included) and the body types its operation lists. */
  let posts: Array<{ path: string; types: string[] }>;
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'info', ADMIN_TOKEN: ADMIN } });
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    posts = documentedRoutes(doc)
      .filter((r) => r.method === 'post')
      .map(({ path, op }) => ({ path, types: Object.keys(op.requestBody?.content ?? {}) }));
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const refused = (got: string, expected = JSON_BODY) => ({ error: `Content-Type must be ${expected} (got ${got})`, errorCode: 'UNSUPPORTED_MEDIA_TYPE' });
  // what the routes would have read: a valid body for each
  const fields = { songs: [[SONG]], disstids: ['7011264340'], qrsig: 'abc', uuid: 'abc', cookie: `uin=o123; qqmusic_key=${SECRET}` };

  it('every POST route takes JSON; only /user/setCookie takes a form too (docs/legacy.md "Request bodies")', () => {
    expect(posts.map((p) => p.path)).toEqual(expect.arrayContaining(['/checkMainLoginQr', '/checkAltLoginQr', '/batchGetSongInfo', '/batchGetSongLists', '/user/setCookie']));
    expect(posts.length).toBeGreaterThanOrEqual(11);
    for (const { path, types } of posts) expect({ path, types }).toEqual({ path, types: path === '/user/setCookie' ? [JSON_BODY, FORM_BODY] : [JSON_BODY] });
  });

  it('every POST route (aliases included) answers a text/plain body with 415 UNSUPPORTED_MEDIA_TYPE naming the types it takes, asking nothing upstream', async () => {
    for (const { path, types } of posts) {
      const res = await h.http().post(path).set('X-Admin-Token', ADMIN).set('Content-Type', 'text/plain').send(JSON.stringify(fields));
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 415, body: refused('text/plain', types.join(' or ')) });
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('a form body on every JSON-only POST route (aliases included) is a 415 naming application/json, not an empty body', async () => {
    const jsonOnly = posts.filter((p) => !p.types.includes(FORM_BODY));
    expect(jsonOnly.map((p) => p.path)).toEqual(expect.arrayContaining(['/checkMainLoginQr', '/user/checkQQLoginQr', '/checkAltLoginQr', '/checkWXLoginQr', '/batchGetSongInfo', '/batchGetSongLists']));
    for (const { path } of jsonOnly) {
      // what curl -d sends: the JSON text as a form, and a real form of the same fields
      for (const body of [JSON.stringify(fields), new URLSearchParams({ qrsig: 'abc', uuid: 'abc', songs: SONG }).toString()]) {
        const res = await rawPost(h, path, body, { 'Content-Type': FORM_BODY });
        expect({ path, ...res }).toEqual({ path, status: 415, body: refused(FORM_BODY) });
      }
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('names the type sent, without its parameters: browser fetch\'s default, XML, none at all', async () => {
    const body = JSON.stringify({ songs: [[SONG]] });
    expect((await rawPost(h, '/batchGetSongInfo', body, { 'Content-Type': 'text/plain;charset=UTF-8' })).body).toEqual(refused('text/plain'));
    expect((await rawPost(h, '/batchGetSongInfo', body, { 'Content-Type': 'Application/XML; charset=utf-8' })).body).toEqual(refused('application/xml'));
    expect(await rawPost(h, '/batchGetSongInfo', body)).toEqual({ status: 415, body: refused('none') });
    expect(await rawPost(h, '/batchGetSongInfo', body, { 'Content-Type': `x; ${SECRET}` })).toEqual({ status: 415, body: refused('an unreadable type') });
    expect(h.fake.requests).toHaveLength(0);
    const lines = logs.filter((l) => l.includes('Request body refused (415 Content-Type must be application/json'));
    expect(lines.length).toBeGreaterThanOrEqual(4);
    expectNoSecretInLogs(logs, [SECRET]);
  });

  it('JSON in UTF-8 (declared in any case, quoted, or not declared) is read: the songs asked for are answered', async () => {
    const body = JSON.stringify({ songs: [[SONG]] });
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json; charset=UTF-8', 'application/json;charset="utf-8"']) {
      const res = await rawPost(h, '/batchGetSongInfo', body, { 'Content-Type': type });
      expect({ type, status: res.status, mid: res.body.data?.[0]?.data?.mid }).toEqual({ type, status: 200, mid: SONG });
    }
  });

  describe('a body in any other charset is a 415 naming utf-8, never decoded nor guessed at', () => {
    const text = JSON.stringify({ songs: [[SONG]] });
    const swap16 = (b: Buffer): Buffer => Buffer.from(b).swap16();
    const utf32be = (s: string): Buffer => {
      const out = Buffer.alloc(4 * s.length);
      [...s].forEach((c, i) => out.writeUInt32BE(c.codePointAt(0)!, 4 * i));
      return out;
    };
    // each body is that charset's faithful encoding of the same JSON (the old parser decoded most of them)
    const cases: Array<[string, Buffer]> = [
      ['utf-16le', Buffer.from(text, 'utf16le')],
      ['utf-16be', swap16(Buffer.from(text, 'utf16le'))],
      ['utf-16', Buffer.concat([Buffer.from([0xfe, 0xff]), swap16(Buffer.from(text, 'utf16le'))])],
      ['utf-32', Buffer.concat([Buffer.from([0, 0, 0xfe, 0xff]), utf32be(text)])],
      ['utf-7', Buffer.from(text, 'ascii')],
      ['latin1', Buffer.from(text, 'latin1')],
      ['iso-8859-1', Buffer.from(text, 'latin1')],
      ['utf8', Buffer.from(text, 'utf8')],
    ];
    it.each(cases)('charset=%s → 415 UNSUPPORTED_MEDIA_TYPE, asking nothing upstream', async (charset, body) => {
      const res = await rawPost(h, '/batchGetSongInfo', body, { 'Content-Type': `application/json; charset=${charset.toUpperCase()}` });
      expect(res).toEqual({ status: 415, body: { error: `Request body charset must be utf-8 (got ${charset})`, errorCode: 'UNSUPPORTED_MEDIA_TYPE' } });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('the same on a form route, and a charset that is no token is not repeated', async () => {
      const form = `data=${encodeURIComponent(`uin=o0123456789; qqmusic_key=${SECRET}`)}`;
      const latin = await rawPost(h, '/user/setCookie', form, { 'Content-Type': `${FORM_BODY}; charset=iso-8859-1`, 'X-Admin-Token': ADMIN });
      expect(latin).toEqual({ status: 415, body: { error: 'Request body charset must be utf-8 (got iso-8859-1)', errorCode: 'UNSUPPORTED_MEDIA_TYPE' } });
      const junk = await rawPost(h, '/batchGetSongInfo', text, { 'Content-Type': `application/json; charset="${SECRET} x"` });
      expect(junk).toEqual({ status: 415, body: { error: 'Request body charset must be utf-8 (got an unreadable charset)', errorCode: 'UNSUPPORTED_MEDIA_TYPE' } });
      expectNoSecretInLogs(logs, [SECRET]);
    });
  });

  it('a form body is still read where the route takes one: /user/setCookie (docs/legacy.md)', async () => {
    const set = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).type('form').send({ data: 'uin=o0123456789; qqmusic_key=Q_H_L_formkey' }).expect(200);
    expect(set.body.data).toMatchObject({ set: true, hasMusicKey: true });
    const utf8 = await rawPost(h, '/user/setCookie', `cookie=${encodeURIComponent('uin=o0123456789; qqmusic_key=Q_H_L_formkey2')}`, {
      'Content-Type': `${FORM_BODY}; charset=UTF-8`,
      'X-Admin-Token': ADMIN,
    });
    expect(utf8).toMatchObject({ status: 200, body: { data: { set: true, hasMusicKey: true } } });
    // the login check reads the same fields from JSON
    const qr = (await h.http().get('/getMainLoginQr').expect(200)).body as { qrsig: string };
    const check = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig }).expect(200);
    expect(check.body).toMatchObject({ isOk: false, state: 'waiting' });
  });

  it('an empty body of any type is no body: the route answers as without one', async () => {
    const res = await rawPost(h, '/checkMainLoginQr', '', { 'Content-Type': 'text/plain' });
    expect(res).toEqual({ status: 400, body: { error: 'qrsig is required', errorCode: 'BAD_REQUEST' } });
    expect(await rawPost(h, '/checkMainLoginQr', '', { 'Content-Type': 'application/json; charset=utf-16' })).toEqual(res);
  });

  it('routing comes first: an unknown path is 404, another method 405, and a GET\'s body is still ignored', async () => {
    await h.http().post('/nope').set('Content-Type', 'text/plain').send('hello').expect(404);
    await h.http().put('/batchGetSongInfo').set('Content-Type', 'text/plain').send('hello').expect(405);
    await h.http().get('/getRanks?topId=4&limit=2').set('Content-Type', 'text/plain').send('hello').expect(200);
  });
});

describe('Answers the response cache does not store are Cache-Control: no-store', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true', ADMIN_TOKEN: ADMIN } });
  });
  afterAll(() => h.close());

  const USER_COOKIE = 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_5fakeMusicKeyAbc123';

  it('login, the credential routes, admin routes, POST batches, errors and 404s', async () => {
    const qr = await h.http().get('/getMainLoginQr').expect(200);
    const altQr = await h.http().get('/getAltLoginQr').expect(200);
    const check = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.body.qrsig }).expect(200);
    // The user reads are cached per account (decision 020).
    const playlists = await h.http().get('/user/getUserPlaylists').query({ uin: '10001', cookie: USER_COOKIE }).expect(200);
    expect([playlists.headers['x-cache'], playlists.headers['cache-control']]).toEqual(['MISS', 'private, max-age=60']);
    const status = await h.http().get('/user/credential/status').set('X-Admin-Token', ADMIN).expect(200);
    const getCookie = await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN);
    const batch = await h.http().post('/batchGetSongInfo').send({ songs: [[SONG]] }).expect(200);
    const badParam = await h.http().get('/getRanks?topId=abc').expect(400);
    const notFound = await h.http().get('/nope').expect(404);
    const badType = await h.http().post('/batchGetSongInfo').set('Content-Type', 'text/plain').send('x').expect(415);
    const badJson = await h.http().post('/batchGetSongInfo').set('Content-Type', 'application/json').send('{bad').expect(400);
    const answers = { qr, altQr, check, status, getCookie, batch, badParam, notFound, badType, badJson };
    const cacheControl = Object.fromEntries(Object.entries(answers).map(([name, res]) => [name, res.headers['cache-control']]));
    expect(cacheControl).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, 'no-store'])));
  });

  it('catalogue answers keep the cache\'s own; health and metrics keep theirs; /docs still loads', async () => {
    const miss = await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const hit = await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const bypass = await h.http().get('/getRanks?topId=4&limit=2').set('Cache-Control', 'no-cache').expect(200);
    expect([bypass.headers['x-cache'], bypass.headers['cache-control']]).toEqual(['BYPASS', expect.stringMatching(/^public, max-age=\d+$/)]);
    const own = await h.http().get('/getRanks?topId=4&limit=2').query({ cookie: USER_COOKIE }).expect(200);
    expect([own.headers['x-cache'], own.headers['cache-control']]).toEqual(['MISS', expect.stringMatching(/^private, max-age=\d+$/)]);
    const live = await h.http().get('/health/live').expect(200);
    expect(live.headers['cache-control']).toMatch(/no-store/);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.headers['cache-control']).toBe('no-store');
    expect(metrics.text).toContain('gateway_http_requests_total');
    expect((await h.http().get('/docs/').expect(200)).text).toContain('swagger');
    expect((await h.http().get('/docs-json').expect(200)).body.openapi).toMatch(/^3\./);
  });

  it('with the cache off, catalogue answers are no-store too', async () => {
    const off = await startHarness({ env: { CACHE_ENABLED: 'false' } });
    try {
      const res = await off.http().get('/getRanks?topId=4&limit=2').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-cache']).toBeUndefined();
    } finally {
      await off.close();
    }
  });
});

describe('CORS: browsers may read the headers the gateway sends; preflights offer only the methods it answers', () => {
  let h: Harness;
  const ORIGIN = 'https://app.example';
  beforeAll(async () => {
    h = await startHarness({ env: { CORS_ORIGINS: ORIGIN, CACHE_ENABLED: 'true', RATE_LIMIT: '10', TRUST_PROXY: '1' } });
  });
  afterAll(() => h.close());

  const exposed = (res: { headers: Record<string, string> }) => (res.headers['access-control-expose-headers'] ?? '').split(/\s*,\s*/).filter(Boolean).map((n) => n.toLowerCase());

  it('the preflight allows GET, HEAD, POST (PUT/PATCH/DELETE all answer 405) and may be cached for a while', async () => {
    const pre = await h.http().options('/batchGetSongInfo').set('Origin', ORIGIN).set('Access-Control-Request-Method', 'POST').set('Access-Control-Request-Headers', 'content-type');
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(pre.headers['access-control-allow-methods']).toBe('GET,HEAD,POST');
    expect(Number(pre.headers['access-control-max-age'])).toBeGreaterThanOrEqual(600);
    for (const method of ['put', 'patch', 'delete'] as const) await h.http()[method]('/batchGetSongInfo').set('Origin', ORIGIN).expect(405);
  });

  it('every gateway header that reaches a browser is exposed: caching, ids, rate limits, shape, retries, Allow', async () => {
    const url = '/getRanks?topId=4&limit=2';
    const miss = await h.http().get(url).set('Origin', ORIGIN).expect(200);
    const hit = await h.http().get(url).set('Origin', ORIGIN).expect(200);
    const legacy = await h.http().get(url).set('Origin', ORIGIN).set('X-Response-Shape', 'legacy').expect(200);
    const wrongMethod = await h.http().put(url).set('Origin', ORIGIN).expect(405);
    const error = await h.http().get('/getRanks?topId=abc').set('Origin', ORIGIN).expect(400);
    // The headers these answers really carry that CORS hides unless exposed (the safelisted ones need nothing).
    const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma']);
    const NOT_FOR_SCRIPTS = /^(access-control-|vary$|connection$|keep-alive$|date$|content-security-policy|cross-origin-|origin-agent-cluster|referrer-policy|strict-transport-security|x-content-type-options|x-dns-prefetch-control|x-download-options|x-frame-options|x-permitted-cross-domain-policies|x-xss-protection)/;
    const sent = new Set<string>();
    for (const res of [miss, hit, legacy, wrongMethod, error]) {
      for (const name of Object.keys(res.headers)) if (!SAFELISTED.has(name) && !NOT_FOR_SCRIPTS.test(name)) sent.add(name);
      expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    }
    expect([...sent].sort()).toEqual(['age', 'allow', 'etag', 'x-cache', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'x-request-id', 'x-response-shape']);
    for (const res of [miss, hit, legacy, wrongMethod, error]) expect(exposed(res)).toEqual(expect.arrayContaining([...sent]));
    // and on rarer answers: Retry-After on a 429 (or 503), Warning on a stale copy (test/cache/cache.e2e-spec.ts); nothing else
    let limited;
    for (let i = 0; i < 20 && limited?.status !== 429; i++) limited = await h.http().get('/getRanks?topId=abc').set('Origin', ORIGIN);
    if (!limited) throw new Error('no answer to the rate-limited requests');
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toEqual(expect.any(String));
    expect(exposed(limited)).toContain('retry-after');
    expect(exposed(miss).sort()).toEqual([...sent, 'retry-after', 'warning'].sort());
  });
});

describe('A body that is valid JSON but no object is named for what it is', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: ADMIN } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it.each(['null', '"x"', '[]', `[["${SONG}"]]`, '42', 'true'])('every POST route answers %s with 400 "Request body must be a JSON object"', async (body) => {
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const posts = documentedPosts(doc);
    expect(posts.length).toBeGreaterThanOrEqual(11);
    h.fake.reset();
    // A login cookie too: a library write refuses a caller without one (401) before it reads the body at all.
    for (const path of posts) {
      const res = await h.http().post(path).set('X-Admin-Token', ADMIN).set('X-Custom-Cookie', 'uin=o0123456; qqmusic_key=Q_H_L_shapeProbe').set('Content-Type', 'application/json').send(body);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { error: 'Request body must be a JSON object', errorCode: 'BAD_REQUEST' } });
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('invalid JSON is still "not valid JSON"; an empty JSON body is still an empty object (the field is named)', async () => {
    const bad = await h.http().post('/checkMainLoginQr').set('Content-Type', 'application/json').send('{"qrsig": ').expect(400);
    expect(bad.body).toEqual({ error: 'Request body is not valid JSON', errorCode: 'BAD_REQUEST' });
    const empty = await h.http().post('/checkMainLoginQr').set('Content-Type', 'application/json').send('').expect(400);
    expect(empty.body).toEqual({ error: 'qrsig is required', errorCode: 'BAD_REQUEST' });
  });

});

describe('An upstream business code is named once, in the answer and the log', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'warn' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  it('a code without a known meaning: "upstream code N", not "upstream code N (code N)"', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'MvService.MvInfoProServer' });
    const res = await h.http().get('/getSingerMv?singermid=0025NhlN2yWrP4&limit=3').expect(502);
    expect(res.body).toEqual({
      error: 'Upstream MvService.MvInfoProServer.GetSingerMvList failed: upstream code 500001',
      errorCode: 'UPSTREAM_ERROR',
      upstreamCode: 500001,
    });
    const failures = logs.filter((l) => l.includes('Upstream call failed'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/business code 500001 after 1 attempt in/);
  });

  it('a code with a meaning says it, and the code, once', async () => {
    h.fake.fault({ kind: 'business', code: 2001 }, { module: 'MvService.MvInfoProServer' });
    const res = await h.http().get('/getSingerMv?singermid=0025NhlN2yWrP4&limit=3').expect(503);
    expect(res.body.error).toBe('Upstream MvService.MvInfoProServer.GetSingerMvList failed: rate limited by upstream (code 2001)');
    expect(logs.filter((l) => l.includes('Upstream call failed'))[0]).toMatch(/business code 2001 \(rate limited by upstream\) after/);
  });

  it('a CGI\'s business code reads the same way (JSON and XML CGIs)', async () => {
    playlistsState(h.fake.state).failingCategories.set(10000000, -500);
    const lists = await h.http().get('/getSongLists').expect(502);
    expect(lists.body).toEqual({ error: 'Upstream fcg_get_diss_by_tag.fcg failed: upstream code -500', errorCode: 'UPSTREAM_ERROR', upstreamCode: -500 });
    singersState(h.fake.state).descXml = '<?xml version="1.0"?><result><code>-100</code></result>';
    const desc = await h.http().get('/getSingerDesc?singermid=0025NhlN2yWrP4').expect(502);
    expect(desc.body).toEqual({ error: 'Upstream fcg_get_singer_desc.fcg failed: upstream code -100', errorCode: 'UPSTREAM_ERROR', upstreamCode: -100 });
  });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** Every status line received: one answer per request, never a second one for the same request. */
  statusLines: string[];
}

/**
 * Writes `request` over a socket whose side is never closed (a hostile or stalled client), reads until the server
 * ends the connection, then waits for the server's own socket to close (its file descriptor released). Fails if
 * either takes longer than `withinMs`.
 */
async function exchangeUntilServerCloses(h: Harness, request: string, withinMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(h.url);
  const server = h.app.getHttpServer();
  const accepted = new Map<number, Socket>();
  const onConnection = (socket: Socket) => accepted.set(socket.remotePort ?? 0, socket);
  server.on('connection', onConnection);
  const client = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
  const deadline = Date.now() + withinMs;
  const chunks: Buffer[] = [];
  const timers = new AbortController();
  const within = <T>(what: string, promise: Promise<T>): Promise<T> => {
    const overdue = delay(Math.max(0, deadline - Date.now()), undefined, { signal: timers.signal }).then(
      () => Promise.reject(new Error(`${what} within ${withinMs} ms; got ${JSON.stringify(Buffer.concat(chunks).toString('latin1').slice(0, 300))}`)),
      () => new Promise<never>(() => undefined), // cancelled once the exchange is over
    );
    return Promise.race([promise, overdue]);
  };
  try {
    client.on('data', (d: Buffer) => chunks.push(d));
    await within('no connection', once(client, 'connect'));
    client.write(request);
    await within('no answer and no close', once(client, 'end'));
    const peer = accepted.get(client.localPort ?? -1);
    if (!peer) throw new Error('the server side of the connection was not seen');
    if (!peer.destroyed) await within('the server kept its socket open', once(peer, 'close'));
  } finally {
    timers.abort();
    server.off('connection', onConnection);
    client.destroy();
  }
  const text = Buffer.concat(chunks).toString('utf8');
  const [head, body = ''] = text.split('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n').slice(1)) headers[line.slice(0, line.indexOf(':')).toLowerCase()] = line.slice(line.indexOf(':') + 1).trim();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    parsed = body;
  }
  return { status: Number(/^HTTP\/1\.1 (\d{3}) /.exec(head)?.[1] ?? 0), headers, body: parsed, statusLines: text.match(/HTTP\/1\.1 \d{3} /g) ?? [] };
}

describe('A malformed or stalled chunked body is answered at once and its connection closed, never held open', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'info' }, connectionsCheckingIntervalMs: 200 });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  const chunked = (body: string) =>
    `POST /batchGetSongInfo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n${body}`;
  const MALFORMED = { error: 'The request is not valid HTTP/1.1', errorCode: 'MALFORMED_REQUEST' };

  it.each([
    { what: 'a chunk size that is no number', request: chunked('ZZ\r\n{}\r\n0\r\n\r\n'), status: 400, body: MALFORMED },
    { what: 'a bad chunk size after a valid first chunk', request: chunked(`2\r\n{"\r\nZZ\r\n}\r\n0\r\n\r\n`), status: 400, body: MALFORMED },
    {
      what: 'a 20 KB chunk extension',
      request: chunked(`2;${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`),
      status: 413,
      body: { error: 'Chunk extensions of the request body are too large', errorCode: 'PAYLOAD_TOO_LARGE' },
    },
  ])('$what → $status JSON at once, then the server closes the connection itself', async ({ request, status, body }) => {
    const answer = await exchangeUntilServerCloses(h, request);
    expect({ status: answer.status, body: answer.body, answers: answer.statusLines.length }).toEqual({ status, body, answers: 1 });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store' });
    expect(h.fake.requests).toHaveLength(0);
    // The abandoned request's body-parser failure comes after the close: no crash, no 500, no error line.
    await h.http().get('/health/live').expect(200);
    expect(logs.filter((line) => /"level":(50|60)|Internal server error|"statusCode":5\d\d/.test(line))).toEqual([]);
  });

  it('a chunked body that stalls is refused with 408 once the request timeout passes, and its connection closed', async () => {
    const server = h.app.getHttpServer();
    const { headersTimeout, requestTimeout } = server;
    // Node looks for overdue requests every connectionsCheckingInterval (200 ms here, 30 s by default). It enforces the request timeout only when it is no shorter than the headers timeout, as configureApp keeps it.
    server.headersTimeout = 1000;
    server.requestTimeout = 1000;
    try {
      const answer = await exchangeUntilServerCloses(h, chunked('2\r\n{"\r\n'), 30_000);
      expect({ status: answer.status, body: answer.body, answers: answer.statusLines.length }).toEqual({
        status: 408,
        body: { error: 'The request did not arrive in time', errorCode: 'REQUEST_TIMEOUT' },
        answers: 1,
      });
    } finally {
      Object.assign(server, { headersTimeout, requestTimeout });
    }
    await h.http().get('/health/live').expect(200);
    expect(logs.filter((line) => /"level":(50|60)|Internal server error|"statusCode":5\d\d/.test(line))).toEqual([]);
  }, 45_000);

  it('a well-formed chunked body is still read and answered', async () => {
    const body = JSON.stringify({ songs: [[SONG]] });
    const answer = await exchangeUntilServerCloses(h, chunked(`${Buffer.byteLength(body).toString(16)}\r\n${body}\r\n0\r\n\r\n`).replace('Host: x\r\n', 'Host: x\r\nConnection: close\r\n'));
    expect({ status: answer.status, mid: (answer.body as any)?.data?.[0]?.data?.mid }).toEqual({ status: 200, mid: SONG });
  });
});

describe('Requests Node reads but the gateway must not serve: two Host headers, another HTTP version', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const RANKS = '/getRanks?topId=4&limit=2';
  const TWO_HOSTS = { error: 'The request has more than one Host header', errorCode: 'MALFORMED_REQUEST' };
  const VERSION = { error: 'Only HTTP/1.1 and HTTP/1.0 are served on this port', errorCode: 'HTTP_VERSION_NOT_SUPPORTED' };

  it.each([
    { what: 'two Host headers', request: `GET ${RANKS} HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n`, status: 400, body: TWO_HOSTS },
    { what: 'two Host headers in other cases', request: `GET ${RANKS} HTTP/1.1\r\nhost: a.example\r\nHOST: a.example\r\n\r\n`, status: 400, body: TWO_HOSTS },
    {
      what: 'two Host headers on a POST',
      request: `POST /batchGetSongInfo HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`,
      status: 400,
      body: TWO_HOSTS,
    },
    {
      what: 'no Host header on HTTP/1.1',
      request: `GET ${RANKS} HTTP/1.1\r\nAccept: */*\r\n\r\n`,
      status: 400,
      body: { error: 'The request has no Host header (HTTP/1.1 requires one)', errorCode: 'MALFORMED_REQUEST' },
    },
    { what: 'an HTTP/2.0 request line', request: `GET ${RANKS} HTTP/2.0\r\nHost: a.example\r\n\r\n`, status: 505, body: VERSION },
    { what: 'an HTTP/0.9 request line', request: `GET ${RANKS} HTTP/0.9\r\nHost: a.example\r\n\r\n`, status: 505, body: VERSION },
    { what: 'an HTTP/1.2 request line (refused by Node\'s parser)', request: `GET ${RANKS} HTTP/1.2\r\nHost: a.example\r\n\r\n`, status: 505, body: VERSION },
  ])('$what → $status JSON, the connection closed, nothing asked upstream', async ({ request, status, body }) => {
    const answer = await exchangeUntilServerCloses(h, request);
    expect({ status: answer.status, body: answer.body, answers: answer.statusLines.length }).toEqual({ status, body, answers: 1 });
    expect(answer.headers).toMatchObject({ 'content-type': 'application/json; charset=utf-8', connection: 'close', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
    expect(h.fake.requests).toHaveLength(0);
  });

  it('an answer the cache fast lane holds is refused the same way, not served from memory', async () => {
    await h.http().get(RANKS).expect(200);
    expect((await h.http().get(RANKS).expect(200)).headers['x-cache']).toBe('HIT');
    for (const request of [`GET ${RANKS} HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n`, `GET ${RANKS} HTTP/2.0\r\nHost: a\r\n\r\n`]) {
      const answer = await exchangeUntilServerCloses(h, request);
      expect({ request, status: answer.status }).toEqual({ request, status: request.includes('HTTP/2.0') ? 505 : 400 });
    }
  });

  it.each([`GET ${RANKS} HTTP/1.0\r\nHost: a.example\r\n\r\n`, `GET ${RANKS} HTTP/1.0\r\n\r\n`])('HTTP/1.0 with one Host header or none is still served: %j', async (request) => {
    const answer = await exchangeUntilServerCloses(h, request);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: expect.anything() });
  });
});
