import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Harness, startHarness, waitFor } from './harness';

/** Debian's tinyproxy (package `tinyproxy`; .ci/run installs it when missing). */
export const TINYPROXY = '/usr/bin/tinyproxy';

/** A real forward proxy on a loopback port, a child process of the test with its own config, log and pid file. */
export interface Tinyproxy {
  /** http://127.0.0.1:<port>, without credentials. */
  origin: string;
  port: number;
  /** What it logged so far (LogLevel Connect: one `Request (…): CONNECT host:port` line per tunnel). */
  log: () => string;
  /** The ports it opened a tunnel to, in order. */
  tunnelledPorts: () => number[];
  stop: () => Promise<void>;
}

/**
 * Starts tinyproxy in the foreground (-d). No ConnectPort line (unless `connectPorts`), so it tunnels to any port (the
 * fake upstream's loopback ports); `basicAuth` makes it require those credentials (it answers 401 without them). No User/Group
 * line: it keeps the test's user, root included (it only warns), so it can write its log in the temp dir.
 */
export async function startTinyproxy(options: { basicAuth?: [user: string, password: string]; connectPorts?: number[] } = {}): Promise<Tinyproxy> {
  if (!existsSync(TINYPROXY)) {
    throw new Error(`${TINYPROXY} is missing: the outbound proxy tests need a real forward proxy. Install Debian's tinyproxy (apt-get install tinyproxy; .ci/run does so).`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'qqgw-tinyproxy-'));
  const port = await freePort();
  const logFile = join(dir, 'tinyproxy.log');
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    'Allow 127.0.0.1',
    'Timeout 30',
    'MaxClients 100',
    'LogLevel Connect',
    `LogFile "${logFile}"`,
    `PidFile "${join(dir, 'tinyproxy.pid')}"`,
    ...(options.basicAuth ? [`BasicAuth ${options.basicAuth.join(' ')}`] : []),
    // Only these ports may be tunnelled to (the common 443 and 563): any other CONNECT is refused with 403.
    ...(options.connectPorts ?? []).map((p) => `ConnectPort ${p}`),
  ];
  writeFileSync(join(dir, 'tinyproxy.conf'), `${config.join('\n')}\n`);
  const child: ChildProcess = spawn(TINYPROXY, ['-d', '-c', join(dir, 'tinyproxy.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  try {
    await waitFor(async () => {
      if (child.exitCode !== null) throw new Error(`tinyproxy exited (${child.exitCode}): ${output}${log()}`);
      return accepts(port);
    }, 10_000, 'tinyproxy to accept connections');
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    log,
    tunnelledPorts: () => [...log().matchAll(/: CONNECT [^\s:]+:(\d+) HTTP/g)].map((m) => Number(m[1])),
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A loopback port nothing listens on (taken and given back): a proxy that is down. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The proxies and gateways of an outbound-proxy suite (proxiedSuite). */
export interface ProxiedSuite {
  /** Tunnels to any port, no credentials. */
  open: Tinyproxy;
  /** Asks Basic credentials: user `gwuser` and the suite's password. */
  authed: Tinyproxy;
  /** Starts a gateway (startHarness), closed after the test. */
  start: typeof startHarness;
}

/**
 * Registers the suite's hooks: two tinyproxy processes for the whole suite (open, and with Basic auth for `gwuser` /
 * `password`), and every gateway the test started closed after it. Read `open` and `authed` inside tests only.
 */
export function proxiedSuite(password: string): ProxiedSuite {
  const harnesses: Harness[] = [];
  const suite = {
    start: async (...args: Parameters<typeof startHarness>) => {
      const h = await startHarness(...args);
      harnesses.push(h);
      return h;
    },
  } as ProxiedSuite;
  beforeAll(async () => {
    [suite.open, suite.authed] = await Promise.all([startTinyproxy(), startTinyproxy({ basicAuth: ['gwuser', password] })]);
  });
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.close();
  });
  afterAll(() => Promise.all([suite.open?.stop(), suite.authed?.stop()]));
  return suite;
}
