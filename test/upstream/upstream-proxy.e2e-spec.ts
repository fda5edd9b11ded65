import { loadAppConfig } from '../../src/config/app-config';
import { startupSummary } from '../../src/config/startup-summary';
import { bypassesProxy, parseNoProxy } from '../../src/config/upstream-proxy-settings';
import { logStartup } from '../../src/app.factory';
import { waitFor } from '../support/harness';
import { freePort, proxiedSuite, startTinyproxy } from '../support/tinyproxy';

/** The port of one of the fake's origins (http://127.0.0.1:<port>). */
const portOf = (origin: string): number => Number(new URL(origin).port);
const CATALOGUE = '/getRanks?topId=62&limit=2'; // u.y.qq.com (musicu)
const ON_C = '/getSongListCategories'; // c.y.qq.com (a CGI)

/**
 * UPSTREAM_PROXY through a real forward proxy (tinyproxy, a child process): undici's ProxyAgent opens a CONNECT
 * tunnel per upstream connection, which tinyproxy logs with the host:port asked for (docs/decisions/031-outbound-proxy.md).
 */
describe('Outbound proxy (UPSTREAM_PROXY, UPSTREAM_NO_PROXY)', () => {
  const suite = proxiedSuite('Pr0xyS3cret');

  it('every upstream host goes through it (the QIMEI service and loopback origins included), a UPSTREAM_NO_PROXY host straight', async () => {
    const h = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: suite.open.origin, UPSTREAM_NO_PROXY: `127.0.0.1:${portOf(fake.origins.c)}` }) });
    const ports = Object.fromEntries(Object.entries(h.fake.origins).map(([host, origin]) => [host, portOf(origin)]));
    // The harness obtained the device identity first: QIMEI and the device session, each through a tunnel.
    expect(suite.open.tunnelledPorts()).toEqual(expect.arrayContaining([ports.qimei, ports.u]));

    await h.http().get(CATALOGUE).expect(200);
    expect(h.fake.requestsTo('u')).toHaveLength(1);
    const tunnelsBefore = suite.open.tunnelledPorts().length;
    await h.http().get(ON_C).expect(200);
    expect(h.fake.requestsTo('c')).toHaveLength(1);
    // c.y.qq.com's call reached the fake, and never the proxy.
    expect(suite.open.tunnelledPorts()).not.toContain(ports.c);
    expect(suite.open.tunnelledPorts()).toHaveLength(tunnelsBefore);
    // The login hosts too: the QQ QR comes from ptlogin through the proxy.
    await h.http().get('/getMainLoginQr').expect(200);
    expect(h.fake.requestsTo('ptlogin', '/ptqrshow')).toHaveLength(1);
    expect(suite.open.tunnelledPorts()).toContain(ports.ptlogin);
  });

  it('a proxy that is down: 502 UPSTREAM_PROXY_UNREACHABLE naming it (no credentials), never a circuit; bypassed hosts still answer', async () => {
    const downPort = await freePort();
    const h = await suite.start({
      warmIdentity: false,
      env: (fake) => ({ UPSTREAM_PROXY: `http://gwuser:D0wnS3cret@127.0.0.1:${downPort}`, UPSTREAM_NO_PROXY: `127.0.0.1:${portOf(fake.origins.c)}` }),
    });
    const res = await h.http().get(CATALOGUE).expect(502);
    expect(res.body).toEqual({
      error: `Outbound proxy http://127.0.0.1:${downPort} (UPSTREAM_PROXY) is unreachable (ECONNREFUSED); upstream u.y.qq.com (music.musicToplist.Toplist.GetDetail) was not called`,
      errorCode: 'UPSTREAM_PROXY_UNREACHABLE',
    });
    // Past the breaker's volume (20 calls): the host did not fail, so its circuit stays closed and each answer names the proxy.
    const more = await Promise.all(Array.from({ length: 24 }, (_, i) => h.http().get(`/getRanks?topId=62&limit=${i + 3}`)));
    expect(new Set(more.map((r) => `${r.status} ${r.body.errorCode}`))).toEqual(new Set(['502 UPSTREAM_PROXY_UNREACHABLE']));
    expect(h.fake.requestsTo('u')).toEqual([]);
    // A login step names the proxy too, rather than a failed QR fetch.
    expect((await h.http().get('/getMainLoginQr').expect(502)).body.errorCode).toBe('UPSTREAM_PROXY_UNREACHABLE');
    await h.http().get(ON_C).expect(200);
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/gateway_upstream_calls_total\{host="u",target="[^"]+",outcome="proxy_unreachable"\} \d+/);
    expect(JSON.stringify(res.body) + metrics).not.toContain('D0wnS3cret');
  });

  it('a tunnel the proxy refuses is 502 UPSTREAM_PROXY_REFUSED; a host the proxy cannot reach is 502 UPSTREAM_UNREACHABLE', async () => {
    const strict = await startTinyproxy({ connectPorts: [443, 563] });
    try {
      const refused = await suite.start({ warmIdentity: false, env: { UPSTREAM_PROXY: strict.origin } });
      const res = await refused.http().get(CATALOGUE).expect(502);
      expect(res.body).toEqual({
        error: `Outbound proxy ${strict.origin} (UPSTREAM_PROXY) refused a tunnel to 127.0.0.1:${portOf(refused.fake.origins.u)} (HTTP 403)`,
        errorCode: 'UPSTREAM_PROXY_REFUSED',
      });
    } finally {
      await strict.stop();
    }
    const deadPort = await freePort();
    const beyond = await suite.start({ env: { UPSTREAM_PROXY: suite.open.origin, UPSTREAM_C_ORIGIN: `http://127.0.0.1:${deadPort}` } });
    const res = await beyond.http().get(ON_C).expect(502);
    expect(res.body.errorCode).toBe('UPSTREAM_UNREACHABLE');
    expect(res.body.error).toMatch(new RegExp(`through the outbound proxy ${suite.open.origin} \\(UPSTREAM_PROXY\\), which answered HTTP 5\\d\\d$`));
    expect(suite.open.tunnelledPorts()).toContain(deadPort);
  });

  it('credentials: the right ones go through; wrong ones are 502 UPSTREAM_PROXY_AUTH_FAILED; no log line at debug holds them', async () => {
    const encoded = (password: string) => Buffer.from(`gwuser:${password}`).toString('base64');
    const goodLogs: string[] = [];
    const good = await suite.start({ logs: goodLogs, env: { UPSTREAM_PROXY: `http://gwuser:Pr0xyS3cret@127.0.0.1:${suite.authed.port}`, LOG_LEVEL: 'debug' } });
    await good.http().get(CATALOGUE).expect(200);
    expect(suite.authed.tunnelledPorts()).toContain(portOf(good.fake.origins.u));
    await logStartup(good.app, 'Listening on test');

    const badLogs: string[] = [];
    const bad = await suite.start({ warmIdentity: false, logs: badLogs, env: { UPSTREAM_PROXY: `http://gwuser:Wr0ngS3cret@127.0.0.1:${suite.authed.port}`, LOG_LEVEL: 'debug' } });
    const res = await bad.http().get(CATALOGUE).expect(502);
    // tinyproxy answers a refused login with 401 where most proxies say 407: both are the proxy's credentials.
    expect(res.body).toEqual({
      error: `Outbound proxy http://127.0.0.1:${suite.authed.port} (UPSTREAM_PROXY) refused the gateway's credentials (HTTP 401): check the user and password it is given`,
      errorCode: 'UPSTREAM_PROXY_AUTH_FAILED',
    });
    expect(bad.fake.requestsTo('u')).toEqual([]);
    const health = (await bad.http().get('/health/ready')).text;
    const metrics = (await bad.http().get('/metrics').expect(200)).text;
    await waitFor(() => badLogs.some((line) => line.includes('refused the gateway') && line.includes('"level":40')), 3000, 'the failure line');

    expect(goodLogs.some((line) => line.includes(`Listening on test — workers: 1, Redis: none (in memory), outbound proxy: http://127.0.0.1:${suite.authed.port}`))).toBe(true);
    // Debug logs each upstream call: the capture is not empty, and nothing in it, the answers, health or metrics holds a secret.
    expect(goodLogs.filter((line) => line.includes('"level":20')).length).toBeGreaterThan(0);
    const everything = [...goodLogs, ...badLogs, JSON.stringify(res.body), health, metrics].join('\n');
    for (const secret of ['Pr0xyS3cret', 'Wr0ngS3cret', encoded('Pr0xyS3cret'), encoded('Wr0ngS3cret')]) expect(everything).not.toContain(secret);
  });
});

