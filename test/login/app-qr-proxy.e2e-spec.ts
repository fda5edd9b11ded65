import { createServer, type Socket } from 'node:net';
import { appQrTopic, FAKE_APP_MUSICID, pushAppQr } from '../../fake-upstream/handlers/app-qr-login';
import type { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { AppLoginService } from '../../src/login/app-login.service';
import { type Harness, waitFor, withUpstreamTimeout } from '../support/harness';
import { freePort, proxiedSuite, startTinyproxy, type Tinyproxy } from '../support/tinyproxy';

/**
 * The QQ Music app QR login's MQTT-over-WebSocket push through UPSTREAM_PROXY (decision 031, 035): a CONNECT tunnel
 * through a real forward proxy (tinyproxy, a child process), which logs the host:port each tunnel asked for.
 */
const portOf = (origin: string): number => Number(new URL(origin).port);
/** UPSTREAM_NO_PROXY naming every fake origin but the push service's: only the MQTT connection meets the proxy. */
const allButMu = (fake: FakeUpstream): string =>
  Object.entries(fake.origins)
    .filter(([host]) => host !== 'mu')
    .map(([, origin]) => `127.0.0.1:${portOf(origin)}`)
    .join(',');
const PASSWORD = 'Pu5hPr0xyS3cret';
const WRONG = 'Wr0ngPu5hS3cret';
const basic = (password: string) => Buffer.from(`gwuser:${password}`).toString('base64');

describe('QQ Music app QR login through the outbound proxy (UPSTREAM_PROXY)', () => {
  const suite = proxiedSuite(PASSWORD);

  /** QR → pushed scanned → pushed cookies → the session, through whatever way the harness reaches the broker. */
  const fullLogin = async (h: Harness) => {
    const qr = (await h.http().get('/getAppLoginQr').expect(200)).body as { qrcodeId: string; loginToken: string };
    const check = () => h.http().post('/checkAppLoginQr').send({ qrcodeId: qr.qrcodeId, loginToken: qr.loginToken, credential: true });
    expect(pushAppQr(h.fake.broker, h.fake.state, qr.qrcodeId, 'scanned')).toBe(1);
    await waitFor(async () => (await check()).body.state === 'scanned', 3000, 'scanned');
    expect(pushAppQr(h.fake.broker, h.fake.state, qr.qrcodeId, 'cookies')).toBe(1);
    await waitFor(async () => (await check()).body.isOk === true, 3000, 'logged in');
    const res = await check().expect(200);
    expect(res.body).toMatchObject({ isOk: true, state: 'confirmed', session: { loginUin: FAKE_APP_MUSICID } });
    await waitFor(() => h.fake.broker.subscribers(appQrTopic(qr.qrcodeId)) === 0, 3000, 'subscription closed');
    return res;
  };
  /** The push subscriptions counted with `outcome` in gateway_upstream_calls_total. */
  const pushCalls = async (h: Harness, outcome: string) => {
    const line = `gateway_upstream_calls_total{host="mu",target="push.subscribe",outcome="${outcome}"} `;
    const found = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(line));
    return found ? Number(found.slice(line.length)) : 0;
  };
  const tunnelsTo = (proxy: Tinyproxy, h: Harness) => proxy.tunnelledPorts().filter((p) => p === portOf(h.fake.origins.mu)).length;

  it('a full app QR login goes through it: the proxy opened a CONNECT tunnel to the push service', async () => {
    const h = await suite.start({ env: { UPSTREAM_PROXY: suite.open.origin } });
    await fullLogin(h);
    expect(suite.open.log()).toContain(`CONNECT 127.0.0.1:${portOf(h.fake.origins.mu)} HTTP`);
    expect(tunnelsTo(suite.open, h)).toBe(1);
    expect(await pushCalls(h, 'subscribed')).toBe(1);
    // The broker saw the same CONNECT packet and headers as on a direct connection.
    expect(h.fake.broker.events.find((e) => e.kind === 'connect')).toMatchObject({ protocolVersion: 5, headers: { origin: 'https://y.qq.com' } });
  });

  it('UPSTREAM_NO_PROXY naming the push host:port connects straight to it; naming another port does not', async () => {
    const direct = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: suite.open.origin, UPSTREAM_NO_PROXY: `127.0.0.1:${portOf(fake.origins.mu)}` }) });
    await fullLogin(direct);
    // CreateQRCode and the exchange (u) went through the proxy, the push service never.
    expect(suite.open.tunnelledPorts()).toContain(portOf(direct.fake.origins.u));
    expect(tunnelsTo(suite.open, direct)).toBe(0);

    const proxied = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: suite.open.origin, UPSTREAM_NO_PROXY: `127.0.0.1:${portOf(fake.origins.u)}` }) });
    await fullLogin(proxied);
    expect(tunnelsTo(suite.open, proxied)).toBe(1);
  });

  it('a proxy that is down: 502 UPSTREAM_PROXY_UNREACHABLE naming it, without its credentials; no watch kept', async () => {
    const downPort = await freePort();
    const h = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: `http://gwuser:${PASSWORD}@127.0.0.1:${downPort}`, UPSTREAM_NO_PROXY: allButMu(fake) }) });
    const res = await h.http().get('/getAppLoginQr').expect(502);
    expect(res.body).toEqual({
      error: `Outbound proxy http://127.0.0.1:${downPort} (UPSTREAM_PROXY) is unreachable (ECONNREFUSED); upstream mu.y.qq.com (/ws/handshake) was not called`,
      errorCode: 'UPSTREAM_PROXY_UNREACHABLE',
    });
    expect(h.fake.broker.events).toEqual([]);
    expect(h.app.get(AppLoginService).watching).toBe(0);
    // Counted as the HTTP calls count the proxy's failure; not as a subscription.
    expect(await pushCalls(h, 'proxy_unreachable')).toBe(1);
    expect(await pushCalls(h, 'subscribed')).toBe(0);
  });

  it('a proxy that accepts but never answers the CONNECT: UPSTREAM_PROXY_UNREACHABLE at UPSTREAM_TIMEOUT_MS, not the push service', async () => {
    const held = new Set<Socket>();
    let hungUp = 0;
    // It reads (and ignores) the CONNECT, so it sees the gateway hang up.
    const silent = createServer((socket) => held.add(socket.on('error', () => undefined).on('close', () => hungUp++).resume()));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    try {
      const h = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: `http://127.0.0.1:${port}`, UPSTREAM_NO_PROXY: allButMu(fake) }) });
      const res = await withUpstreamTimeout(h, 1500, () => h.http().get('/getAppLoginQr'));
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_PROXY_UNREACHABLE', error: expect.stringContaining(`http://127.0.0.1:${port} (UPSTREAM_PROXY) is unreachable (ETIMEDOUT)`) });
      expect(held.size).toBe(1);
      // The gateway let go of its socket to the proxy rather than waiting for the proxy to hang up.
      await waitFor(() => hungUp === 1, 3000, 'the gateway to close its socket to the proxy');
    } finally {
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('a tunnel the proxy refuses is 502 UPSTREAM_PROXY_REFUSED; the push service down behind it stays 502 LOGIN_PUSH_UNAVAILABLE', async () => {
    const strict = await startTinyproxy({ connectPorts: [443] });
    try {
      const refused = await suite.start({ env: (fake) => ({ UPSTREAM_PROXY: strict.origin, UPSTREAM_NO_PROXY: allButMu(fake) }) });
      expect((await refused.http().get('/getAppLoginQr').expect(502)).body).toEqual({
        error: `Outbound proxy ${strict.origin} (UPSTREAM_PROXY) refused a tunnel to 127.0.0.1:${portOf(refused.fake.origins.mu)} (HTTP 403)`,
        errorCode: 'UPSTREAM_PROXY_REFUSED',
      });
    } finally {
      await strict.stop();
    }
    // The broker refuses the WebSocket upgrade through a working tunnel: the push service failed, not the proxy.
    const down = await suite.start({ env: { UPSTREAM_PROXY: suite.open.origin } });
    down.fake.broker.down = true;
    const res = await down.http().get('/getAppLoginQr').expect(502);
    expect(res.body).toEqual({ error: expect.stringContaining('push service is unavailable'), errorCode: 'LOGIN_PUSH_UNAVAILABLE' });
    expect(tunnelsTo(suite.open, down)).toBe(1);
    // The proxy cannot reach the push service at all (it answers the CONNECT with a 5xx): the push service's failure too.
    const deadPort = await freePort();
    const gone = await suite.start({ env: { UPSTREAM_PROXY: suite.open.origin, UPSTREAM_MU_ORIGIN: `http://127.0.0.1:${deadPort}` } });
    const beyond = await gone.http().get('/getAppLoginQr').expect(502);
    expect(beyond.body.errorCode).toBe('LOGIN_PUSH_UNAVAILABLE');
    expect(beyond.body.error).toMatch(new RegExp(`unreachable through the outbound proxy ${suite.open.origin} \\(UPSTREAM_PROXY\\), which answered HTTP 5\\d\\d$`));
    expect(suite.open.tunnelledPorts()).toContain(deadPort);
  });

  it('proxy credentials: the right ones carry a full login, wrong ones are 502 UPSTREAM_PROXY_AUTH_FAILED; never in a debug log', async () => {
    const goodLogs: string[] = [];
    const good = await suite.start({ logs: goodLogs, env: { UPSTREAM_PROXY: `http://gwuser:${PASSWORD}@127.0.0.1:${suite.authed.port}`, LOG_LEVEL: 'debug' } });
    await fullLogin(good);
    expect(tunnelsTo(suite.authed, good)).toBe(1);

    const badLogs: string[] = [];
    const bad = await suite.start({
      logs: badLogs,
      env: (fake) => ({ UPSTREAM_PROXY: `http://gwuser:${WRONG}@127.0.0.1:${suite.authed.port}`, UPSTREAM_NO_PROXY: allButMu(fake), LOG_LEVEL: 'debug' }),
    });
    const res = await bad.http().get('/getAppLoginQr').expect(502);
    // tinyproxy answers a refused login with 401 where most proxies say 407: both are the proxy's credentials.
    expect(res.body).toEqual({
      error: `Outbound proxy http://127.0.0.1:${suite.authed.port} (UPSTREAM_PROXY) refused the gateway's credentials (HTTP 401): check the user and password it is given`,
      errorCode: 'UPSTREAM_PROXY_AUTH_FAILED',
    });
    expect(bad.fake.broker.events).toEqual([]);
    const health = (await bad.http().get('/health/ready')).text;
    const metrics = (await bad.http().get('/metrics').expect(200)).text;
    expect(await pushCalls(bad, 'proxy_auth')).toBe(1);
    await waitFor(() => badLogs.some((line) => line.includes('UPSTREAM_PROXY_AUTH_FAILED') || line.includes('"kind":"proxy_auth"')), 3000, 'the failed request line');

    // Debug logged each push connection and the proxy it took (shown without credentials): the capture is not empty.
    for (const logs of [goodLogs, badLogs]) {
      expect(logs.some((line) => line.includes(`through the outbound proxy http://127.0.0.1:${suite.authed.port}`))).toBe(true);
    }
    const everything = [...goodLogs, ...badLogs, JSON.stringify(res.body), health, metrics].join('\n');
    for (const secret of [PASSWORD, WRONG, basic(PASSWORD), basic(WRONG)]) expect(everything).not.toContain(secret);
  });
});
