import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { appQrFake, FAKE_APP_MUSICID, FAKE_MUSICKEY_APP, pushAppQr, type AppQrPush } from '../../fake-upstream/handlers/app-qr-login';
import { FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX, FAKE_QQ, loginFake, qqConfirm, qqExpire, qqRefuse, qqScan, wxConfirm, wxScan } from '../../fake-upstream/handlers/login';
import { FAKE_MUSICKEY_PHONE, FAKE_PHONE_MUSICID, lastPhoneCode } from '../../fake-upstream/handlers/phone-login';
import { readQrImage } from '../../scripts/lib/qr-text';
import { LOGIN_PAGE_CSP } from '../../src/login/login-page.controller';
import { DETAIL } from '../support/credentials';
import { Harness, startHarness } from '../support/harness';

/**
 * GET /login (docs/login.md "Login page") in a real headless browser: Debian's Chromium, driven by playwright-core.
 * The fake's "phone" scans, confirms, refuses or lets the QR expire (the QQ Music app's QR: pushes its states), and
 * "texts" the phone login's codes; the page must show each state, the account, and either give the visitor their
 * session (the stored login untouched, even with LOGIN_PERSIST_COOKIE on) or, with the admin token, store the login as
 * the gateway's own. Every test ends with no Content-Security-Policy violation in the
 * page, and screenshots land in test-artifacts/ (git-ignored).
 */
// What the functions run in the page see (this file is compiled without the DOM's types).
declare const document: any;
declare const window: any;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ADMIN_TOKEN = 'login-page-admin-token-0123456789';
const STORED = { cookie: 'uin=o0999999999; qqmusic_key=Q_H_L_storedBefore; qqmusic_uin=999999999', uin: '999999999' };
const ARTIFACTS = join(__dirname, '..', '..', 'test-artifacts');
/** A QQ check every 1.5 s: a state change shows within that, a slow machine given room on top. */
const SHOWN_MS = 15_000;

/** Never a skip: without a browser these tests fail, saying what is missing and how CI installs it. */
async function launchChromium(): Promise<Browser> {
  try {
    return await chromium.launch({ executablePath: CHROMIUM });
  } catch (err) {
    const why = (err as Error).message.split('\n').find((l) => l.trim()) ?? String(err);
    const error = new Error(
      `The login page tests need Chromium at ${CHROMIUM} (CHROMIUM_PATH), which could not be launched: ${why}. ` +
        'Install Debian\'s package: apt-get install -y chromium (.ci/run does so when /usr/bin/chromium is missing).',
    );
    error.stack = error.message;
    throw error;
  }
}

