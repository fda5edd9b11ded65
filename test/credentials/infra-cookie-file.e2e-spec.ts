import { rmSync } from 'node:fs';
import { Harness, startHarness } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const FIRST = 'uin=o0401; qqmusic_key=Q_H_L_first401';
const SECOND = 'uin=o0402; qqmusic_key=Q_H_L_second402';

/** docs/configuration.md: the cookie file is re-read when it changes, checked at most every COOKIE_FILE_CHECK_MS. */
describe('COOKIE_FILE_CHECK_MS bounds how often the cookie file is looked at', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ cookieFile: { cookie: FIRST, uin: '401' }, env: { COOKIE_FILE_CHECK_MS: '60000' } });
  });
  afterAll(() => h.close());
  afterEach(() => jest.restoreAllMocks());

  const cookieSent = async (): Promise<string> => {
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const [call] = h.fake.musicuCalls(DETAIL);
    return call.request.cookie;
  };

  it('a changed file is used once the interval has passed, not before', async () => {
    expect(await cookieSent()).toBe(FIRST);
    h.writeCookieFile({ cookie: SECOND, uin: '402' });
    expect(await cookieSent()).toBe(FIRST); // checked less than 60 s ago
    jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 61_000);
    expect(await cookieSent()).toBe(SECOND);
  });
});

/** docs/configuration.md: no file = anonymous, also when the file is removed while the gateway runs. */
describe('A cookie file removed while the gateway runs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ cookieFile: { cookie: FIRST, uin: '401' } }); // COOKIE_FILE_CHECK_MS=0: checked on every use
  });
  afterAll(() => h.close());

  it('makes the next calls anonymous: no Cookie header, an anonymous comm', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL)[0].request.cookie).toBe(FIRST);
    rmSync(h.cookieFile);
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    const [call] = h.fake.musicuCalls(DETAIL);
    expect(call.request.headers.cookie).toBeUndefined();
    expect(call.request.comm).toMatchObject({ uin: '0', g_tk: 5381 });
    expect(call.request.comm).not.toHaveProperty('authst');
  });
});
