import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash33 } from '../../src/common/cookie';
import { GatewayError } from '../../src/common/http-error';
import {
  buildSession,
  CookieJar,
  extractCheckSigUrl,
  extractMusicid,
  extractWxUuid,
  parsePtuiCB,
  parseSetCookie,
  parseWxPoll,
  ptloginUin,
  sessionOfMusicuLogin,
  splitLoginUrl,
} from '../../src/login/login.parse';

const fx = (name: string) => readFileSync(join(__dirname, '..', '..', 'fake-upstream', 'fixtures', name), 'utf8');

describe('parsePtuiCB (ptqrlogin answers)', () => {
  it.each([
    ['ptlogin-ptqrlogin-waiting.txt', 66, '二维码未失效。'],
    ['ptlogin-ptqrlogin-scanned.txt', 67, '二维码认证中。'],
    ['ptlogin-ptqrlogin-expired-legacy.txt', 65, '二维码已失效。'],
  ])('reads %s (code %d, the old "(digits)" suffix dropped)', (file, code, message) => {
    const cb = parsePtuiCB(fx(file));
    expect(cb).toMatchObject({ code, message, url: '' });
  });

  it('reads the 7-argument success answer with its URL, message and nickname', () => {
    const cb = parsePtuiCB(fx('ptlogin-ptqrlogin-success.txt'))!;
    expect(cb.code).toBe(0);
    expect(cb.args).toHaveLength(7);
    expect(cb.url).toMatch(/^https:\/\/ssl\.ptlogin2\.graph\.qq\.com\/check_sig\?pttype=1&uin=1503255237/);
    expect(cb.message).toBe('登录成功！');
    expect(cb.nickname).toBe('啊咩啊咩！');
  });

  it('tolerates any spacing, 6 arguments and a trailing semicolon', () => {
    expect(parsePtuiCB("ptuiCB ( '66' ,'0',  '','0' , '二维码未失效。','' );")).toMatchObject({ code: 66, nickname: '' });
    expect(parsePtuiCB("ptuiCB('68','0','','0','本次登录已被拒绝', '')")).toMatchObject({ code: 68 });
  });

  it('rejects text that is not a ptuiCB call', () => {
    expect(parsePtuiCB('<html>403</html>')).toBeNull();
    expect(parsePtuiCB("ptuiCB('x','0','')")).toBeNull();
    expect(parsePtuiCB('')).toBeNull();
  });
});

describe('check_sig URL', () => {
  it('takes the 3rd argument, else the first quoted http(s) URL', () => {
    const text = "ptuiCB('0','0','','0','ok','https://ssl.ptlogin2.graph.qq.com/check_sig?a=1')";
    expect(extractCheckSigUrl(text, parsePtuiCB(text))).toBe('https://ssl.ptlogin2.graph.qq.com/check_sig?a=1');
    expect(extractCheckSigUrl("ptuiCB('0','0','','0','ok','')", parsePtuiCB("ptuiCB('0','0','','0','ok','')"))).toBeNull();
  });

  it('keeps path and query byte-exact and maps the real host to its configured key', () => {
    const url = 'https://ssl.ptlogin2.graph.qq.com/check_sig?uin=1&ptsigx=a+b/c*%2Bd&s_url=https%3A%2F%2Fgraph.qq.com';
    expect(splitLoginUrl(url)).toEqual({ host: 'ptloginGraph', pathAndQuery: '/check_sig?uin=1&ptsigx=a+b/c*%2Bd&s_url=https%3A%2F%2Fgraph.qq.com' });
    expect(splitLoginUrl('https://ssl.ptlogin2.qq.com/check_sig?x=1')?.host).toBe('ptlogin');
    expect(splitLoginUrl('https://evil.example.com/check_sig?x=1')).toBeNull();
    expect(splitLoginUrl('not a url')).toBeNull();
  });
});

