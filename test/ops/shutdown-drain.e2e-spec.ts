import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeUpstream } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { FAKE_MUSICKEY_QQ, qqConfirm } from '../../fake-upstream/handlers/login';
import { probeRoutes, QQ_UIN } from '../support/credentials';
import { Child, runEntry } from '../support/child-process';
import { waitFor } from '../support/harness';

/**
 * The drain at shutdown is bounded (SHUTDOWN_DRAIN_TIMEOUT_MS): the real gateway (src/main.ts) in a child process,
 * against the fake upstream in this one, stopped with SIGTERM while a client holds a request open. Small bounds, and
 * assertion windows several seconds wider than them; without the bound the process never exits on its own.
 */

const DRAIN_MS = 1500;
/** Room for start-up noise on a shared machine: an exit later than bound + this is a hang, not slowness. */
const MARGIN_MS = 10_000;
const QQ_LOGIN = 'QQConnectLogin.LoginServer.QQLogin';
const DRAIN_CUT = `Shutdown: stopped waiting for requests after ${DRAIN_MS} ms (SHUTDOWN_DRAIN_TIMEOUT_MS)`;

/** A raw client connection, to send exactly the bytes a slow or broken client would. */
interface RawClient {
  socket: Socket;
  received: () => string;
  /** When the gateway closed it (ms since the epoch), once it has. */
  closedAt: () => number | undefined;
  closed: Promise<void>;
}

function rawClient(url: string): Promise<RawClient> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  let received = '';
  let closedAt: number | undefined;
  socket.setEncoding('utf8');
  socket.on('data', (d: string) => (received += d));
  socket.on('error', () => undefined);
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve(void (closedAt ??= Date.now()))));
  return new Promise((resolve) =>
    socket.once('connect', () => resolve({ socket, received: () => received, closedAt: () => closedAt, closed })),
  );
}

const write = (socket: Socket, data: string) => new Promise<void>((resolve) => socket.write(data, () => resolve()));