describe('the login page (GET /login) in Chromium', () => {
  let h: Harness;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  /** What the browser reported: console lines and the page's securitypolicyviolation events. */
  let consoleLines: string[];
  let requestedUrls: string[];

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    browser = await launchChromium();
    // LOGIN_PERSIST_COOKIE on: the visitor's login must stay theirs all the same (the page says X-Login-Persist: false).
    // One SMS code per number a minute, as by default: the page must wait it out, and say so when asked sooner.
    h = await startHarness({ env: { ADMIN_TOKEN, LOGIN_PERSIST_COOKIE: 'true', ALT_LOGIN_POLL_TIMEOUT_MS: '5000', PHONE_CODE_INTERVAL_S: '60' } });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });
  beforeEach(async () => {
    h.fake.reset();
    h.writeCookieFile(STORED);
    context = await browser.newContext({ viewport: { width: 520, height: 760 } });
    page = await context.newPage();
    consoleLines = [];
    requestedUrls = [];
    page.on('console', (m) => consoleLines.push(`${m.type()}: ${m.text()}`));
    page.on('request', (r) => requestedUrls.push(r.url()));
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (e: any) => window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`));
    });
  });
  afterEach(async () => {
    await context?.close();
  });

  const open = async () => {
    const res = await page.goto(`${h.url}/login`);
    expect(res!.status()).toBe(200);
    return res!;
  };
  const text = (selector: string) => page.locator(selector).textContent();
  /** Waits until the element's text matches. */
  const shows = (selector: string, pattern: RegExp) =>
    page.waitForFunction(([sel, source]) => new RegExp(source).test(document.querySelector(sel)?.textContent ?? ''), [selector, pattern.source] as const, {
      timeout: SHOWN_MS,
    });
  /** Waits until the page shows the image the fake served for this QR. */
  const showsQr = (image: Buffer, type: 'png' | 'jpeg') =>
    page.waitForFunction(
      (src) => {
        const img = document.querySelector('#qr');
        return !!img && !img.hidden && img.getAttribute('src') === src;
      },
      `data:image/${type};base64,${image.toString('base64')}`,
      { timeout: SHOWN_MS },
    );
  /** The QR the page shows once it shows one: the one the fake issued last. */
  const shown = async <T>(entries: () => Map<string, T>, type: 'png' | 'jpeg') => {
    await page.waitForFunction((prefix) => {
      const img = document.querySelector('#qr');
      return !!img && !img.hidden && img.getAttribute('src').startsWith(prefix);
    }, `data:image/${type};`, { timeout: SHOWN_MS });
    return [...entries().entries()].at(-1)!;
  };
  const newestQq = () => shown(() => loginFake(h.fake.state).qq, 'png');
  const newestWx = () => shown(() => loginFake(h.fake.state).wx, 'jpeg');
  const untouched = () => expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toEqual(STORED);
  const activeId = () => page.evaluate(() => document.activeElement?.id);
  const useAdminToken = async () => {
    await page.click('#admin summary');
    await page.fill('#admin-token', ADMIN_TOKEN);
    await page.click('#admin-use');
    await shows('#admin-state', /^Admin token accepted/);
  };
  /**
   * The app QR the page shows, read back from its image: the fake's newest. A click that asks for a QR hides the one
   * shown before it returns, so the next one shown is the new one.
   */
  const shownAppQr = async () => {
    await shows('#howto', /^Scan this code with the QQ Music app on your phone\.$/);
    await page.waitForFunction(() => {
      const img = document.querySelector('#qr');
      return !!img && !img.hidden && img.getAttribute('src').startsWith('data:image/png;');
    }, undefined, { timeout: SHOWN_MS });
    const id = [...appQrFake(h.fake.state).qrs.keys()].at(-1)!;
    expect(readQrImage((await page.locator('#qr').getAttribute('src'))!)).toBe(`https://y.qq.com/m/login/fake-app?qrcodeID=${id}`);
    return id;
  };
  const pushApp = (qrcodeId: string, type: AppQrPush) => expect(pushAppQr(h.fake.broker, h.fake.state, qrcodeId, type)).toBe(1);
  const expectNoCspViolation = async () => {
    expect(await page.evaluate(() => window.cspViolations)).toEqual([]);
    expect(consoleLines.filter((l) => /content security policy/i.test(l))).toEqual([]);
  };

  it('is served with a strict CSP, its script and style as same-origin files; the policy is enforced (an inline script is refused)', async () => {
    const res = await open();
    const headers = res.headers();
    expect(headers['content-security-policy']).toBe(LOGIN_PAGE_CSP);
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data:", "frame-ancestors 'none'", "form-action 'none'"]) {
      expect(headers['content-security-policy'].split('; ')).toContain(directive);
    }
    expect(headers['content-type']).toBe('text/html; charset=utf-8');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['cache-control']).toBe('no-store');
    const html = await res.text();
    expect(html).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>|<style|\sstyle=|\son[a-z]+=/i);
    const origin = new URL(h.url).origin;
    expect(requestedUrls.filter((u) => !u.startsWith('data:')).every((u) => u.startsWith(`${origin}/`))).toBe(true);
    expect(requestedUrls).toEqual(
      expect.arrayContaining([`${origin}/login/login.js`, `${origin}/login/login-core.js`, `${origin}/login/login-phone.js`, `${origin}/login/login.css`]),
    );
    await showsQr((await newestQq())[1].image!, 'png');
    await expectNoCspViolation();

    // the recorder works, and the policy holds: an inline script is blocked and reported
    await page.evaluate(() => {
      const s = document.createElement('script');
      s.textContent = 'window.inlineRan = true';
      document.body.append(s);
    });
    await page.waitForFunction(() => window.cspViolations.length > 0);
    expect(await page.evaluate(() => [window.inlineRan, window.cspViolations])).toEqual([undefined, [expect.stringMatching(/^script-src/)]]);
  });

  it('QQ, visitor: scan → confirm; shows the account and the visitor\'s session once; the stored login is untouched', async () => {
    await open();
    const [qrsig, entry] = await newestQq();
    await showsQr(entry.image!, 'png');
    expect(await text('#state')).toBe('Waiting for the scan…');
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-qq-qr.png') });
    qqScan(h.fake.state, qrsig);
    await shows('#state', /^Scanned: confirm the login on your phone/);
    qqConfirm(h.fake.state, qrsig);
    await shows('#account', /^Logged in as account 15\*{6}37\.$/);
    expect(await page.locator('#session-box').isVisible()).toBe(true);
    const session = await page.locator('#session').inputValue();
    expect(session).toContain(`qqmusic_key=${FAKE_MUSICKEY_QQ}`);
    expect(session).toContain(`uin=o${FAKE_QQ}`);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-qq-visitor-done.png') });
    untouched();
    await expectNoCspViolation();
  });

  it('WeChat, visitor: the tab shows its QR; scan → confirm; the visitor gets the session, the stored login is untouched', async () => {
    await open();
    await showsQr((await newestQq())[1].image!, 'png');
    await page.click('#tab-wechat');
    await page.waitForFunction(() => document.querySelector('#tab-wechat')?.getAttribute('aria-selected') === 'true');
    await page.waitForFunction(() => document.querySelector('#qr')?.src.startsWith('data:image/jpeg'), undefined, { timeout: SHOWN_MS });
    const [uuid, entry] = await newestWx();
    await showsQr(entry.image!, 'jpeg');
    expect(await text('#howto')).toBe('Scan this code with WeChat on your phone.');
    wxScan(h.fake.state, uuid);
    await shows('#state', /^Scanned/);
    wxConfirm(h.fake.state, uuid);
    await shows('#account', /^Logged in as account 11\*{15}55\.$/);
    expect(await page.locator('#session').inputValue()).toContain(`qqmusic_key=${FAKE_MUSICKEY_WX}`);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-wechat-visitor-done.png') });
    untouched();
    await expectNoCspViolation();
  });

  it('with the admin token: a wrong one is refused; the right one stores the login as the gateway\'s own, used by the next upstream call', async () => {
    await open();
    await showsQr((await newestQq())[1].image!, 'png');
    await page.click('#admin summary');
    await page.fill('#admin-token', 'wrong-admin-token-0123456789');
    await page.click('#admin-use');
    await shows('#admin-state', /^Wrong admin token\.$/);
    const before = loginFake(h.fake.state).qq.size;
    await page.fill('#admin-token', ADMIN_TOKEN);
    await page.press('#admin-token', 'Enter');
    await shows('#admin-state', /^Admin token accepted: the next login is stored as the gateway's own \(now: account 99\*{5}99\)\.$/);
    expect(await page.locator('#admin-token').inputValue()).toBe('');
    // a new QR code for the admin's login
    await shows('#note', /^A new QR code: its login will be stored as the gateway's own\.$/);
    const [qrsig, entry] = await newestQq();
    expect(loginFake(h.fake.state).qq.size).toBe(before + 1);
    await showsQr(entry.image!, 'png');
    qqConfirm(h.fake.state, qrsig);
    await shows('#account', /^Logged in as account 15\*{6}37: stored as the gateway's login\.$/);
    expect(await page.locator('#session-box').isVisible()).toBe(false);
    await shows('#admin-state', /^The gateway's stored login now: account 15\*{6}37\.$/);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-admin-done.png') });

    const stored = JSON.parse(readFileSync(h.cookieFile, 'utf8'));
    expect(stored).toMatchObject({ uin: FAKE_QQ, credential: { musickey: FAKE_MUSICKEY_QQ, refresh_key: expect.any(String) } });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm).toMatchObject({ authst: FAKE_MUSICKEY_QQ });
    // the token never went into a URL, and the page no longer holds it in the DOM
    expect(requestedUrls.filter((u) => u.includes(ADMIN_TOKEN) || u.includes('wrong-admin-token'))).toEqual([]);
    expect(page.url()).toBe(`${h.url}/login`);
    expect(await page.content()).not.toContain(ADMIN_TOKEN);
    await expectNoCspViolation();
  });

  it('an expired QR code is replaced by a new one, which logs in', async () => {
    await open();
    const [first, firstEntry] = await newestQq();
    await showsQr(firstEntry.image!, 'png');
    qqExpire(h.fake.state, first);
    await shows('#note', /^The previous QR code expired: this is a new one\.$/);
    await page.waitForFunction(() => !document.querySelector('#qr').hidden);
    const [second, secondEntry] = await newestQq();
    expect(second).not.toBe(first);
    await showsQr(secondEntry.image!, 'png');
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-qq-renewed.png') });
    qqConfirm(h.fake.state, second);
    await shows('#account', /^Logged in as account 15\*{6}37\.$/);
    untouched();
    await expectNoCspViolation();
  });

  it('a scan refused on the phone is shown, with a button for a new code', async () => {
    await open();
    const [qrsig, entry] = await newestQq();
    await showsQr(entry.image!, 'png');
    qqRefuse(h.fake.state, qrsig);
    await shows('#state', /^The login was refused on the phone\.$/);
    expect(await page.locator('#renew').isVisible()).toBe(true);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-qq-refused.png') });
    await page.click('#renew');
    await page.waitForFunction((old) => [...document.querySelectorAll('#qr')].some((img: any) => !img.hidden && img.getAttribute('src') !== old), `data:image/png;base64,${entry.image!.toString('base64')}`);
    expect(await text('#state')).toBe('Waiting for the scan…');
    untouched();
    await expectNoCspViolation();
  });

  it('phone, visitor, by keyboard alone: the tab, the number, a wrong code then the right one; the session is the visitor\'s', async () => {
    const phone = '13800132468';
    await open();
    await showsQr((await newestQq())[1].image!, 'png');
    // the tab list is one tab stop; End reaches the last tab, which shows its form
    await page.focus('#tab-qq');
    await page.keyboard.press('End');
    await page.waitForFunction(() => document.querySelector('#tab-phone')?.getAttribute('aria-selected') === 'true');
    expect(await activeId()).toBe('tab-phone');
    expect(await page.locator('#phone-panel').isVisible()).toBe(true);
    expect(await page.locator('#qr-panel').isVisible()).toBe(false);
    await page.keyboard.press('Tab');
    expect(await activeId()).toBe('phone-country');
    expect(await page.locator('#phone-country').inputValue()).toBe('86');
    await page.keyboard.press('Tab');
    expect(await activeId()).toBe('phone-number');
    await page.keyboard.type('138 0013 2468');
    await page.keyboard.press('Enter');
    await shows('#phone-sent', /^A code was sent by SMS to \+86 13\*{7}68\. It is valid for 5 min\.$/);
    expect(await activeId()).toBe('phone-code');
    // the gateway's wait before another code (PHONE_CODE_INTERVAL_S) holds the button back
    expect(await page.locator('#phone-resend').isDisabled()).toBe(true);
    expect(await text('#phone-resend')).toMatch(/^Send a new code \((60|59|58) s\)$/);
    const code = lastPhoneCode(h.fake.state, phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    await shows('#phone-state', /^Wrong code: check the latest SMS and type it again\.$/);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-phone-wrong-code.png') });
    // the wrong code is selected: typing replaces it, no new SMS needed
    expect(await activeId()).toBe('phone-code');
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await shows('#account', /^Logged in as account 15\*{6}37\.$/);
    expect(await page.locator('#session').inputValue()).toContain(`qqmusic_key=${FAKE_MUSICKEY_PHONE}`);
    expect(h.fake.musicuCalls('music.login.LoginServer.Login').map((c) => c.param.code)).toEqual([wrong, code]);
    untouched();
    // the number is never shown whole, the code is gone from the page, neither went into a URL
    expect(await page.evaluate(() => document.body.innerText)).not.toContain(phone);
    expect(await page.locator('#phone-code').inputValue()).toBe('');
    expect(requestedUrls.filter((u) => u.includes(phone) || u.includes(code))).toEqual([]);
    await expectNoCspViolation();
  });

  it('phone with the admin token: a code asked too soon is refused with its wait; the login is stored as the gateway\'s own', async () => {
    const [first, second] = ['13800131357', '13800131358'];
    // /login#phone opens the phone tab: no QR code is asked for, not even once the admin token is in
    expect((await page.goto(`${h.url}/login#phone`))!.status()).toBe(200);
    await page.waitForFunction(() => document.querySelector('#tab-phone')?.getAttribute('aria-selected') === 'true');
    expect(await page.locator('#phone-panel').isVisible()).toBe(true);
    await useAdminToken();
    expect([loginFake(h.fake.state).qq.size, loginFake(h.fake.state).wx.size, appQrFake(h.fake.state).qrs.size]).toEqual([0, 0, 0]);
    await page.fill('#phone-number', first);
    await page.click('#phone-send');
    await shows('#phone-sent', /^A code was sent by SMS to \+86 13\*{7}57\./);
    // back to the number, and the same one again within PHONE_CODE_INTERVAL_S
    await page.click('#phone-change');
    expect(await activeId()).toBe('phone-number');
    await page.click('#phone-send');
    await shows('#phone-state', /^A code was sent to this number moments ago: wait (60|59|58|57) s before asking for another\.$/);
    expect(await page.locator('#phone-state').getAttribute('data-tone')).toBe('bad');
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-phone-too-soon.png') });
    await page.fill('#phone-number', second);
    await page.click('#phone-send');
    await shows('#phone-sent', /\+86 13\*{7}58\./);
    await page.fill('#phone-code', lastPhoneCode(h.fake.state, second)!);
    await page.click('#phone-check');
    await shows('#account', /^Logged in as account 15\*{6}37: stored as the gateway's login\.$/);
    expect(await page.locator('#session-box').isVisible()).toBe(false);
    await shows('#admin-state', /^The gateway's stored login now: account 15\*{6}37\.$/);
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_PHONE_MUSICID, credential: { musickey: FAKE_MUSICKEY_PHONE } });
    expect(h.fake.musicuCalls('music.login.LoginServer.SendPhoneAuthCode')).toHaveLength(2);
    await expectNoCspViolation();
  });

  it('QQ Music app, visitor: its QR; canceled is shown with a new code; scanned → confirmed gives the visitor the session', async () => {
    await open();
    await showsQr((await newestQq())[1].image!, 'png');
    await page.click('#tab-app');
    const first = await shownAppQr();
    expect(await text('#state')).toBe('Waiting for the scan…');
    pushApp(first, 'canceled');
    await shows('#state', /^The login was canceled on the phone\.$/);
    expect(await page.locator('#renew').isVisible()).toBe(true);
    await page.click('#renew');
    const second = await shownAppQr();
    expect(second).not.toBe(first);
    await page.screenshot({ path: join(ARTIFACTS, 'login-page-app-qr.png') });
    pushApp(second, 'scanned');
    await shows('#state', /^Scanned: confirm the login on your phone/);
    pushApp(second, 'cookies');
    await shows('#account', /^Logged in as account 22\*{6}90\.$/);
    const session = await page.locator('#session').inputValue();
    expect(session).toContain(`qqmusic_key=${FAKE_MUSICKEY_APP}`);
    expect(session).toContain(`qqmusic_uin=${FAKE_APP_MUSICID}`);
    untouched();
    await expectNoCspViolation();
  });

  it('QQ Music app with the admin token: the QR asked with the token, its login stored as the gateway\'s own', async () => {
    await open();
    await useAdminToken();
    await page.click('#tab-app');
    const qrcodeId = await shownAppQr();
    pushApp(qrcodeId, 'cookies');
    await shows('#account', /^Logged in as account 22\*{6}90: stored as the gateway's login\.$/);
    expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toMatchObject({ uin: FAKE_APP_MUSICID, credential: { musickey: FAKE_MUSICKEY_APP } });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.comm).toMatchObject({ authst: FAKE_MUSICKEY_APP });
    await expectNoCspViolation();
  });
});

