import { catalog } from '../../fake-upstream/catalog';
import { collectionsState, libraryOf } from '../../fake-upstream/handlers/collections';
import { fakeHash33 } from '../../fake-upstream/handlers/login';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { GEM_MID, JAY_MID } from '../../fake-upstream/handlers/singers';
import { addFakeUser, expireFakeKey, fakeUserWithPlaylists, userState, withSocial } from '../../fake-upstream/handlers/user';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

/**
 * Collections and follows (docs/library.md "Collections and follows"): each write's answer and the upstream request
 * the fake logged, idempotence, the errors a client can act on, and the write read back through the gateway's reads.
 */
const HOMEPAGE = '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg';
const FOLLOW = '/rsc/fcgi-bin/fcg_order_singer_add.fcg';
const UNFOLLOW = '/rsc/fcgi-bin/fcg_order_singer_del.fcg';
const CONCERN = 'Concern.ConcernSystemServer.cgi_concern_user_v2';
const PLAYLIST_WRITE = 'music.musicasset.PlaylistFavWrite';
const ALBUM_WRITE = 'music.musicasset.AlbumFavWrite';
const ALBUM_DETAIL = 'music.musichallAlbum.AlbumInfoServer.GetAlbumDetail';

/** Each test acts as its own account (a fresh copy of Alice), so no test sees another's writes. */
let accounts = 20000;
function freshAccount(): { uin: string; cookie: string; key: string; euin: string } {
  const uin = String(++accounts);
  addFakeUser(h.fake.state, withSocial(fakeUserWithPlaylists(uin, `User ${uin}`, 3)));
  const key = `Q_H_L_key${uin}`;
  return { uin, key, cookie: `uin=o00${uin}; qqmusic_uin=${uin}; qqmusic_key=${key}; p_skey=pskey${uin}`, euin: `owSfoKEq${uin}oz` };
}

let h: Harness;
let config: AppConfig;
beforeAll(async () => {
  h = await startHarness();
  config = h.app.get<AppConfig>(APP_CONFIG);
});
afterAll(() => h.close());
beforeEach(() => {
  h.fake.reset();
  config.upstreamRetries = 0;
  Object.assign(collectionsState(h.fake.state), { albumIdFormRefused: false, followCode: undefined, concernCode: undefined });
});

/** Forgets the logged requests only: h.fake.reset() would also drop the fake's state (the accounts' libraries). */
const clearLog = () => void (h.fake.requests.length = 0);
const post = (path: string, body: object, cookie?: string) => {
  const req = h.http().post(path).send(body);
  return cookie === undefined ? req : req.set('X-Custom-Cookie', cookie);
};
const get = (path: string, query: Record<string, string>, cookie: string) => h.http().get(path).query(query).set('X-Custom-Cookie', cookie);
const collectedIds = async (uin: string, cookie: string) =>
  (await get('/user/getUserCollectedSongLists', { uin, limit: '50' }, cookie).expect(200)).body.data.playlists.map((p: any) => p.dissid);