/** Settles with `promise`'s value, or 'still running' after `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still running'> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'still running'>((resolve) => (timer = setTimeout(() => resolve('still running'), ms)));
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe('Shutdown with requests that do not finish (real process, SIGTERM)', () => {
  let fake: FakeUpstream;
  let dir: string;
  let child: Child | undefined;
  let url: string;
  const clients: Socket[] = [];

  async function start(env: Record<string, string> = {}): Promise<void> {
    fake = new FakeUpstream([...ROUTES, probeRoutes]);
    await fake.start();
    dir = mkdtempSync(join(tmpdir(), 'shutdown-drain-'));
    // No .env in `dir`, and only these settings: the machine's environment never leaks in.
    child = runEntry('src/main.ts', dir, {
      ...fake.env(),
      PORT: '0',
      HOST: '127.0.0.1',
      COOKIE_FILE: join(dir, 'user-info.json'),
      COOKIE_FILE_CHECK_MS: '0',
      LOG_LEVEL: 'info',
      CACHE_ENABLED: 'false',
      RATE_LIMIT: '0',
      UPSTREAM_RETRIES: '0',
      UPSTREAM_TIMEOUT_MS: '60000',
      CANARY_INTERVAL_S: '0',
      SHUTDOWN_DRAIN_TIMEOUT_MS: String(DRAIN_MS),
      ...env,
    });
    [, url] = await child.waitFor(/Listening on (http:\/\/[\d.]+:\d+)/);
  }

  async function client(): Promise<RawClient> {
    const c = await rawClient(url);
    clients.push(c.socket);
    return c;
  }

  /**
   * A kept-alive connection that has had its answer: once it has, the gateway has also read whatever the other
   * clients wrote before (one loopback, one event loop), so SIGTERM cannot overtake their bytes.
   */
  async function idleKeptAlive(): Promise<RawClient> {
    const c = await client();
    await write(c.socket, 'GET /health/live HTTP/1.1\r\nHost: x\r\n\r\n');
    await waitFor(() => /^HTTP\/1\.1 200[^]*\r\n\r\n\{[^]*\}$/.test(c.received()), 10_000, 'the health answer');
    return c;
  }

  /** A request line and headers without the blank line that ends them. */
  async function halfSentRequest(): Promise<RawClient> {
    const c = await client();
    await write(c.socket, 'GET /getRanks HTTP/1.1\r\nHost: x\r\n');
    return c;
  }

  afterEach(async () => {
    clients.splice(0).forEach((s) => s.destroy());
    await child?.kill();
    child = undefined;
    await fake.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a half-sent request: idle connections close at once, the request at SHUTDOWN_DRAIN_TIMEOUT_MS, and the process exits 0', async () => {
    await start();
    const halfSent = await halfSentRequest();
    const idle = await idleKeptAlive();

    const signalled = Date.now();
    child!.proc.kill('SIGTERM');
    expect(await within(child!.exited, DRAIN_MS + MARGIN_MS)).toEqual({ code: 0, signal: null });

    await Promise.all([idle.closed, halfSent.closed]);
    // The idle connection did not wait for the drain; the half-sent request was given the whole bound.
    expect(idle.closedAt()!).toBeLessThan(halfSent.closedAt()!);
    expect(halfSent.closedAt()! - signalled).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    expect(halfSent.received()).toBe('');
    expect(child!.output()).toContain(`${DRAIN_CUT}; closing 1 connection(s) still open`);
  }, 120_000);

  it('an upload dripping a byte every 200 ms is cut at SHUTDOWN_DRAIN_TIMEOUT_MS, and the process exits 0', async () => {
    await start();
    const upload = await client();
    await write(upload.socket, 'POST /checkAltLoginQr HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    const drip = setInterval(() => upload.socket.write(' '), 200);
    try {
      await idleKeptAlive();
      child!.proc.kill('SIGTERM');
      expect(await within(child!.exited, DRAIN_MS + MARGIN_MS)).toEqual({ code: 0, signal: null });
      await upload.closed;
      expect(child!.output()).toContain(DRAIN_CUT);
    } finally {
      clearInterval(drip);
    }
  }, 120_000);

  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
  ] as const)('a second signal (%s) during a long drain exits at once with status %d', async (second, status) => {
    await start({ SHUTDOWN_DRAIN_TIMEOUT_MS: '600000' });
    await halfSentRequest();
    await idleKeptAlive();
    child!.proc.kill('SIGTERM');
    await child!.waitFor(/Shutting down on SIGTERM/);
    child!.proc.kill(second);
    expect(await within(child!.exited, MARGIN_MS)).toEqual({ code: status, signal: null });
    expect(child!.output()).toContain(`${second} during shutdown: exiting now`);
  }, 120_000);

  /** A QQ login whose scan is confirmed, its exchange (QQLogin) held upstream while the client still waits. */
  async function loginBeingExchanged(): Promise<void> {
    const res = await fetch(`${url}/getMainLoginQr`);
    const { qrsig } = (await res.json()) as { qrsig: string };
    qqConfirm(fake.state, qrsig);
    fake.hold(QQ_LOGIN);
    const check = httpRequest(new URL('/checkMainLoginQr', url), { method: 'POST', headers: { 'Content-Type': 'application/json' } });
    check.on('error', () => undefined);
    check.on('socket', (s: Socket) => clients.push(s));
    check.end(JSON.stringify({ qrsig }));
    await waitFor(() => fake.musicuCalls(QQ_LOGIN).length === 1, 10_000, 'the login exchange');
  }

  it('a confirmed login still finishes after a drain cut short, and is stored before the exit', async () => {
    await start({ LOGIN_PERSIST_COOKIE: 'true', SHUTDOWN_WORK_TIMEOUT_MS: '600000' });
    await loginBeingExchanged();
    await halfSentRequest();
    await idleKeptAlive();

    child!.proc.kill('SIGTERM');
    await child!.waitFor(/Shutdown: waiting up to 600000 ms for work outside requests \(QR login: 1\)/, DRAIN_MS + MARGIN_MS);
    expect(child!.output()).toContain(DRAIN_CUT);
    fake.release(QQ_LOGIN);
    expect(await within(child!.exited, MARGIN_MS)).toEqual({ code: 0, signal: null });
    const saved = JSON.parse(readFileSync(join(dir, 'user-info.json'), 'utf8'));
    expect(saved).toMatchObject({ uin: QQ_UIN, credential: { musicid: QQ_UIN, musickey: FAKE_MUSICKEY_QQ } });
  }, 120_000);

  it('work that does not end is still cut at SHUTDOWN_WORK_TIMEOUT_MS after the drain bound', async () => {
    await start({ LOGIN_PERSIST_COOKIE: 'true', SHUTDOWN_WORK_TIMEOUT_MS: '1500' });
    await loginBeingExchanged();
    await halfSentRequest();
    await idleKeptAlive();

    child!.proc.kill('SIGTERM'); // the exchange stays held: only the two bounds end the waits
    expect(await within(child!.exited, DRAIN_MS + 1500 + MARGIN_MS)).toEqual({ code: 0, signal: null });
    const output = child!.output();
    const workCut = output.indexOf('Shutdown: stopped waiting for work outside requests after 1500 ms (SHUTDOWN_WORK_TIMEOUT_MS); cut: QR login: 1');
    expect(workCut).toBeGreaterThan(output.indexOf(DRAIN_CUT));
    expect(output.indexOf(DRAIN_CUT)).toBeGreaterThan(-1);
  }, 120_000);
});