describe('GET /login over plain HTTP: hostile requests (the page is not in the OpenAPI document, so the hostile suites do not reach it)', () => {
  let h: Harness;
  let page: string;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN } });
    page = (await h.http().get('/login').expect(200)).text;
  });
  afterAll(() => h.close());

  it('junk in the query changes nothing: the same static page, nothing reflected', async () => {
    for (const query of ['?x=<script>alert(1)</script>', `?admin_token=${ADMIN_TOKEN}`, '?a=1&a=2&a[b]=3', `?${'q'.repeat(4000)}=1`, '?%E0%A4%A=1', '?__proto__[x]=1']) {
      const res = await h.http().get(`/login${query}`);
      expect({ query: query.slice(0, 40), status: res.status, same: res.text === page }).toEqual({ query: query.slice(0, 40), status: 200, same: true });
      expect(res.headers['content-security-policy']).toBe(LOGIN_PAGE_CSP);
    }
    expect(page).not.toContain('<script>alert');
    expect(h.fake.requests).toEqual([]);
  });

  it('HEAD answers the headers alone; the script and style have their own types', async () => {
    const head = await h.http().head('/login').expect(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.headers['content-security-policy']).toBe(LOGIN_PAGE_CSP);
    expect(head.text ?? '').toBe('');
    for (const script of ['login.js', 'login-core.js', 'login-phone.js']) {
      const res = await h.http().get(`/login/${script}`).expect(200);
      expect({ script, type: res.headers['content-type'], csp: res.headers['content-security-policy'] }).toEqual({ script, type: 'text/javascript; charset=utf-8', csp: LOGIN_PAGE_CSP });
    }
    expect((await h.http().get('/login/login.css?v=1').expect(200)).headers['content-type']).toBe('text/css; charset=utf-8');
    expect((await h.http().get('/login/login.js').expect(200)).headers['x-content-type-options']).toBe('nosniff');
  });

  it('/login/ goes to /login; long, traversing or unknown paths are 404 JSON; other methods are 405', async () => {
    const slash = await h.http().get('/login/').expect(301);
    expect(slash.headers.location).toBe('../login');
    for (const path of [`/login/${'a'.repeat(5000)}`, '/login/login.html', '/login/..%2f..%2fpackage.json', '/login/%2e%2e/%2e%2e/package.json', '/login/login.js/x', '/login/page/login.js']) {
      const res = await h.http().get(path);
      expect({ path: path.slice(0, 40), status: res.status, errorCode: res.body.errorCode }).toEqual({ path: path.slice(0, 40), status: 404, errorCode: 'NOT_FOUND' });
      expect(res.text).not.toContain('"name": "qqmusic-gateway"');
    }
    for (const method of ['post', 'put', 'delete'] as const) {
      const res = await h.http()[method]('/login');
      expect({ method, status: res.status }).toEqual({ method, status: 405 });
      expect(res.headers.allow).toMatch(/GET/);
    }
    expect(h.fake.requests).toEqual([]);
  });
});
