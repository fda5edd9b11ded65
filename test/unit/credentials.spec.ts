import { parseLoginFile } from '../../src/config/cookie-file.service';
import {
  cookieWithCredential,
  expiresAtMs,
  loginTypeOf,
  maskUin,
  mergeRefreshed,
  notRefreshableReason,
  outcomeOfCode,
  refreshParams,
  sameRecord,
  type Credential,
} from '../../src/credentials/credential.model';
import { fileContent, recordOfLogin } from '../../src/credentials/file-credential.store';

const qq: Credential = {
  musicid: '1503255237',
  musickey: 'Q_H_L_key',
  refresh_key: 'RK',
  refresh_token: 'RT',
  openid: 'OID',
  access_token: 'AT',
  expired_at: 1800000000,
  loginType: 2,
  musickeyCreateTime: 1700000000,
  keyExpiresIn: 259200,
};

describe('credential model', () => {
  it('QQ refresh params: musicid as a number, expired_in = expired_at', () => {
    expect(refreshParams(qq)).toEqual({
      openid: 'OID',
      access_token: 'AT',
      refresh_token: 'RT',
      expired_in: 1800000000,
      musicid: 1503255237,
      musickey: 'Q_H_L_key',
      refresh_key: 'RK',
      loginMode: 2,
    });
  });

  it('QQ refresh params: a musicid beyond 2^53 is sent as its digit string, never rounded', () => {
    expect(refreshParams({ ...qq, musicid: '9007199254740993' }).musicid).toBe('9007199254740993');
  });

  it('WeChat refresh params use str_musicid and unionid (no access_token)', () => {
    const wx: Credential = { musicid: '1152921504622223955', musickey: 'W_X_k', refresh_key: 'RK', refresh_token: 'RT', openid: 'O', unionid: 'U' };
    expect(loginTypeOf(wx)).toBe(1); // inferred from the W_X key
    expect(refreshParams(wx)).toEqual({ openid: 'O', refresh_token: 'RT', str_musicid: '1152921504622223955', musickey: 'W_X_k', unionid: 'U', refresh_key: 'RK', loginMode: 2 });
  });

  it.each([
    [1000, 'auth_expired'],
    [104400, 'auth_expired'],
    [104401, 'auth_expired'],
    [20274, 'restricted'],
    [20277, 'restricted'],
    [20278, 'restricted'],
    [20450, 'restricted'],
    [20279, 'restricted'],
    [104604, 'too_frequent'],
    [20261, 'bad_params'],
    [500001, 'error'],
  ])('refresh code %s → %s', (code, outcome) => expect(outcomeOfCode(code)).toBe(outcome));

  it('expiry = (musickeyCreateTime + keyExpiresIn) s; unknown without both', () => {
    expect(expiresAtMs(qq)).toBe((1700000000 + 259200) * 1000);
    expect(expiresAtMs({ ...qq, keyExpiresIn: undefined })).toBeUndefined();
    expect(expiresAtMs(undefined)).toBeUndefined();
  });

  it('the refreshed cookie replaces the key cookies in place and keeps the rest', () => {
    const cookie = 'uin=o1503255237; p_skey=P; qqmusic_key=OLD; qm_keyst=OLD; euin=E1; tmeLoginType=2';
    expect(cookieWithCredential(cookie, { ...qq, musickey: 'NEW', encryptUin: 'E2' })).toBe(
      'uin=o1503255237; p_skey=P; qqmusic_key=NEW; qm_keyst=NEW; euin=E2; tmeLoginType=2; qqmusic_uin=1503255237',
    );
    expect(cookieWithCredential('', qq)).toBe('uin=1503255237; qqmusic_uin=1503255237; qqmusic_key=Q_H_L_key; qm_keyst=Q_H_L_key; tmeLoginType=2');
  });

  it('a refresh answer keeps the exact musicid even when its number lost digits', () => {
    const wx: Credential = { musicid: '1152921504622223955', musickey: 'W_X_old', loginType: 1 };
    const merged = mergeRefreshed(wx, { musicid: 1152921504622224000, musickey: 'W_X_new', refresh_key: 'RK2', keyExpiresIn: 100 });
    expect(merged).toMatchObject({ musicid: '1152921504622223955', str_musicid: '1152921504622223955', musickey: 'W_X_new', refresh_key: 'RK2', loginType: 1 });
  });

  it('not refreshable: cookie-only, or missing refresh fields', () => {
    expect(notRefreshableReason({ cookie: 'uin=1' })).toMatch(/cookie-only/);
    expect(notRefreshableReason({ cookie: 'uin=1', credential: { ...qq, refresh_key: undefined } })).toBe('credential lacks refresh_key');
    expect(notRefreshableReason({ cookie: 'uin=1', credential: qq })).toBeNull();
    expect(notRefreshableReason(null)).toBe('no stored login');
  });

  it('masks the uin', () => {
    expect(maskUin('1503255237')).toBe('15******37');
    expect(maskUin('123')).toBe('***');
    expect(maskUin(undefined)).toBeNull();
  });
});