describe('cookies', () => {
  it('parses one Set-Cookie header: name=value before the first ";", value split on the first "="', () => {
    expect(parseSetCookie('ptcz=c0ffee==; Expires=Mon, 01 Jan 2035 00:00:00 GMT; PATH=/')).toEqual({ name: 'ptcz', value: 'c0ffee==' });
    expect(parseSetCookie('RK=; PATH=/')).toEqual({ name: 'RK', value: '' });
    expect(parseSetCookie('=nameless')).toBeNull();
    expect(parseSetCookie('garbage')).toBeNull();
  });

  it('jar: last wins, empty values never erase, Expires commas survive, order of first sight kept', () => {
    const jar = new CookieJar();
    jar.addSetCookies([
      'a=1; Expires=Mon, 01 Jan 2035 00:00:00 GMT; Path=/',
      'p_skey=REAL; DOMAIN=graph.qq.com',
      'b=x=y==; Path=/',
      'a=2; Path=/',
      'p_skey=; DOMAIN=ptlogin2.graph.qq.com',
      'empty=; Path=/',
    ]);
    expect(jar.header()).toBe('a=2; p_skey=REAL; b=x=y==');
    expect(jar.header(['a'])).toBe('p_skey=REAL; b=x=y==');
  });

  it('jar: an integer-like cookie name keeps its place of first sight', () => {
    const jar = new CookieJar();
    jar.addSetCookies(['a=1; Path=/', '7=seven; Path=/', 'b=2; Path=/']);
    expect(jar.header()).toBe('a=1; 7=seven; b=2');
    expect(jar.header(['b'])).toBe('a=1; 7=seven');
  });

  it('find skips empty values', () => {
    expect(CookieJar.find(['p_skey=; x', 'p_skey=abc; y'], 'p_skey')).toBe('abc');
    expect(CookieJar.find(['p_skey=; x'], 'p_skey')).toBeUndefined();
  });

  it('session: cookieList trimmed, cookieObject splits on the FIRST "=", last duplicate wins, uin by default', () => {
    const s = buildSession(' uin=o0123456789 ;qm_keyst=Q_H_L_abc+/== ; euin=e**; uin=o0999 ;');
    expect(s.cookieList).toEqual(['uin=o0123456789', 'qm_keyst=Q_H_L_abc+/==', 'euin=e**', 'uin=o0999']);
    expect(s.cookie).toBe('uin=o0123456789; qm_keyst=Q_H_L_abc+/==; euin=e**; uin=o0999');
    expect(s.cookieObject).toEqual({ uin: 'o0999', qm_keyst: 'Q_H_L_abc+/==', euin: 'e**' });
    expect(s.loginUin).toBe('o0999');
    expect(buildSession('uin=5', '1152921504622223955')).toMatchObject({ uin: '1152921504622223955', loginUin: '1152921504622223955' });
  });

  it('ptloginUin pads to 10 digits with the o prefix', () => {
    expect(ptloginUin('123456789')).toBe('o0123456789');
    expect(ptloginUin('1503255237')).toBe('o1503255237');
  });
});

describe('hash33 (known vectors)', () => {
  it('matches the checked values', () => {
    expect(hash33('abc')).toBe(108966);
    expect(hash33('abc', 5381)).toBe(193485963);
  });
});

describe('WeChat parsing', () => {
  it.each([
    ['wx-lp-408.txt', 408, ''],
    ['wx-lp-404.txt', 404, ''],
    ['wx-lp-403.txt', 403, ''],
    ['wx-lp-405.txt', 405, '071vDl000X8kON13q5000PWr744vDl05'],
  ])('parses %s', (file, errcode, code) => {
    expect(parseWxPoll(fx(file))).toEqual({ errcode, code });
  });

  it('rejects other text', () => {
    expect(parseWxPoll('<html></html>')).toBeNull();
    expect(parseWxPoll('window.wx_errcode=;')).toBeNull();
  });

  it('finds the uuid with each pattern, in order', () => {
    expect(extractWxUuid('<img class="qrcode" src="/connect/qrcode/0a1B2c3D4e5F6g_-" />')).toBe('0a1B2c3D4e5F6g_-');
    expect(extractWxUuid('{"uuid":"abcdEFGH1234"}')).toBe('abcdEFGH1234');
    expect(extractWxUuid('var authorize_uuid = "zzzzzzzzzz"; var uuid = "QWERTYui90";')).toBe('QWERTYui90');
    expect(extractWxUuid('href="x?uuid=Ab12Cd34Ef&x=1"')).toBe('Ab12Cd34Ef');
    expect(extractWxUuid('uuid=short"')).toBeNull();
    expect(extractWxUuid('<html>no code here</html>')).toBeNull();
  });

  it('reads a musicid above 2^53 from the raw text, exactly', () => {
    const big = '1152921504622223955';
    expect(Number(big).toString()).not.toBe(big); // a JS number would round it
    expect(extractMusicid(`{"req":{"data":{"musicid":${big},"strMusicid":"${big}"}}}`)).toBe(big);
    expect(extractMusicid(`{"req":{"data":{"musicid": ${big},"musickey":"W_X"}}}`)).toBe(big);
    expect(extractMusicid(`{"musicid":0}`)).toBeNull();
    expect(extractMusicid(`{}`)).toBeNull();
  });
});

