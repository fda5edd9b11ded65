import { writeFileSync } from 'node:fs';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const FILE_COOKIE = 'uin=o0111111111; qqmusic_key=Q_H_L_filekey; qm_keyst=Q_H_L_filekey';

describe('Login cookie: file, per-request precedence, hot reload', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ cookieFile: { cookie: FILE_COOKIE, uin: '111111111' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    h.writeCookieFile({ cookie: FILE_COOKIE, uin: '111111111' });
  });

  const lastUpstream = () => h.fake.musicuCalls(DETAIL).at(-1)!.request;

  it('sends the cookie file to upstream when the caller sends none, with the account in comm', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const req = lastUpstream();
    expect(req.cookie).toBe(FILE_COOKIE);
    expect(req.comm).toMatchObject({ uin: '111111111', authst: 'Q_H_L_filekey', tmeLoginType: 2 });
    expect(req.comm.g_tk).not.toBe(5381);
  });

  it('prefers the Cookie header over the file', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').set('Cookie', 'uin=o0222; qqmusic_key=Q_H_L_header').expect(200);
    expect(lastUpstream().cookie).toBe('uin=o0222; qqmusic_key=Q_H_L_header');
    expect(lastUpstream().comm.uin).toBe('222');
  });

  it('prefers X-Custom-Cookie over the Cookie header', async () => {
    await h
      .http()
      .get('/getRanks?topId=4&limit=1')
      .set('Cookie', 'uin=o0222; qqmusic_key=Q_H_L_header')
      .set('X-Custom-Cookie', 'uin=o0333; qqmusic_key=Q_H_L_custom')
      .expect(200);
    expect(lastUpstream().cookie).toBe('uin=o0333; qqmusic_key=Q_H_L_custom');
  });

  it('prefers the cookie query parameter over both headers', async () => {
    const cookie = encodeURIComponent('uin=o0444; qqmusic_key=Q_H_L_query');
    await h
      .http()
      .get(`/getRanks?topId=4&limit=1&cookie=${cookie}`)
      .set('Cookie', 'uin=o0222; qqmusic_key=Q_H_L_header')
      .set('X-Custom-Cookie', 'uin=o0333; qqmusic_key=Q_H_L_custom')
      .expect(200);
    expect(lastUpstream().cookie).toBe('uin=o0444; qqmusic_key=Q_H_L_query');
    expect(lastUpstream().comm.uin).toBe('444');
  });

  it('an empty per-request cookie falls through to the next source', async () => {
    await h.http().get('/getRanks?topId=4&limit=1&cookie=').set('X-Custom-Cookie', '  ').expect(200);
    expect(lastUpstream().cookie).toBe(FILE_COOKIE);
  });

  it('rejects a cookie with control characters (no header injection) without calling upstream', async () => {
    const res = await h.http().get('/getRanks?topId=4&cookie=a%3Db%0D%0AX-Evil%3A%201').expect(400);
    expect(res.body.error).toContain('cookie');
    expect(JSON.stringify(res.body)).not.toContain('X-Evil');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('rejects a ?cookie= with characters past Latin-1 (400), never a 502 blamed on upstream nor a breaker failure', async () => {
    const res = await h.http().get('/getRanks?topId=4&limit=1&cookie=uin%3Do0123%3B%20k%3D%E4%B8%AD').expect(400);
    expect(res.body).toEqual({ error: 'cookie contains control characters or characters past Latin-1', errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
    // Latin-1 (what a Cookie header can carry) still goes through
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Custom-Cookie', 'uin=o0123; k=caf\u00e9').expect(200);
    expect(lastUpstream().cookie).toBe('uin=o0123; k=caf\u00e9');
  });

  it('a CGI\'s commonParams carry the account of the cookie sent as loginUin', async () => {
    const smartboxQuery = () => h.fake.requestsTo('c', '/splcloud/fcgi-bin/smartbox_new.fcg').at(-1)!.query;
    await h.http().get('/getSmartbox?key=jay&nocache=1').set('X-Custom-Cookie', 'uin=o0123456; qqmusic_key=Q_H_L_x').expect(200);
    expect(smartboxQuery().loginUin).toBe('123456');
    await h.http().get('/getSmartbox?key=jay&nocache=1').set('X-Custom-Cookie', 'foo=bar').expect(200);
    expect(smartboxQuery().loginUin).toBe('0');
  });

  it('picks up a changed cookie file without a restart', async () => {
    h.writeCookieFile({ cookie: 'uin=o0555; qqmusic_key=Q_H_L_rotated' });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(lastUpstream().cookie).toBe('uin=o0555; qqmusic_key=Q_H_L_rotated');
  });

  it('keeps the last good cookie when the file turns malformed', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(lastUpstream().cookie).toBe(FILE_COOKIE);
    writeFileSync(h.cookieFile, '{ "cookie": "half-writ');
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(lastUpstream().cookie).toBe(FILE_COOKIE);
  });

  it.each([
    ['a control character', 'uin=o0555; qqmusic_key=Q_H_L_bad\u0001'],
    ['non-ASCII characters', 'uin=o0555; qqmusic_key=Q_H_L_badé中'],
  ])('keeps the last good cookie when the file changes to one with %s (it could not be sent)', async (_what, cookie) => {
    h.writeCookieFile({ cookie, uin: '555' });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(lastUpstream().cookie).toBe(FILE_COOKIE);
  });

  it('never echoes the cookie in an error body', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    const res = await h.http().get('/getRanks?topId=4').set('Cookie', 'uin=o0666; qqmusic_key=Q_H_L_secretvalue').expect(502);
    expect(JSON.stringify(res.body)).not.toContain('secretvalue');
    expect(JSON.stringify(res.body)).not.toContain(FILE_COOKIE);
  });
});

