import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { connect } from 'node:tls';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Redis from 'ioredis';
import { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { loadAppConfig } from '../../src/config/app-config';
import { Child, runEntry } from '../support/child-process';
import { waitFor } from '../support/harness';
import { Answer, clientAddress, freePort, httpsCall, makeCertificate, Nginx, requireNginx, startNginx } from '../support/nginx';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';

/**
 * The gateway behind nginx as deploy/nginx ships it (docs/deployment.md): a real nginx rendered from the template, two
 * real gateway processes sharing Redis, each against a fake upstream of its own (so "instance A had it in flight" is
 * A's fake's count), every request over HTTPS through the proxy. Waits are on log lines, ports and the fakes' counts.
 */
requireNginx();
requireRedis();

const SEARCH = 'music.search.SearchCgiService.DoSearchForQQMusicDesktop';
const RANKS = 'music.musicToplist.Toplist.GetAll';
const POLL = 'wxLp /connect/l/qrconnect';
const RATE_LIMIT = 20;
/** The time-scaled copy divides every proxy_*_timeout by this (see the long-poll case). */
const SCALE = 10;
const DEFAULTS = loadAppConfig({});

interface Instance {
  name: string;
  port: number;
  fake: FakeUpstream;
  child?: Child;
}

const isJson = (a: Answer) => /^application\/json/.test(String(a.headers['content-type']));

describe('nginx in front of two gateway instances (deploy/nginx)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qqgw-deploy-'));
  const credentialKey = `test:nginx:${randomBytes(6).toString('hex')}`;
  let tls: ReturnType<typeof makeCertificate>;
  let a: Instance;
  let b: Instance;
  let nginx: Nginx;
  /** The same template with its proxy timeouts divided by SCALE, in front of the same instances. */
  let scaled: Nginx;
  let echo: Server;
  let echoed: IncomingHttpHeaders[] = [];

  /** Every gateway process started, so none outlives the suite whatever failed. */
  const children: Child[] = [];
  async function startGateway(instance: Instance): Promise<void> {
    if (instance.child && instance.child.proc.exitCode === null && instance.child.proc.signalCode === null) throw new Error(`${instance.name} is running`);
    instance.child = runEntry('src/main.ts', dir, {
      ...instance.fake.env(),
      PORT: String(instance.port),
      HOST: '127.0.0.1',
      REDIS_URL: TEST_REDIS_URL,
      CREDENTIAL_REDIS_KEY: credentialKey,
      TRUST_PROXY: '1',
      RATE_LIMIT: String(RATE_LIMIT),
      COOKIE_FILE: join(dir, `${instance.name}.json`),
      COOKIE_FILE_CHECK_MS: '0',
      LOG_LEVEL: 'info',
      CACHE_ENABLED: 'false',
      UPSTREAM_RETRIES: '0',
      CANARY_INTERVAL_S: '0',
      SHUTDOWN_DRAIN_TIMEOUT_MS: '2000',
    });
    children.push(instance.child);
    await instance.child.waitFor(/Listening on http/);
    // Ready: its Redis connection up, so its rate-limit counts are the shared ones from the first request.
    await waitFor(async () => (await httpsCall(instance.port, null, '/health/ready')).status === 200, 20_000, `${instance.name} ready`);
  }

  /** SIGTERM, as an orchestrator stops it; the gateway drains and exits 0. */
  async function stopGateway(instance: Instance): Promise<void> {
    instance.child!.proc.kill('SIGTERM');
    expect(await instance.child!.exited).toEqual({ code: 0, signal: null });
  }

  const call = (path: string, options: Parameters<typeof httpsCall>[3] = {}, via = nginx) => httpsCall(via.httpsPort, tls.pem, path, options);
  /** The gateway's request log line for a request id, once written (it is written when the answer is). */
  async function gatewayLine(id: string): Promise<Record<string, any>> {
    let found: Record<string, any> | undefined;
    await waitFor(() => {
      for (const instance of [a, b]) {
        for (const line of instance.child!.output().split('\n')) {
          if (!line.includes(id)) continue;
          const parsed = JSON.parse(line) as Record<string, any>;
          if (parsed.req?.id === id) found = parsed;
        }
      }
      return !!found;
    }, 10_000, `the gateway's log line of ${id}`);
    return found!;
  }
  async function accessLine(id: string, via = nginx): Promise<Record<string, unknown>> {
    await waitFor(() => via.accessLog().some((l) => l.requestId === id), 10_000, `nginx's access log line of ${id}`);
    return via.accessLog().find((l) => l.requestId === id)!;
  }

  beforeAll(async () => {
    tls = makeCertificate(dir);
    echo = createServer((req, res) => {
      echoed.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    const echoBackend = (echo.address() as { port: number }).port;
    a = { name: 'a', port: await freePort(), fake: new FakeUpstream(ROUTES) };
    b = { name: 'b', port: await freePort(), fake: new FakeUpstream(ROUTES) };
    await Promise.all([a.fake.start(), b.fake.start()]);
    await Promise.all([startGateway(a), startGateway(b)]);
    const gatewayPorts = [a.port, b.port];
    // A header echo behind the shipped header snippet: what nginx tells an upstream, seen from the upstream.
    const extraServer = ({ echo: port }: { echo: number }) => `  server {
    listen 127.0.0.1:${port} ssl;
    ssl_certificate ${tls.cert};
    ssl_certificate_key ${tls.key};
    location / { proxy_pass http://127.0.0.1:${echoBackend}; include gateway-proxy-headers.conf; }
  }`;
    nginx = await startNginx({ gatewayPorts, tls, extraServer });
    let timeouts = 0;
    const adjust = (conf: string) =>
      conf.replace(/^(\s*proxy_\w+_timeout) (\d+)s;/gm, (_m, directive: string, s: string) => (timeouts++, `${directive} ${(Number(s) * 1000) / SCALE}ms;`));
    scaled = await startNginx({ gatewayPorts, tls, adjust });
    expect(timeouts).toBe(5); // connect, send, read, next_upstream and the long poll's read
  }, 120_000);

  afterAll(async () => {
    await Promise.all([nginx?.stop(), scaled?.stop(), ...children.map((c) => c.kill())]);
    await Promise.all([a?.fake.stop(), b?.fake.stop(), new Promise((r) => (echo ? (echo.close(r), echo.closeAllConnections()) : r(undefined)))]);
    for (const d of [dir, nginx?.prefix, scaled?.prefix]) if (d) rmSync(d, { recursive: true, force: true });
    // What the instances kept in Redis under this run's key (the device identity); the rate counters expire alone.
    const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
    const keys = await redis.keys(`${credentialKey}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it('rate-limits the client that connected to nginx, whatever X-Forwarded-For it sends; nginx sets the header, never appends', async () => {
    const client = clientAddress();
    const answers: Answer[] = [];
    // Sequential, each claiming another address: both instances count them in Redis under the client's own.
    for (let i = 0; i <= RATE_LIMIT; i++) {
      answers.push(await call(`/getSearchByKey?key=limit${i}`, { from: client, headers: { 'X-Forwarded-For': `203.0.113.${i}` } }));
    }
    expect(answers.slice(0, RATE_LIMIT).map((x) => x.status)).toEqual(Array(RATE_LIMIT).fill(200));
    expect(answers.slice(0, RATE_LIMIT).map((x) => Number(x.headers['x-ratelimit-remaining']))).toEqual([...Array(RATE_LIMIT).keys()].reverse());
    const refused = answers[RATE_LIMIT];
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ errorCode: 'TOO_MANY_REQUESTS' });
    // Both instances answered some: the limit is one budget across them.
    expect(a.fake.requestsTo('u').length).toBeGreaterThan(0);
    expect(b.fake.requestsTo('u').length).toBeGreaterThan(0);

    // Another client behind the same proxy has its own budget: the proxy's address is not what is counted.
    const other = await call('/getSearchByKey?key=other', { from: clientAddress(), headers: { 'X-Forwarded-For': client } });
    expect(other.status).toBe(200);
    expect(Number(other.headers['x-ratelimit-remaining'])).toBe(RATE_LIMIT - 1);

    // The gateway logged the client's address as the request's ip, and nginx (loopback) as the peer.
    const line = await gatewayLine(String(answers[3].headers['x-request-id']));
    expect(line.req).toMatchObject({ ip: client, remoteAddress: '127.0.0.1' });

    // What an upstream receives: the client's address alone, the scheme, nginx's request id, keep-alive.
    echoed = [];
    const seen = await httpsCall(nginx.echoPort, tls.pem, '/', { from: client, headers: { 'X-Forwarded-For': '198.51.100.7, 10.0.0.1' } });
    expect(seen.status).toBe(200);
    expect(echoed).toHaveLength(1);
    expect(echoed[0]).toMatchObject({ 'x-forwarded-for': client, 'x-forwarded-proto': 'https', 'x-request-id': expect.stringMatching(/^[0-9a-f]{32}$/) });
    expect(echoed[0].connection).toBeUndefined();
  });

  it('one request id in the response, the access log and the gateway log: nginx\'s own, or the client\'s when the gateway accepts it', async () => {
    const cases: [Record<string, string>, (id: string) => boolean][] = [
      [{}, (id) => /^[0-9a-f]{32}$/.test(id)],
      [{ 'X-Request-Id': 'client-id.42:7' }, (id) => id === 'client-id.42:7'],
      // One the gateway would replace (a space): nginx replaces it first, so both logs still agree.
      [{ 'X-Request-Id': 'not a token' }, (id) => /^[0-9a-f]{32}$/.test(id)],
    ];
    for (const [headers, expected] of cases) {
      const answer = await call('/getSearchByKey?key=hunter2', { from: clientAddress(), headers });
      expect(answer.status).toBe(200);
      const id = String(answer.headers['x-request-id']);
      expect(expected(id)).toBe(true);
      const access = await accessLine(id);
      expect(access).toMatchObject({ method: 'GET', path: '/getSearchByKey', status: 200, upstreamStatus: '200' });
      expect(JSON.stringify(access)).not.toContain('hunter2');
      expect((await gatewayLine(id)).req).toMatchObject({ id, method: 'GET' });
    }
  });

  it('bodies: the gateway\'s BODY_LIMIT is nginx\'s too (over it: the gateway\'s 413 JSON, from nginx); answers are gzipped; TLS with the given certificate; HTTP redirects to HTTPS', async () => {
    const limit = DEFAULTS.bodyLimit;
    expect(limit).toBe('100kb');
    const bodyOf = (bytes: number) => {
      const head = '{"songmids":["0039MnYb0qxYhV"],"pad":"';
      return `${head}${'x'.repeat(bytes - head.length - 2)}"}`;
    };
    // Exactly the limit reaches the gateway, which answers it (a validation 400, with its request id and rate headers).
    const atLimit = await call('/batchGetSongInfo', { method: 'POST', body: bodyOf(100 * 1024), from: clientAddress() });
    expect(atLimit.status).not.toBe(413);
    expect(atLimit.headers['x-ratelimit-limit']).toBe(String(RATE_LIMIT));
    const over = await call('/batchGetSongInfo', { method: 'POST', body: bodyOf(100 * 1024 + 1), from: clientAddress() });
    expect(over.status).toBe(413);
    expect(isJson(over)).toBe(true);
    expect(JSON.parse(over.body)).toEqual({ error: 'Request body is too large', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(over.headers['x-ratelimit-limit']).toBeUndefined(); // nginx's answer: no instance saw it
    expect(await accessLine(String(over.headers['x-request-id']))).toMatchObject({ status: 413, upstream: '' });

    const docs = await call('/docs-json', { headers: { 'Accept-Encoding': 'gzip' }, from: clientAddress() });
    expect(docs.status).toBe(200);
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(docs.raw).toString('utf8'))).toHaveProperty('openapi');

    // TLS is nginx's, with the certificate the test made.
    const socket = connect({ host: '127.0.0.1', port: nginx.httpsPort, ca: tls.pem, servername: 'localhost' });
    await new Promise<void>((resolve, reject) => socket.once('secureConnect', resolve).once('error', reject));
    expect(socket.getPeerX509Certificate()?.fingerprint256).toBe(new X509Certificate(tls.pem).fingerprint256);
    expect(socket.getProtocol()).toMatch(/^TLSv1\.[23]$/);
    socket.destroy();

    const plain = await httpsCall(nginx.httpPort, null, '/getRanks?x=1');
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe('https://127.0.0.1/getRanks?x=1');
  });

  it('docker-compose.yml runs these same files: each one mounted, each placeholder given a value', () => {
    const root = join(__dirname, '..', '..');
    const compose = readFileSync(join(root, 'docker-compose.yml'), 'utf8');
    const proxy = compose.slice(compose.indexOf('\n  proxy:\n'));
    const template = readFileSync(join(root, 'deploy/nginx/templates/gateway.conf.template'), 'utf8');
    const placeholders = [...new Set([...template.matchAll(/\$\{(NGINX_\w+)\}/g)].map((m) => m[1]))].sort();
    const set = [...proxy.matchAll(/^ {6}(NGINX_\w+):/gm)].map((m) => m[1]).filter((n) => n !== 'NGINX_ENVSUBST_FILTER').sort();
    expect(set).toEqual(placeholders);
    for (const mount of ['nginx.conf:/etc/nginx/nginx.conf', 'templates:/etc/nginx/templates', 'gateway-proxy-headers.conf:/etc/nginx/', 'gateway-upstreams.conf:/etc/nginx/']) {
      expect(proxy).toContain(`./deploy/nginx/${mount}`);
    }
    // The upstream list names the compose services, on the port the gateways listen on.
    const upstreams = readFileSync(join(root, 'deploy/nginx/gateway-upstreams.conf'), 'utf8');
    expect([...upstreams.matchAll(/^server (\S+)/gm)].map((m) => m[1])).toEqual(['gateway:3200', 'gateway-2:3200']);
    expect(compose).toMatch(/^ {2}gateway:\n/m);
    expect(compose).toMatch(/^ {2}gateway-2:\n/m);
    // Only the proxy publishes ports.
    expect([...compose.matchAll(/^ {4}ports:/gm)]).toHaveLength(1);
    expect(proxy).toMatch(/^ {4}ports:/m);
  });

  it('the WeChat long poll gets a read timeout of its own, longer than ALT_LOGIN_POLL_TIMEOUT_MS plus the code exchange; an ordinary read is cut at the shorter one and never retried', async () => {
    // The shipped values against the gateway's defaults (a change to either fails here).
    const conf = readFileSync(join(nginx.prefix, 'conf', 'gateway.conf'), 'utf8');
    const seconds = (re: RegExp) => Number(re.exec(conf)![1]) * 1000;
    const general = seconds(/^ {2}proxy_read_timeout (\d+)s;/m);
    const longPoll = seconds(/^ {4}proxy_read_timeout (\d+)s;/m);
    const retryWindow = seconds(/proxy_next_upstream_timeout (\d+)s;/);
    expect(longPoll).toBeGreaterThan(DEFAULTS.altLoginPollTimeoutMs + DEFAULTS.upstreamTimeoutMs);
    expect(general).toBeGreaterThan(DEFAULTS.upstreamTimeoutMs * (1 + DEFAULTS.upstreamRetries));
    expect(retryWindow).toBeLessThan(general);
    expect(DEFAULTS.keepAliveTimeoutMs).toBeGreaterThan(seconds(/keepalive_timeout (\d+)s;/));

    // In motion, through the copy whose proxy timeouts are divided by SCALE (a 35 s poll would cost 35 s): polls held
    // at the fake, and an ordinary read held at the fake, sent together.
    for (const fake of [a.fake, b.fake]) {
      fake.hold(POLL);
      fake.hold(RANKS);
    }
    const paths = ['/checkAltLoginQr', '/user/checkAltLoginQr', '/checkWXLoginQr', '/user/checkWXLoginQr', '/CheckAltLoginQr/'];
    const polls = paths.map((path, i) => call(path, { method: 'POST', body: JSON.stringify({ uuid: `pollUuid${i}xxxxxxxx` }), from: clientAddress() }, scaled));
    const ranks = call('/getRanks', { from: clientAddress() }, scaled);
    await waitFor(() => a.fake.currentConcurrency(POLL) + b.fake.currentConcurrency(POLL) === paths.length, 10_000, 'every poll held at a fake');
    const cut = await ranks;
    expect(cut.status).toBe(504);
    expect(JSON.parse(cut.body)).toEqual({ error: 'The gateway instance did not answer in time', errorCode: 'PROXY_TIMEOUT' });
    expect(await accessLine(String(cut.headers['x-request-id']), scaled)).toMatchObject({ status: 504, upstreamStatus: '504' });
    expect(cut.ms).toBeGreaterThanOrEqual(general / SCALE - 50);
    // Timed out once and not sent to the other instance (past proxy_next_upstream_timeout).
    expect(a.fake.musicuCalls(RANKS).length + b.fake.musicuCalls(RANKS).length).toBe(1);
    // The polls outlived the ordinary read's timeout; the fake now answers them (a QR it does not know: expired).
    for (const fake of [a.fake, b.fake]) fake.release(POLL);
    for (const poll of await Promise.all(polls)) {
      expect(poll.status).toBe(200);
      expect(JSON.parse(poll.body)).toMatchObject({ isOk: false, errcode: 402, state: 'expired' });
      expect(poll.ms).toBeGreaterThan(general / SCALE);
    }
    for (const fake of [a.fake, b.fake]) fake.release(RANKS);
  });

  it('a reload of nginx and a rolling restart of both instances lose no request of a steady load of GETs', async () => {
    for (const fake of [a.fake, b.fake]) fake.reset();
    const outcomes = new Map<string, number>();
    let sent = 0;
    let running = true;
    const worker = async () => {
      while (running) {
        const answer = await call(`/getSearchByKey?key=load${sent++}`, { from: clientAddress() });
        const key = answer.status === 200 ? '200' : `${answer.status} ${answer.body.slice(0, 120)}`;
        outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 3 }, worker);
    /**
     * Until nginx has had an answer from this instance again: it tries one request on an instance it marked down
     * (fail_timeout after the refusal) and sends it no other until that one is answered. Stopping the other instance
     * before then leaves no live instance (a 502 per request meanwhile): what an operator's rolling restart waits for.
     */
    const servedBy = async (instance: Instance) => {
      const from = nginx.accessLog().length;
      const answered = () => nginx.accessLog().slice(from).some((l) => l.upstream === `127.0.0.1:${instance.port}` && l.status === 200);
      await waitFor(answered, 30_000, `an answer from ${instance.name} through nginx`);
    };
    const timeline: string[] = [];
    const t0 = performance.now();
    const mark = (what: string) => timeline.push(`${Math.round(performance.now() - t0)} ms ${what} (sent ${sent})`);
    try {
      await servedBy(a);
      mark('a served');
      await nginx.reload();
      mark('reloaded');
      const afterReload = sent;
      await waitFor(() => sent > afterReload + 10, 10_000, 'load after the reload');
      for (const instance of [a, b]) {
        await stopGateway(instance);
        mark(`${instance.name} stopped`);
        await startGateway(instance);
        mark(`${instance.name} started`);
        await servedBy(instance);
        mark(`${instance.name} served`);
      }
    } finally {
      running = false;
      await Promise.all(workers);
    }
    if (outcomes.size > 1) {
      console.log(nginx.accessLog().filter((l) => l.status !== 200));
      console.log(nginx.child.output().split('\n').filter((l) => /error|warn|upstream/.test(l)).join('\n'));
      console.log(timeline.join('\n'));
    }
    expect(Object.fromEntries(outcomes)).toEqual({ '200': sent });
    expect(sent).toBeGreaterThan(50);
  }, 120_000);

  // Last: it leaves instance A dead.
  it('an instance killed with requests in flight: its GETs are answered by the other, its POSTs are the only failures, then no request fails', async () => {
    for (const fake of [a.fake, b.fake]) {
      fake.reset();
      fake.hold(SEARCH);
      fake.hold(POLL);
    }
    const held = (target: string) => a.fake.currentConcurrency(target) + b.fake.currentConcurrency(target);
    // In two rounds, so round robin gives each instance some of each.
    const gets = Array.from({ length: 8 }, (_, i) => call(`/getSearchByKey?key=inflight${i}`, { from: clientAddress() }));
    await waitFor(() => held(SEARCH) === 8, 10_000, 'every GET held at a fake');
    const posts = Array.from({ length: 4 }, (_, i) => call('/checkAltLoginQr', { method: 'POST', body: JSON.stringify({ uuid: `killUuid${i}xxxxxxxx` }), from: clientAddress() }));
    await waitFor(() => held(POLL) === 4, 10_000, 'every POST held at a fake');
    const postsOnA = a.fake.currentConcurrency(POLL);
    expect(a.fake.currentConcurrency(SEARCH)).toBeGreaterThan(0);
    expect(postsOnA).toBeGreaterThan(0);

    await a.child!.kill();
    // nginx resends each GET A had taken to B, and only then are they answered.
    await waitFor(() => b.fake.currentConcurrency(SEARCH) === 8, 10_000, 'A\'s GETs resent to B');
    b.fake.release(SEARCH);
    b.fake.release(POLL);
    expect((await Promise.all(gets)).map((g) => g.status)).toEqual(Array(8).fill(200));
    const postAnswers = await Promise.all(posts);
    const failed = postAnswers.filter((p) => p.status !== 200);
    expect(failed).toHaveLength(postsOnA);
    for (const f of failed) expect(isJson(f) && JSON.parse(f.body)).toEqual({ error: 'No gateway instance could take the request', errorCode: 'PROXY_UNAVAILABLE' });

    // With A down, every request goes to B.
    const after = await Promise.all(Array.from({ length: 12 }, (_, i) => call(`/getSearchByKey?key=after${i}`, { from: clientAddress() })));
    expect(after.map((x) => x.status)).toEqual(Array(12).fill(200));
  });
});