describe('sessionOfMusicuLogin (the app QR\'s and the phone login\'s musicu Login answer)', () => {
  const KEY = 'Q_H_L_63k3NBbBuA1fhTmIsY2yPSdXvC4xRqqYqX4Ek-ghV';
  /** The error a call throws, for its status, code and message. */
  const thrown = (call: () => unknown): GatewayError => {
    try {
      call();
    } catch (err) {
      if (err instanceof GatewayError) return err;
      throw err;
    }
    throw new Error('did not throw');
  };

  it('builds the QQ Music cookies, in order, and the credential of a full answer', () => {
    const data = { musicid: 1503255237, musickey: KEY, loginType: 2, encryptUin: 'oKEnc**', refresh_key: 'rk', openid: '', expired_at: 1780000000 };
    const login = sessionOfMusicuLogin(data, '1503255237');
    expect(login.musicid).toBe('1503255237');
    expect(login.loginType).toBe(2);
    expect(login.session).toEqual({
      loginUin: '1503255237',
      uin: '1503255237',
      cookie: `uin=1503255237; qqmusic_uin=1503255237; qqmusic_key=${KEY}; qm_keyst=${KEY}; euin=oKEnc**; tmeLoginType=2`,
      cookieList: ['uin=1503255237', 'qqmusic_uin=1503255237', `qqmusic_key=${KEY}`, `qm_keyst=${KEY}`, 'euin=oKEnc**', 'tmeLoginType=2'],
      cookieObject: { uin: '1503255237', qqmusic_uin: '1503255237', qqmusic_key: KEY, qm_keyst: KEY, euin: 'oKEnc**', tmeLoginType: '2' },
    });
    // the exact musicid string, the empty openid left out
    expect(login.credential).toEqual({
      musicid: '1503255237',
      str_musicid: '1503255237',
      musickey: KEY,
      loginType: 2,
      encryptUin: 'oKEnc**',
      refresh_key: 'rk',
      expired_at: 1780000000,
    });
  });

  it('reads the login type from the key when the answer has none, and leaves euin out without an encryptUin', () => {
    const big = '1152921504622223955';
    const wechat = sessionOfMusicuLogin({ musickey: 'W_X_abc' }, big);
    expect(wechat.loginType).toBe(1);
    expect(wechat.session.cookie).toBe(`uin=${big}; qqmusic_uin=${big}; qqmusic_key=W_X_abc; qm_keyst=W_X_abc; tmeLoginType=1`);
    expect(wechat.credential).toEqual({ musicid: big, str_musicid: big, musickey: 'W_X_abc', loginType: 1 });
    expect(sessionOfMusicuLogin({ musickey: KEY, loginType: 'x', encryptUin: 7 }, '1').session.cookieObject).toEqual({
      uin: '1',
      qqmusic_uin: '1',
      qqmusic_key: KEY,
      qm_keyst: KEY,
      tmeLoginType: '2',
    });
  });

  it.each([
    ['no musickey', { musicid: 1 }, '1'],
    ['an empty musickey', { musickey: '' }, '1'],
    ['a musickey that is not a string', { musickey: 12345 }, '1'],
    ['no musicid', { musickey: KEY }, null],
    ['an empty musicid', { musickey: KEY }, ''],
  ])('answers 502 LOGIN_NO_CREDENTIAL for %s, naming no key', (_, data, musicid) => {
    const err = thrown(() => sessionOfMusicuLogin(data, musicid));
    expect(err.getStatus()).toBe(502);
    expect(err.errorCode).toBe('LOGIN_NO_CREDENTIAL');
    expect(err.message).toBe('Login response is missing the credential');
    expect(JSON.stringify(err.getResponse())).not.toContain(KEY);
  });
});
