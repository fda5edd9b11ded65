import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import request from 'supertest';
import { __resetOutOfContextForTests } from 'nestjs-pino/PinoLogger';
import { startDemo } from '../../fake-upstream/demo-runner';
import { createApp, listenOn, logStartup } from '../../src/app.factory';
import { ENV_DEFAULTS } from '../../src/config/app-config';
import { CHILD_BOUND_MS } from '../support/child-process';
import { startHarness, waitFor } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

// Its own file: nestjs-pino keeps one process-wide root logger, so start-up lines of apps booted later in the
// same test process can land in another app's stream.
describe('Start-up warning when rate limiting runs without trust proxy on every interface', () => {
  // HOST defaults to 0.0.0.0 (every IPv4 interface): what a deployment behind a reverse proxy listens on.
  it.each([
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false' }, true],
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false', HOST: '::' }, true],
    [{ RATE_LIMIT: '100', TRUST_PROXY: '1' }, false],
    [{ RATE_LIMIT: '0', TRUST_PROXY: 'false' }, false],
    // Loopback only (a laptop): no reverse proxy can stand in front, nothing to warn about.
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false', HOST: '127.0.0.1' }, false],
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false', HOST: '::1' }, false],
    [{ RATE_LIMIT: '100', TRUST_PROXY: 'false', HOST: 'localhost' }, false],
  ])('%j → warning %s', async (env, warned) => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { ...env, LOG_LEVEL: 'warn' } });
    try {
      const warning = logs.some((line) => line.includes('Rate limiting is on but TRUST_PROXY is off'));
      expect(warning).toBe(warned);
    } finally {
      await h.close();
    }
  });
});

describe('The demo does not print the TRUST_PROXY warning (it is tried from this machine, not behind a proxy)', () => {
  it('rate limiting on, TRUST_PROXY unset: no warning; an explicit TRUST_PROXY=false on every interface still warns', async () => {
    const saved = process.env.TRUST_PROXY;
    delete process.env.TRUST_PROXY;
    try {
      for (const [env, warned] of [[{}, false], [{ TRUST_PROXY: 'false' }, false], [{ TRUST_PROXY: 'false', HOST: '0.0.0.0' }, true]] as const) {
        const logs: string[] = [];
        const destination = new Writable({ write: (chunk, _enc, done) => { logs.push(String(chunk)); done(); } });
        __resetOutOfContextForTests();
        const demo = await startDemo({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT: '100', ...env }, destination);
        await demo.close();
        expect(logs.some((line) => line.includes('TRUST_PROXY is off'))).toBe(warned);
      }
    } finally {
      if (saved !== undefined) process.env.TRUST_PROXY = saved;
    }
  });
});

describe('Start-up at the default LOG_LEVEL leaves out Nest\'s module and route lines (debug keeps them)', () => {
  const FRAMEWORK = ['NestFactory', 'InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestApplication'];
  const started = async (level: string) => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_LEVEL: level } });
    await h.close();
    return logs.map((line) => JSON.parse(line) as { level: number; context?: string; msg: string });
  };

  it(`LOG_LEVEL=${ENV_DEFAULTS.LOG_LEVEL}: no "Mapped {" route line, nothing from Nest's start-up`, async () => {
    const lines = await started(ENV_DEFAULTS.LOG_LEVEL);
    expect(lines.filter((l) => l.msg.startsWith('Mapped {'))).toEqual([]);
    expect(lines.filter((l) => FRAMEWORK.includes(l.context ?? ''))).toEqual([]);
  });

  it('LOG_LEVEL=debug: every route mapping is logged, at debug', async () => {
    const mapped = (await started('debug')).filter((l) => l.msg.startsWith('Mapped {'));
    expect(mapped.length).toBeGreaterThan(30);
    expect(mapped.filter((l) => l.level !== 20)).toEqual([]);
    expect(mapped.map((l) => l.msg)).toContain('Mapped {/, GET} route');
  });
});