describe('POST /user/setPlaylistCollect', () => {
  it('collects with the account\'s encrypt_uin and the Android comm, then the reads show it; uncollect undoes it', async () => {
    const a = freshAccount();
    expect(await collectedIds(a.uin, a.cookie)).not.toContain('7100000012');
    clearLog();

    const res = await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { dissid: '7100000012', collected: true } });
    // the euin comes from the caller's own homepage, then the write goes out once
    expect(h.fake.requestsTo('c6', HOMEPAGE).map((r) => r.query.userid)).toEqual([a.uin]);
    const [write] = h.fake.musicuCalls(PLAYLIST_WRITE);
    expect(write).toMatchObject({ method: 'FavPlaylist', param: { uin: a.euin, v_playlistId: [7100000012] } });
    expect(write.request.comm).toMatchObject({ ct: 11, cv: 14090008, qq: a.uin, authst: a.key });
    expect(write.request.cookie).toBe(a.cookie);

    expect(await collectedIds(a.uin, a.cookie)).toContain('7100000012');
    const state = await get('/user/getPlaylistCollectState', { dissids: `7100000012,${GENUINE_DISSTID},7100000013` }, a.cookie).expect(200);
    expect(state.body.data).toEqual({ collected: { '7100000012': true, [GENUINE_DISSTID]: true, '7100000013': false } });
    expect(h.fake.musicuCalls('music.musicasset.PlaylistFavRead.IsPlaylistFan')[0].param).toEqual({ v_tid: [7100000012, Number(GENUINE_DISSTID), 7100000013] });

    clearLog();
    const undo = await post('/user/setPlaylistCollect', { dissid: 7100000012, collect: false }, a.cookie).expect(200);
    expect(undo.body.data).toEqual({ dissid: '7100000012', collected: false });
    // the encrypt_uin is remembered: no second homepage call
    expect(h.fake.requestsTo('c6', HOMEPAGE)).toHaveLength(0);
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)[0]).toMatchObject({ method: 'CancelFavPlaylist', param: { uin: a.euin, v_playlistId: [7100000012] } });
    expect(await collectedIds(a.uin, a.cookie)).not.toContain('7100000012');
  });

  it('is idempotent: collecting a collected playlist (and uncollecting an uncollected one) is a 200', async () => {
    const a = freshAccount();
    for (const collect of [true, true, false, false]) {
      const res = await post('/user/setPlaylistCollect', { dissid: GENUINE_DISSTID, collect }, a.cookie).expect(200);
      expect(res.body.data).toEqual({ dissid: GENUINE_DISSTID, collected: collect });
    }
    expect(h.fake.musicuCalls(PLAYLIST_WRITE).map((c) => c.method)).toEqual(['FavPlaylist', 'FavPlaylist', 'CancelFavPlaylist', 'CancelFavPlaylist']);
    expect(await collectedIds(a.uin, a.cookie)).not.toContain(GENUINE_DISSTID);
  });

  it('a remembered encrypt_uin that upstream turns down ("no valid playlist") is read again and the write sent once more', async () => {
    const a = freshAccount();
    await post('/user/setPlaylistCollect', { dissid: '7100000014', collect: true }, a.cookie).expect(200);
    // the account's encrypt_uin changes upstream (the fake's model): the remembered one is now refused
    const changed = withSocial(fakeUserWithPlaylists(a.uin, 'Changed', 3));
    changed.creator!.encrypt_uin = 'owNEWeuin**';
    addFakeUser(h.fake.state, changed);
    clearLog();
    await post('/user/setPlaylistCollect', { dissid: '7100000015', collect: true }, a.cookie).expect(200);
    expect(h.fake.musicuCalls(PLAYLIST_WRITE).map((c) => c.param.uin)).toEqual([a.euin, 'owNEWeuin**']);
    expect(h.fake.requestsTo('c6', HOMEPAGE)).toHaveLength(1);
  });

  it('unknown playlist → 404 PLAYLIST_NOT_FOUND; the account\'s own playlist → 409 WRITE_REFUSED (80184)', async () => {
    const a = freshAccount();
    const unknown = await post('/user/setPlaylistCollect', { dissid: '7100000099', collect: true }, a.cookie).expect(404);
    expect(unknown.body).toMatchObject({ errorCode: 'PLAYLIST_NOT_FOUND', upstreamCode: 1, error: expect.stringContaining('7100000099') });
    // a fresh encrypt_uin was used: the refusal is about the playlist, not asked twice
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(1);
    const own = await post('/user/setPlaylistCollect', { dissid: '7000001', collect: true }, a.cookie).expect(409);
    expect(own.body).toMatchObject({ errorCode: 'WRITE_REFUSED', upstreamCode: 80184 });
    // 80184 is about the playlist: not asked again with a fresh encrypt_uin
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(2);
    expect(h.fake.requestsTo('c6', HOMEPAGE)).toHaveLength(1);
  });

  it('bad input → 400 naming the parameter, nothing sent upstream', async () => {
    const a = freshAccount();
    const cases: [object, string][] = [
      [{ collect: true }, 'dissid'],
      [{ dissid: 'abc', collect: true }, 'dissid'],
      [{ dissid: '7100000012' }, 'collect'],
      [{ dissid: '7100000012', collect: 'maybe' }, 'collect'],
    ];
    for (const [body, name] of cases) {
      const res = await post('/user/setPlaylistCollect', body, a.cookie).expect(400);
      expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST', error: expect.stringContaining(name) });
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('expired login → 401 LOGIN_EXPIRED with upstreamCode', async () => {
    const a = freshAccount();
    await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(200);
    expireFakeKey(h.fake.state, a.key);
    const res = await post('/user/setPlaylistCollect', { dissid: '7100000013', collect: true }, a.cookie).expect(401);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
  });

  it('upstream refusals keep a stable errorCode and the upstream code: 80105 (refused profile), 80092 (not applied), 2001 (rate limited)', async () => {
    const a = freshAccount();
    h.fake.fault({ kind: 'business', code: 80105 }, { module: `${PLAYLIST_WRITE}.FavPlaylist`, times: 1 });
    const refused = await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(502);
    expect(refused.body).toMatchObject({ errorCode: 'WRITE_REFUSED', upstreamCode: 80105 });
    h.fake.fault({ kind: 'business', code: 80092 }, { module: `${PLAYLIST_WRITE}.FavPlaylist`, times: 1 });
    const notApplied = await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(409);
    expect(notApplied.body).toMatchObject({ errorCode: 'WRITE_NOT_APPLIED', upstreamCode: 80092 });
    // 2001 on a write is the rate limit it is on every call, with the same Retry-After
    h.fake.fault({ kind: 'business', code: 2001 }, { module: `${PLAYLIST_WRITE}.FavPlaylist`, times: 1 });
    const limited = await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(503);
    expect(limited.body).toMatchObject({ errorCode: 'UPSTREAM_RATE_LIMITED', upstreamCode: 2001 });
    expect(limited.headers['retry-after']).toBe('30');
    // the web comm itself is refused by the fake as upstream refuses it: the gateway never sends it for a write
    expect(h.fake.musicuCalls(PLAYLIST_WRITE).every((c) => c.request.comm.ct === 11)).toBe(true);
  });

  it('the encrypt_uin lookup timing out is a read failure (UPSTREAM_TIMEOUT): nothing was written', async () => {
    const a = freshAccount();
    h.fake.fault({ kind: 'hang' }, { host: 'c6', path: HOMEPAGE });
    const res = await withUpstreamTimeout(h, 300, () => post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie));
    expect(res.status).toBe(504);
    expect(res.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(0);
  });

  it('a write answered code 0 without a result is no success: 502, it may have landed, and it is not sent again', async () => {
    const a = freshAccount();
    h.fake.fault({ kind: 'shape', data: {} }, { module: PLAYLIST_WRITE });
    const res = await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(502);
    expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_BAD_RESPONSE', error: expect.stringContaining('may or may not have been applied') });
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(1);
  });

  it('a write whose answer is lost (timeout, reset) is WRITE_OUTCOME_UNKNOWN and never retried', async () => {
    const a = freshAccount();
    await post('/user/setPlaylistCollect', { dissid: '7100000012', collect: true }, a.cookie).expect(200);
    config.upstreamRetries = 2;
    clearLog();
    h.fake.fault({ kind: 'reset' }, { module: PLAYLIST_WRITE });
    const reset = await post('/user/setPlaylistCollect', { dissid: '7100000013', collect: true }, a.cookie).expect(504);
    expect(reset.body).toMatchObject({ errorCode: 'WRITE_OUTCOME_UNKNOWN' });
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(1);

    clearLog();
    h.fake.fault({ kind: 'hang' }, { module: PLAYLIST_WRITE });
    const hung = await withUpstreamTimeout(h, 300, () => post('/user/setPlaylistCollect', { dissid: '7100000013', collect: true }, a.cookie));
    expect(hung.status).toBe(504);
    expect(hung.body).toMatchObject({ errorCode: 'WRITE_OUTCOME_UNKNOWN' });
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)).toHaveLength(1);
  });
});

