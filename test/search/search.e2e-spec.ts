import { issuedAndroidComm } from '../support/identity';
import { fixture } from '../../fake-upstream/fixtures';
import { zzcSign } from '../../src/upstream/zzc-sign';
import { songsFor } from '../../fake-upstream/handlers/search';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const SEARCH = 'music.search.SearchCgiService.DoSearchForQQMusicDesktop';
const MOBILE = 'music.search.SearchCgiService.DoSearchForQQMusicMobile';
const CLIENT_SEARCH = '/soso/fcgi-bin/client_search_cp';
const HOTKEY = '/splcloud/fcgi-bin/gethotkey.fcg';
const SMARTBOX = '/splcloud/fcgi-bin/smartbox_new.fcg';
const TOPLIST = '/v8/fcg-bin/fcg_myqq_toplist.fcg';

/** The songs the fake's search finds for a key (name, singer or album contains it), in its order. */
const songsMatching = songsFor;

describe('Search (e2e)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(() => h.fake.reset());

  describe('GET /getSearchByKey', () => {
    it('defaults: type song, page 0, limit 10 → Desktop search with search_type 0, no searchid', async () => {
      const expected = songsMatching('周杰伦');
      expect(expected.length).toBeGreaterThan(1);
      const res = await h.http().get('/getSearchByKey').query({ key: '周杰伦' }).expect(200);
      expect(res.body.code).toBe(0);
      const data = res.body.data;
      expect(data).toMatchObject({ key: '周杰伦', type: 'song', page: 0, limit: 10, total: expected.length });
      expect(data.list).toHaveLength(Math.min(10, expected.length));
      expect(data.list[0]).toEqual({
        songid: expected[0].id,
        songmid: expected[0].mid,
        songname: expected[0].name,
        singer: expected[0].singers.map((s) => s.name).join('/'),
        singers: expected[0].singers,
        albumName: expected[0].albumName,
        albumMid: expected[0].albumMid,
        albumId: expected[0].albumId,
        interval: expected[0].interval,
      });
      const calls = h.fake.musicuCalls(SEARCH);
      expect(calls).toHaveLength(1);
      expect(calls[0].param).toEqual({ query: '周杰伦', search_type: 0, page_num: 1, num_per_page: 10 });
      expect(calls[0].request.host).toBe('u.y.qq.com');
      expect(calls[0].request.path).toBe('/cgi-bin/musicu.fcg');
      // docs/upstream/search.md "Desktop search": exactly the minimal comm, nothing of the web profile (uin "0" when anonymous).
      expect(calls[0].request.comm).toEqual({ ct: 19, cv: 1859, uin: '0' });
      expect(calls[0].request.headers.referer).toBe('https://y.qq.com/');
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it.each([
      ['uin=o0123456; qqmusic_key=Q_H_L_abc', '123456'],
      // a WeChat musicid beyond 2^53 stays the exact digit string
      ['uin=1152921504622223955; qqmusic_key=W_X_abc; tmeLoginType=1', '1152921504622223955'],
    ])('with a login cookie (%s) the comm is still minimal, with the account as uin', async (cookie, uin) => {
      await h.http().get('/getSearchByKey').query({ key: '周杰伦' }).set('Cookie', cookie).expect(200);
      const [call] = h.fake.musicuCalls(SEARCH);
      expect(call.request.comm).toEqual({ ct: 19, cv: 1859, uin });
      expect(call.request.cookie).toBe(cookie);
    });

    it('a limit under 10 asks upstream for 10 per page and slices the right window', async () => {
      const expected = songsMatching('Song 8000');
      expect(expected.length).toBe(40);
      const res = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', limit: 3, page: 3 }).expect(200);
      expect(res.body.data.total).toBe(40);
      expect(res.body.data.list.map((s: any) => s.songmid)).toEqual(expected.slice(9, 12).map((s) => s.mid));
      expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ page_num: 1, num_per_page: 12 });
    });

    it('page 1 (0-based) with limit 10 is upstream page 2', async () => {
      const expected = songsMatching('Song 8000');
      const res = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 1 }).expect(200);
      expect(res.body.data.list).toHaveLength(10);
      expect(res.body.data.list.map((s: any) => s.songmid)).toEqual(expected.slice(10, 20).map((s) => s.mid));
      expect(h.fake.musicuCalls(SEARCH)[0].param).toMatchObject({ page_num: 2, num_per_page: 10 });
    });

    it.each([
      ['singer', 1, (item: any) => expect(item).toMatchObject({ singerName: '周杰伦', singerMid: '0025NhlN2yWrP4', singerId: 4558 })],
      ['album', 2, (item: any) => expect(item).toMatchObject({ singerName: expect.stringContaining('周杰伦'), albumMid: expect.any(String), cover: expect.stringContaining('T002R') })],
      ['lyric', 7, (item: any) => expect(item).toMatchObject({ songmid: expect.any(String), lyric: expect.stringContaining('<em>周杰伦</em>') })],
    ])('type=%s → search_type %i, normalised items', async (type, searchType, check) => {
      const res = await h.http().get('/getSearchByKey').query({ key: '周杰伦', type }).expect(200);
      expect(res.body.data.type).toBe(type);
      expect(res.body.data.list.length).toBeGreaterThan(0);
      check(res.body.data.list[0]);
      expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(searchType);
    });

    it('type is read trimmed and in any case (type=%20Singer → search_type 1)', async () => {
      const res = await h.http().get('/getSearchByKey').query({ key: '周杰伦', type: ' Singer ' }).expect(200);
      expect(res.body.data.type).toBe('singer');
      expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(1);
    });

    it('type=playlist (search_type 3) reads body.songlist', async () => {
      const res = await h.http().get('/getSearchByKey').query({ key: '古风', type: 'playlist' }).expect(200);
      expect(res.body.data.list).toEqual([
        { dissid: '7041067430', dissname: '古风家书丨相思赋遥寄沙场', creator: '豆沙', listen_num: 78037, cover: expect.any(String), songCount: 20, imgurl: expect.any(String) },
      ]);
      expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(3);
    });

    it('type=mv (search_type 4) reads body.mv', async () => {
      const mv = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0];
      const res = await h.http().get('/getSearchByKey').query({ key: mv.singers[0].name, type: 'mv' }).expect(200);
      expect(res.body.data.list[0]).toMatchObject({ vid: mv.vid, mvId: mv.mvid, singerName: mv.singers[0].name, playCount: mv.playcnt });
      expect(h.fake.musicuCalls(SEARCH)[0].param.search_type).toBe(4);
    });

    it('the legacy shape reads page 1-based, as the older services did: page 2 there is page 1 here, curpage 2', async () => {
      const legacy = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 2, shape: 'legacy' }).expect(200);
      const normal = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 1 }).expect(200);
      expect(legacy.body.response.data.song.curpage).toBe(2);
      expect(legacy.body.response.data.song.list.map((s: any) => s.songmid)).toEqual(normal.body.data.list.map((s: any) => s.songmid));
      expect(h.fake.musicuCalls(SEARCH).map((c) => c.param.page_num)).toEqual([2, 2]);
      const first = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', shape: 'legacy' }).expect(200);
      expect(first.body.response.data.song.curpage).toBe(1);
      const refused = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 0, shape: 'legacy' }).expect(400);
      expect(refused.body).toEqual({ error: 'page must be 1 or more (search pages are 1-based)', errorCode: 'BAD_REQUEST' });
    });

    it('past the last page is an empty list', async () => {
      const res = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 4 }).expect(200);
      expect(res.body.data).toMatchObject({ total: 40, list: [] });
    });

    it('no match: the empty Desktop answer is asked once more on the signed Mobile search, then answered empty', async () => {
      const res = await h.http().get('/getSearchByKey').query({ key: 'zzzz-no-such-song' }).expect(200);
      expect(res.body.data).toMatchObject({ total: 0, list: [] });
      expect(h.fake.musicuCalls(SEARCH)).toHaveLength(1);
      const calls = h.fake.musicuCalls(MOBILE);
      expect(calls).toHaveLength(1);
      const { param, request } = calls[0];
      // docs/upstream/search.md "Mobile search": params with a searchid, signed on musics.fcg, with the Android comm.
      expect(param).toEqual({ searchid: expect.stringMatching(/^\d{17,18}$/), query: 'zzzz-no-such-song', search_type: 0, num_per_page: 10, page_num: 1, highlight: 1, grp: 1 });
      expect(BigInt(param.searchid) / 2n ** 54n).toBeGreaterThanOrEqual(1n);
      expect(request).toMatchObject({ method: 'POST', path: '/cgi-bin/musics.fcg' });
      expect(request.query.sign).toBe(zzcSign(request.body));
      expect(request.comm).toEqual(issuedAndroidComm());
      expect(request.comm).not.toHaveProperty('authst');
      expect(request.headers['user-agent']).toMatch(/^QQMusic 14090008\(android/);
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it('a page past the end (total > 0) is not asked again', async () => {
      await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 4 }).expect(200);
      expect(h.fake.musicuCalls(MOBILE)).toHaveLength(0);
    });

    it('the Mobile search carries the login: qq, authst and tmeLoginType in its comm', async () => {
      await h.http().get('/getSearchByKey').query({ key: 'zzzz' }).set('Cookie', 'uin=o0123456; qqmusic_key=Q_H_L_abc').expect(200);
      const [call] = h.fake.musicuCalls(MOBILE);
      expect(call.request.comm).toMatchObject({ ct: 11, qq: '123456', authst: 'Q_H_L_abc', tmeLoginType: 2 });
      expect(call.request.cookie).toBe('uin=o0123456; qqmusic_key=Q_H_L_abc');
    });

    /** A Desktop answer that is well-formed and empty, as upstream's degraded searches answer. */
    const degradeDesktop = () => h.fake.fault({ kind: 'shape', data: { body: { song: { list: [] } }, meta: { sum: 0 } } }, { module: SEARCH });

    it.each([
      ['song', '周杰伦'],
      ['lyric', '周杰伦'],
      ['singer', '周杰伦'],
      ['album', '周杰伦'],
      ['playlist', '古风'],
      ['mv', fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0].singers[0].name],
    ])('type=%s: a degraded (empty) Desktop answer is served by the Mobile search, items as the Desktop maps them', async (type, key) => {
      const desktop = await h.http().get('/getSearchByKey').query({ key, type, limit: 3 }).set('Cache-Control', 'no-cache').expect(200);
      expect(desktop.body.data.list.length).toBeGreaterThan(0);
      expect(h.fake.musicuCalls(MOBILE)).toHaveLength(0);
      h.fake.reset();
      degradeDesktop();
      const mobile = await h.http().get('/getSearchByKey').query({ key, type, limit: 3 }).set('Cache-Control', 'no-cache').expect(200);
      expect(h.fake.musicuCalls(MOBILE)).toHaveLength(1);
      expect(h.fake.musicuCalls(MOBILE)[0].param.search_type).toBe(h.fake.musicuCalls(SEARCH)[0].param.search_type);
      expect(mobile.body.data).toEqual(desktop.body.data);
    });

    it('a Desktop business error is served by the Mobile search (client_search_cp is not asked)', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: SEARCH });
      const res = await h.http().get('/getSearchByKey').query({ key: 'Song 8000', page: 1 }).expect(200);
      expect(res.body.data.total).toBe(40);
      expect(res.body.data.list.map((s: any) => s.songmid)).toEqual(songsMatching('Song 8000').slice(10, 20).map((s) => s.mid));
      expect(h.fake.musicuCalls(MOBILE)[0].param).toMatchObject({ page_num: 2, num_per_page: 10 });
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it('an empty Desktop answer stays the answer when the Mobile search fails (business or transport)', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: MOBILE });
      const a = await h.http().get('/getSearchByKey').query({ key: 'zzzz' }).expect(200);
      expect(a.body.data).toMatchObject({ total: 0, list: [] });
      h.fake.reset();
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', path: '/cgi-bin/musics.fcg' });
      const b = await h.http().get('/getSearchByKey').query({ key: 'zzzz2' }).expect(200);
      expect(b.body.data).toMatchObject({ total: 0, list: [] });
      expect(h.fake.requestsTo('u', '/cgi-bin/musics.fcg').length).toBeGreaterThan(0);
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it('a Desktop business error and a Mobile transport failure: 502, no client_search_cp', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: SEARCH });
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', path: '/cgi-bin/musics.fcg' });
      const res = await h.http().get('/getSearchByKey').query({ key: 'x' }).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it('falls back to client_search_cp when both musicu searches fail with a business error (genuine answer for 简单爱)', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.search.SearchCgiService' });
      const res = await h.http().get('/getSearchByKey').query({ key: '简单爱', limit: 5 }).expect(200);
      expect(h.fake.musicuCalls(SEARCH)).toHaveLength(1);
      expect(h.fake.musicuCalls(MOBILE)).toHaveLength(1);
      expect(res.body.data.total).toBe(600);
      expect(res.body.data.list).toHaveLength(5);
      expect(res.body.data.list[0]).toMatchObject({ songname: '简单爱', singer: '周杰伦', albumName: '范特西', albumMid: '000I5jJB3blWeN' });
      const [req] = h.fake.requestsTo('c', CLIENT_SEARCH);
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(1);
      expect(req.query).toMatchObject({ w: '简单爱', n: '10', p: '1', t: '0', remoteplace: 'txt.yqq.song', format: 'json', catZhida: '1' });
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it('the fallback keeps the type (lyric → t 7) and an empty answer is an empty list', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.search.SearchCgiService' });
      const res = await h.http().get('/getSearchByKey').query({ key: 'zzzz', type: 'lyric' }).expect(200);
      expect(res.body.data).toMatchObject({ type: 'lyric', total: 0, list: [] });
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)[0].query).toMatchObject({ t: '7', remoteplace: 'txt.yqq.lyric' });
    });

    it('both failing: the fallback error is mapped (502 with upstream code)', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.search.SearchCgiService' });
      h.fake.fault({ kind: 'status', status: 200, body: '{"code":-1,"subcode":-1}' }, { host: 'c', path: CLIENT_SEARCH });
      const res = await h.http().get('/getSearchByKey').query({ key: 'x' }).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: -1 });
    });

    it('a transport failure is not a reason to fall back (502 / 504)', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', times: 1 });
      const a = await h.http().get('/getSearchByKey').query({ key: 'x' }).expect(502);
      expect(a.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      const b = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getSearchByKey').query({ key: 'x' }).expect(504));
      expect(b.body.errorCode).toBe('UPSTREAM_TIMEOUT');
      expect(h.fake.requestsTo('c', CLIENT_SEARCH)).toHaveLength(0);
    });

    it.each([
      ['', 'key is required'],
      ['key=', 'key is required'],
      ['key=%20%20', 'key is required'],
      ['key=a&limit=0', 'limit must be between 1 and 50'],
      ['key=a&limit=51', 'limit must be between 1 and 50'],
      ['key=a&limit=x', 'limit must be an integer'],
      ['key=a&page=-1', 'page must be 0 or more'],
      ['key=a&page=100', 'page must be at most 99'],
      ['key=a&page=abc', 'page must be an integer'],
      ['key=a&type=video', 'type must be one of song, album, playlist, singer, mv, lyric'],
    ])('rejects "%s" with 400 naming the parameter', async (qs, message) => {
      const res = await h.http().get(`/getSearchByKey?${qs}`).expect(400);
      expect(res.body).toEqual({ error: expect.stringContaining(message), errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });
  });

  describe('GET /getHotkey', () => {
    const HOTKEY_MODULE = 'music.musicsearch.HotkeyService';
    const fallbacksCounted = async () =>
      (await h.http().get('/metrics').expect(200)).text.match(/^gateway_upstream_fallbacks_total\{call="music\.musicsearch\.HotkeyService\.GetHotkeyForQQMusicMobile"\} (\d+)$/m)?.[1];

    it('asks the musicu hot-key call (search_id, Android comm) and maps its keys; the CGI is not called', async () => {
      const res = await h.http().get('/getHotkey').expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data.hotkeys).toHaveLength(30);
      expect(res.body.data.hotkeys[0]).toEqual({ keyword: '该死的温柔', score: 405528 });
      expect(res.body.data).toMatchObject({ specialKey: '', specialUrl: '' });
      const [call] = h.fake.musicuCalls(`${HOTKEY_MODULE}.GetHotkeyForQQMusicMobile`);
      expect(call.param).toEqual({ search_id: expect.stringMatching(/^\d{17,}$/) });
      expect(call.request.comm).toMatchObject({ ct: 11, cv: 14090008 });
      expect(h.fake.requestsTo('c', HOTKEY)).toHaveLength(0);
    });

    it('a module failure of the musicu call → the CGI answers the same keys plus its special key, counted as a fallback', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: HOTKEY_MODULE });
      const before = Number((await fallbacksCounted()) ?? 0);
      const res = await h.http().get('/getHotkey').expect(200);
      expect(res.body.data.hotkeys).toHaveLength(30);
      expect(res.body.data.hotkeys[0]).toEqual({ keyword: '该死的温柔', score: 405528 });
      expect(res.body.data.specialKey).toBe('Gai见面吧电台');
      const reqs = h.fake.requestsTo('c', HOTKEY);
      expect(reqs).toHaveLength(1);
      expect(reqs[0].host).toBe('c.y.qq.com');
      expect(reqs[0].query).toMatchObject({ format: 'json', outCharset: 'utf-8', hostUin: '0', needNewCode: '0' });
      expect(Number(await fallbacksCounted())).toBe(before + 1);
    });

    it('a musicu answer with no keyword (code 0, empty vec_hotkey) → the CGI answers, counted as a fallback', async () => {
      h.fake.fault({ kind: 'shape', data: { vec_hotkey: [] } }, { module: HOTKEY_MODULE });
      const before = Number((await fallbacksCounted()) ?? 0);
      const res = await h.http().get('/getHotkey').expect(200);
      expect(res.body.data.hotkeys).toHaveLength(30);
      expect(h.fake.requestsTo('c', HOTKEY)).toHaveLength(1);
      expect(Number(await fallbacksCounted())).toBe(before + 1);
    });

    it('an account code of the musicu call is final: 401, the CGI is not asked', async () => {
      h.fake.fault({ kind: 'business', code: 1000 }, { module: HOTKEY_MODULE });
      const res = await h.http().get('/getHotkey').expect(401);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(h.fake.requestsTo('c', HOTKEY)).toHaveLength(0);
    });

    it('the CGI fallback: an HTML refusal is retried with the y.qq.com Referer; a non-zero code is a 502; a timeout a 504', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: HOTKEY_MODULE });
      h.fake.fault({ kind: 'html' }, { host: 'c', path: HOTKEY, times: 1 });
      const res = await h.http().get('/getHotkey').expect(200);
      expect(res.body.data.hotkeys).toHaveLength(30);
      expect(h.fake.requestsTo('c', HOTKEY).map((r) => r.headers.referer)).toEqual(['https://y.qq.com/', 'https://y.qq.com/']);
      h.fake.fault({ kind: 'status', status: 200, body: '{"code":-2}' }, { host: 'c', path: HOTKEY, times: 1 });
      const a = await h.http().get('/getHotkey').expect(502);
      expect(a.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: -2 });
      h.fake.fault({ kind: 'hang' }, { host: 'c', path: HOTKEY, times: 1 });
      const b = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getHotkey').expect(504));
      expect(b.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('GET /getSmartbox', () => {
    it('normalises songs, singers, albums and MVs with their mids', async () => {
      const res = await h.http().get('/getSmartbox').query({ key: '周杰伦' }).expect(200);
      const data = res.body.data;
      expect(data.key).toBe('周杰伦');
      const first = songsMatching('周杰伦')[0];
      expect(data.songs[0]).toEqual({ id: first.id, mid: first.mid, name: first.name, singer: first.singers.map((s) => s.name).join('/') });
      expect(data.songs.length).toBeLessThanOrEqual(4);
      expect(data.singers).toEqual([{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦', singer: '周杰伦' }]);
      expect(data.albums.length).toBeGreaterThan(0);
      expect(data.albums[0]).toMatchObject({ mid: expect.any(String), name: expect.any(String) });
      expect(Array.isArray(data.mvs)).toBe(true);
      const [req] = h.fake.requestsTo('c', SMARTBOX);
      expect(req.query).toMatchObject({ key: '周杰伦', format: 'json', is_xml: '0' });
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it('MV suggestions carry the vid', async () => {
      const mv = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0];
      const res = await h.http().get('/getSmartbox').query({ key: mv.title }).expect(200);
      expect(res.body.data.mvs[0]).toEqual({ id: mv.mvid, mid: mv.vid, vid: mv.vid, name: mv.title, singer: mv.singers.map((s: any) => s.name).join('/') });
    });

    it('no suggestion is four empty lists', async () => {
      const res = await h.http().get('/getSmartbox').query({ key: 'zzzz' }).expect(200);
      expect(res.body.data).toEqual({ key: 'zzzz', songs: [], singers: [], albums: [], mvs: [] });
    });

    it('key is required', async () => {
      const res = await h.http().get('/getSmartbox').expect(400);
      expect(res.body).toEqual({ error: 'key is required', errorCode: 'BAD_REQUEST' });
      expect(h.fake.requests).toHaveLength(0);
    });

    it('an upstream 5xx (twice: the Referer retry too) is a 502', async () => {
      h.fake.fault({ kind: 'status', status: 502 }, { host: 'c', path: SMARTBOX });
      const res = await h.http().get('/getSmartbox').query({ key: 'a' }).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      expect(h.fake.requestsTo('c', SMARTBOX)).toHaveLength(2);
    });
  });

  describe('GET /getTopLists', () => {
    it('parses the JSONP chart list and normalises it', async () => {
      const genuine = fixture('c-fcg-myqq-toplist.json').data.topList;
      const res = await h.http().get('/getTopLists').expect(200);
      const lists = res.body.data.topLists;
      expect(lists).toHaveLength(genuine.length);
      expect(lists[0]).toEqual({
        id: 4,
        name: '安利XS·巅峰榜·流行指数',
        listen_num: 19700000,
        listenCount: 19700000,
        cover: genuine[0].picUrl,
        type: 0,
        songs: genuine[0].songList.map((s: any) => ({ songName: s.songname, singerName: s.singername })),
      });
      const reqs = h.fake.requestsTo('c', TOPLIST);
      expect(reqs).toHaveLength(1);
      expect(reqs[0].query).toMatchObject({ format: 'json', platform: 'h5', needNewCode: '1' });
    });

    it('a truncated answer is retried once, then a 502', async () => {
      h.fake.fault({ kind: 'truncated' }, { host: 'c', path: TOPLIST });
      const res = await h.http().get('/getTopLists').expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(h.fake.requestsTo('c', TOPLIST)).toHaveLength(2);
    });

    it('an empty topList is an empty list', async () => {
      h.fake.fault({ kind: 'status', status: 200, body: 'jsonCallback({"code":0,"data":{"topList":[]}})' }, { host: 'c', path: TOPLIST });
      const res = await h.http().get('/getTopLists').expect(200);
      expect(res.body.data.topLists).toEqual([]);
    });
  });
});