describe('Start-up warning when the cookie file\'s directory cannot take a saved login', () => {
  const missingDir = join(mkdtempSync(join(tmpdir(), 'qqgw-unwritable-')), 'no-such-dir');
  const warned = (logs: string[]) => logs.filter((line) => line.includes('cannot save the login'));

  it.each([
    [{ LOGIN_PERSIST_COOKIE: 'true' }, 'QR logins (LOGIN_PERSIST_COOKIE)'],
    [{ ADMIN_TOKEN: 'operator-token-0123456789' }, '/user/setCookie (ADMIN_TOKEN)'],
  ])('%j, directory missing: one warning naming COOKIE_FILE, what would save, and why', async (env, saver) => {
    const logs: string[] = [];
    const cookieFile = join(missingDir, 'user-info.json');
    const h = await startHarness({ logs, env: { ...env, COOKIE_FILE: cookieFile, LOG_LEVEL: 'warn' } });
    try {
      expect(warned(logs)).toHaveLength(1);
      expect(JSON.parse(warned(logs)[0]).msg).toBe(
        `COOKIE_FILE=${JSON.stringify(cookieFile)}: ${saver} cannot save the login: its directory ${missingDir} is not writable` +
          ` by uid ${process.getuid!()} (ENOENT)`,
      );
    } finally {
      await h.close();
    }
  });

  it('no warning when nothing would save there, or when the directory is writable', async () => {
    const cases: Record<string, string>[] = [{ COOKIE_FILE: join(missingDir, 'user-info.json') }, { LOGIN_PERSIST_COOKIE: 'true' }];
    for (const env of cases) {
      const logs: string[] = [];
      const h = await startHarness({ logs, env: { ...env, LOG_LEVEL: 'warn' } });
      try {
        expect(warned(logs)).toEqual([]);
      } finally {
        await h.close();
      }
    }
  });
});

