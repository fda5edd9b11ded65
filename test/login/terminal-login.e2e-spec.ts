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
import { appQrFake, FAKE_APP_MUSICID, FAKE_MUSICKEY_APP, pushAppQr, type AppQrPush } from '../../fake-upstream/handlers/app-qr-login';
import { FAKE_MUSICKEY_PHONE, FAKE_PHONE_MUSICID, lastPhoneCode } from '../../fake-upstream/handlers/phone-login';
import { LoginFailure } from '../../scripts/lib/login-drivers';
import { Prompt } from '../../scripts/lib/prompt';
import { StatusLine } from '../../scripts/lib/terminal-login';
import { Child, runEntry } from '../support/child-process';
import { DETAIL } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import { qrCodesIn } from '../support/terminal-qr';
import { PassThrough } from 'node:stream';

/**
 * `npm run login` (scripts/login.ts, docs/login.md "Terminal login"), run as a user runs it: a child process, its
 * output read as printed. The fake's "phone" scans, confirms, refuses or lets a QR expire once the QR is printed; the
 * printed QR blocks are read back as QR codes and compared with what the fake's QR encodes.
 */
const ADMIN_TOKEN = 'terminal-login-admin-token-0123';
const QQ_MASKED = '15******37';
const WX_MASKED = `11${'*'.repeat(FAKE_WX_MUSICID.length - 4)}55`;
const APP_MASKED = '22******90';
const SEND = 'music.login.LoginServer.SendPhoneAuthCode';
const LOGIN = 'music.login.LoginServer.Login';
/** What the fake's app QR encodes (fake-upstream/handlers/app-qr-login.ts). */
const appQrText = (qrcodeId: string) => `https://y.qq.com/m/login/fake-app?qrcodeID=${qrcodeId}`;
/** A code that is not `code`. */
const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000');

/** Nothing secret in what the login printed: the login's keys, cookies, tokens, nor the unmasked account. */
function expectNoSecret(output: string, ...more: string[]): void {
  for (const secret of [FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, FAKE_MUSICKEY_PHONE, FAKE_MUSICKEY_APP, FAKE_QQ, FAKE_WX_MUSICID, FAKE_APP_MUSICID, ADMIN_TOKEN, ...more]) {
    expect(output).not.toContain(secret);
  }
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
    const child = runEntry(
      'scripts/login.ts',
      dir,
      { ...fake.env(), COOKIE_FILE: join(dir, 'user-info.json'), UPSTREAM_TIMEOUT_MS: '10000', UPSTREAM_RETRIES: '0', ALT_LOGIN_POLL_TIMEOUT_MS: '5000', ...env },
      args,
      { input: args.includes('--phone') },
    );
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

  it('phone (--phone): a number the gateway finds invalid is asked again; a wrong code, then the right one, stores the login', async () => {
    const phone = '13800131234';
    const child = login(['--phone']);
    await child.waitFor(/Country calling code \(Enter alone for 86\): $/);
    child.type('\n12345\n');
    await child.waitFor(/That is not a valid phone number of this country code\./);
    child.type('+86\n138 0013 1234\n');
    await child.waitFor(/Code sent: it is valid for 5 min\./);
    await child.waitFor(/SMS code \(not shown as you type; Enter alone for a new code\): $/);
    const code = lastPhoneCode(fake.state, phone)!;
    child.type(`${wrongFor(code)}\n`);
    await child.waitFor(/Wrong code: check the latest SMS and type it again\./);
    child.type(`${code}\n`);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const output = child.output();
    const cookieFile = join(dir, 'user-info.json');
    expect(output).toContain('Sending a code by SMS to +86 13*******34…');
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${QQ_MASKED} in the cookie file ${cookieFile}.`);
    // one code sent (the invalid number never reached upstream), two checks: the wrong code, then the right one
    expect(fake.musicuCalls(SEND).map((c) => c.param.phoneNo)).toEqual([phone]);
    expect(fake.musicuCalls(LOGIN).map((c) => c.param.code)).toEqual([wrongFor(code), code]);
    const stored = JSON.parse(readFileSync(cookieFile, 'utf8'));
    expect(stored).toMatchObject({ uin: FAKE_PHONE_MUSICID, credential: { musicid: FAKE_PHONE_MUSICID, musickey: FAKE_MUSICKEY_PHONE } });
    // neither code nor the whole number is printed, whatever was typed
    expectNoSecret(output, phone, code, wrongFor(code), stored.credential.refresh_key);
  });

  it('the QQ Music app (--app): its QR, its states, a new QR once it expired; stores the full credential', async () => {
    const child = login(['--app', '--interval', '150']);
    await child.waitFor(/Scan this QR code with the QQ Music app on your phone \(QR code 1\)\./);
    await child.waitFor(/Waiting for the scan/);
    const [first] = appQrFake(fake.state).qrs.keys();
    expect(pushAppQr(fake.broker, fake.state, first, 'timeout')).toBe(1);
    await child.waitFor(/QR code 2\)/);
    const [, second] = appQrFake(fake.state).qrs.keys();
    expect(pushAppQr(fake.broker, fake.state, second, 'scanned')).toBe(1);
    await child.waitFor(/Scanned: confirm the login on the phone/);
    expect(pushAppQr(fake.broker, fake.state, second, 'cookies')).toBe(1);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const output = child.output();
    expect(qrCodesIn(output)).toEqual([appQrText(first), appQrText(second)]);
    expect(output).toContain('The QR code expired.\nHere is a new one.');
    const cookieFile = join(dir, 'user-info.json');
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${APP_MASKED} in the cookie file ${cookieFile}.`);
    const stored = JSON.parse(readFileSync(cookieFile, 'utf8'));
    expect(stored).toMatchObject({ uin: FAKE_APP_MUSICID, credential: { musicid: FAKE_APP_MUSICID, musickey: FAKE_MUSICKEY_APP } });
    expectNoSecret(output, stored.credential.refresh_key);
  });
});

