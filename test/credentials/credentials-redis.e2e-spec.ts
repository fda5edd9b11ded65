import { existsSync, readFileSync, rmSync } from 'node:fs';
import Redis from 'ioredis';
import { loginFake, wxConfirm } from '../../fake-upstream/handlers/login';
import type { Harness } from '../support/harness';
import { DETAIL, expiredKeys, LOGIN, OLD_KEY, QQ_UIN, qqLogin, redisPair, TOKEN } from '../support/credentials';
import { requireRedis } from '../support/redis';

requireRedis();

/** Two gateway instances sharing one credential in a real Redis (127.0.0.1:6379), each with its own fake upstream. */

describe('Stored credential shared through Redis', () => {
  let a: Harness;
  let b: Harness;
  let redis: Redis;
  let KEY: string;
  const stored = async () => JSON.parse((await redis.get(KEY)) ?? 'null');
  const keysSent = (h: Harness) => h.fake.musicuCalls(DETAIL).map((c) => c.request.comm?.authst);
  const status = (h: Harness) => h.http().get('/user/credential/status').set('Authorization', `Bearer ${TOKEN}`);

  /** One chart request on `h` with the stored key expired: exactly one refresh, the call retried with the new key. */
  const requestRefreshingOnce = async (h: Harness): Promise<string> => {
    expiredKeys.add(OLD_KEY);
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(h.fake.musicuCalls(LOGIN)).toHaveLength(1);
    const newKey = loginFake(h.fake.state).refreshed[0].musickey;
    expect(keysSent(h)).toEqual([OLD_KEY, newKey]);
    return newKey;
  };

  const pair = redisPair();
  beforeAll(() => ({ a, b, redis, key: KEY } = pair));

  it('a refresh made by one instance is used by the other (which never refreshes itself)', async () => {
    await redis.set(KEY, JSON.stringify(qqLogin()));
    const newKey = await requestRefreshingOnce(a);
    const shared = await stored();
    expect(shared.credential).toMatchObject({ musicid: QQ_UIN, musickey: newKey });
    expect(shared.cookie).toContain(`qqmusic_key=${newKey}`);
    expect(shared.refresh).toMatchObject({ outcome: 'ok' });

    await b.http().get('/getRanks?topId=26&limit=1').expect(200);
    expect(keysSent(b)).toEqual([newKey]);
    expect(b.fake.musicuCalls(DETAIL)[0].request.cookie).toContain(`qm_keyst=${newKey}`);
    expect(b.fake.musicuCalls(LOGIN)).toHaveLength(0);
    expect((await status(b).expect(200)).body.data).toMatchObject({ store: 'redis', present: true, lastRefresh: { outcome: 'ok' } });
  });

  it('both instances meeting an expired key at once: exactly one refresh across them (Redis lock)', async () => {
    await redis.set(KEY, JSON.stringify(qqLogin(259200 + 60)));
    a.fake.fault({ kind: 'latency', ms: 200 }, { module: LOGIN });
    b.fake.fault({ kind: 'latency', ms: 200 }, { module: LOGIN });
    const calls = [4, 26, 27].flatMap((t) => [a.http().get(`/getRanks?topId=${t}&limit=1`), b.http().get(`/getRanks?topId=${t}&limit=1`)]);
    const answers = await Promise.all(calls);
    expect(answers.map((r) => r.status)).toEqual(calls.map(() => 200));
    const refreshes = [...a.fake.musicuCalls(LOGIN), ...b.fake.musicuCalls(LOGIN)];
    expect(refreshes).toHaveLength(1);
    const newKey = (await stored()).credential.musickey;
    expect(newKey).not.toBe(OLD_KEY);
    expect([...keysSent(a), ...keysSent(b)]).toEqual(calls.map(() => newKey));
    expect(await redis.exists(`${KEY}:lock:${QQ_UIN}`)).toBe(0); // released
  });

  it('a refresh failure is recorded in Redis and stops the other instance from trying too', async () => {
    await redis.set(KEY, JSON.stringify(qqLogin()));
    expiredKeys.add(OLD_KEY);
    loginFake(a.fake.state).faults.refreshCode = 104400;
    await a.http().get('/getRanks?topId=4&limit=1').expect(401);
    expect((await stored()).refresh).toMatchObject({ outcome: 'auth_expired', code: 104400 });
    await b.http().get('/getRanks?topId=4&limit=1').expect(401);
    expect(b.fake.musicuCalls(LOGIN)).toHaveLength(0);
    expect((await status(b).expect(200)).body.data).toMatchObject({ needsLogin: true, lastRefresh: { outcome: 'auth_expired', code: 104400 } });
  });

  it('a WeChat QR login with persistence goes into Redis (not the file) and the other instance uses it', async () => {
    const { uuid } = (await a.http().get('/getAltLoginQr').expect(200)).body;
    wxConfirm(a.fake.state, uuid);
    const res = await a.http().post('/checkAltLoginQr').send({ uuid }).expect(200);
    expect(res.body).toMatchObject({ isOk: true, persisted: true });
    const shared = await stored();
    expect(res.body).not.toHaveProperty('credential');
    expect(shared).toEqual({ cookie: res.body.session.cookie, uin: '1152921504622223955', credential: expect.any(Object) });
    expect(shared.credential.musicid).toBe('1152921504622223955');
    expect(shared.credential.musickey).toBe(res.body.session.cookieObject.qqmusic_key);
    await b.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(keysSent(b)).toEqual([shared.credential.musickey]);
    expect(b.fake.musicuCalls(DETAIL)[0].request.comm.uin).toBe('1152921504622223955');
  });

  it('Redis empty: a cookie set by hand in the cookie file keeps working (not refreshable)', async () => {
    b.writeCookieFile({ cookie: `uin=${QQ_UIN}; qqmusic_key=${OLD_KEY}; qm_keyst=${OLD_KEY}`, uin: QQ_UIN });
    try {
      await b.http().get('/getRanks?topId=4&limit=1').expect(200);
      expect(keysSent(b)).toEqual([OLD_KEY]);
      expect((await status(b).expect(200)).body.data).toMatchObject({ store: 'redis', present: true, refreshable: false });
      expect(await redis.exists(KEY)).toBe(0);
    } finally {
      b.writeCookieFile({});
    }
  });

  it('Redis empty: a full credential in the cookie file is refreshed once, and the refresh moves it into Redis (the file is left as it was)', async () => {
    a.writeCookieFile(qqLogin());
    const fileBefore = readFileSync(a.cookieFile, 'utf8');
    try {
      const newKey = await requestRefreshingOnce(a);
      const shared = await stored();
      expect(shared).toMatchObject({ uin: QQ_UIN, credential: { musicid: QQ_UIN, musickey: newKey }, refresh: { outcome: 'ok' } });
      expect(shared.cookie).toContain(`qqmusic_key=${newKey}`);
      expect(readFileSync(a.cookieFile, 'utf8')).toBe(fileBefore); // the file is only the read-only fallback

      await b.http().get('/getRanks?topId=26&limit=1').expect(200);
      expect(keysSent(b)).toEqual([newKey]);
      expect(b.fake.musicuCalls(LOGIN)).toHaveLength(0);
    } finally {
      rmSync(a.cookieFile, { force: true }); // later tests expect no file on instance a
    }
  });

  it('/user/setCookie replaces the login stored in Redis: both instances use the new cookie, getCookie describes it', async () => {
    await redis.set(KEY, JSON.stringify(qqLogin()));
    const NEW_KEY = 'Q_H_L_setByAdmin';
    await a
      .http()
      .post('/user/setCookie')
      .set('Authorization', `Bearer ${TOKEN}`)
      .send({ cookie: `uin=o0987654321; qqmusic_key=${NEW_KEY}` })
      .expect(200);
    expect(await stored()).toEqual({ cookie: `uin=o0987654321; qqmusic_key=${NEW_KEY}`, uin: '987654321' });
    for (const h of [a, b]) {
      await h.http().get('/getRanks?topId=4&limit=1').expect(200);
      expect(h.fake.musicuCalls(DETAIL)[0].request.cookie).toContain(`qqmusic_key=${NEW_KEY}`);
      const described = await h.http().get('/user/getCookie').set('Authorization', `Bearer ${TOKEN}`).expect(200);
      expect(described.body.data).toEqual({ set: true, uin: '98*****21', names: ['qqmusic_key', 'uin'], hasMusicKey: true });
      expect((await status(h).expect(200)).body.data).toMatchObject({ store: 'redis', present: true, refreshable: false });
    }
    expect(existsSync(a.cookieFile)).toBe(false); // the shared store, not a local file
  });
});
