import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { hash33 } from '../../src/common/cookie';
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
