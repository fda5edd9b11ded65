import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.factory';
import { ENV_DEFAULTS, loadAppConfig, loadDotEnv } from '../../src/config/app-config';
import { readFailure } from '../../src/config/cookie-file.service';
import { loadDemoEnv, startDemo } from '../../fake-upstream/demo-runner';
import { startHarness } from '../support/harness';

/** The message loadAppConfig throws for `env`. */
const configError = (env: Record<string, string>): string => {
  try {
    loadAppConfig(env);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(env)}`);
};

describe('Configuration is validated at start-up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qqgw-config-'));
  const absentCookieFile = join(dir, 'absent.json');

  it.each([
    ['PORT', 'not-a-port'],
    ['PORT', '70000'],
    ['UPSTREAM_U_ORIGIN', 'ftp://u.y.qq.com'],
    ['UPSTREAM_C_ORIGIN', 'not a url'],
    ['UPSTREAM_TIMEOUT_MS', '-5'],
    ['UPSTREAM_TIMEOUT_MS', '0'],
    ['LOG_LEVEL', 'chatty'],
    ['BODY_LIMIT', 'lots'],
    ['LOGIN_PERSIST_COOKIE', 'yes'],
    ['CACHE_MEMORY_MB', '0'],
    ['CACHE_MEMORY_MB', 'lots'],
  ])('refuses to start when %s=%s, naming the variable', async (name, value) => {
    await expect(createApp({ COOKIE_FILE: absentCookieFile, LOG_LEVEL: 'silent', [name]: value })).rejects.toThrow(name);
  });

  it.each([
    ['CORS_ORIGINS', 'not a url, ftp://x', 'CORS_ORIGINS="not a url, ftp://x" must be * (any origin) or a comma-separated list of origins http(s)://host[:port] with no path'],
    ['CORS_ORIGINS', 'https://app.example.com/', 'with no path (a trailing / never matches the Origin header a browser sends); not an origin: "https://app.example.com/"'],
    ['CORS_ORIGINS', 'https://app.example.com/app', 'not an origin: "https://app.example.com/app"'],
    ['CORS_ORIGINS', 'https://*.example.com', 'not an origin: "https://*.example.com"'],
    ['CORS_ORIGINS', 'https://a.example, *', 'not an origin: "*"'],
    ['TRUST_PROXY', 'banana', 'TRUST_PROXY="banana" must be true, false, a hop count from 0 to 100, or a comma-separated list of IP addresses, subnets (10.0.0.0/8) and the names loopback, linklocal, uniquelocal; not one: "banana"'],
    ['TRUST_PROXY', 'loopback, 10.0.0.0/33', 'not one: "10.0.0.0/33"'],
    ['TRUST_PROXY', '10.0.0.0/255.0.255.0', 'not one: "10.0.0.0/255.0.255.0"'],
    ['TRUST_PROXY', '101', 'TRUST_PROXY="101" must be true, false, a hop count from 0 to 100'],
    ['HOST', '999.1.1.1', 'HOST="999.1.1.1" must be an IP address'],
    ['HOST', 'my host', 'HOST="my host" must be an IP address'],
    ['ALT_LOGIN_POLL_TIMEOUT_MS', '0', 'ALT_LOGIN_POLL_TIMEOUT_MS="0" must be a whole number of milliseconds from 100 to 120000'],
    ['ALT_LOGIN_POLL_TIMEOUT_MS', '99999999999', 'ALT_LOGIN_POLL_TIMEOUT_MS="99999999999" must be a whole number of milliseconds from 100 to 120000'],
    ['UPSTREAM_TIMEOUT_MS', '0', 'UPSTREAM_TIMEOUT_MS="0" must be a whole number of milliseconds from 100 to 600000'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL="loud" must be one of the following values: fatal, error, warn, info, debug, trace, silent'],
    ['CACHE_ENABLED', 'yes', 'CACHE_ENABLED="yes" must be one of the following values: true, false'],
    ['LOG_FORMAT', 'yaml', 'LOG_FORMAT="yaml" must be one of the following values: json, pretty'],
    ['RESPONSE_SHAPE', 'Legacy', 'RESPONSE_SHAPE="Legacy" must be one of the following values: normalised, legacy'],
    ['UPSTREAM_U_ORIGIN', 'not a url', 'UPSTREAM_U_ORIGIN="not a url" must be an http:// or https:// origin, scheme://host[:port] with no path, query or credentials, e.g. https://u.y.qq.com'],
    // undici's pools take an origin only: these passed the URL check and then failed every call to the host (502)
    ['UPSTREAM_C_ORIGIN', 'http://mirror.example/qq', 'UPSTREAM_C_ORIGIN="http://mirror.example/qq" must be an http:// or https:// origin, scheme://host[:port] with no path'],
    ['UPSTREAM_U_ORIGIN', 'http://mirror.example:8080?k=1', 'UPSTREAM_U_ORIGIN="http://mirror.example:8080?k=1" must be an http:// or https:// origin'],
    ['UPSTREAM_Y_ORIGIN', 'https://user:pw@mirror.example', 'UPSTREAM_Y_ORIGIN="https://***@mirror.example" must be an http:// or https:// origin'],
  ])('refuses to start when %s=%s, saying what it accepts', async (name, value, message) => {
    await expect(createApp({ COOKIE_FILE: absentCookieFile, LOG_LEVEL: 'silent', [name]: value })).rejects.toThrow(message);
  });

  // Every whole-number variable: [name, lowest, highest]. A new numeric variable must be added here (checked below).
  const RANGES: [string, number, number][] = [
    ['PORT', 0, 65535],
    ['UPSTREAM_TIMEOUT_MS', 100, 600000],
    ['UPSTREAM_IDENTITY_TIMEOUT_MS', 100, 600000],
    ['COOKIE_FILE_CHECK_MS', 0, 3600000],
    ['KEEP_ALIVE_TIMEOUT_MS', 1, 3600000],
    ['ALT_LOGIN_POLL_TIMEOUT_MS', 100, 120000],
    ['REDIS_TIMEOUT_MS', 1, 60000],
    ['REDIS_RETRY_AFTER_MS', 100, 600000],
    ['CACHE_MEMORY_MB', 1, 99999],
    ['RATE_LIMIT', 0, 1000000],
    ['RATE_LIMIT_WINDOW_MS', 1000, 86400000],
    ['UPSTREAM_RETRIES', 0, 5],
    ['UPSTREAM_MAX_CONCURRENCY', 1, 9999],
    ['UPSTREAM_MAX_BODY_MB', 1, 999],
    ['UPSTREAM_BODY_BUDGET_MB', 1, 99999],
    ['CREDENTIAL_REFRESH_MARGIN_S', 0, 604800],
    ['CREDENTIAL_REFRESH_BACKOFF_S', 10, 86400],
    ['CREDENTIAL_SYNC_MS', 0, 3600000],
    ['SHUTDOWN_DRAIN_TIMEOUT_MS', 0, 600000],
    ['SHUTDOWN_WORK_TIMEOUT_MS', 0, 600000],
    ['SONG_FILES_KEPT', 0, 1000000],
    ['PHONE_CODE_INTERVAL_S', 0, 3600],
    ['PHONE_CODE_PER_NUMBER_HOURLY', 1, 100],
    ['PHONE_CODE_PER_IP_HOURLY', 1, 10000],
    ['PHONE_CODE_TTL_S', 30, 1800],
    ['PHONE_CODE_MAX_ATTEMPTS', 1, 20],
    // and 0 (off), below
    ['CANARY_INTERVAL_S', 60, 86400],
    ['APP_LOGIN_MAX_SUBSCRIPTIONS', 1, 10_000],
    ['APP_LOGIN_QR_TTL_S', 1, 1800],
  ];

  it('bounds every whole-number variable', () => {
    // WORKERS also takes `auto`: its words and bounds are test/unit/workers-config.spec.ts's.
    const numeric = Object.entries(ENV_DEFAULTS).filter(([name, value]) => /^\d+$/.test(value) && name !== 'WORKERS').map(([name]) => name);
    expect(RANGES.map(([name]) => name).sort()).toEqual(numeric.sort());
  });

  it.each(RANGES)('%s accepts %d to %d and, outside, says so', (name, min, max) => {
    expect(() => loadAppConfig({ [name]: String(min) })).not.toThrow();
    expect(() => loadAppConfig({ [name]: String(max) })).not.toThrow();
    const range = `from ${min} to ${max}`;
    for (const bad of [String(max + 1), '1e3', '-1', 'lots', ...(min > 0 ? [String(min - 1)] : [])]) {
      const message = configError({ [name]: bad });
      expect(message).toContain(`${name}=${JSON.stringify(bad)} must be a whole number`);
      expect(message).toContain(range);
    }
  });

  it('CANARY_INTERVAL_S=0 turns the canary off; a minute is its shortest interval', () => {
    expect(loadAppConfig({ CANARY_INTERVAL_S: '0' }).canaryIntervalS).toBe(0);
    expect(loadAppConfig({}).canaryIntervalS).toBe(900);
    expect(configError({ CANARY_INTERVAL_S: '30' })).toContain('or 0 (off)');
  });

  it('never shows the value of ADMIN_TOKEN in an error', () => {
    for (const token of ['hunter2pw', 'correct horse battery staple']) {
      const message = configError({ ADMIN_TOKEN: token });
      expect(message).toContain('ADMIN_TOKEN (value not shown) must be 16 to 256 printable characters');
      expect(message).not.toContain(token);
      expect(message).not.toContain('hunter2');
    }
  });

  it('shows a bad REDIS_URL with its password masked (and not at all when it is no URL)', () => {
    const message = configError({ REDIS_URL: 'http://:SuperSecretPw@host:6379' });
    expect(message).toContain('REDIS_URL="http://***@host:6379" must be a redis:// or rediss:// URL');
    expect(message).not.toContain('SuperSecretPw');
    const userAndPassword = configError({ REDIS_URL: 'http://admin:Pw@with@at@host:6379/0' });
    expect(userAndPassword).toContain('REDIS_URL="http://***@host:6379/0"');
    expect(userAndPassword).not.toMatch(/admin|Pw/);
    const bare = configError({ REDIS_URL: 'SuperSecretPw' });
    expect(bare).toContain('REDIS_URL (value not shown) must be a redis:// or rediss:// URL');
    expect(bare).not.toContain('SuperSecretPw');
  });

  it.each(['redis://:SuperSecretPw@host:abc', 'redis://:SuperSecretPw@host:6379/cache', 'redis:///', 'rediss://:SuperSecretPw@host:6379/0/1'])(
    'refuses REDIS_URL=%s, which the Redis clients cannot parse, without showing its password',
    async (url) => {
      const message = configError({ REDIS_URL: url });
      expect(message).toMatch(/REDIS_URL(="rediss?:\/\/[^"]*"| \(value not shown\)) must be a redis:\/\/ or rediss:\/\/ URL: redis\[s\]:\/\/\[\[user\]:password@\]host\[:port\]\[\/database number\]$/);
      expect(message).not.toContain('SuperSecretPw');
      await expect(createApp({ COOKIE_FILE: absentCookieFile, LOG_LEVEL: 'silent', REDIS_URL: url })).rejects.toThrow('REDIS_URL');
    },
  );

  it.each(['redis://localhost', 'redis://redis:6379', 'rediss://user:pw@cache.example:6380/2', 'redis://[::1]:6379/0', 'redis://:p%40ss@host:6379?family=6'])(
    'accepts REDIS_URL=%s',
    (url) => {
      expect(loadAppConfig({ REDIS_URL: url }).redisUrl).toBe(url);
    },
  );

  it('names every bad variable at once', () => {
    expect(() => loadAppConfig({ PORT: 'x', LOG_LEVEL: 'chatty' })).toThrow(/PORT.*LOG_LEVEL/);
  });

  it('uses the documented defaults (real upstream hosts, port 3200)', () => {
    const config = loadAppConfig({});
    expect(config.port).toBe(3200);
    expect(config.origins).toEqual({
      u: 'https://u.y.qq.com',
      c: 'https://c.y.qq.com',
      c6: 'https://c6.y.qq.com',
      y: 'https://y.qq.com',
      ptlogin: 'https://ssl.ptlogin2.qq.com',
      ptloginGraph: 'https://ssl.ptlogin2.graph.qq.com',
      qimei: 'https://api.tencentmusic.com',
      graph: 'https://graph.qq.com',
      wxOpen: 'https://open.weixin.qq.com',
      wxLp: 'https://lp.open.weixin.qq.com',
      mu: 'https://mu.y.qq.com',
    });
    expect(config.upstreamTimeoutMs).toBe(15000);
    expect(config.cookieFile).toBe('config/user-info.json');
    expect(config.cors).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('an empty or blank value means the default, for every variable', () => {
    const defaults = loadAppConfig({});
    for (const blank of ['', ' ', '\t ']) {
      const env = Object.fromEntries(Object.keys(ENV_DEFAULTS).map((name) => [name, blank]));
      expect(loadAppConfig(env)).toEqual(defaults);
    }
  });

  it.each(['0b', '0kb', '1kb', '32767b', '31kb', '10241kb', '11mb', '99999999999999999999mb', '1gb', '1.5mb', '-1kb'])(
    'refuses BODY_LIMIT=%s, outside 32kb to 10mb (at 0b every POST was a 413)',
    (value) => {
      expect(configError({ BODY_LIMIT: value })).toBe(
        `Invalid configuration: BODY_LIMIT=${JSON.stringify(value)} must be a size from 32kb to 10mb, a whole number with the unit b, kb or mb (e.g. 100kb, 1mb)`,
      );
    },
  );

  it.each(['32kb', '32768b', '100kb', '100KB', '1mb', '10240kb', '10mb'])('accepts BODY_LIMIT=%s', (value) => {
    expect(loadAppConfig({ BODY_LIMIT: value }).bodyLimit).toBe(value);
  });

  it('at the lowest BODY_LIMIT the largest bodies the routes accept still get through', async () => {
    const token = 'body-limit-admin-token';
    const h = await startHarness({ env: { BODY_LIMIT: '32kb', ADMIN_TOKEN: token } });
    try {
      // The longest cookie setCookie takes (8192 characters), form-encoded at its largest: each ';' is sent as %3B.
      const cookie = 'uin=o0123456789;'.padEnd(8192, ';');
      const form = new URLSearchParams({ cookie }).toString();
      expect(form.length).toBeGreaterThan(24_000);
      const stored = await h.http().post('/user/setCookie').set('X-Admin-Token', token).type('form').send(form);
      expect(stored.status).toBe(200);
      expect(stored.body.data).toMatchObject({ set: true, names: ['uin'] });
      // batchGetSongInfo's most songs, each [song_mid, song_id]
      const songs = Array.from({ length: 50 }, () => ['0039MnYb0qxYhV', '102065756']);
      expect((await h.http().post('/batchGetSongInfo').send({ songs })).status).toBe(200);
    } finally {
      await h.close();
    }
  });

  it('parses CORS and trust-proxy forms', () => {
    expect(loadAppConfig({ CORS_ORIGINS: 'https://a.example, https://b.example' }).cors).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
    expect(loadAppConfig({ CORS_ORIGINS: '*' }).cors).toBe(true);
    expect(loadAppConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadAppConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
  });

  it('writes CORS origins the way browsers send them (lower-case host, no default port)', () => {
    expect(loadAppConfig({ CORS_ORIGINS: 'HTTPS://App.Example.com:443, http://localhost:5173, http://[::1]:8080' }).cors).toEqual([
      'https://app.example.com',
      'http://localhost:5173',
      'http://[::1]:8080',
    ]);
  });

  it('accepts every trust-proxy form Express does, and the app starts with it', async () => {
    const list = 'loopback, linklocal, uniquelocal, 10.0.0.0/8, 192.168.1.0/255.255.255.0, 203.0.113.7, fe80::/10, ::1';
    expect(loadAppConfig({ TRUST_PROXY: list }).trustProxy).toBe(list);
    expect(loadAppConfig({ TRUST_PROXY: 'TRUE' }).trustProxy).toBe(true);
    expect(loadAppConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    const app = await createApp({ COOKIE_FILE: absentCookieFile, LOG_LEVEL: 'silent', RATE_LIMIT: '0', TRUST_PROXY: list });
    await app.close();
  });

  it.each(['http://127.0.0.1:8080', 'http://127.0.0.1:8080/', 'https://mirror.example//', 'http://[::1]:9000', 'http://fake-upstream:3300'])(
    'accepts the upstream origin %s (a trailing / dropped)',
    (origin) => {
      expect(loadAppConfig({ UPSTREAM_U_ORIGIN: origin }).origins.u).toBe(origin.replace(/\/+$/, ''));
    },
  );

  it.each(['0.0.0.0', '127.0.0.1', '::', '::1', 'localhost', 'gateway.internal'])('accepts HOST=%s', (host) => {
    expect(loadAppConfig({ HOST: host }).host).toBe(host);
  });

  it.each([
    ['not JSON', '{ cookie: oops'],
    ['an array', '["uin=1"]'],
    ['a non-string cookie', '{"cookie": 42}'],
    ['a cookie with a control character', JSON.stringify({ cookie: 'uin=o0123; qqmusic_key=Q_H_L_secret\u0001x' })],
    ['a cookie with non-ASCII characters', JSON.stringify({ cookie: 'uin=o0123; qqmusic_key=Q_H_L_secretxé中' })],
    ['a cookie with a tab', JSON.stringify({ cookie: 'uin=o0123;\tqqmusic_key=Q_H_L_secret' })],
  ])('refuses to start when the cookie file is %s, naming the file and not the cookie', async (_what, content) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, content);
    const listeners = process.listenerCount('SIGTERM');
    const attempt = createApp({ COOKIE_FILE: file, LOG_LEVEL: 'silent' });
    await expect(attempt).rejects.toThrow(file);
    await expect(createApp({ COOKIE_FILE: file, LOG_LEVEL: 'silent' })).rejects.not.toThrow(/secret|o0123/);
    // The half-built app was closed: its shutdown hooks (and pools, timers) are not left behind in this process.
    expect(process.listenerCount('SIGTERM')).toBe(listeners);
  });

  it('a malformed cookie file is named by its variable, with the form it must have', async () => {
    const file = join(dir, 'malformed.json');
    writeFileSync(file, '{ cookie: oops');
    await expect(createApp({ COOKIE_FILE: file, LOG_LEVEL: 'silent' })).rejects.toThrow(
      `COOKIE_FILE=${JSON.stringify(file)} is invalid: not valid JSON (expected a JSON file like config/user-info.example.json: {"cookie": "...", "uin": "..."}; no file = anonymous)`,
    );
  });

  it('a cookie file that is a directory, or under a file, stops start-up with one line naming COOKIE_FILE', async () => {
    await expect(createApp({ COOKIE_FILE: dir, LOG_LEVEL: 'silent' })).rejects.toThrow(
      `COOKIE_FILE=${JSON.stringify(dir)} is a directory, not the login file (expected a JSON file like config/user-info.example.json`,
    );
    const plain = join(dir, 'plain.txt');
    writeFileSync(plain, 'x');
    await expect(createApp({ COOKIE_FILE: join(plain, 'user-info.json'), LOG_LEVEL: 'silent' })).rejects.toThrow(
      `COOKIE_FILE=${JSON.stringify(join(plain, 'user-info.json'))} cannot be read: ENOTDIR: not a directory`,
    );
  });

  it('an unreadable cookie file is reported as a permission problem of this process\'s user', () => {
    // (The tests may run as root, which reads any file: the wording is checked on the error fs gives.)
    const denied = Object.assign(new Error("EACCES: permission denied, open '/app/config/user-info.json'"), { code: 'EACCES' });
    expect(readFailure(denied)).toBe(`permission denied for uid ${process.getuid!()}, which needs read access (EACCES)`);
  });

  it('loadDotEnv fills in what the environment does not set, and only that', () => {
    const file = join(dir, 'dotenv-test.env');
    writeFileSync(file, 'QQGW_TEST_FROM_FILE=file\nQQGW_TEST_SET_TWICE=file\n');
    process.env.QQGW_TEST_SET_TWICE = 'environment';
    try {
      expect(loadDotEnv(file)).toEqual(['QQGW_TEST_FROM_FILE']);
      expect(process.env.QQGW_TEST_FROM_FILE).toBe('file');
      expect(process.env.QQGW_TEST_SET_TWICE).toBe('environment');
      expect(loadDotEnv(join(dir, 'no-such.env'))).toEqual([]);
    } finally {
      delete process.env.QQGW_TEST_FROM_FILE;
      delete process.env.QQGW_TEST_SET_TWICE;
    }
  });

  it('the demo reads .env like npm start, but never its COOKIE_FILE, REDIS_URL or UPSTREAM_PROXY (the real deployment\'s)', async () => {
    const file = join(dir, 'demo.env');
    const realCookieFile = join(dir, 'real-user-info.json');
    // UPSTREAM_PROXY: nothing listens there, so a demo that used it would answer 502.
    writeFileSync(file, `RESPONSE_SHAPE=legacy\nCOOKIE_FILE=${realCookieFile}\nREDIS_URL=redis://127.0.0.1:1\nUPSTREAM_PROXY=http://127.0.0.1:1\n`);
    const saved = { ...process.env };
    // The machine's own settings must not decide this test (the demo keeps what the environment sets).
    for (const name of ['RESPONSE_SHAPE', 'COOKIE_FILE', 'REDIS_URL', 'UPSTREAM_PROXY']) delete process.env[name];
    try {
      loadDemoEnv(file);
      expect(process.env.RESPONSE_SHAPE).toBe('legacy');
      expect(process.env.COOKIE_FILE).toBeUndefined();
      expect(process.env.REDIS_URL).toBeUndefined();
      expect(process.env.UPSTREAM_PROXY).toBeUndefined();
      const demo = await startDemo({ PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
      try {
        const res = await request(demo.url).get('/getRanks?topId=4&limit=1').expect(200);
        expect(res.body).toHaveProperty('response');
      } finally {
        await demo.close();
      }
    } finally {
      for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it('starts anonymous when the cookie file is missing', async () => {
    const h = await startHarness();
    try {
      await h.http().get('/getRanks?topId=4&limit=1').expect(200);
      expect(h.fake.requests[0].headers.cookie).toBeUndefined();
    } finally {
      await h.close();
    }
  });
});

/**
 * The deployment files (docker-compose.yml, the Dockerfile) set only names the gateway reads, with values it accepts.
 * (docs/configuration.md and .env.example are rendered from the schema: config-docs.e2e-spec.ts.)
 */
describe('Deployment files agree with the config schema', () => {
  const root = join(__dirname, '..', '..');
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const names = Object.keys(ENV_DEFAULTS).sort();

  it('docker-compose.yml sets only variables the schema reads, with values it accepts', () => {
    // The proxy's environment is nginx's (its template's NGINX_* values: test/deploy/nginx.e2e-spec.ts), not the gateway's.
    const sections = read('docker-compose.yml').split(/\n(?=\S| {2}[\w-]+:\n)/);
    expect(sections.filter((section) => /^ {4}image: nginx/m.test(section))).toHaveLength(1);
    const compose = `${sections.filter((section) => !/^ {4}image: nginx/m.test(section)).join('\n')}\n`;
    const set: Record<string, string> = {};
    // The `environment:` maps: `NAME: value` lines indented below it.
    for (const block of compose.matchAll(/^(\s*)environment:\n((?:\1\s+.*\n)+)/gm)) {
      for (const [, name, value] of block[2].matchAll(/^\s+([A-Za-z_][A-Za-z0-9_]*):\s*"?([^"\n]*)"?\s*$/gm)) set[name] = value;
    }
    expect(Object.keys(set).length).toBeGreaterThan(0);
    for (const name of Object.keys(set)) expect(names).toContain(name);
    const config = loadAppConfig(set);
    // The compose Redis URL points at the compose Redis service.
    const redisService = /^ {2}(\w[\w-]*):\n {4}image: redis/m.exec(compose)?.[1];
    expect(config.redisUrl).toBe(`redis://${redisService}:6379`);
  });

  it('the Dockerfile sets only variables the schema reads (besides NODE_ENV and the allocator\'s), with values it accepts', () => {
    const env: Record<string, string> = {};
    for (const [, line] of read('Dockerfile').matchAll(/^ENV (.+)$/gm)) {
      for (const [, name, value] of line.matchAll(/([A-Z_][A-Z0-9_]*)=(\S+)/g)) env[name] = value;
    }
    const { NODE_ENV, MALLOC_ARENA_MAX, MALLOC_MMAP_THRESHOLD_, ...gateway } = env;
    expect(NODE_ENV).toBe('production');
    // glibc's settings, not the gateway's: the image runs with the ones `npm run start:prod` sets (decisions 010, 018).
    const startProd = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts['start:prod'];
    expect(MALLOC_ARENA_MAX).toBeDefined();
    expect(MALLOC_MMAP_THRESHOLD_).toBeDefined();
    expect(startProd).toContain(`MALLOC_MMAP_THRESHOLD_=${MALLOC_MMAP_THRESHOLD_} MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX} exec node`);
    for (const name of Object.keys(gateway)) expect(names).toContain(name);
    expect(() => loadAppConfig(gateway)).not.toThrow();
  });
});

/** The image, read as the engine would build and run it (no Docker engine runs where the tests do). */
describe('Dockerfile', () => {
  const root = join(__dirname, '..', '..');
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  const stages = dockerfile.split(/^(?=FROM )/m).filter((s) => s.startsWith('FROM '));
  const stage = (name: string) => stages.find((s) => new RegExp(`^FROM \\S+ AS ${name}$`, 'm').test(s))!;

  it('the build stage copies everything `npm run build` compiles and the tsconfig files it reads', () => {
    const copied = [...stage('build').matchAll(/^COPY (?!--from)(.+) \S+$/gm)].flatMap((m) => m[1].split(/\s+/));
    const script = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.build as string;
    const project = /-p (\S+)/.exec(script)![1];
    const tsconfig = JSON.parse(readFileSync(join(root, project), 'utf8')) as { extends?: string; include: string[] };
    const needed = [project, ...(tsconfig.extends ? [tsconfig.extends.replace(/^\.\//, '')] : []), ...tsconfig.include.map((glob) => glob.split('/')[0])];
    for (const path of needed) expect(copied).toContain(path);
    // and nothing the .dockerignore leaves out of the build context
    expect(readFileSync(join(root, '.dockerignore'), 'utf8').split('\n')).not.toEqual(expect.arrayContaining(needed));
  });

  it('the runtime stage runs the compiled entry point as the non-root user, who owns config/ (the cookie file)', () => {
    const runtime = stage('runtime');
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/^RUN mkdir -p config && chown node:node config$/m);
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(runtime)![1]) as string[];
    expect(cmd[0]).toBe('node');
    expect(existsSync(join(root, cmd.at(-1)!.replace(/^dist\//, '').replace(/\.js$/, '.ts')))).toBe(true);
    // the default cookie file lands in that directory (WORKDIR /app, COOKIE_FILE relative to it)
    expect(runtime).toMatch(/^WORKDIR \/app$/m);
    expect(ENV_DEFAULTS.COOKIE_FILE.startsWith('config/')).toBe(true);
  });

  it('the HEALTHCHECK needs only node (the slim image has no curl or wget) and tells up from down', async () => {
    const healthcheck = /^HEALTHCHECK .*\\\n\s+CMD (.+)$/m.exec(stage('runtime'))![1];
    expect(healthcheck).toMatch(/^node -e /);
    expect(healthcheck).toContain('/health/live');
    const run = (port: number) =>
      new Promise<number | null>((resolve) =>
        execFile('sh', ['-c', healthcheck], { env: { PATH: process.env.PATH, PORT: String(port) } }, (err) =>
          resolve(err ? ((err as { code?: number }).code ?? -1) : 0),
        ),
      );
    const h = await startHarness();
    try {
      expect(await run(Number(new URL(h.url).port))).toBe(0);
    } finally {
      await h.close();
    }
    expect(await run(Number(new URL(h.url).port))).toBe(1);
  });

  it('the HEALTHCHECK probes the address HOST names, and loopback for a wildcard HOST', async () => {
    const healthcheck = /^HEALTHCHECK .*\\\n\s+CMD (.+)$/m.exec(stage('runtime'))![1];
    const run = (env: Record<string, string>) =>
      new Promise<number | null>((resolve) =>
        execFile('sh', ['-c', healthcheck], { env: { PATH: process.env.PATH, ...env } }, (err) => resolve(err ? ((err as { code?: number }).code ?? -1) : 0)),
      );
    // A stand-in answering /health/live on one address only: the probe must reach that address to pass.
    const listenOn = async (host: string) => {
      const server = createServer((req, res) => res.writeHead(req.url === '/health/live' ? 200 : 404).end());
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return { server, port: String((server.address() as AddressInfo).port) };
    };
    const specific = await listenOn('127.0.0.2');
    const loopback = await listenOn('127.0.0.1');
    try {
      expect(await run({ HOST: '127.0.0.2', PORT: specific.port })).toBe(0);
      expect(await run({ HOST: '127.0.0.3', PORT: specific.port })).toBe(1);
      for (const wildcard of ['0.0.0.0', '::', '']) expect(await run({ HOST: wildcard, PORT: loopback.port })).toBe(0);
    } finally {
      for (const { server } of [specific, loopback]) await new Promise((resolve) => server.close(resolve));
    }
  });
});
