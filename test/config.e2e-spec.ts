import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../src/app.factory';
import { ENV_DEFAULTS, loadAppConfig } from '../src/config/app-config';
import { startHarness } from './support/harness';

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
      graph: 'https://graph.qq.com',
      wxOpen: 'https://open.weixin.qq.com',
      wxLp: 'https://lp.open.weixin.qq.com',
    });
    expect(config.upstreamTimeoutMs).toBe(15000);
    expect(config.cookieFile).toBe('config/user-info.json');
    expect(config.cors).toBe(false);
    expect(config.trustProxy).toBe(false);
  });

  it('documents every variable with its default in .env.example', () => {
    const example = require('node:fs').readFileSync(join(__dirname, '..', '.env.example'), 'utf8') as string;
    for (const [name, value] of Object.entries(ENV_DEFAULTS)) {
      expect(example).toMatch(new RegExp(`^#?\\s*${name}=${value.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$`, 'm'));
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

  it.each([
    ['not JSON', '{ cookie: oops'],
    ['an array', '["uin=1"]'],
    ['a non-string cookie', '{"cookie": 42}'],
  ])('refuses to start when the cookie file is %s, naming the file and not the cookie', async (_what, content) => {
    const file = join(dir, `bad-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, content);
    const attempt = createApp({ COOKIE_FILE: file, LOG_LEVEL: 'silent' });
    await expect(attempt).rejects.toThrow(file);
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