// main.ts and the demo listen through listenOn and log its message.
describe('Start-up says where the gateway really listens; a failed listen names HOST and PORT', () => {
  const env = { COOKIE_FILE: join(mkdtempSync(join(tmpdir(), 'qqgw-listen-')), 'absent.json'), LOG_LEVEL: 'silent', RATE_LIMIT: '0' };

  it('bound to 0.0.0.0: the real address, plus a URL that works from this machine', async () => {
    const app = await createApp(env);
    try {
      const { url, message } = await listenOn(app, { host: '0.0.0.0', port: 0 });
      const { port } = app.getHttpServer().address() as AddressInfo;
      expect(message).toBe(`Listening on http://0.0.0.0:${port} (all IPv4 interfaces; from this machine: http://127.0.0.1:${port})`);
      expect(url).toBe(`http://127.0.0.1:${port}`);
      await request(url).get('/health/live').expect(200);
    } finally {
      await app.close();
    }
  });

  it('bound to 127.0.0.1: that address only', async () => {
    const app = await createApp(env);
    try {
      const { url, message } = await listenOn(app, { host: '127.0.0.1', port: 0 });
      expect(message).toBe(`Listening on ${url}`);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await app.close();
    }
  });

  it('the start-up line adds workers, Redis and the outbound proxy, never a credential', async () => {
    const logs: string[] = [];
    const destination = new Writable({ write: (chunk, _enc, done) => { logs.push(String(chunk)); done(); } });
    __resetOutOfContextForTests();
    const app = await createApp(
      { ...env, LOG_LEVEL: 'warn', UPSTREAM_PROXY: 'http://gwuser:Pr0xyS3cret@proxy.example:3128', UPSTREAM_NO_PROXY: 'api.tencentmusic.com' },
      { logDestination: destination },
    );
    try {
      const { url, message } = await listenOn(app, { host: '127.0.0.1', port: 0 });
      await logStartup(app, message);
      const lines = logs.map((line) => JSON.parse(line) as { msg: string });
      expect(lines.map((line) => line.msg)).toEqual([
        `Listening on ${url} — workers: 1, Redis: none (in memory), outbound proxy: http://proxy.example:3128 (direct: api.tencentmusic.com)`,
      ]);
      expectNoSecretInLogs(logs, ['Pr0xyS3cret']);
    } finally {
      await app.close();
    }
  });

  it('a port already in use fails with one line naming HOST and PORT', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    const app = await createApp(env);
    try {
      await expect(listenOn(app, { host: '127.0.0.1', port })).rejects.toThrow(
        `cannot listen on HOST=127.0.0.1 PORT=${port}: the port is already in use (another program, or the gateway already running) (EADDRINUSE)`,
      );
    } finally {
      await app.close();
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('npm start scripts hand the process over to node', () => {
  // npm runs a script with `sh -c`; without exec, dash keeps node as its child and does not pass on the SIGTERM npm
  // forwards to it, so `npm start` stopped by a supervisor left node running (orphaned).
  const scripts = JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).scripts as Record<string, string>;
  // An assignment before `exec` (MALLOC_ARENA_MAX=2) is passed to node; the shell is still replaced.
  it.each(['start', 'start:prod', 'start:demo', 'start:demo-login'])('%s ends in `exec node …`', (name) => {
    const last = scripts[name].split('&&').at(-1)!.trim();
    expect(last).toMatch(/^(?:[A-Z_][A-Z0-9_]*=\S+ )*exec node /);
  });
});

/**
 * The built gateway as an operator runs it (`npm run build && npm run start:prod`, or `node dist/src/main.js` from
 * another directory), a real process: what it prints, how it stops, how it reads .env and reports a bad setting.
 */
describe('The production process (npm run build && npm run start:prod)', () => {
  const root = join(__dirname, '..', '..');
  const main = join(root, 'dist', 'src', 'main.js');
  const scratch = mkdtempSync(join(tmpdir(), 'qqgw-prod-'));
  /** Only what npm and node need from this machine, so no setting of the machine leaks in. */
  const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? scratch };
  const quiet = { COOKIE_FILE: join(scratch, 'absent.json'), RATE_LIMIT: '0', HOST: '127.0.0.1', PORT: '0' };
  /** Upper bound of one test here: a start on a busy 2-core machine took tens of seconds; it only detects "never". */
  const START_BOUND_MS = 3 * CHILD_BOUND_MS;

  interface Started {
    child: ChildProcess;
    output: () => string;
    errors: () => string;
    exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  }
  const spawnGateway = (command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Started => {
    const child = spawn(command, args, { cwd: options.cwd, env: { ...baseEnv, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let errors = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => {
      output += d;
      errors += d;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    return { child, output: () => output, errors: () => errors, exited };
  };
  /** The URL of the Listening line, once it is printed. */
  const listeningUrl = async (started: Started): Promise<string> => {
    await waitFor(() => /Listening on/.test(started.output()) || started.child.exitCode !== null, CHILD_BOUND_MS, 'the Listening line');
    const url = /from this machine: (http:\/\/[^)]+)\)|Listening on (http:\/\/[^"\s]+)/.exec(started.output());
    if (!url) throw new Error(`no Listening line:\n${started.output()}`);
    return url[1] ?? url[2];
  };
  /** The JSON log lines' messages (npm's own lines and the like left out). */
  const messages = (output: string) =>
    output.split('\n').filter((l) => l.startsWith('{')).map((l) => (JSON.parse(l) as { msg: string }).msg);

  // `npm run build`'s project in tsc's build mode: a dist whose recorded source hashes match the tree is current and
  // kept (seconds), anything else is rebuilt. `npm test` has just built it for the soak; a stale dist is never run.
  beforeAll(() => {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '--build', 'tsconfig.build.json'], { cwd: root, env: baseEnv, stdio: 'ignore' });
  }, 5 * CHILD_BOUND_MS);
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('starts, says where it listens exactly once, answers, and exits 0 on SIGTERM', async () => {
    const gateway = spawnGateway('npm', ['run', 'start:prod'], { cwd: root, env: { ...quiet, LOG_LEVEL: 'info' } });
    try {
      const url = await listeningUrl(gateway);
      await request(url).get('/health/live').expect(200);
      expect(messages(gateway.output()).filter((m) => m.startsWith('Listening on'))).toHaveLength(1);
      // The signal goes to node itself, as a container runtime sends it to the image's node (PID 1).
      const pid = Number(/"pid":(\d+)/.exec(gateway.output())![1]);
      process.kill(pid, 'SIGTERM');
      expect(await gateway.exited).toEqual({ code: 0, signal: null });
      expect(messages(gateway.output())).toContain('Shutting down on SIGTERM: aborting long polls, draining requests (up to 10000 ms)');
      // Nest's own start-up lines (each module loaded, each route mapped) are debug: the start says where it listens.
      expect(messages(gateway.output()).slice(0, 2)).toEqual([expect.stringMatching(/^Listening on /), 'Shutting down on SIGTERM: aborting long polls, draining requests (up to 10000 ms)']);
    } finally {
      gateway.child.kill('SIGKILL');
    }
  }, START_BOUND_MS);

  /**
   * The starts below each spend seconds loading modules in their own process: they are spawned together when their
   * group begins, so a busy machine waits for the slowest of them, not for their sum. Each is still checked alone.
   */
  const stopAll = async (gateways: Iterable<Started>) => {
    for (const gateway of gateways) {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  };

  describe('a quiet LOG_LEVEL', () => {
    const quietLevels = ['warn', 'error', 'fatal'] as const;
    const atLevel = new Map<string, Started>();
    let silent: { gateway: Started; port: number };
    beforeAll(async () => {
      // No line will say the silent gateway's port: take a free one first.
      const probe = createServer();
      await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
      const { port } = probe.address() as AddressInfo;
      await new Promise((resolve) => probe.close(resolve));
      for (const level of quietLevels) atLevel.set(level, spawnGateway(process.execPath, [main], { cwd: scratch, env: { ...quiet, LOG_LEVEL: level } }));
      silent = { gateway: spawnGateway(process.execPath, [main], { cwd: scratch, env: { ...quiet, PORT: String(port), LOG_LEVEL: 'silent' } }), port };
    });
    afterAll(() => stopAll([...atLevel.values(), ...(silent ? [silent.gateway] : [])]), START_BOUND_MS);

    it.each(quietLevels)('LOG_LEVEL=%s still prints the start-up line, once, and no other info line', async (level) => {
      // It was dropped below info: an operator logging quietly could not see that the gateway started, nor where.
      const gateway = atLevel.get(level)!;
      const url = await listeningUrl(gateway);
      await request(url).get('/health/live').expect(200);
      const lines = gateway.output().split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l) as { level: number; context: string; msg: string });
      expect(lines).toEqual([
        expect.objectContaining({ level: 30, context: 'Gateway', msg: `Listening on ${url} — workers: 1, Redis: none (in memory), outbound proxy: none` }),
      ]);
    }, START_BOUND_MS);

    it('LOG_LEVEL=silent prints nothing, the start-up line included', async () => {
      const url = `http://127.0.0.1:${silent.port}`;
      await waitFor(async () => (await request(url).get('/health/live').then((r) => r.status, () => 0)) === 200, CHILD_BOUND_MS, 'the gateway');
      expect(silent.gateway.output()).toBe('');
    }, START_BOUND_MS);
  });

  it('reads .env from the working directory; the environment wins over it; a name it does not read is said', async () => {
    const cwd = mkdtempSync(join(scratch, 'dotenv-'));
    // LOG_LEVEL in .env is bad, but the environment sets it: the environment's value is the one used.
    writeFileSync(join(cwd, '.env'), `PORT=0\nHOST=127.0.0.1\nRATE_LIMIT=0\nCOOKIE_FILE=${quiet.COOKIE_FILE}\nLOG_LEVEL=loud\nCORS_ORIGINS=https://from-dotenv.example\nTRUST_PROXIES=1\n`);
    const gateway = spawnGateway(process.execPath, [main], { cwd, env: { LOG_LEVEL: 'info' } });
    try {
      const url = await listeningUrl(gateway);
      const res = await request(url).get('/health/live').set('Origin', 'https://from-dotenv.example').expect(200);
      expect(res.headers['access-control-allow-origin']).toBe('https://from-dotenv.example');
      // a name the gateway does not read (here misspelt) is said, not silently ignored
      expect(messages(gateway.output())).toContain(`${join(cwd, '.env')} sets TRUST_PROXIES, which the gateway does not read (ignored; see .env.example)`);
    } finally {
      gateway.child.kill('SIGTERM');
      await gateway.exited;
    }
  }, START_BOUND_MS);

  describe('a start that fails', () => {
    // A cookie file with the secret where JSON.parse stops: its message would quote the text around it.
    // (Relative to the working directory, scratch: the test's name stays the same from run to run.)
    const secretCookieFile = 'secret-user-info.json';
    writeFileSync(join(scratch, secretCookieFile), '{"cookie": SuperSecretPw}');
    const badSettings: [Record<string, string>, string][] = [
      [{ PORT: 'abc' }, 'Start-up failed: Invalid configuration: PORT="abc" must be a whole number from 0 to 65535 (0 = any free port)'],
      [{ COOKIE_FILE: secretCookieFile }, `Start-up failed: COOKIE_FILE=${JSON.stringify(join(scratch, secretCookieFile))} is invalid: not valid JSON`],
      [{ TRUST_PROXY: 'garbage' }, 'Start-up failed: Invalid configuration: TRUST_PROXY="garbage" must be true, false, a hop count from 0 to 100'],
      [{ REDIS_URL: 'notaurl' }, 'Start-up failed: Invalid configuration: REDIS_URL (value not shown) must be a redis:// or rediss:// URL'],
      [{ COOKIE_FILE: '/' }, 'Start-up failed: COOKIE_FILE="/" is a directory, not the login file'],
      // a bad port: the Redis clients threw at start-up, dumping a stack trace that quoted the URL, password included
      [{ REDIS_URL: 'redis://:SuperSecretPw@cache:abc' }, 'Start-up failed: Invalid configuration: REDIS_URL="redis://***@cache:abc" must be a redis:// or rediss:// URL'],
      [{ UPSTREAM_PROXY: 'ftp://gwuser:SuperSecretPw@proxy:21' }, 'Start-up failed: Invalid configuration: UPSTREAM_PROXY="ftp://***@proxy:21" must be an http:// or https:// proxy URL'],
    ];
    const badDotEnvDir = join(scratch, 'dotenv-bad');
    const unreadableDotEnvDir = join(scratch, 'dotenv-dir');
    const failing = new Map<string, Started>();
    beforeAll(() => {
      mkdirSync(badDotEnvDir);
      writeFileSync(join(badDotEnvDir, '.env'), 'LOG_LEVEL=loud\n');
      mkdirSync(unreadableDotEnvDir);
      mkdirSync(join(unreadableDotEnvDir, '.env'));
      failing.set('bad .env', spawnGateway(process.execPath, [main], { cwd: badDotEnvDir, env: quiet }));
      failing.set('unreadable .env', spawnGateway(process.execPath, [main], { cwd: unreadableDotEnvDir, env: quiet }));
      for (const [env] of badSettings) {
        failing.set(JSON.stringify(env), spawnGateway(process.execPath, [main], { cwd: scratch, env: { ...quiet, LOG_LEVEL: 'info', ...env } }));
      }
    });
    afterAll(() => stopAll(failing.values()), START_BOUND_MS);

    it('a bad value in .env stops start-up with one line that says it came from .env', async () => {
      const gateway = failing.get('bad .env')!;
      expect(await gateway.exited).toEqual({ code: 1, signal: null });
      expect(gateway.errors()).toBe(
        'Start-up failed: Invalid configuration: LOG_LEVEL="loud" must be one of the following values: fatal, error, warn, info, debug, trace, silent' +
          ` [set in ${join(badDotEnvDir, '.env')}: LOG_LEVEL]\n`,
      );
    }, START_BOUND_MS);

    it('a .env that cannot be read stops start-up naming it', async () => {
      const gateway = failing.get('unreadable .env')!;
      expect(await gateway.exited).toEqual({ code: 1, signal: null });
      expect(gateway.errors()).toBe(`Start-up failed: cannot read ${join(unreadableDotEnvDir, '.env')}: EISDIR: illegal operation on a directory, read\n`);
    }, START_BOUND_MS);

    it.each(badSettings)('%j: exit 1 with one line on stderr naming the variable, no stack trace', async (env, line) => {
      const gateway = failing.get(JSON.stringify(env))!;
      expect(await gateway.exited).toEqual({ code: 1, signal: null });
      const errors = gateway.errors().split('\n').filter(Boolean);
      expect(errors).toHaveLength(1);
      expect(errors[0].startsWith(line)).toBe(true);
      expect(gateway.output()).not.toMatch(/\n\s+at /);
      // Nor any part of the secret: a JSON.parse message quotes only about ten characters around where it stopped.
      expect(gateway.output()).not.toContain('SuperSecre');
    }, START_BOUND_MS);
  });
});

describe('LOG_FORMAT', () => {
  it('pretty writes readable lines for a terminal, not JSON', async () => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_LEVEL: 'info', LOG_FORMAT: 'pretty' } });
    try {
      await h.http().get('/').expect(200);
    } finally {
      await h.close();
    }
    const text = logs.join('\n');
    expect(text).toMatch(/INFO.*GET \/ 200 \d+ ms/);
    expect(logs.filter((line) => line.trimStart().startsWith('{'))).toEqual([]);
  });
  it('names method, URL, status, time and cache state on one line, and no secret', async () => {
    const logs: string[] = [];
    const h = await startHarness({ logs, env: { LOG_FORMAT: 'pretty', LOG_LEVEL: 'info', CACHE_ENABLED: 'true' } });
    try {
      const secret = 'uin=o0123456; qqmusic_key=Q_H_L_prettySecret';
      await h.http().get('/getRanks?topId=4&limit=1').set('Cookie', secret).expect(200);
      await h.http().get('/getSongInfo').expect(400);
      await waitFor(() => logs.some((line) => line.includes('/getSongInfo')));
      const requestLines = logs.filter((line) => line.includes('/getRanks') || line.includes('/getSongInfo'));
      expect(requestLines).toHaveLength(2);
      expect(requestLines[0]).toMatch(/GET \/getRanks\?topId=4&limit=1 200 \d+ ms cache MISS/);
      expect(requestLines[1]).toMatch(/GET \/getSongInfo 400 \d+ ms BAD_REQUEST/);
      // The lines after each headline belong to it only when indented: nothing of the request is dumped below it.
      const afterRanks = logs[logs.indexOf(requestLines[0]) + 1] ?? '';
      expect(afterRanks).not.toMatch(/^\s+(req|res|url|method|headers)/);
      expectNoSecretInLogs(logs, ['prettySecret']);
    } finally {
      await h.close();
    }
  });
});
