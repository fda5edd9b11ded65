import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { issuedQimei36 } from '../../fake-upstream/handlers/identity';
import { androidComm, bareLoginComm, desktopSearchComm, loginExchangeComm, webComm } from '../../src/upstream/identity/comm-profiles';
import { generateDeviceProfile, randomImei, readDeviceProfile } from '../../src/upstream/identity/device-profile';
import { readStoredIdentity } from '../../src/upstream/identity/identity-store';
import { isQimeiValue, isSessionSid, sessionUidOf } from '../../src/upstream/identity/issued-values';
import { md5Hex, qimeiOfAnswer, qimeiRequest, QIMEI_HEADER_APP_ID, QIMEI_HEADER_SECRET, QIMEI_PARAMS_SECRET } from '../../src/upstream/identity/qimei.client';

const SRC = join(__dirname, '../../src');
const IDENTITY_LAYER = join(SRC, 'upstream/identity');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/**
 * A comm field set in code: the fields only a musicu `comm` has (the device, login and app ids) as object keys, or a
 * `comm:` object literal. CGI queries keep their own `ct` and `needNewCode`, and `tmeLoginType` is also a cookie, so
 * those alone are not looked for.
 */
const COMM_LITERAL = /\b(QIMEI36?|OpenUDID2?|udid|tmeAppID|authst|devicelevel|phonetype|os_ver)\s*:|\bcomm\s*:\s*\{/;

describe('comm profiles: built in the identity layer only', () => {
  it('no source file outside src/upstream/identity sets a comm field', () => {
    const offenders = sourceFiles(SRC)
      .filter((file) => !file.startsWith(IDENTITY_LAYER))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ line: line.replace(/\/\/.*$|^\s*\*.*$/, ''), at: `${relative(SRC, file)}:${i + 1}` }))
          .filter(({ line }) => COMM_LITERAL.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offenders).toEqual([]);
  });

  it('the rule notices a comm literal (it is not vacuous)', () => {
    expect(COMM_LITERAL.test("{ comm: { tmeLoginType: 1, ct: 24 } }")).toBe(true);
    expect(COMM_LITERAL.test("QIMEI36: '0',")).toBe(true);
    expect(COMM_LITERAL.test("{ ct: 24, qqmusic_ver: 1298 }")).toBe(false);
  });

  const device = generateDeviceProfile(new Date('2026-11-29T00:00:00Z'));
  const identity = {
    qimei16: 'q16', qimei36: 'q36', openUdid: device.openUdid, androidId: device.androidId, osRelease: '10', model: 'MI 6', sdkLevel: 29,
    fingerprint: device.fingerprint, session: { uid: '1234567890', sid: 'sid' },
  };

  it('the Android comm: versions, device identity, session, and the login (qq as a digit string)', () => {
    const comm = androidComm('uin=o0123456789012345678; qm_keyst=W_X_key', identity);
    expect(comm).toEqual({
      ct: 11, cv: 14090008, v: 14090008, chid: '10003505', tmeAppID: 'qqmusic',
      qq: '123456789012345678', authst: 'W_X_key', tmeLoginType: 1,
      QIMEI: 'q16', QIMEI36: 'q36', OpenUDID: device.openUdid, OpenUDID2: device.openUdid, udid: device.openUdid, aid: device.androidId,
      os_ver: '10', phonetype: 'MI 6', devicelevel: '29', newdevicelevel: '29', rom: device.fingerprint, uid: '1234567890', sid: 'sid',
    });
    expect(androidComm('', { ...identity, session: undefined })).not.toHaveProperty('sid');
  });

  it('the web, Desktop-search and login comms', () => {
    expect(webComm('')).toMatchObject({ ct: 24, cv: 4747474, uin: '0', g_tk: 5381 });
    expect(webComm('uin=o01; qqmusic_key=Q_H_L_k', { loginType: 2 })).toMatchObject({ authst: 'Q_H_L_k', tmeLoginType: 2 });
    expect(desktopSearchComm('uin=o0123')).toEqual({ ct: 19, cv: 1859, uin: '123' });
    expect(bareLoginComm(1)).toEqual({ tmeLoginType: 1, ct: 24, cv: 0, platform: 'yqq' });
    expect(loginExchangeComm('', { loginType: 2, gTk: 42 })).toMatchObject({ platform: 'yqq', ct: 24, cv: 0, tmeLoginType: 2, g_tk: 42 });
  });
});