describe('POST /user/setAlbumCollect', () => {
  const album = catalog().find((s) => s.albumMid && !['000MkMni19ClKG', '003c616O2Zlswm'].includes(s.albumMid))!;
  const albums = async (uin: string, cookie: string) =>
    (await get('/user/getUserCollectedAlbums', { uin, limit: '50' }, cookie).expect(200)).body.data.albums.map((x: any) => x.albumMid);

  it('looks the numeric id up, collects by v_albumId (Android comm), and the reads show it; uncollect undoes it', async () => {
    const a = freshAccount();
    const res = await post('/user/setAlbumCollect', { albummid: album.albumMid, collect: true }, a.cookie).expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { albumMid: album.albumMid, collected: true, albummid: album.albumMid } });
    expect(h.fake.musicuCalls(ALBUM_DETAIL)[0].param).toEqual({ albumMId: album.albumMid });
    const [write] = h.fake.musicuCalls(ALBUM_WRITE);
    expect(write).toMatchObject({ method: 'FavAlbum', param: { v_albumId: [album.albumId] } });
    expect(write.request.comm).toMatchObject({ ct: 11, qq: a.uin, authst: a.key });
    expect(await albums(a.uin, a.cookie)).toContain(album.albumMid);
    const state = await get('/user/getAlbumCollectState', { albummids: `${album.albumMid},003c616O2Zlswm,0000000000abcd` }, a.cookie).expect(200);
    expect(state.body.data).toEqual({ collected: { [album.albumMid]: true, '003c616O2Zlswm': true, '0000000000abcd': false } });

    await post('/user/setAlbumCollect', { albummid: album.albumMid, collect: false }, a.cookie).expect(200);
    expect(h.fake.musicuCalls(ALBUM_WRITE).map((c) => c.method)).toEqual(['FavAlbum', 'CancelFavAlbum']);
    expect(await albums(a.uin, a.cookie)).not.toContain(album.albumMid);
    await post('/user/setAlbumCollect', { albummid: album.albumMid, collect: false }, a.cookie).expect(200);
  });

  it('the v_albumId form refused → the same write by v_albumMid with the account (the other sources\' form)', async () => {
    const a = freshAccount();
    collectionsState(h.fake.state).albumIdFormRefused = true;
    await post('/user/setAlbumCollect', { albummid: album.albumMid, collect: true }, a.cookie).expect(200);
    expect(h.fake.musicuCalls(ALBUM_WRITE).map((c) => c.param)).toEqual([{ v_albumId: [album.albumId] }, { uin: a.uin, v_albumMid: [album.albumMid] }]);
    expect(await albums(a.uin, a.cookie)).toContain(album.albumMid);
  });

  it('the id lookup failing upstream → the v_albumMid form straight away', async () => {
    const a = freshAccount();
    h.fake.fault({ kind: 'business', code: 500001 }, { module: ALBUM_DETAIL });
    await post('/user/setAlbumCollect', { albummid: album.albumMid, collect: true }, a.cookie).expect(200);
    expect(h.fake.musicuCalls(ALBUM_WRITE).map((c) => c.param)).toEqual([{ uin: a.uin, v_albumMid: [album.albumMid] }]);
  });

  it('unknown album → 404 ALBUM_NOT_FOUND, no write sent; bad albummid → 400', async () => {
    const a = freshAccount();
    const res = await post('/user/setAlbumCollect', { albummid: 'zzzzzzzzzzzzzz', collect: true }, a.cookie).expect(404);
    expect(res.body.errorCode).toBe('ALBUM_NOT_FOUND');
    expect(h.fake.musicuCalls(ALBUM_WRITE)).toHaveLength(0);
    const bad = await post('/user/setAlbumCollect', { albummid: 'a/b', collect: true }, a.cookie).expect(400);
    expect(bad.body.error).toContain('albummid');
  });
});