describe('UPSTREAM_PROXY and UPSTREAM_NO_PROXY settings', () => {
  it.each([
    ['socks5://gwuser:S3cretPw@proxy:1080', 'UPSTREAM_PROXY="socks5://***@proxy:1080" must be an http:// or https:// proxy URL'],
    ['http://gwuser:S3cretPw@proxy:3128/path', 'UPSTREAM_PROXY="http://***@proxy:3128/path" must be an http:// or https:// proxy URL'],
    ['gwuser:S3cretPw@proxy:3128', 'UPSTREAM_PROXY (value not shown) must be an http:// or https:// proxy URL'],
    ['http://gwuser:S3cret%zz@proxy:3128', 'UPSTREAM_PROXY="http://***@proxy:3128" has a malformed %-escape'],
  ])('%s: start-up refused naming UPSTREAM_PROXY, never the password', (value, message) => {
    expect(() => loadAppConfig({ UPSTREAM_PROXY: value })).toThrow(message);
    try {
      loadAppConfig({ UPSTREAM_PROXY: value });
    } catch (err) {
      expect((err as Error).message).not.toContain('S3cret');
    }
  });

  it.each([
    ['qq.com', 'https://u.y.qq.com', true],
    ['.qq.com', 'https://qq.com', true],
    ['*.qq.com', 'https://y.qq.com', true],
    ['qq.com', 'https://xqq.com', false],
    ['y.qq.com', 'https://c.y.qq.com', true],
    ['c.y.qq.com:443', 'https://c.y.qq.com', true],
    ['c.y.qq.com:443', 'http://c.y.qq.com:8080', false],
    ['127.0.0.1', 'http://127.0.0.1:4000', true],
    ['localhost', 'http://127.0.0.1:4000', false],
    ['::1', 'http://[::1]:4000', true],
    ['*', 'https://api.tencentmusic.com', true],
    ['', 'https://u.y.qq.com', false],
  ])('UPSTREAM_NO_PROXY=%j: %s direct → %s', (noProxy, origin, direct) => {
    expect(bypassesProxy(origin, parseNoProxy(noProxy))).toBe(direct);
  });

  it('a bad UPSTREAM_NO_PROXY entry is named', () => {
    expect(() => loadAppConfig({ UPSTREAM_NO_PROXY: '.qq.com, http://y.qq.com, 0.0.1' })).toThrow('not one: "http://y.qq.com", "0.0.1"');
  });

  it('the configuration holds the credentials only where the transport reads them, and the summary shows host:port', () => {
    const config = loadAppConfig({
      UPSTREAM_PROXY: 'http://gw%20user:S3cret%40Pw@proxy.example:3128',
      UPSTREAM_NO_PROXY: '.tencentmusic.com, c.y.qq.com:443',
      REDIS_URL: 'redis://:RedisPw@cache:6379/2',
    });
    expect(config.upstreamProxy?.authorization).toBe(`Basic ${Buffer.from('gw user:S3cret@Pw').toString('base64')}`);
    expect(JSON.stringify(config)).not.toContain('S3cret');
    expect(String(config.upstreamProxy)).toBe('http://proxy.example:3128');
    expect(startupSummary(config)).toBe('workers: 1, Redis: redis://cache:6379, outbound proxy: http://proxy.example:3128 (direct: c.y.qq.com, api.tencentmusic.com)');
  });
});
