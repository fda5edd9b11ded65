import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'undici';
import { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { addFakeUser, fakeUserWithPlaylists, withSocial } from '../../fake-upstream/handlers/user';
import { FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, loginFake, qqConfirm, wxConfirm } from '../../fake-upstream/handlers/login';
import { DETAIL, expiredKeys, LOGIN, OLD_KEY, probeRoutes, QQ_UIN, qqLogin } from '../support/credentials';
import { Child, runEntry } from '../support/child-process';
import { waitFor } from '../support/harness';

/**
 * WORKERS=2 without Redis (docs/decisions/034-workers.md): the real gateway (src/main.ts) in a child process, a cluster
 * primary and two workers, against the fake upstream in this process. Each undici Client is one kept-alive connection,
 * so it stays on the worker that accepted it; which worker that is, the request's log line says (its pid). Every test
 * has its own client address (X-Forwarded-For, TRUST_PROXY=loopback), so each has its own rate-limit budget.
 */

const RATE_LIMIT = 6;
/** Room for start-up on a shared machine. */
const BOUND_MS = 60_000;

interface Answer {
  status: number;
  body: any;
}

describe('WORKERS=2 without Redis (real process: cluster primary and two workers)', () => {
  let fake: FakeUpstream;
  let dir: string;
  let child: Child;
  let url: string;
  let requests = 0;
  let pages = 0;
  /** A read no worker has cached yet (the response cache is on, one per worker). */
  const ranks = () => `/getRanks?topId=4&limit=1&page=${++pages}`;
  const clients: Client[] = [];

  /** The pid of the process whose log line answered request `id`. */
  const pidOf = async (id: string): Promise<number> => {
    const line = await child.waitFor(new RegExp(`^.*"req":\\{"id":"${id}".*$`, 'm'), 10_000);
    return (JSON.parse(line[0]) as { pid: number }).pid;
  };

  async function ask(
    client: Client,
    ip: string,
    method: 'GET' | 'POST',
    path: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer & { pid: () => Promise<number> }> {
    const id = `workers-test-${++requests}`;
    const res = await client.request({
      method,
      path,
      headers: { ...headers, 'x-forwarded-for': ip, 'x-request-id': id, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.body.text();
    return { status: res.statusCode, body: text ? JSON.parse(text) : undefined, pid: () => pidOf(id) };
  }

  /**
   * Two connections, each on its own worker: the primary hands connections to the workers in turn, so a few tries
   * find them. Asked with an unknown path: a logged 404, which no rate limit counts and no upstream sees.
   */
  async function oneConnectionPerWorker(ip: string): Promise<[Client, Client, number, number]> {
    const byPid = new Map<number, Client>();
    for (let i = 0; i < 10 && byPid.size < 2; i++) {
      const client = new Client(url, { pipelining: 1 });
      clients.push(client);
      const answer = await ask(client, ip, 'GET', '/which-worker');
      expect(answer.status).toBe(404);
      const pid = await answer.pid();
      if (!byPid.has(pid)) byPid.set(pid, client);
    }
    const [[pidA, a], [pidB, b]] = [...byPid];
    return [a, b, pidA, pidB];
  }

  beforeAll(async () => {
    fake = new FakeUpstream([...ROUTES, probeRoutes]);
    await fake.start();
    dir = mkdtempSync(join(tmpdir(), 'workers-'));
    child = runEntry('src/main.ts', dir, {
      ...fake.env(),
      WORKERS: '2',
      PORT: '0',
      HOST: '127.0.0.1',
      COOKIE_FILE: join(dir, 'user-info.json'),
      COOKIE_FILE_CHECK_MS: '0',
      LOG_LEVEL: 'info',
      CACHE_ENABLED: 'true',
      RATE_LIMIT: String(RATE_LIMIT),
      RATE_LIMIT_WINDOW_MS: '600000',
      TRUST_PROXY: 'loopback',
      LOGIN_TOKEN_REQUIRED: 'true',
      UPSTREAM_RETRIES: '0',
      UPSTREAM_TIMEOUT_MS: '60000',
      CANARY_INTERVAL_S: '0',
    });
    await child.waitFor(/"Cluster: worker \d+ \(pid \d+\) serving"[^]*"Cluster: worker \d+ \(pid \d+\) serving"/, BOUND_MS);
    [, url] = await child.waitFor(/Listening on (http:\/\/[\d.]+:\d+) — workers: 2,/);
  }, BOUND_MS + 10_000);

  afterEach(() => {
    fake.reset();
    expiredKeys.clear();
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.destroy()));
    await child?.kill();
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves requests from two worker processes, neither of them the primary', async () => {
    const [a, b, pidA, pidB] = await oneConnectionPerWorker('10.0.0.1');
    expect(pidA).not.toBe(pidB);
    expect([pidA, pidB]).not.toContain(child.proc.pid);
    expect((await ask(a, '10.0.0.1', 'GET', ranks())).status).toBe(200);
    expect((await ask(b, '10.0.0.1', 'GET', ranks())).status).toBe(200);
  });

  it('a QQ QR login issued on one worker and checked on the other: bound to its loginToken, run once, redeemed by its owner alone', async () => {
    const ip = '10.0.0.2';
    const [a, b] = await oneConnectionPerWorker(ip);
    const qr = (await ask(a, ip, 'GET', '/getMainLoginQr')).body as { qrsig: string; loginToken: string };
    // The other worker knows which loginToken the QR was issued with (LOGIN_TOKEN_REQUIRED: unknown would be 403 too).
    const wrong = await ask(b, ip, 'POST', '/checkMainLoginQr', { ...qr, loginToken: randomBytes(24).toString('base64url') });
    expect(wrong).toMatchObject({ status: 403, body: { errorCode: 'LOGIN_TOKEN_MISMATCH' } });

    qqConfirm(fake.state, qr.qrsig);
    const done = await ask(b, ip, 'POST', '/checkMainLoginQr', qr);
    expect(done).toMatchObject({ status: 200, body: { isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } } });
    // The first worker learns from the primary that the QR is spent, and hands its owner the same session.
    const again = await ask(a, ip, 'POST', '/checkMainLoginQr', qr);
    expect(again).toMatchObject({ status: 200, body: { isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_QQ } } } });
    expect(fake.musicuCalls('QQConnectLogin.LoginServer.QQLogin')).toHaveLength(1);
  });

  it('a WeChat QR login issued on one worker and checked on the other completes once', async () => {
    const ip = '10.0.0.3';
    const [a, b] = await oneConnectionPerWorker(ip);
    const qr = (await ask(a, ip, 'GET', '/getAltLoginQr')).body as { uuid: string; loginToken: string };
    wxConfirm(fake.state, qr.uuid);
    const done = await ask(b, ip, 'POST', '/checkAltLoginQr', qr);
    expect(done).toMatchObject({ status: 200, body: { isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_WX } } } });
    const again = await ask(a, ip, 'POST', '/checkAltLoginQr', qr);
    expect(again).toMatchObject({ status: 200, body: { isOk: true, session: { cookieObject: { qqmusic_key: FAKE_MUSICKEY_WX } } } });
  });

  it('the stored login, rejected on both workers at once, is refreshed once and both go on with the new key', async () => {
    const ip = '10.0.0.4';
    const [a, b, , pidB] = await oneConnectionPerWorker(ip);
    const file = join(dir, 'user-info.json');
    writeFileSync(file, JSON.stringify(qqLogin()));
    expiredKeys.add(OLD_KEY);
    fake.hold(LOGIN);
    const first = ask(a, ip, 'GET', ranks());
    await waitFor(() => fake.musicuCalls(LOGIN).length === 1, 10_000, 'the first worker refreshing');
    const second = ask(b, ip, 'GET', ranks());
    // The second worker finds the refresh lock taken in the primary, and waits for that refresh instead of its own.
    const waiting = await child.waitFor(/^.*another worker or instance is refreshing it.*$/m, 10_000);
    expect((JSON.parse(waiting[0]) as { pid: number }).pid).toBe(pidB);
    fake.release(LOGIN);

    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect(fake.musicuCalls(LOGIN)).toHaveLength(1);
    const refreshed = loginFake(fake.state).refreshed;
    expect(refreshed).toHaveLength(1);
    const stored = JSON.parse(readFileSync(file, 'utf8'));
    expect(stored).toMatchObject({ uin: QQ_UIN, credential: { musickey: refreshed[0].musickey }, refresh: { outcome: 'ok' } });
    // Both workers sent the old key once, then the refreshed one.
    const keys = fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst);
    expect(keys.filter((k) => k === OLD_KEY)).toHaveLength(2);
    expect(keys.filter((k) => k === refreshed[0].musickey)).toHaveLength(2);
  });

  it("a write on one worker drops the other worker's cached read before it answers", async () => {
    const ip = '10.0.0.8';
    const [a, b] = await oneConnectionPerWorker(ip);
    const uin = String(randomInt(40_000_000, 49_999_999));
    addFakeUser(fake.state, withSocial(fakeUserWithPlaylists(uin, `Workers ${uin}`, 2)));
    const cookie = `uin=o0${uin}; qqmusic_uin=${uin}; qqmusic_key=Q_H_L_workers${uin}; p_skey=workersPskey${uin}`;
    const followed = async (client: Client) => {
      const res = await client.request({ method: 'GET', path: `/user/getUserFollowSingers?uin=${uin}&limit=50`, headers: { 'x-forwarded-for': ip, 'x-custom-cookie': cookie } });
      const body = (await res.body.json()) as { data: { singers: { singerMid: string }[] } };
      return { cache: res.headers['x-cache'], mids: body.data.singers.map((s) => s.singerMid) };
    };
    const before = await followed(b);
    expect((await followed(b)).cache).toBe('HIT');
    const singer = '002J4UUk29y8BY';
    const write = await ask(a, ip, 'POST', '/user/setSingerFollow', { singermid: singer, follow: !before.mids.includes(singer) }, { 'x-custom-cookie': cookie });
    expect(write.status).toBe(200);
    const after = await followed(b);
    expect(after.cache).not.toBe('HIT');
    expect(after.mids.includes(singer)).toBe(!before.mids.includes(singer));
  });

  it(`the rate limit is one budget for the whole gateway: ${RATE_LIMIT} requests across both workers, then 429 on either`, async () => {
    const ip = '10.0.0.5';
    const [a, b] = await oneConnectionPerWorker(ip);
    for (let i = 0; i < RATE_LIMIT; i++) expect((await ask(i % 2 ? b : a, ip, 'GET', ranks())).status).toBe(200);
    expect(await ask(a, ip, 'GET', ranks())).toMatchObject({ status: 429, body: { errorCode: 'TOO_MANY_REQUESTS' } });
    expect(await ask(b, ip, 'GET', ranks())).toMatchObject({ status: 429, body: { errorCode: 'TOO_MANY_REQUESTS' } });
  });

  it("/metrics on either worker adds up both workers' series", async () => {
    const ip = '10.0.0.9';
    const [a, b] = await oneConnectionPerWorker(ip);
    const scrape = async (client: Client) => {
      const res = await client.request({ method: 'GET', path: '/metrics' });
      expect(res.statusCode).toBe(200);
      const text = await res.body.text();
      const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
      return {
        ranksServed: value(/^gateway_http_requests_total\{(?=[^}]*route="\/getRanks")(?=[^}]*status="200")[^}]*\} (\d+)$/m),
        reporting: value(/^gateway_cluster_workers_reporting\{state="reporting"\} (\d+)$/m),
        serving: value(/^gateway_cluster_workers_reporting\{state="serving"\} (\d+)$/m),
      };
    };
    const before = await scrape(a);
    expect(before).toMatchObject({ reporting: 2, serving: 2 });
    // Three reads on one worker, one on the other: a worker's own count could read +3 or +1, never +4.
    for (const client of [a, a, a, b]) expect((await ask(client, ip, 'GET', ranks())).status).toBe(200);
    const expected = (Number.isNaN(before.ranksServed) ? 0 : before.ranksServed) + 4;
    expect(await scrape(a)).toEqual({ ranksServed: expected, reporting: 2, serving: 2 });
    expect(await scrape(b)).toEqual({ ranksServed: expected, reporting: 2, serving: 2 });
  });

  it('a worker that dies is replaced, and traffic goes on', async () => {
    const ip = '10.0.0.6';
    const [, b, pidA] = await oneConnectionPerWorker(ip);
    const before = child.output().length;
    process.kill(pidA, 'SIGKILL');
    await child.waitFor(new RegExp(`worker \\d+ \\(pid ${pidA}\\) killed by SIGKILL; starting a new one`), 10_000);
    await waitFor(() => /Cluster: worker \d+ \(pid \d+\) serving/.test(child.output().slice(before)), BOUND_MS, 'a new worker');
    expect((await ask(b, ip, 'GET', ranks())).status).toBe(200);
    const [c, d, pidC, pidD] = await oneConnectionPerWorker(ip);
    expect([pidC, pidD]).not.toContain(pidA);
    expect((await ask(c, ip, 'GET', ranks())).status).toBe(200);
    expect((await ask(d, ip, 'GET', ranks())).status).toBe(200);
  }, BOUND_MS + 10_000);

  it('SIGTERM: every worker drains its requests, then the primary exits 0', async () => {
    const ip = '10.0.0.7';
    const [a, b] = await oneConnectionPerWorker(ip);
    fake.hold(DETAIL);
    const held = [ask(a, ip, 'GET', ranks()), ask(b, ip, 'GET', ranks())];
    await waitFor(() => fake.musicuCalls(DETAIL).length === 2, 10_000, 'both requests upstream');
    child.proc.kill('SIGTERM');
    await waitFor(() => (child.output().match(/Shutting down on SIGTERM/g) ?? []).length === 2, 10_000, 'both workers draining');
    fake.release(DETAIL);
    expect((await Promise.all(held)).map((r) => r.status)).toEqual([200, 200]);
    expect(await child.exited).toEqual({ code: 0, signal: null });
    expect(child.output()).toContain('Cluster: every worker has stopped; exiting');
  }, BOUND_MS);
});