describe('POST /user/setSingerFollow', () => {
  const followed = async (uin: string, cookie: string) =>
    (await get('/user/getUserFollowSingers', { uin, limit: '50' }, cookie).expect(200)).body.data.singers.map((s: any) => s.singerMid);

  const concernFallbacks = async () =>
    Number((await h.http().get('/metrics').expect(200)).text.match(/^gateway_upstream_fallbacks_total\{call="Concern\.ConcernSystemServer\.cgi_concern_user_v2"\} (\d+)$/m)?.[1] ?? 0);

  it('follows through the musicu write (opertype 0, the Android comm with the login key), then the follow list shows it; unfollow (opertype 1) undoes it', async () => {
    const a = freshAccount();
    const mid = '002J4UUk29y8BY';
    const res = await post('/user/setSingerFollow', { singermid: mid, follow: true }, a.cookie).expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: { singerMID: mid, followed: true, singermid: mid } });
    const [write] = h.fake.musicuCalls(CONCERN);
    expect(write.param).toEqual({ opertype: 0, source: 0, userinfo: { usertype: 1, userid: mid } });
    expect(write.request.comm).toMatchObject({ ct: 11, qq: a.uin, authst: a.key, tmeLoginType: 2 });
    expect(write.request.cookie).toBe(a.cookie);
    expect(await followed(a.uin, a.cookie)).toContain(mid);

    await post('/user/setSingerFollow', { singermid: JAY_MID, follow: false }, a.cookie).expect(200);
    await post('/user/setSingerFollow', { singermid: JAY_MID, follow: false }, a.cookie).expect(200);
    expect(h.fake.musicuCalls(CONCERN).slice(1).map((c) => c.param.opertype)).toEqual([1, 1]);
    expect(await followed(a.uin, a.cookie)).toEqual([mid, GEM_MID]);
    expect([...h.fake.requestsTo('c', FOLLOW), ...h.fake.requestsTo('c', UNFOLLOW)]).toHaveLength(0);
  });

  it('a WeChat login (W_X key, no p_skey) follows and unfollows through the musicu write', async () => {
    // The cookie the WeChat login builds (src/login/alt-login.service.ts): a musicid past 2^53, the same key twice.
    const musicid = '1152921504606846977';
    const key = 'W_X_wechatFollowKey';
    const cookie = `uin=${musicid}; qqmusic_uin=${musicid}; qqmusic_key=${key}; qm_keyst=${key}; tmeLoginType=1`;
    await post('/user/setSingerFollow', { singermid: JAY_MID, follow: true }, cookie).expect(200);
    expect(libraryOf(h.fake.state, musicid).singers.map((s) => s.mid)).toEqual([JAY_MID]);
    const res = await post('/user/setSingerFollow', { singermid: JAY_MID, follow: false }, cookie).expect(200);
    expect(res.body.data).toEqual({ singerMID: JAY_MID, followed: false, singermid: JAY_MID });
    expect(libraryOf(h.fake.state, musicid).singers).toEqual([]);
    const writes = h.fake.musicuCalls(CONCERN);
    expect(writes.map((w) => w.param.opertype)).toEqual([0, 1]);
    expect(writes[0].request.comm).toMatchObject({ qq: musicid, authst: key, tmeLoginType: 1 });
    expect(h.fake.requestsTo('c')).toHaveLength(0);
  });

  it('a module refusal of the musicu write with a QQ login → the web CGI signed with hash33(p_skey), counted as a fallback', async () => {
    const a = freshAccount();
    collectionsState(h.fake.state).concernCode = 500001;
    const before = await concernFallbacks();
    const res = await post('/user/setSingerFollow', { singermid: '002J4UUk29y8BY', follow: true }, a.cookie).expect(200);
    expect(res.body.data).toEqual({ singerMID: '002J4UUk29y8BY', followed: true, singermid: '002J4UUk29y8BY' });
    expect(h.fake.musicuCalls(CONCERN)).toHaveLength(1);
    const [req] = h.fake.requestsTo('c', FOLLOW);
    expect(req.method).toBe('POST');
    const form = new URLSearchParams(req.body);
    expect(form.get('singermid')).toBe('002J4UUk29y8BY');
    expect(form.get('g_tk')).toBe(String(fakeHash33(`pskey${a.uin}`, 5381)));
    expect(req.cookie).toBe(a.cookie);
    expect(await concernFallbacks()).toBe(before + 1);
    expect(await followed(a.uin, a.cookie)).toContain('002J4UUk29y8BY');
  });

  it('no fallback without p_skey or on an account code: the musicu refusal is the answer', async () => {
    const a = freshAccount();
    collectionsState(h.fake.state).concernCode = 500001;
    const noSession = await post('/user/setSingerFollow', { singermid: JAY_MID, follow: true }, a.cookie.replace(/; p_skey=\w+/, '')).expect(502);
    expect(noSession.body).toMatchObject({ errorCode: 'WRITE_REFUSED', upstreamCode: 500001 });
    collectionsState(h.fake.state).concernCode = 1000;
    const expired = await post('/user/setSingerFollow', { singermid: JAY_MID, follow: true }, a.cookie).expect(401);
    expect(expired.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
    expect(h.fake.requestsTo('c')).toHaveLength(0);
  });

  it('the CGI fallback\'s codes: 1006 (web session expired) → 401 LOGIN_EXPIRED, 104604 → 409 WRITE_NOT_APPLIED, 1000 → LOGIN_EXPIRED', async () => {
    const a = freshAccount();
    collectionsState(h.fake.state).concernCode = 500001;
    for (const [code, status, errorCode] of [[1006, 401, 'LOGIN_EXPIRED'], [104604, 409, 'WRITE_NOT_APPLIED'], [1000, 401, 'LOGIN_EXPIRED'], [4321, 502, 'WRITE_REFUSED']] as const) {
      collectionsState(h.fake.state).followCode = code;
      const res = await post('/user/setSingerFollow', { singermid: JAY_MID, follow: true }, a.cookie).expect(status);
      expect(res.body).toMatchObject({ errorCode, upstreamCode: code });
    }
  });
});

