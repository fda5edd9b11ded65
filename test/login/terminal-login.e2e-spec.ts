import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Redis from 'ioredis';
import { FakeUpstream } from '../../fake-upstream/fake-upstream';
import {
  FAKE_MUSICKEY_QQ,
  FAKE_MUSICKEY_WX,
  FAKE_QQ,
  FAKE_WX_MUSICID,
  loginFake,
  qqConfirm,
  qqExpire,
  qqRefuse,
  qqScan,
  wxCancel,
  wxConfirm,
  wxScan,
} from '../../fake-upstream/handlers/login';
import { StatusLine } from '../../scripts/lib/terminal-login';
import { Child, runEntry } from '../support/child-process';
import { DETAIL } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { qrCodesIn } from '../support/terminal-qr';

/**
 * `npm run login` (scripts/login.ts, docs/login.md "Terminal login"), run as a user runs it: a child process, its
 * output read as printed. The fake's "phone" scans, confirms, refuses or lets a QR expire once the QR is printed; the
 * printed QR blocks are read back as QR codes and compared with what the fake's QR encodes.
 */
const ADMIN_TOKEN = 'terminal-login-admin-token-0123';
const QQ_MASKED = '15******37';
const WX_MASKED = `11${'*'.repeat(FAKE_WX_MUSICID.length - 4)}55`;

/** Nothing secret in what the login printed: the login's keys, cookies, tokens, nor the unmasked account. */
function expectNoSecret(output: string, ...more: string[]): void {
  for (const secret of [FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, FAKE_QQ, FAKE_WX_MUSICID, ADMIN_TOKEN, ...more]) expect(output).not.toContain(secret);
  expect(output).not.toMatch(/qqmusic_key|p_skey|loginToken|refresh_(key|token)|musickey/i);
}