describe('device profile and QIMEI request', () => {
  it('generates a valid profile (Luhn IMEI, hex ids) and reads back only a valid one', () => {
    const profile = generateDeviceProfile(new Date());
    expect(readDeviceProfile(JSON.parse(JSON.stringify(profile)))).toEqual(profile);
    expect(readDeviceProfile({ ...profile, androidId: 'zz' })).toBeUndefined();
    const qimei = { q16: 'a'.repeat(16), q36: 'b'.repeat(36), obtainedAt: 1 };
    const session = { uid: '1234567890', sid: 'c'.repeat(32), obtainedAt: 1 };
    expect(readStoredIdentity({ device: profile, qimei, session })).toEqual({ device: profile, qimei, session });
    expect(readStoredIdentity({ device: { androidId: 'x' } })).toBeNull();
    expect(readStoredIdentity([{ device: profile }])).toBeNull();
    for (let i = 0; i < 50; i++) {
      const digits = randomImei().split('').map(Number);
      const sum = digits.reduce((t, d, j) => t + (j % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0);
      expect(sum % 10).toBe(0);
    }
  });

  it('reads back a profile only with bounded printable fields, and only its own fields', () => {
    const profile = generateDeviceProfile(new Date());
    expect(readDeviceProfile({ ...profile, extra: 'x'.repeat(1000) })).toEqual(profile);
    for (const bad of [
      { model: 'm'.repeat(1024 * 1024) },
      { fingerprint: 'f'.repeat(257) },
      { osRelease: '10\r\nX-Injected: 1' },
      { brand: '\u001b[31mXiaomi' },
      { createdAt: 'not a date' },
      { sdkLevel: 1e9 },
    ]) {
      expect(readDeviceProfile({ ...profile, ...bad })).toBeUndefined();
    }
    expect(readDeviceProfile({ ...profile, fingerprint: 'f'.repeat(256) })).toBeDefined();
    expect(readDeviceProfile([profile])).toBeUndefined();
  });

  it('a stored QIMEI or session is kept only as its service may issue it', () => {
    const device = generateDeviceProfile(new Date());
    const qimei = (q36: unknown) => readStoredIdentity({ device, qimei: { q16: 'a'.repeat(16), q36, obtainedAt: 1 } })?.qimei;
    const session = (uid: unknown, sid: unknown) => readStoredIdentity({ device, session: { uid, sid, obtainedAt: 1 } })?.session;
    expect(qimei('b'.repeat(36))).toBeDefined();
    for (const q36 of ['b\r\nc'.repeat(9), 'b'.repeat(10_240), 36, { q36: 'b'.repeat(36) }]) expect(qimei(q36)).toBeUndefined();
    expect(session('1234567890', 'c'.repeat(32))).toBeDefined();
    for (const [uid, sid] of [['-1', 'c'], ['abc', 'c'], [12, 'c'], ['1', 'c d'], ['1', 'c'.repeat(129)]]) expect(session(uid, sid)).toBeUndefined();
  });

  it('what the identity services may issue: a short alphanumeric QIMEI, a digit uid, a printable sid', () => {
    for (const ok of ['a1B2c3D4', 'f'.repeat(16), '0'.repeat(36), 'Z'.repeat(64)]) expect(isQimeiValue(ok)).toBe(true);
    for (const bad of ['', 'abc', 'f'.repeat(65), 'abcd\r\nefgh', '\u001b[31mabcdefgh', 'abcd efgh', 'abcd-efgh', 12345678, null, {}, ['abcdefgh']]) {
      expect({ bad, ok: isQimeiValue(bad) }).toEqual({ bad, ok: false });
    }
    expect([sessionUidOf('1234567890'), sessionUidOf(1234567890), sessionUidOf('0'), sessionUidOf('9'.repeat(20))]).toEqual(['1234567890', '1234567890', '0', '9'.repeat(20)]);
    for (const bad of [-1, 1e21, 1.5, Number.MAX_SAFE_INTEGER + 2, NaN, '-1', '1e21', 'abcdef', '', '9'.repeat(21), ' 1', null, {}]) {
      expect({ bad, uid: sessionUidOf(bad) }).toEqual({ bad, uid: undefined });
    }
    for (const ok of ['c'.repeat(32), 'Q_H_L_x.y~z', '!'.repeat(128)]) expect(isSessionSid(ok)).toBe(true);
    for (const bad of ['', 'a b', 'a'.repeat(129), 'a\tb', 'a\r\nb', 'é', 42, null]) expect({ bad, ok: isSessionSid(bad) }).toEqual({ bad, ok: false });
  });

  it('signs the headers and the params as the service checks them, and the params are the AES-encrypted report', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    const device = generateDeviceProfile(now);
    const { headers, body } = qimeiRequest(device, now);
    const seconds = String(now.getTime() / 1000);
    expect(headers).toMatchObject({ method: 'GetQimei', appid: QIMEI_HEADER_APP_ID, timestamp: seconds, sign: md5Hex(QIMEI_HEADER_APP_ID, QIMEI_HEADER_SECRET, seconds) });
    const p = JSON.parse(body).qimeiParams;
    expect(p.sign).toBe(md5Hex(p.key, p.params, String(now.getTime()), p.nonce, QIMEI_PARAMS_SECRET, p.extra));
    expect(Buffer.from(p.key, 'base64')).toHaveLength(128);
    // Only Tencent's RSA key opens the AES key, so the AES framing is checked: a whole number of blocks.
    expect(Buffer.from(p.params, 'base64').length % 16).toBe(0);
  });

  it('reads the pair from the answer (data as JSON text or object) and nothing else', () => {
    const pair = { q16: 'a'.repeat(16), q36: 'b'.repeat(36) };
    expect(qimeiOfAnswer(JSON.stringify({ code: 0, data: JSON.stringify({ data: pair }) }))).toEqual(pair);
    expect(qimeiOfAnswer(JSON.stringify({ data: { data: pair } }))).toEqual(pair);
    expect(qimeiOfAnswer('{"data":"{}"}')).toBeUndefined();
    // A pair is two short alphanumeric strings: never CR/LF, escapes, 10 KB, another type, or a JSON text inside a JSON text.
    for (const q36 of ['b\r\nSet-Cookie: x=1', '\u001b[31mbbbbbbbb\u001b[0m', 'b'.repeat(10_240), 36, { q36: pair.q36 }]) {
      expect(qimeiOfAnswer(JSON.stringify({ code: 0, data: JSON.stringify({ data: { ...pair, q36 } }) }))).toBeUndefined();
    }
    expect(qimeiOfAnswer(JSON.stringify({ code: 0, data: JSON.stringify(JSON.stringify({ data: pair })) }))).toBeUndefined();
    expect(qimeiOfAnswer('not json')).toBeUndefined();
    expect(issuedQimei36(pair.q36)).toBe(false);
  });
});