describe('cookie file with a credential', () => {
  it('the old {cookie, uin} format still parses, as cookie-only', () => {
    const login = parseLoginFile('{"cookie":"uin=1; qqmusic_key=K","uin":"1"}');
    expect(login).toEqual({ cookie: 'uin=1; qqmusic_key=K', uin: '1' });
    expect(recordOfLogin(login)).toEqual({ cookie: 'uin=1; qqmusic_key=K', uin: '1' });
  });

  it('a musicid written as a bare number beyond 2^53 keeps every digit', () => {
    const login = parseLoginFile('{"cookie":"uin=1","credential":{"musicid":1152921504622223955,"musickey":"W_X_k"}}');
    expect(login.credential?.musicid).toBe('1152921504622223955');
  });

  it('rejects a credential that is not an object, without echoing it', () => {
    expect(() => parseLoginFile('{"cookie":"uin=1","credential":"SECRET"}')).toThrow('"credential" must be an object');
  });

  it('round-trips through the file format', () => {
    const record = { cookie: 'uin=1', uin: '1', credential: qq, refresh: { at: 'x', outcome: 'ok' as const, message: 'refreshed', key: 'k' } };
    expect(recordOfLogin(parseLoginFile(fileContent(record)))).toEqual(record);
  });
});

describe('sameRecord (the refresh\'s compare-and-set)', () => {
  const record = { cookie: 'uin=1; qqmusic_key=K', uin: '1', credential: qq, refresh: { at: 'x', outcome: 'ok' as const, message: 'refreshed', key: 'k' } };

  it('is the same record whatever the key order or source (file text, Redis JSON)', () => {
    const reordered = JSON.parse(JSON.stringify({ refresh: record.refresh, credential: { ...qq }, uin: '1', cookie: record.cookie }));
    expect(sameRecord(record, reordered)).toBe(true);
    expect(sameRecord(record, recordOfLogin(parseLoginFile(fileContent(record))))).toBe(true);
    expect(sameRecord(null, null)).toBe(true);
  });

  it('any change of cookie, uin, credential or refresh status is another record', () => {
    expect(sameRecord(record, { ...record, cookie: 'uin=1; qqmusic_key=NEW' })).toBe(false);
    expect(sameRecord(record, { ...record, uin: '2' })).toBe(false);
    expect(sameRecord(record, { ...record, credential: { ...qq, musickey: 'NEW' } })).toBe(false);
    expect(sameRecord(record, { cookie: record.cookie, uin: '1' })).toBe(false); // /user/setCookie with the same cookie
    expect(sameRecord(record, { ...record, refresh: { ...record.refresh, outcome: 'error' as const } })).toBe(false);
    expect(sameRecord(record, null)).toBe(false);
  });
});

describe('FileCredentialStore', () => {
  it('a refreshed record that cannot be written is still served, until the file itself changes', async () => {
    const { FileCredentialStore } = await import('../../src/credentials/file-credential.store');
    let login: { cookie: string; uin?: string } | null = { cookie: 'uin=1; qqmusic_key=OLD', uin: '1' };
    const cookieFile = { filePath: '/nonexistent-dir-for-test/user-info.json', get: () => login, reloadNow: () => login };
    const store = new FileCredentialStore(cookieFile as never);
    const next = { cookie: 'uin=1; qqmusic_key=NEW', uin: '1', credential: qq };
    await expect(store.save(next)).rejects.toThrow();
    expect(store.current()).toEqual(next);
    expect(await store.load()).toEqual(next);
    login = { cookie: 'uin=1; qqmusic_key=HANDEDIT', uin: '1' }; // the operator wrote the file
    expect(store.current()).toEqual({ cookie: 'uin=1; qqmusic_key=HANDEDIT', uin: '1' });
  });
});