describe('state reads', () => {
  it('need a login (401 LOGIN_REQUIRED without any, upstream not called) and name a bad id list', async () => {
    const a = freshAccount();
    const none = await h.http().get('/user/getPlaylistCollectState').query({ dissids: '1' }).expect(401);
    expect(none.body.errorCode).toBe('LOGIN_REQUIRED');
    const bad = await get('/user/getPlaylistCollectState', { dissids: '1,x' }, a.cookie).expect(400);
    expect(bad.body.error).toContain('dissids');
    const tooMany = await get('/user/getAlbumCollectState', { albummids: Array.from({ length: 51 }, (_, i) => `mid${i}`).join(',') }, a.cookie).expect(400);
    expect(tooMany.body.error).toContain('albummids');
    expect(h.fake.requests).toHaveLength(0);
    expireFakeKey(h.fake.state, a.key);
    const expired = await get('/user/getAlbumCollectState', { albummids: 'abc' }, a.cookie).expect(401);
    expect(expired.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
  });

  it('a seeded account reads its seed', async () => {
    const a = freshAccount();
    expect(userState(h.fake.state).users.get(a.uin)?.collectedDiss?.length).toBe(3);
    const res = await get('/user/getPlaylistCollectState', { dissids: '7100000010' }, a.cookie).expect(200);
    expect(res.body.data).toEqual({ collected: { '7100000010': true } });
  });
});

describe('whose account a write touches (stored login configured)', () => {
  const ADMIN = 'collections-admin-token-0123456789';
  const STORED_KEY = 'Q_H_L_storedAliceKey';
  const STORED = { cookie: `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${STORED_KEY}; p_skey=storedAlicePskey`, uin: '10001' };
  const CALLER_KEY = 'Q_H_L_callerSecretKey';
  const CALLER = `uin=o0010002; qqmusic_uin=10002; qqmusic_key=${CALLER_KEY}; p_skey=callerSecretPskey`;
  const logs: string[] = [];
  let s: Harness;
  beforeAll(async () => {
    s = await startHarness({ cookieFile: STORED, env: { ADMIN_TOKEN: ADMIN, LOG_LEVEL: 'debug' }, logs });
    addFakeUser(s.fake.state, withSocial(fakeUserWithPlaylists('10002', 'Bob', 0)));
  });
  afterAll(() => s.close());
  beforeEach(() => void (s.fake.requests.length = 0));

  const WRITES: [string, object][] = [
    ['/user/setPlaylistCollect', { dissid: '7100000012', collect: true }],
    ['/user/setAlbumCollect', { albummid: '000MkMni19ClKG', collect: true }],
    ['/user/setSingerFollow', { singermid: JAY_MID, follow: true }],
    ['/setPlaylistFav', { disstid: '7100000012', isFan: false }],
    ['/setAlbumFav', { albumMid: '000MkMni19ClKG', isFan: false }],
  ];

  it.each(WRITES)('%s without a cookie, without the admin token → 401 LOGIN_REQUIRED before any upstream call', async (path, body) => {
    for (const headers of [{}, { 'X-Admin-Token': 'wrong-token-0123456789abcdef' }, { Cookie: 'uin=o0010001' }]) {
      const res = await s.http().post(path).set(headers).send(body).expect(401);
      expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
    }
    expect(s.fake.requests).toHaveLength(0);
  });

  it('with the admin token the stored login is used: the write lands on the stored account and its reads show it', async () => {
    await s.http().post('/user/setPlaylistCollect').set('X-Admin-Token', ADMIN).send({ dissid: '7100000020', collect: true }).expect(200);
    const [write] = s.fake.musicuCalls(PLAYLIST_WRITE);
    expect(write.param).toEqual({ uin: 'owSfoKEq10001oz', v_playlistId: [7100000020] });
    expect(write.request.comm).toMatchObject({ qq: '10001', authst: STORED_KEY });
    await s.http().post('/user/setSingerFollow').set('Authorization', `Bearer ${ADMIN}`).send({ singermid: '002J4UUk29y8BY', follow: true }).expect(200);
    expect(s.fake.musicuCalls(CONCERN)[0].request.cookie).toBe(STORED.cookie);
    // reads use the stored login as always (no token needed)
    const lists = await s.http().get('/user/getUserCollectedSongLists').query({ uin: '10001', limit: '50' }).expect(200);
    expect(lists.body.data.playlists.map((p: any) => p.dissid)).toContain('7100000020');
    const singers = await s.http().get('/user/getUserFollowSingers').query({ uin: '10001', limit: '50' }).expect(200);
    expect(singers.body.data.singers.map((x: any) => x.singerMid)).toContain('002J4UUk29y8BY');
  });

  it('a caller\'s cookie wins over the stored login: the write acts on the caller\'s account, whatever the token', async () => {
    await s.http().post('/user/setPlaylistCollect').set('X-Admin-Token', ADMIN).set('X-Custom-Cookie', CALLER).send({ dissid: '7100000021', collect: true }).expect(200);
    expect(s.fake.musicuCalls(PLAYLIST_WRITE)[0].param.uin).toBe('owSfoKEq10002oz');
    expect(s.fake.musicuCalls(PLAYLIST_WRITE)[0].request.cookie).toBe(CALLER);
    const state = await s.http().get('/user/getPlaylistCollectState').query({ dissids: '7100000021' }).set('X-Custom-Cookie', CALLER).expect(200);
    expect(state.body.data.collected).toEqual({ '7100000021': true });
    const stored = await s.http().get('/user/getPlaylistCollectState').query({ dissids: '7100000021' }).expect(200);
    expect(stored.body.data.collected).toEqual({ '7100000021': false });
  });

  it('no cookie, key or token in any log line, failures included', async () => {
    await s.http().post('/user/setPlaylistCollect').query({ cookie: CALLER }).send({ dissid: '7100000022', collect: true }).expect(200);
    Object.assign(collectionsState(s.fake.state), { concernCode: 500001, followCode: 1006 });
    await s.http().post('/user/setSingerFollow').set('X-Custom-Cookie', CALLER).send({ singermid: JAY_MID, follow: true }).expect(401);
    Object.assign(collectionsState(s.fake.state), { concernCode: undefined, followCode: undefined });
    s.fake.fault({ kind: 'reset' }, { module: ALBUM_WRITE, times: 1 });
    await s.http().post('/user/setAlbumCollect').set('X-Admin-Token', ADMIN).send({ albummid: '000MkMni19ClKG', collect: true }).expect(504);
    await s.http().post('/user/setPlaylistCollect').set('X-Admin-Token', 'wrong-token-0123456789abcdef').send({ dissid: '1', collect: true }).expect(401);
    expectNoSecretInLogs(logs, [CALLER_KEY, 'callerSecretPskey', STORED_KEY, 'storedAlicePskey', ADMIN]);
  });
});
