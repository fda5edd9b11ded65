import { documentedMethodsByPath } from '../support/documented-routes';
import { Agent, get as httpGet } from 'node:http';
import type { Socket } from 'node:net';
import { Harness, startHarness, waitFor } from '../support/harness';

describe('Operations: health, metrics, docs, logs, security headers', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({
      logs,
      env: { LOG_LEVEL: 'debug', CORS_ORIGINS: 'https://player.example' },
      cookieFile: { cookie: 'uin=o0999; qqmusic_key=Q_H_L_filesecret' },
    });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  it('/health/live answers without calling upstream; /health/ready checks config only without Redis', async () => {
    const live = await h.http().get('/health/live').expect(200);
    expect(live.body.status).toBe('ok');
    const ready = await h.http().get('/health/ready').expect(200);
    expect(ready.body.info.config.status).toBe('up');
    expect(ready.body.info.redis).toBeUndefined();
    expect(ready.body.checked).toEqual(['config']);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('/metrics exposes request, upstream and breaker metrics without cookies or ids in labels', async () => {
    await h.http().get('/getRanks?topId=4&limit=2').set('Cookie', 'uin=o0123; qqmusic_key=Q_H_L_metricsecret').expect(200);
    await h.http().get('/getRanks?topId=abc').expect(400);
    const res = await h.http().get('/metrics').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/plain/);
    expect(res.text).toMatch(/gateway_http_requests_total\{method="GET",route="\/getRanks",status="200"\} 1/);
    expect(res.text).toMatch(/gateway_http_requests_total\{method="GET",route="\/getRanks",status="400"\} 1/);
    expect(res.text).toMatch(/gateway_upstream_calls_total\{host="u",target="music.musicToplist.Toplist.GetDetail",outcome="200"\} 1/);
    expect(res.text).toContain('gateway_upstream_breaker_open{host="u"} 0');
    expect(res.text).toContain('gateway_upstream_call_duration_seconds_bucket');
    expect(res.text).not.toMatch(/metricsecret|filesecret|uin=|o0123/);
  });

  it('unknown paths share one metrics label (no cardinality from raw URLs)', async () => {
    await h.http().get('/random-1').expect(404);
    await h.http().get('/random-2').expect(404);
    const res = await h.http().get('/metrics').expect(200);
    expect(res.text).toMatch(/route="unmatched",status="404"\} 2/);
    expect(res.text).not.toContain('random-1');
  });

  it('serves OpenAPI JSON at /docs-json and the UI at /docs', async () => {
    const json = await h.http().get('/docs-json').expect(200);
    expect(json.body.openapi).toMatch(/^3\./);
    expect(Object.keys(json.body.paths)).toEqual(expect.arrayContaining(['/getRanks', '/getSongInfo']));
    const ui = await h.http().get('/docs/').expect(200);
    expect(ui.text).toContain('swagger');
  });

  it('the Swagger UI loads over plain HTTP: no upgrade-insecure-requests in the CSP, and every asset it references answers 200', async () => {
    for (const page of ['/docs', '/docs/']) {
      const ui = await h.http().get(page).expect(200);
      const csp = ui.headers['content-security-policy'];
      expect(csp).toContain("default-src 'self'"); // the rest of helmet's policy stays
      expect(csp).not.toMatch(/upgrade-insecure-requests/);
      // Over http a browser would otherwise fetch these from https://<host>/…, where nothing listens: a blank page.
      const assets = [...ui.text.matchAll(/<(?:script|link)[^>]+(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets).toEqual(expect.arrayContaining([expect.stringContaining('swagger-ui-bundle.js'), expect.stringContaining('swagger-ui.css')]));
      for (const asset of assets) {
        const url = new URL(asset, new URL(page, h.url));
        const res = await h.http().get(url.pathname);
        expect({ page, asset: url.pathname, status: res.status }).toEqual({ page, asset: url.pathname, status: 200 });
      }
    }
    const api = await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(api.headers['content-security-policy']).toContain("default-src 'self'");
    expect(api.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
    const error = await h.http().get('/nope').expect(404);
    expect(error.headers['content-security-policy']).not.toMatch(/upgrade-insecure-requests/);
  });

  it('redacts a secret parameter however its name is spelled (percent-encoded, upper case), as the query parser reads it', async () => {
    for (const name of ['%63ookie', 'COOKIE', 'c%6Fokie', 'Qrsig']) {
      await h.http().get(`/getRanks?topId=4&limit=1&${name}=uin%3Do01%3B%20qqmusic_key%3DQ_H_L_spelledsecret`).expect(200);
    }
    await h.http().get('/getRanks?topId=4&limit=1&Cookie=plainsecret').expect(200); // no escapes at all
    const all = logs.join('\n');
    expect(all).not.toContain('spelledsecret');
    expect(all).not.toContain('plainsecret');
    expect(all).toContain('%63ookie=[Redacted]');
  });

  it('logs JSON lines with a request id (honouring X-Request-Id) and redacts every cookie', async () => {
    await h
      .http()
      .get('/getRanks?topId=4&limit=1&cookie=uin%3Do01%3B%20qqmusic_key%3DQ_H_L_querysecret')
      .set('X-Request-Id', 'trace-abc-123')
      .set('X-Custom-Cookie', 'qqmusic_key=Q_H_L_customsecret')
      .set('Cookie', 'qqmusic_key=Q_H_L_headersecret')
      .set('Authorization', 'Bearer tokensecret')
      .expect(200)
      .expect('X-Request-Id', 'trace-abc-123');
    const all = logs.join('\n');
    expect(all).not.toMatch(/querysecret|customsecret|headersecret|tokensecret|filesecret/);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.req?.id === 'trace-abc-123' && l.res);
    expect(line).toBeDefined();
    expect(line.req.url).toContain('cookie=[Redacted]');
    expect(line.req.method).toBe('GET');
    expect(line.res.statusCode).toBe(200);
    expect(typeof line.responseTime).toBe('number');
    // request lines carry no header dump at all
    expect(line.req.headers).toBeUndefined();
  });

  it('generates a request id when none (or a malformed one) is sent', async () => {
    const res = await h.http().get('/health/live').set('X-Request-Id', 'bad id with spaces').expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('honours an X-Request-Id of at most 128 characters; a longer one is replaced by a new id in the answer and the log', async () => {
    const longest = 'r'.repeat(127) + '9';
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Request-Id', longest).expect(200).expect('X-Request-Id', longest);
    const tooLong = `${longest}x`;
    const res = await h.http().get('/getRanks?topId=4&limit=1&long=1').set('X-Request-Id', tooLong).expect(200);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logs.map((l) => JSON.parse(l)).filter((l) => l.req && l.res);
    expect(lines.map((l) => l.req.id)).toEqual([longest, res.headers['x-request-id']]);
    expect(logs.join('\n')).not.toContain(tooLong);
  });

  it('sets security headers and answers CORS only for configured origins', async () => {
    const res = await h.http().get('/getRanks?topId=4&limit=1').set('Origin', 'https://player.example').expect(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBe('https://player.example');
    const other = await h.http().get('/getRanks?topId=4&limit=1').set('Origin', 'https://evil.example').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('Rate limiting per client IP', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { RATE_LIMIT: '3', RATE_LIMIT_WINDOW_MS: '60000', TRUST_PROXY: '1' } });
  });
  afterAll(() => h.close());

  it('answers 429 JSON after the limit, per client IP (X-Forwarded-For honoured with TRUST_PROXY)', async () => {
    for (let i = 0; i < 3; i++) await h.http().get('/getRanks?topId=4&limit=1').set('X-Forwarded-For', '203.0.113.7').expect(200);
    const limited = await h.http().get('/getRanks?topId=4&limit=1').set('X-Forwarded-For', '203.0.113.7').expect(429);
    // a clean message (not the throttler's "ThrottlerException: Too Many Requests") that repeats Retry-After
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited.body).toEqual({ error: `Too many requests; retry after ${retryAfter} s`, errorCode: 'TOO_MANY_REQUESTS' });
    // one budget per IP across routes: this client's first POST is limited too
    const post = await h.http().post('/batchGetSongInfo').set('X-Forwarded-For', '203.0.113.7').send({ songs: [['0039MnYb0qxYhV']] });
    expect(post.status).toBe(429);
    expect(post.body).toEqual({ error: `Too many requests; retry after ${post.headers['retry-after']} s`, errorCode: 'TOO_MANY_REQUESTS' });
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Forwarded-For', '203.0.113.8').expect(200);
    await h.http().get('/health/live').set('X-Forwarded-For', '203.0.113.7').expect(200);
  });

  it('counts one budget per client IP across all routes, not one per route', async () => {
    const ip = '203.0.113.20';
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Forwarded-For', ip).expect(200);
    await h.http().get('/getImageUrl?id=0039MnYb0qxYhV').set('X-Forwarded-For', ip).expect(200);
    await h.http().get('/user/getUserAvatar?uin=1').set('X-Forwarded-For', ip).expect(200);
    await h.http().get('/getImageUrl?id=000MkMni19ClKG').set('X-Forwarded-For', ip).expect(429);
    await h.http().get('/user/getUserAvatar?uin=2').set('X-Forwarded-For', ip).expect(429);
  });
});

describe('Rate limiting window (RATE_LIMIT_WINDOW_MS)', () => {
  it('a client over its budget is told to retry within the configured window, and is served again once it has passed', async () => {
    const h = await startHarness({ env: { RATE_LIMIT: '1', RATE_LIMIT_WINDOW_MS: '3000' } });
    try {
      // a route that calls no upstream: the budget is all this test spends
      await h.http().get('/user/getUserAvatar?uin=1').expect(200);
      const limited = await h.http().get('/user/getUserAvatar?uin=1').expect(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(3); // the 3 s window, in whole seconds (not the 60 s default)
      expect(limited.body).toEqual({ error: `Too many requests; retry after ${retryAfter} s`, errorCode: 'TOO_MANY_REQUESTS' });
      // polled (each poll is a request the limiter counts), bounded well below the default 60 s window
      await waitFor(async () => (await h.http().get('/user/getUserAvatar?uin=1')).status === 200, 10_000, 'the window to pass');
    } finally {
      await h.close();
    }
  }, 120_000); // the window itself takes 3 s
});

describe('Behind a reverse proxy: the client address in rate limits and logs', () => {
  /** The request log line (the one with a status) of each request, in order. */
  const requestLines = (logs: string[]) => logs.map((l) => JSON.parse(l)).filter((l) => l.req && l.res);

  it('with TRUST_PROXY=1, the X-Forwarded-For client is what the rate limit counts and what the log line names', async () => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_LEVEL: 'info', RATE_LIMIT: '2', TRUST_PROXY: '1' } });
    try {
      // As nginx sends it: whatever the client claimed, then the address the proxy saw (the last entry is trusted).
      const viaProxy = (client: string) => h.http().get('/getHotkey').set('X-Forwarded-For', `10.9.9.9, ${client}`);
      await viaProxy('203.0.113.7').expect(200);
      await viaProxy('203.0.113.7').expect(200);
      await viaProxy('203.0.113.7').expect(429);
      await viaProxy('203.0.113.8').expect(200);
      const lines = requestLines(logs);
      expect(lines.map((l) => [l.req.ip, l.res.statusCode])).toEqual([
        ['203.0.113.7', 200],
        ['203.0.113.7', 200],
        ['203.0.113.7', 429],
        ['203.0.113.8', 200],
      ]);
      // the peer itself stays on the line too: behind a proxy, the proxy's address
      expect(lines[0].req.remoteAddress).toMatch(/127\.0\.0\.1$/);
    } finally {
      await h.close();
    }
  });

  it('without TRUST_PROXY, a client cannot pick its address with X-Forwarded-For (budget nor log line)', async () => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_LEVEL: 'info', RATE_LIMIT: '2' } });
    try {
      for (const [spoofed, status] of [['203.0.113.1', 200], ['203.0.113.2', 200], ['203.0.113.3', 429]] as const) {
        await h.http().get('/getHotkey').set('X-Forwarded-For', spoofed).set('X-Real-IP', spoofed).set('Forwarded', `for=${spoofed}`).expect(status);
      }
      const ips = requestLines(logs).map((l) => l.req.ip);
      expect(ips).toHaveLength(3);
      for (const ip of ips) expect(ip).toMatch(/127\.0\.0\.1$/);
    } finally {
      await h.close();
    }
  });
});

