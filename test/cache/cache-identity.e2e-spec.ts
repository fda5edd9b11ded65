import { ResponseCache } from '../../src/cache/response-cache.service';
import { DETAIL, expiredKeys, OLD_KEY, probeRoutes, QQ_UIN, qqLogin, TOKEN } from '../support/credentials';
import { Harness, startHarness, waitFor } from '../support/harness';

/**
 * The cache key names the account of the request (the caller's cookie, else the stored login's as the request
 * started); every upstream call that makes the answer must carry that account, even when another login is stored
 * while the request is in flight (here /user/setCookie; a QR login or another instance's sync do the same). Each race
 * is held open at the fake, so nothing depends on timing.
 */

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
const MID = '0039MnYb0qxYhV';
const A = 'uin=o0111111111; qqmusic_key=Q_H_L_keyOfA; qm_keyst=Q_H_L_keyOfA';
const B = 'uin=o0222222222; qqmusic_key=Q_H_L_keyOfAccountB; qm_keyst=Q_H_L_keyOfAccountB';
/** The account in a play URL (the fake's purl names the vkey's uin). */
const urlUin = (res: { body: { data: { url: string } } }) => /[?&]uin=(\d*)/.exec(res.body.data.url)?.[1];

describe('Response cache: the key names the account every upstream call carried', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { CACHE_ENABLED: 'true', ADMIN_TOKEN: TOKEN },
      cookieFile: { cookie: A, uin: '111111111' },
      routes: [probeRoutes],
    });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    expiredKeys.clear();
    h.writeCookieFile({ cookie: A, uin: '111111111' });
  });
  afterEach(() => jest.restoreAllMocks());

  const setStoredCookie = (cookie: string) => h.http().post('/user/setCookie').set('Authorization', `Bearer ${TOKEN}`).send({ cookie }).expect(200);

  it('a login stored while a cookie-less request is in flight: its answer is made and cached as the old account', async () => {
    h.fake.hold(SONG_DETAIL);
    const inFlight = h.http().get(`/getMusicPlay?songmid=${MID}`).then((r) => r);
    await waitFor(() => h.fake.musicuCalls(SONG_DETAIL).length === 1, 3000, 'the song detail call');
    await setStoredCookie(B);
    h.fake.release(SONG_DETAIL);
    const first = await inFlight;
    // A caller with A's cookie gets A's answer from the cache (not a play URL made with B's login).
    const asA = await h.http().get(`/getMusicPlay?songmid=${MID}`).set('X-Custom-Cookie', A).expect(200);
    expect([asA.headers['x-cache'], urlUin(asA)]).toEqual(['HIT', '111111111']);
    expect([first.status, first.headers['x-cache'], urlUin(first)]).toEqual([200, 'MISS', '111111111']);
    // Both calls (detail, then vkey) carried A, and the vkey asked for A's account: none was made with B.
    expect(h.fake.requests.map((r) => r.cookie)).toEqual([A, A]);
    expect(h.fake.musicuCalls(URL_VKEY)[0].param.uin).toBe('111111111');

    // The stored login is B now: a cookie-less request is B's (its own key), and never reaches A's entry.
    h.fake.reset();
    const stored = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
    expect(stored.headers['x-cache']).toBe('MISS');
    expect(h.fake.requests.map((r) => r.cookie)).toEqual([B, B]);
    expect(urlUin(stored)).toBe('222222222');
    const asB = await h.http().get(`/getMusicPlay?songmid=${MID}`).set('X-Custom-Cookie', B).expect(200);
    expect([asB.headers['x-cache'], urlUin(asB)]).toEqual(['HIT', '222222222']);
    const asAAgain = await h.http().get(`/getMusicPlay?songmid=${MID}`).set('X-Custom-Cookie', A).expect(200);
    expect([asAAgain.headers['x-cache'], urlUin(asAAgain)]).toEqual(['HIT', '111111111']);
  });

  it('coalesced followers of that request (cookie-less, or sending A\'s cookie) get A\'s answer too', async () => {
    const url = `/getMusicPlay?songmid=${MID}&quality=320`;
    const lookups = jest.spyOn(h.app.get(ResponseCache), 'get');
    h.fake.hold(SONG_DETAIL);
    const leader = h.http().get(url).then((r) => r);
    await waitFor(() => h.fake.musicuCalls(SONG_DETAIL).length === 1, 3000, 'the leader\'s song detail call');
    const followers = [h.http().get(url).then((r) => r), h.http().get(url).set('X-Custom-Cookie', A).then((r) => r)];
    // Each follower has looked the key up (a miss) and is now waiting on the leader, keyed as A.
    await waitFor(() => lookups.mock.calls.length === 3, 3000, 'the followers to wait on the leader');
    await setStoredCookie(B);
    h.fake.release(SONG_DETAIL);
    const answers = await Promise.all([leader, ...followers]);
    expect(answers.map((r) => [r.status, r.headers['x-cache'], urlUin(r)])).toEqual([
      [200, 'MISS', '111111111'],
      [200, 'HIT', '111111111'],
      [200, 'HIT', '111111111'],
    ]);
    expect(h.fake.requests.map((r) => r.cookie)).toEqual([A, A]);
    const metrics = await h.http().get('/metrics').expect(200);
    expect(metrics.text).toMatch(/gateway_coalesced_requests_total\{level="response"\} 2/);
  });

  it('an auth failure while another login is stored meanwhile is not retried as that account, and nothing is cached', async () => {
    h.fake.hold(DETAIL);
    const inFlight = h.http().get('/getRanks?topId=4&limit=1').then((r) => r);
    await waitFor(() => h.fake.musicuCalls(DETAIL).length === 1, 3000, 'the chart call');
    await setStoredCookie(B);
    expiredKeys.add('Q_H_L_keyOfA'); // upstream now answers A's key 1000 (login expired)
    h.fake.release(DETAIL);
    const res = await inFlight;
    expect([res.status, res.body.errorCode]).toEqual([401, 'LOGIN_EXPIRED']);
    // No retry with B's login: the answer would have been filed under A's key.
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.request.cookie)).toEqual([A]);
    h.fake.reset();
    const asA = await h.http().get('/getRanks?topId=4&limit=1').set('X-Custom-Cookie', A);
    expect([asA.status, asA.headers['x-cache']]).toEqual([401, undefined]);
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.request.cookie)).toEqual([A]);
    // The next cookie-less request is B's.
    h.fake.reset();
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(DETAIL).map((c) => c.request.cookie)).toEqual([B]);
  });

  it('the same account\'s refreshed key may make the answer: cached under the key the old key named', async () => {
    h.writeCookieFile(qqLogin());
    const oldCookie = qqLogin().cookie;
    expiredKeys.add(OLD_KEY);
    const first = await h.http().get('/getRanks?topId=26&limit=1').expect(200);
    expect(first.headers['x-cache']).toBe('MISS');
    const [dead, retried] = h.fake.musicuCalls(DETAIL).map((c) => c.request.comm);
    expect([dead.uin, dead.authst]).toEqual([QQ_UIN, OLD_KEY]);
    expect(retried.uin).toBe(QQ_UIN);
    expect(retried.authst).not.toBe(OLD_KEY);
    const again = await h.http().get('/getRanks?topId=26&limit=1').set('X-Custom-Cookie', oldCookie).expect(200);
    expect(again.headers['x-cache']).toBe('HIT');
    expect(again.text).toBe(first.text);
  });
});