describe('npm run login -- --gateway URL: through a running gateway, with ADMIN_TOKEN', () => {
  let h: Harness;
  beforeAll(async () => {
    // One code per number a minute, as by default: the phone login's "new code" is refused with its wait.
    h = await startHarness({ env: { ADMIN_TOKEN, ALT_LOGIN_POLL_TIMEOUT_MS: '5000', PHONE_CODE_INTERVAL_S: '60' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const login = (args: string[], token = ADMIN_TOKEN) =>
    runEntry('scripts/login.ts', tmpdir(), { ADMIN_TOKEN: token }, ['--gateway', h.url, ...args], { input: args.includes('--phone') });
  const pushApp = (qrcodeId: string, type: AppQrPush) => expect(pushAppQr(h.fake.broker, h.fake.state, qrcodeId, type)).toBe(1);

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

  it('phone: a new code asked too soon is refused with its wait, the first code still logs in; the gateway stores it', async () => {
    const phone = '13800135678';
    const child = login(['--phone']);
    await child.waitFor(/Country calling code/);
    child.type(`86\n${phone}\n`);
    await child.waitFor(/SMS code/);
    const code = lastPhoneCode(h.fake.state, phone)!;
    child.type('\n');
    const refused = await child.waitFor(/A code was sent to this number moments ago: wait (\d+) s before asking for another\./);
    expect(Number(refused[1])).toBeGreaterThanOrEqual(1);
    expect(Number(refused[1])).toBeLessThanOrEqual(60);
    child.type(`${code}\n`);
    expect(await child.exited).toEqual({ code: 0, signal: null });

    const output = child.output();
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${QQ_MASKED} in the gateway at ${h.url} (its cookie file).`);
    expect(h.fake.musicuCalls(SEND)).toHaveLength(1);
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_PHONE_MUSICID, credential: { musickey: FAKE_MUSICKEY_PHONE } });
    expectNoSecret(output, phone, code);
  });

  it('the QQ Music app: the gateway stores the login (the admin token went with the QR request), its next upstream call carries it', async () => {
    const child = login(['--app', '--interval', '150']);
    await child.waitFor(/Waiting for the scan/);
    const [qrcodeId] = appQrFake(h.fake.state).qrs.keys();
    pushApp(qrcodeId, 'scanned');
    await child.waitFor(/Scanned/);
    pushApp(qrcodeId, 'cookies');
    expect(await child.exited).toEqual({ code: 0, signal: null });
    const output = child.output();
    expect(qrCodesIn(output)).toEqual([appQrText(qrcodeId)]);
    expect(output.trim().split('\n').at(-1)).toBe(`Stored the login of account ${APP_MASKED} in the gateway at ${h.url} (its cookie file).`);
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_APP_MUSICID, credential: { musickey: FAKE_MUSICKEY_APP } });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm).toMatchObject({ authst: FAKE_MUSICKEY_APP });
    expectNoSecret(output);
  });

  it('the QQ Music app, canceled on the phone: exits 1 saying so, and nothing is stored', async () => {
    const child = login(['--app', '--interval', '150']);
    await child.waitFor(/Waiting for the scan/);
    const [qrcodeId] = appQrFake(h.fake.state).qrs.keys();
    pushApp(qrcodeId, 'canceled');
    expect(await child.exited).toEqual({ code: 1, signal: null });
    expect(child.output()).toContain('The login was refused on the phone (canceled).');
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

describe('the prompt', () => {
  const collect = () => {
    let text = '';
    return { out: { write: (chunk: string | Buffer) => ((text += String(chunk)), true) } as unknown as NodeJS.WritableStream, text: () => text };
  };

  it('on a terminal: an answer is echoed as typed, a secret one is not; Enter ends either', async () => {
    const input = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => undefined });
    const { out, text } = collect();
    const prompt = new Prompt(input, out);
    const number = prompt.ask('Phone number: ');
    input.write('13800131234\r');
    expect(await number).toBe('13800131234');
    const code = prompt.ask('SMS code: ', { secret: true });
    input.write('246810\r');
    expect(await code).toBe('246810');
    prompt.close();
    // readline's cursor moves (ESC [ …) aside, what the terminal shows
    // eslint-disable-next-line no-control-regex
    const shown = text().replace(/\x1b\[[0-9;]*[A-Za-z]/g, '').replace(/\r/g, '');
    expect(shown).toBe('Phone number: 13800131234\nSMS code: \n');
  });

  it('from a pipe: answers given ahead of their questions are kept, nothing is echoed; the end of the input fails the login', async () => {
    const input = new PassThrough();
    const { out, text } = collect();
    const prompt = new Prompt(input, out);
    input.end('86\n246810\n');
    expect(await prompt.ask('Country: ')).toBe('86');
    expect(await prompt.ask('Code: ', { secret: true })).toBe('246810');
    await expect(prompt.ask('Code: ')).rejects.toThrow(LoginFailure);
    await expect(prompt.ask('Code: ')).rejects.toThrow('No answer (the input ended): nothing was stored');
    prompt.close();
    expect(text()).toBe('Country: \nCode: \nCode: \nCode: \n');
  });
});