describe('npm run login: the login services in this process (COOKIE_FILE or REDIS_URL)', () => {
  requireRedis();
  let fake: FakeUpstream;
  let dir: string;
  let redis: Redis;
  const redisKey = `test:terminal-login:${randomBytes(6).toString('hex')}`;
  const children: Child[] = [];

  beforeAll(async () => {
    fake = new FakeUpstream();
    await fake.start();
    redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await redis.connect();
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => c.kill()));
    await fake?.stop();
    if (redis) {
      const keys = await redis.keys(`${redisKey}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    }
  });
  beforeEach(() => {
    fake.reset();
    dir = mkdtempSync(join(tmpdir(), 'qqgw-login-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const login = (args: string[], env: Record<string, string> = {}) => {
    const child = runEntry('scripts/login.ts', dir, { ...fake.env(), COOKIE_FILE: join(dir, 'user-info.json'), UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_RETRIES: '0', ALT_LOGIN_POLL_TIMEOUT_MS: '5000', ...env }, args);
    children.push(child);
    return child;
  };
  const qqs = () => [...loginFake(fake.state).qq.entries()];

  it('QQ: prints the QR, its states, a new QR once it expired, and stores the full credential in the cookie file', async () => {
    const child = login(['--interval', '150']);
    await child.waitFor(/QR code 1\)/);
    await child.waitFor(/Waiting for the scan/);
    const [[first, firstEntry]] = qqs();
    qqExpire(fake.state, first);
    await child.waitFor(/QR code 2\)/);
    const [, [second, secondEntry]] = qqs();
    qqScan(fake.state, second);
    await child.waitFor(/Scanned: confirm the login on the phone/);
    qqConfirm(fake.state, second);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const output = child.output();
    // each QR printed is a readable QR code saying what the fake's QR says: the expired one, then the new one
    expect(qrCodesIn(output)).toEqual([firstEntry.qr, secondEntry.qr]);
    const cookieFile = join(dir, 'user-info.json');
    expect(output).toContain('The QR code expired.\nHere is a new one.');
    expect(output).toContain('Confirmed: logged in.');
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${QQ_MASKED} in the cookie file ${cookieFile}.`);
    const stored = JSON.parse(readFileSync(cookieFile, 'utf8'));
    expect(stored).toMatchObject({
      uin: FAKE_QQ,
      cookie: expect.stringContaining(`qqmusic_key=${FAKE_MUSICKEY_QQ}`),
      credential: { musicid: FAKE_QQ, musickey: FAKE_MUSICKEY_QQ, loginType: 2, refresh_key: expect.any(String), refresh_token: expect.any(String) },
    });
    expectNoSecret(output, stored.credential.refresh_key, stored.credential.refresh_token, first, second);
  });

  it('WeChat (--wechat): stores the full credential in Redis (REDIS_URL) under CREDENTIAL_REDIS_KEY', async () => {
    const child = login(['--wechat'], { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: redisKey, REDIS_TIMEOUT_MS: '5000' });
    await child.waitFor(/Waiting for the scan/);
    const [[uuid, entry]] = [...loginFake(fake.state).wx.entries()];
    wxScan(fake.state, uuid);
    await child.waitFor(/Scanned: confirm the login on the phone/);
    wxConfirm(fake.state, uuid);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const output = child.output();
    expect(qrCodesIn(output)).toEqual([entry.qr]);
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${WX_MASKED} in Redis (key ${redisKey}).`);
    const stored = JSON.parse((await redis.get(redisKey))!);
    expect(stored).toMatchObject({ uin: FAKE_WX_MUSICID, credential: { musicid: FAKE_WX_MUSICID, musickey: FAKE_MUSICKEY_WX, loginType: 1 } });
    expect(existsSync(join(dir, 'user-info.json'))).toBe(false);
    expectNoSecret(output, stored.credential.refresh_key);
  });
});

describe('npm run login -- --gateway URL: through a running gateway, with ADMIN_TOKEN', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN, ALT_LOGIN_POLL_TIMEOUT_MS: '5000' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const login = (args: string[], token = ADMIN_TOKEN) => runEntry('scripts/login.ts', tmpdir(), { ADMIN_TOKEN: token }, ['--gateway', h.url, ...args]);

  it('WeChat: the gateway stores the login (its cookie file), and its next upstream call carries it', async () => {
    const child = login(['--wechat']);
    await child.waitFor(/Waiting for the scan/);
    const [[uuid, entry]] = [...loginFake(h.fake.state).wx.entries()];
    wxScan(h.fake.state, uuid);
    await child.waitFor(/Scanned/);
    wxConfirm(h.fake.state, uuid);
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const output = child.output();
    expect(qrCodesIn(output)).toEqual([entry.qr]);
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${WX_MASKED} in the gateway at ${h.url} (its cookie file).`);
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_WX_MUSICID, credential: { musickey: FAKE_MUSICKEY_WX } });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm).toMatchObject({ authst: FAKE_MUSICKEY_WX });
    expectNoSecret(output);
  });

  it('QQ refused on the phone: exits 1 saying so, and nothing is stored', async () => {
    const child = login(['--interval', '150']);
    await child.waitFor(/Waiting for the scan/);
    const [[qrsig]] = [...loginFake(h.fake.state).qq.entries()];
    qqScan(h.fake.state, qrsig);
    await child.waitFor(/Scanned/);
    qqRefuse(h.fake.state, qrsig);
    expect(await child.exited).toEqual({ code: 1, signal: null });
    expect(child.output()).toContain('The login was refused on the phone (refused).');
    expect(child.output().trim().split('\n').at(-1)).toBe('Login refused on the phone: nothing was stored. Run the login again to retry');
    expect(existsSync(h.cookieFile)).toBe(false);
    expectNoSecret(child.output(), qrsig);
  });

  it('WeChat cancelled on the phone: exits 1 too', async () => {
    const child = login(['--wechat']);
    await child.waitFor(/Waiting for the scan/);
    const [[uuid]] = [...loginFake(h.fake.state).wx.entries()];
    wxCancel(h.fake.state, uuid);
    expect(await child.exited).toEqual({ code: 1, signal: null });
    expect(child.output()).toContain('The login was refused on the phone (cancelled).');
    expect(existsSync(h.cookieFile)).toBe(false);
  });

  it('a wrong admin token, or none: exits 1 before any QR is asked for, without printing the token', async () => {
    for (const [token, message] of [
      ['wrong-admin-token-0123456789', /refused the admin token/],
      ['', /Set ADMIN_TOKEN/],
    ] as const) {
      const child = login([], token);
      expect(await child.exited).toEqual({ code: 1, signal: null });
      expect(child.output()).toMatch(message);
      if (token) expect(child.output()).not.toContain(token);
    }
    expect(h.fake.requests).toEqual([]);
  });
});

describe('the state line', () => {
  it('is rewritten in place on a terminal, one line per state elsewhere, and a repeated state is not printed again', () => {
    const written = (isTTY: boolean) => {
      let text = '';
      const line = new StatusLine({ isTTY, write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WritableStream);
      for (const state of ['Waiting', 'Waiting', 'Scanned', 'Confirmed']) line.show(state);
      line.end();
      return text;
    };
    expect(written(true)).toBe('\r\x1b[2KWaiting\r\x1b[2KScanned\r\x1b[2KConfirmed\n');
    expect(written(false)).toBe('Waiting\nScanned\nConfirmed\n');
  });
});