describe('Idle client connections (KEEP_ALIVE_TIMEOUT_MS)', () => {
  /** One keep-alive request on a socket of its own; resolves with that socket once answered. */
  const keptAliveSocket = (url: string) =>
    new Promise<Socket>((resolve, reject) => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      const req = httpGet(new URL('/health/live', url), { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(req.socket!));
      });
      req.on('error', reject);
    });

  it('are kept 65 s by default, longer than a reverse proxy keeps its own (60 s)', async () => {
    const h = await startHarness();
    try {
      const server = h.app.getHttpServer();
      expect(server.keepAliveTimeout).toBe(65_000);
      expect(server.headersTimeout).toBeGreaterThan(65_000);
      const socket = await keptAliveSocket(h.url);
      expect(socket.destroyed).toBe(false);
      socket.destroy();
    } finally {
      await h.close();
    }
  });

  it('are closed by the gateway once idle for the configured time', async () => {
    const h = await startHarness({ env: { KEEP_ALIVE_TIMEOUT_MS: '200' } });
    try {
      const socket = await keptAliveSocket(h.url);
      await waitFor(() => socket.destroyed, 3000, 'the gateway to close the idle connection');
    } finally {
      await h.close();
    }
  });
});

describe('a known path asked with another method: 405 with Allow (RFC 9110 section 15.5.6)', () => {
  const TOKEN = 'admin-token-405-abcdefghij';
  const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
  type Method = (typeof METHODS)[number];
  const send = (h: Harness, method: Method | 'OPTIONS', path: string) =>
    h.http()[method.toLowerCase() as 'get'](path).set('X-Admin-Token', TOKEN).set('Cookie', 'qqmusic_key=Q_H_L_405secret');
  /** The documented operations of every path, as `/docs-json` lists them. */
  const documented = async (h: Harness) =>
    documentedMethodsByPath((await h.http().get('/docs-json').expect(200)).body);

  describe('with ADMIN_TOKEN', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness({ env: { ADMIN_TOKEN: TOKEN } });
    });
    afterAll(() => h.close());

    it('every documented path answers every other method with 405, Allow = its documented methods (GET brings HEAD)', async () => {
      const paths = await documented(h);
      expect(paths.map((p) => p.path)).toEqual(expect.arrayContaining(['/getRanks', '/batchGetSongInfo', '/checkMainLoginQr', '/user/setCookie', '/health/live']));
      for (const { path, methods } of paths) {
        const allow = methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m]));
        for (const method of METHODS.filter((m) => !methods.includes(m))) {
          const res = await send(h, method, path);
          expect({ path, method, status: res.status, allow: res.headers.allow, body: res.body }).toEqual({
            path,
            method,
            status: 405,
            allow: allow.join(', '),
            body: { error: `Method ${method} is not allowed on ${path}; use ${allow.join(', ')}`, errorCode: 'METHOD_NOT_ALLOWED' },
          });
        }
      }
      expect(h.fake.requests).toHaveLength(0);
    });

    it('paths match as Express routes them (any case, a trailing slash); OPTIONS without CORS is a 405 too', async () => {
      const res = await send(h, 'PUT', '/GETRANKS/').expect(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      await send(h, 'OPTIONS', '/getRanks').expect(405).expect('Allow', 'GET, HEAD');
      await send(h, 'PUT', '/user/setCookie').expect(405).expect('Allow', 'POST, GET, HEAD');
    });

    it('an unknown path stays a 404 whatever the method; a right method is untouched (HEAD included)', async () => {
      for (const method of METHODS) expect((await send(h, method, '/getRankz')).status).toBe(404);
      await h.http().head('/getRanks?topId=4&limit=1').expect(200);
      await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    });
  });

  describe('without ADMIN_TOKEN', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
    });
    afterAll(() => h.close());

    it('the admin-only routes do not exist for any method (404), the others still answer 405', async () => {
      for (const method of METHODS) {
        for (const path of ['/user/setCookie', '/user/getCookie', '/user/credential/status']) {
          const res = await send(h, method, path);
          expect({ method, path, status: res.status, allow: res.headers.allow }).toEqual({ method, path, status: 404, allow: undefined });
        }
      }
      await send(h, 'DELETE', '/getRanks').expect(405).expect('Allow', 'GET, HEAD');
    });
  });
});