describe('Login cookie: anonymous when there is no file', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('sends no Cookie header and an anonymous comm', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const req = h.fake.musicuCalls(DETAIL)[0].request;
    expect(req.headers.cookie).toBeUndefined();
    expect(req.comm).toMatchObject({ uin: '0', g_tk: 5381 });
    expect(req.comm).not.toHaveProperty('authst');
  });

  it('starts using a cookie file created after start-up', async () => {
    h.writeCookieFile({ cookie: 'uin=o0777; qqmusic_key=Q_H_L_new' });
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).at(-1)!.request.cookie).toBe('uin=o0777; qqmusic_key=Q_H_L_new');
  });
});

describe('Login cookie: a bad file is reported once per change, never with the cookie', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ cookieFile: { cookie: FILE_COOKIE, uin: '111111111' }, env: { LOG_LEVEL: 'warn' }, logs });
  });
  afterAll(() => h.close());

  const reports = () => logs.filter((line) => line.includes('is invalid'));

  it('logs one warning per bad version of the file, not one per check', async () => {
    const ranks = () => h.http().get('/getRanks?topId=4&limit=1').expect(200);
    // COOKIE_FILE_CHECK_MS=0 (harness): every request checks the file.
    h.writeCookieFile({ cookie: 'uin=o0555; qqmusic_key=Q_H_L_secretbad\u0007' });
    for (let i = 0; i < 3; i++) await ranks();
    expect(reports()).toHaveLength(1);
    expect(reports()[0]).toContain(h.cookieFile);
    expect(reports()[0]).toContain('a control character at position');

    h.writeCookieFile('{ "cookie": "uin=o0555; qqmusic_key=Q_H_L_secret-half-writ');
    for (let i = 0; i < 3; i++) await ranks();
    expect(reports()).toHaveLength(2);
    expect(h.fake.musicuCalls(DETAIL).every((c) => c.request.cookie === FILE_COOKIE)).toBe(true);

    // Good again, then bad again: the new bad version is reported.
    h.writeCookieFile({ cookie: FILE_COOKIE, uin: '111111111' });
    await ranks();
    h.writeCookieFile({ cookie: 'uin=o0555; qqmusic_key=Q_H_L_secretbad\u0007' });
    await ranks();
    expect(reports()).toHaveLength(3);
    expectNoSecretInLogs(logs, ['secret']);
  });
});
