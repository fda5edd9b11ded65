import { existsSync, readdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { chartsState } from '../../fake-upstream/handlers/charts';
import { FAKE_WX_MUSICID, qqExpire, wxConfirm, wxScan } from '../../fake-upstream/handlers/login';
import { musicState } from '../../fake-upstream/handlers/music';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { fixture } from '../../fake-upstream/fixtures';
import { Harness, startHarness } from '../support/harness';

/**
 * Drop-in compatibility with the older qq-music-api services (docs/legacy.md "Migrating from qq-music-api"). Each
 * legacy test reads exactly the fields a legacy client reads (as Rain120/qq-music-api and sansenjian/qq-music-api (Koa)
 * answer them) and checks the upstream call behind it.
 */

const MID = '0039MnYb0qxYhV'; // 晴天, song id 97773
const JAY = '0025NhlN2yWrP4';
const ALBUM = '000MkMni19ClKG';
const VID = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list[0].vid as string;
const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
const TOPLIST = 'music.musicToplist.Toplist.GetDetail';
const DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';
const SINGER_SONGS = 'musichall.song_list_server.GetSingerSongList';
const ADMIN = 'legacy-admin-token-0123456789';

/** The legacy reads of each endpoint: path → what a legacy client reads from the body. */
describe('legacy shape (RESPONSE_SHAPE=legacy)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { RESPONSE_SHAPE: 'legacy', ADMIN_TOKEN: ADMIN } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('getRanks: response.req_1.data.data.song / songInfoList; resolveMid=true fills the mids inside the raw chart', async () => {
    chartsState(h.fake.state).set(905, {
      title: 'Legacy chart',
      rows: [101, 102].map((songId) => ({ songId, title: `Song ${songId}`, singerName: 'Someone' })),
      withSongInfo: false,
    });
    const res = await h.http().get('/getRanks?topId=905&limit=2&resolveMid=true').expect(200);
    expect(res.headers['x-response-shape']).toBe('legacy');
    const detail = res.body.response.req_1.data;
    expect(detail.data.title).toBe('Legacy chart');
    const songs = detail.data.song;
    expect(songs.map((s: any) => s.songId)).toEqual([101, 102]);
    const lookups = h.fake.musicuCalls(SONG_DETAIL);
    expect(lookups.map((c) => c.param.song_id).sort()).toEqual([101, 102]);
    for (const s of songs) {
      expect(s.mid).toMatch(/^[0-9A-Za-z]{14}$/);
      expect(s.song_mid).toBe(s.mid);
      expect(s.song_id).toBe(s.songId);
    }
    const call = h.fake.musicuCalls(TOPLIST)[0];
    expect(call.key).toBe('req_1');
    expect(call.param).toMatchObject({ topId: 905, offset: 0, num: 2 });
  });

  it('getRanks without resolveMid leaves the raw chart as upstream sent it (no mid lookups)', async () => {
    chartsState(h.fake.state).set(906, { title: 'No mids', rows: [{ songId: 7, title: 'S', singerName: 'X' }], withSongInfo: false });
    const res = await h.http().get('/getRanks?topId=906&limit=1').expect(200);
    expect(res.body.response.req_1.data.data.song[0].mid).toBeUndefined();
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
  });

  it.each([
    ['query', `/getSongInfo?songmid=${MID}`],
    ['path form', `/getSongInfo/${MID}`],
  ])('getSongInfo (%s): response.songinfo.data.track_info.mid', async (_n, path) => {
    const res = await h.http().get(path).expect(200);
    expect(res.body.response.songinfo.data.track_info).toMatchObject({ mid: MID, id: 97773 });
    const call = h.fake.musicuCalls(SONG_DETAIL)[0];
    expect(call.key).toBe('songinfo');
    expect(call.param).toMatchObject({ song_mid: MID });
  });

  it('getMusicPlay: data.playUrl[songmid].url; `type` is a synonym of quality (320 → M800 file)', async () => {
    const res = await h.http().get(`/getMusicPlay?songmid=${MID}&type=320`).expect(200);
    expect(res.body.data.playUrl[MID].url).toMatch(/^https?:\/\/.+M800.+\.mp3/);
    expect(res.body.data.playUrl[MID].error).toBeUndefined();
    const vkey = h.fake.musicuCalls(URL_VKEY)[0];
    expect(vkey.param.filename[0]).toMatch(/^M800.+\.mp3$/);
  });

  it('getMusicPlay: quality wins over type when both are sent', async () => {
    await h.http().get(`/getMusicPlay?songmid=${MID}&type=320&quality=128`).expect(200);
    expect(h.fake.musicuCalls(URL_VKEY)[0].param.filename[0]).toMatch(/^M500/);
  });

  it('getMusicPlay without a URL (VIP song): 200 with data.playUrl[songmid].error, as the Koa services answer', async () => {
    musicState(h.fake.state).vipMids.add(MID);
    const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
    expect(res.body).toEqual({ data: { playUrl: { [MID]: { url: '', error: '暂无播放链接' } } } });
    expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename)).toEqual([[`M500${MID}.mp3`], [`M500003Qui1q2u1Zho.mp3`], ['RS02064YyRNb0gDV4P.mp3']]);
  });

  it.each([
    ['query', `/getSongListDetail?disstid=${GENUINE_DISSTID}`],
    ['path form', `/getSongListDetail/${GENUINE_DISSTID}`],
    ['doubled slash + path form', `//getSongListDetail/${GENUINE_DISSTID}`],
    ['doubled slash', `//getSongListDetail?disstid=${GENUINE_DISSTID}`],
  ])('getSongListDetail (%s): response.cdlist[0].{dissname, desc, logo, songlist[].songname/songmid/singer[]}', async (_n, path) => {
    const res = await h.http().get(path).expect(200);
    const cd = res.body.response.cdlist[0];
    expect(cd.dissname).toBe('浅唱低吟，悠悠古韵之美');
    expect(cd.desc).toEqual(expect.any(String));
    expect(cd.logo).toMatch(/^https?:\/\//);
    expect(cd.songlist.length).toBeGreaterThan(0);
    for (const s of cd.songlist) {
      expect(s.songname).toEqual(expect.any(String));
      expect(s.songmid).toMatch(/^[0-9A-Za-z]+$/);
      expect(Array.isArray(s.singer)).toBe(true);
      expect(s.singer[0].name).toEqual(expect.any(String));
    }
    const call = h.fake.musicuCalls(DISS)[0];
    expect(call.param.disstid).toBe(Number(GENUINE_DISSTID));
  });

  it('getSongListDetail: the documented cdlist[0] counters and ids agree with the normalised answer of the same list', async () => {
    const norm = (await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}&shape=normalised`).expect(200)).body.data;
    const cd = (await h.http().get(`/getSongListDetail?disstid=${GENUINE_DISSTID}`).expect(200)).body.response.cdlist[0];
    expect(norm.total).toBeGreaterThan(norm.songlist.length); // a page of a longer list: the counters differ
    expect(cd).toMatchObject({
      disstid: GENUINE_DISSTID,
      nickname: norm.creator,
      visitnum: norm.listen_num,
      tags: norm.tags,
      songnum: norm.total,
      total_song_num: norm.total,
      cur_song_num: norm.songlist.length,
      songids: norm.songlist.map((x: any) => x.songid).join(','),
    });
    expect(cd.songlist.map((x: any) => x.songid)).toEqual(norm.songlist.map((x: any) => x.songid));
  });

  it('getSongLists path form /getSongLists/:page/:limit: response.data.list[].dissname, sin/ein from page and limit', async () => {
    const res = await h.http().get('/getSongLists/1/2').expect(200);
    expect(res.body.response.data.list).toHaveLength(2);
    expect(res.body.response.data.list[0]).toMatchObject({ dissid: expect.any(String), dissname: expect.any(String) });
    const req = h.fake.requestsTo('c', '/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg')[0];
    expect(req.query).toMatchObject({ sin: '2', ein: '3' });
  });

  it('getSearchByKey path form /getSearchByKey/:key: response.data.song.list[].songmid/songname/singer[]', async () => {
    const res = await h.http().get(`/getSearchByKey/${encodeURIComponent('周杰伦')}`).expect(200);
    const list = res.body.response.data.song.list;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ songmid: expect.any(String), songname: expect.any(String) });
    expect(list[0].singer[0].name).toEqual(expect.any(String));
    const call = h.fake.musicuCalls('music.search.SearchCgiService.DoSearchForQQMusicDesktop')[0];
    expect(call.param.query).toBe('周杰伦');
  });

  it('getMvPlay: response.getMVUrl.data[vid], response.mvinfo.data[vid], response.playLists', async () => {
    const res = await h.http().get(`/getMvPlay?vid=${VID}`).expect(200);
    const r = res.body.response;
    expect(r.getMVUrl.data[VID].mp4).toEqual(expect.any(Array));
    expect(r.mvinfo.data[VID].vid).toBe(VID);
    // the normalised answer's playLists, beside the raw keys (its grouping is tested in mv.e2e)
    const normalised = (await h.http().get(`/getMvPlay?vid=${VID}&shape=normalised`).expect(200)).body.data.playLists;
    expect(Object.keys(normalised).sort()).toEqual(['f10', 'f20', 'f30', 'f40']);
    expect(Object.values<string[]>(normalised).flat().length).toBeGreaterThan(0);
    expect(r.playLists).toEqual(normalised);
    expect(h.fake.musicuCalls('music.stream.MvUrlProxy.GetMvUrls')[0].param.vids).toEqual([VID]);
  });

  it('getRecommend: response.recomPlaylist / playlist.data.v_playlist / new_song / new_album.data.albums / toplist / focus', async () => {
    const res = await h.http().get('/getRecommend').expect(200);
    const r = res.body.response;
    for (const key of ['recomPlaylist', 'new_song', 'new_album', 'toplist', 'focus']) expect(r[key]).toMatchObject({ code: 0 });
    expect(r.new_album.data.albums.length).toBeGreaterThan(0);
    expect(r.playlist.data.v_playlist.length).toBeGreaterThan(0);
    expect(r.toplist.data.group).toEqual(expect.any(Array));
    expect(h.fake.musicuCalls('newalbum.NewAlbumServer.get_new_album_info')).toHaveLength(1);
  });

  it('getSingerHotsong: response.singer.data.songlist / total_song_num; a MID in `singerid` is taken as singermid', async () => {
    const res = await h.http().get(`/getSingerHotsong?singerid=${JAY}&limit=2`).expect(200);
    const singer = res.body.response.singer.data;
    expect(singer.songlist).toHaveLength(2);
    expect(singer.total_song_num).toBeGreaterThan(0);
    expect(h.fake.musicuCalls(SINGER_SONGS)[0].param).toMatchObject({ singerMid: JAY, number: 2 });
  });

  it('getSingerHotsong with a numeric singerid: the by-id CGI\'s own answer, response.data.list[].musicData (test/singers/legacy-singerid.e2e-spec.ts)', async () => {
    const res = await h.http().get('/getSingerHotsong?singerid=13948&limit=2').expect(200);
    expect(res.headers['x-response-shape']).toBe('legacy');
    const data = res.body.response.data;
    expect(data.list.map((x: any) => x.musicData.songmid)).toEqual(['004dFFPd4JNv8q', expect.any(String)]);
    expect(data.singer_mid).toBe('001fNHEf1SFEFN');
    const [req] = h.fake.requestsTo('c', '/v8/fcg-bin/fcg_v8_singer_track_cp.fcg');
    expect(req.query).toMatchObject({ singerid: '13948', begin: '0', num: '2', order: 'listen' });
    expect(h.fake.musicuCalls(SINGER_SONGS)).toHaveLength(0);
  });

  it('getSingerAlbum: response.singer.data.albumList[].albumMid/albumName', async () => {
    const res = await h.http().get(`/getSingerAlbum?singermid=${JAY}&limit=2`).expect(200);
    const albums = res.body.response.singer.data.albumList;
    expect(albums).toHaveLength(2);
    expect(albums[0]).toMatchObject({ albumMid: expect.any(String), albumName: expect.any(String) });
    expect(h.fake.musicuCalls('music.musichallAlbum.AlbumListServer.GetAlbumList')[0].param).toMatchObject({ singerMid: JAY });
  });

  it('getSingerList: response.singerList.data.singerlist[].singer_mid/singer_name', async () => {
    const res = await h.http().get('/getSingerList').expect(200);
    const list = res.body.response.singerList.data.singerlist;
    expect(list[0]).toMatchObject({ singer_mid: JAY, singer_name: '周杰伦' });
  });

  it('getComments: response.comment.commentlist[].rootcommentcontent/nick, commenttotal', async () => {
    const res = await h.http().get('/getComments?id=97773&pagesize=2').expect(200);
    const c = res.body.response.comment;
    expect(c.commentlist).toHaveLength(2);
    expect(c.commentlist[0]).toMatchObject({ rootcommentcontent: expect.any(String), nick: expect.any(String), rootcommentid: expect.any(String) });
    expect(c.commenttotal).toBeGreaterThan(0);
    expect(h.fake.musicuCalls('music.globalComment.CommentRead.GetNewCommentList')[0].param).toMatchObject({ BizId: '97773', PageSize: 2 });
  });

  it('getAlbumInfo: response.data.{name, singername, aDate, list[].songmid}', async () => {
    const res = await h.http().get(`/getAlbumInfo?albummid=${ALBUM}`).expect(200);
    const d = res.body.response.data;
    expect(d).toMatchObject({ name: '叶惠美', singername: '周杰伦', aDate: '2003-07-31' });
    expect(d.list[0]).toMatchObject({ songmid: MID, songname: '晴天' });
    expect(h.fake.musicuCalls('music.musichallAlbum.AlbumInfoServer.GetAlbumDetail')[0].param).toEqual({ albumMId: ALBUM });
  });

  it('getLyric: response.lyric is the decoded LRC text', async () => {
    const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
    expect(res.body.response.lyric).toMatch(/^\[ti:/);
    expect(res.body.response.retcode).toBe(0);
    expect(h.fake.requestsTo('c', '/lyric/fcgi-bin/fcg_query_lyric_new.fcg')[0].query.songmid).toBe(MID);
  });

  it.each([
    ['true', true],
    ['FALSE', false],
  ])('getLyric?isFormat=%s (newer sansenjian/qq-music-api\'s boolean) is read as 1 / 0', async (isFormat, parsed) => {
    const res = await h.http().get(`/getLyric?songmid=${MID}&isFormat=${isFormat}`).expect(200);
    if (parsed) expect(res.body.response.lyric).toMatchObject({ lyric: expect.stringMatching(/^\[ti:/), lines: expect.any(Array) });
    else expect(res.body.response.lyric).toMatch(/^\[ti:/);
    expect(h.fake.requestsTo('c', '/lyric/fcgi-bin/fcg_query_lyric_new.fcg')[0].query.songmid).toBe(MID);
  });

  it('getLyric?isFormat=yes stays a 400 naming isFormat', async () => {
    const res = await h.http().get(`/getLyric?songmid=${MID}&isFormat=yes`).expect(400);
    expect(res.body.error).toMatch(/isFormat must be 0 or 1/);
    expect(h.fake.requestsTo('c', '/lyric/fcgi-bin/fcg_query_lyric_new.fcg')).toHaveLength(0);
  });

  it('getLyric: response.trans stays base64, as sansenjian/qq-music-api left it (apps atob() it); normalised decodes it', async () => {
    musicState(h.fake.state).lyrics.set(MID, { lyric: '[00:01.00]line', trans: '[00:01.00]译文' });
    const legacy = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
    expect(legacy.body.response.lyric).toBe('[00:01.00]line');
    expect(Buffer.from(legacy.body.response.trans, 'base64').toString('utf8')).toBe('[00:01.00]译文');
    const normal = await h.http().get(`/getLyric?songmid=${MID}&shape=normalised`).expect(200);
    expect(normal.body.data.trans).toBe('[00:01.00]译文');
  });

  it('getNewDisks: response.new_album.data.albums[].name', async () => {
    const res = await h.http().get('/getNewDisks?limit=2').expect(200);
    expect(res.body.status).toBe(200);
    expect(res.body.response.new_album.data.albums[0]).toMatchObject({ name: expect.any(String), mid: expect.any(String) });
    expect(h.fake.musicuCalls('newalbum.NewAlbumServer.get_new_album_info')[0].param).toMatchObject({ num: 2 });
  });

  it('getMv: response.mv_list.data.list[].vid and response.mv_tag', async () => {
    const res = await h.http().get('/getMv?limit=2').expect(200);
    expect(res.body.response.mv_list.data.list[0].vid).toEqual(expect.any(String));
    expect(res.body.response.mv_tag.code).toBe(0);
  });

  it('getImageUrl and user/getUserAvatar: response.data.imageUrl / response.data.avatarUrl (no upstream call)', async () => {
    const img = await h.http().get('/getImageUrl?id=abc').expect(200);
    expect(img.body.response.data.imageUrl).toBe('https://y.gtimg.cn/music/photo_new/T002R300x300M000abc.jpg?max_age=2592000');
    const avatar = await h.http().get('/user/getUserAvatar?uin=10001').expect(200);
    expect(avatar.body.response.data.avatarUrl).toBe('https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=140');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('login: getQQLoginQr answers img/qrsig/ptqrtoken at the top level; an expired QR gives refresh: true', async () => {
    const qr = await h.http().get('/getQQLoginQr').expect(200);
    expect(qr.body).toMatchObject({ img: expect.stringMatching(/^data:image\/png;base64,/), qrsig: expect.any(String), ptqrtoken: expect.anything() });
    expect(qr.body.response).toBeUndefined();
    qqExpire(h.fake.state, qr.body.qrsig);
    const check = await h.http().post('/checkQQLoginQr').send({ qrsig: qr.body.qrsig, ptqrtoken: qr.body.ptqrtoken }).expect(200);
    expect(check.body).toMatchObject({ isOk: false, refresh: true });
    expect(h.fake.requestsTo('ptlogin', '/ptqrlogin')).toHaveLength(1);
  });

  it('login: getWXLoginQr / checkWXLoginQr (and the Alt names) answer at the top level, poll states and the session alike', async () => {
    for (const [getPath, checkPath] of [['/getWXLoginQr', '/checkWXLoginQr'], ['/getAltLoginQr', '/checkAltLoginQr']]) {
      const qr = await h.http().get(getPath).expect(200);
      expect(qr.body).toEqual({ img: expect.stringMatching(/^data:image\/jpeg;base64,/), uuid: expect.any(String), loginToken: expect.any(String) });
      wxScan(h.fake.state, qr.body.uuid);
      const scanned = await h.http().post(checkPath).send({ uuid: qr.body.uuid }).expect(200);
      expect(scanned.body).toEqual({ isOk: false, errcode: 404, state: 'scanned', scanned: true, message: expect.any(String) });
      wxConfirm(h.fake.state, qr.body.uuid);
      const done = await h.http().post(checkPath).send({ uuid: qr.body.uuid }).expect(200);
      expect(done.body).toMatchObject({ isOk: true, errcode: 405, state: 'confirmed', session: { uin: FAKE_WX_MUSICID, cookie: expect.stringContaining('tmeLoginType=1') } });
      expect(done.body.response).toBeUndefined();
    }
  });

  it('user/getUserPlaylists with X-Custom-Cookie: response.data.playlists[].dissid/dissname, the cookie sent upstream', async () => {
    const cookie = 'qqmusic_key=legacyKey; uin=o0010001';
    const res = await h.http().get('/user/getUserPlaylists?uin=10001').set('X-Custom-Cookie', cookie).expect(200);
    const list = res.body.response.data.playlists;
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toMatchObject({ dissid: expect.anything(), dissname: expect.any(String) });
    const req = h.fake.requestsTo('c6', '/rsc/fcgi-bin/fcg_get_profile_homepage.fcg')[0];
    expect(req.cookie).toBe(cookie);
  });

  it('getHotkey (the CGI body, rebuilt from the musicu keys) / getSongListCategories (same CGI as the Koa services) under response', async () => {
    const hot = await h.http().get('/getHotkey').expect(200);
    expect(hot.body.response).toMatchObject({ code: 0, data: { special_key: '', special_url: '' } });
    expect(hot.body.response.data.hotkey[0]).toEqual({ k: '该死的温柔', n: 405528 });
    expect(h.fake.musicuCalls('music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile')).toHaveLength(1);
    const cats = await h.http().get('/getSongListCategories').expect(200);
    expect(cats.body.response.data.categories[0].items[0]).toMatchObject({ categoryId: expect.anything(), categoryName: expect.any(String) });
    expect(h.fake.requestsTo('c', '/splcloud/fcgi-bin/gethotkey.fcg')).toHaveLength(0);
    expect(h.fake.requestsTo('c', '/splcloud/fcgi-bin/fcg_get_diss_tag_conf.fcg')).toHaveLength(1);
  });

  it('POST batchGetSongInfo: response.data[i].songinfo.data.track_info', async () => {
    const res = await h.http().post('/batchGetSongInfo').send({ songs: [[MID]] }).expect(200);
    expect(res.body.response.code).toBe(0);
    expect(res.body.response.data[0].songinfo.data.track_info.mid).toBe(MID);
  });

  it('downloadQQMusic is an alias of downloadMainMusic: response.data.url / filename', async () => {
    const res = await h.http().get(`/downloadQQMusic?songmid=${MID}&type=flac`).expect(200);
    expect(res.body.response.data).toMatchObject({ url: expect.stringMatching(/F000.+\.flac/), filename: expect.stringMatching(/^F000.+\.flac$/) });
    expect(h.fake.musicuCalls(URL_VKEY)[0].param.filename[0]).toMatch(/^F000/);
  });

  it('?shape=normalised overrides the deployment default for one request', async () => {
    const res = await h.http().get(`/getSongInfo?songmid=${MID}&shape=normalised`).expect(200);
    expect(res.body).toMatchObject({ code: 0, data: { mid: MID } });
    expect(res.body.response).toBeUndefined();
  });

  it('errors keep { error, errorCode } in legacy mode', async () => {
    const res = await h.http().get('/getSongListDetail?disstid=abc').expect(400);
    expect(res.body).toEqual({ error: 'disstid must be a numeric playlist id', errorCode: 'BAD_REQUEST' });
  });

  it('a legacy per-request cookie (?cookie=) reaches upstream', async () => {
    const cookie = 'uin=o0555; qqmusic_key=Q_H_L_legacy';
    await h.http().get(`/getSongInfo/${MID}?cookie=${encodeURIComponent(cookie)}`).expect(200);
    expect(h.fake.musicuCalls(SONG_DETAIL)[0].request.cookie).toBe(cookie);
  });

  describe('/user/setCookie and /user/getCookie (ADMIN_TOKEN set)', () => {
    const COOKIE = 'uin=o0123456789; qqmusic_key=Q_H_L_SECRETKEY; qm_keyst=Q_H_L_SECRETKEY';

    it.each([
      ['no token', {}],
      ['a wrong token', { Authorization: 'Bearer wrong-token-wrong-token' }],
    ])('with %s: 401 and nothing written or revealed', async (_n, headers) => {
      const set = await h.http().post('/user/setCookie').set(headers).send({ cookie: COOKIE }).expect(401);
      expect(set.body.errorCode).toBe('ADMIN_TOKEN_REQUIRED');
      const get = await h.http().get('/user/getCookie').set(headers).expect(401);
      expect(JSON.stringify(get.body)).not.toContain('SECRETKEY');
      expect(() => readFileSync(h.cookieFile, 'utf8')).toThrow();
    });

    it('with the token: writes the cookie file atomically (0600, no temp left), the next upstream call uses it, getCookie masks it', async () => {
      const set = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ data: COOKIE }).expect(200);
      expect(set.body).toEqual({ code: 0, msg: 'ok', data: { set: true, uin: '12*****89', names: ['qm_keyst', 'qqmusic_key', 'uin'], hasMusicKey: true } });
      expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toEqual({ cookie: COOKIE, uin: '123456789' });
      expect(statSync(h.cookieFile).mode & 0o777).toBe(0o600);
      expect(readdirSync(dirname(h.cookieFile)).filter((f) => f.endsWith('.tmp'))).toEqual([]);

      await h.http().get(`/getSongInfo?songmid=${MID}`).expect(200);
      const call = h.fake.musicuCalls(SONG_DETAIL)[0];
      expect(call.request.cookie).toBe(COOKIE);

      const get = await h.http().get('/user/getCookie').set('Authorization', `Bearer ${ADMIN}`).expect(200);
      expect(get.body.data).toEqual({ set: true, uin: '12*****89', names: ['qm_keyst', 'qqmusic_key', 'uin'], hasMusicKey: true });
      expect(JSON.stringify(get.body)).not.toContain('SECRETKEY');
      expect(JSON.stringify(get.body)).not.toContain('123456789');
    });

    it('masks a 4-digit account whole, and a cookie naming no account has uin null (never a mask of "0")', async () => {
      const short = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie: 'uin=o0001234; qqmusic_key=Q_H_L_SHORTKEY' }).expect(200);
      expect(short.body.data).toEqual({ set: true, uin: '****', names: ['qqmusic_key', 'uin'], hasMusicKey: true });
      const get = await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN).expect(200);
      expect(get.body.data.uin).toBe('****');
      expect(JSON.stringify([short.body, get.body])).not.toMatch(/1234|SHORTKEY/);

      const noUin = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie: 'qqmusic_key=Q_H_L_K; foo=bar' }).expect(200);
      expect(noUin.body.data).toEqual({ set: true, uin: null, names: ['foo', 'qqmusic_key'], hasMusicKey: true });
      expect((await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN).expect(200)).body.data.uin).toBeNull();
    });

    it('`cookie` wins over the Koa services\' `data` when both are sent', async () => {
      await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie: 'uin=o0111; qqmusic_key=Q_H_L_A', data: 'uin=o0222; qqmusic_key=Q_H_L_B' }).expect(200);
      expect(JSON.parse(readFileSync(h.cookieFile, 'utf8'))).toEqual({ cookie: 'uin=o0111; qqmusic_key=Q_H_L_A', uin: '111' });
    });

    it('rejects an empty or malformed cookie with 400', async () => {
      for (const body of [{}, { cookie: '   ' }, { cookie: 'novalue' }]) {
        const res = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send(body).expect(400);
        expect(res.body.error).toMatch(/cookie/);
      }
    });

    // Before: a cookie (or data) that is no string was refused as "too long".
    it.each([
      ['cookie a number', { cookie: 123 }, 'cookie must be a string'],
      ['cookie an array', { cookie: ['uin=o01; qqmusic_key=K'] }, 'cookie must be a string'],
      ['data a number beside a good cookie', { cookie: 'uin=o01; qqmusic_key=K', data: 5 }, 'data must be a string (the cookie)'],
      ['cookie over 8192 characters', { cookie: `uin=o01; k=${'x'.repeat(8192)}` }, 'cookie is too long (at most 8192 characters)'],
    ])('a body of the wrong type or size (%s) is a 400 naming what is wrong, and nothing is written', async (_what, body, error) => {
      const before = existsSync(h.cookieFile) ? readFileSync(h.cookieFile, 'utf8') : null;
      const res = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send(body).expect(400);
      expect(res.body).toEqual({ error, errorCode: 'BAD_REQUEST' });
      expect(existsSync(h.cookieFile) ? readFileSync(h.cookieFile, 'utf8') : null).toBe(before);
    });

    it('refuses what the cookie file could not load back (non-ASCII, e.g. a pasted …): 400, file untouched', async () => {
      const before = existsSync(h.cookieFile) ? readFileSync(h.cookieFile, 'utf8') : null;
      for (const cookie of ['uin=o0123456789; qqmusic_key=Q_H_L_\u2026', 'uin=o01; k=caf\u00e9', 'uin=o01;\tk=v']) {
        const res = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie }).expect(400);
        expect(res.body).toEqual({ error: 'cookie must be printable ASCII (no control or non-ASCII characters)', errorCode: 'BAD_REQUEST' });
      }
      expect(existsSync(h.cookieFile) ? readFileSync(h.cookieFile, 'utf8') : null).toBe(before);
    });

    it('a cookie file that cannot be written: 500 COOKIE_WRITE_FAILED naming the errno, never the cookie; this instance uses it', async () => {
      const dir = dirname(h.cookieFile);
      const cookie = 'uin=o0987654321; qqmusic_key=Q_H_L_UNWRITTENKEY';
      renameSync(dir, `${dir}.away`); // the temp file beside the cookie file cannot be created: ENOENT
      try {
        const res = await h.http().post('/user/setCookie').set('X-Admin-Token', ADMIN).send({ cookie }).expect(500);
        expect(res.body).toMatchObject({
          error: 'Could not save the cookie (ENOENT); only this instance uses it, until it restarts',
          errorCode: 'COOKIE_WRITE_FAILED',
        });
        expect(JSON.stringify(res.body)).not.toContain('UNWRITTENKEY');
        const get = await h.http().get('/user/getCookie').set('X-Admin-Token', ADMIN).expect(200);
        expect(get.body.data).toEqual({ set: true, uin: '98*****21', names: ['qqmusic_key', 'uin'], hasMusicKey: true });
      } finally {
        renameSync(`${dir}.away`, dir);
      }
    });
  });
});

describe('default shape (normalised) and the per-request switch', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it.each([
    ['query ?shape=legacy', (r: any) => r.query({ shape: 'legacy' })],
    ['header X-Response-Shape: legacy', (r: any) => r.set('X-Response-Shape', 'legacy')],
  ])('%s switches one request to the legacy shape', async (_n, apply) => {
    const res = await apply(h.http().get(`/getSongInfo?songmid=${MID}`)).expect(200);
    expect(res.body.response.songinfo.data.track_info.mid).toBe(MID);
    expect(res.body.code).toBeUndefined();
    const play = await apply(h.http().get(`/getMusicPlay?songmid=${MID}`)).expect(200);
    expect(play.body.data.playUrl[MID].url).toMatch(/^https?:\/\//);
  });

  it.each([
    ['?shape=legacyy', (r: any) => r.query({ shape: 'legacyy' }), 'shape must be one of legacy, normalised (or normalized)'],
    ['?shape=raw', (r: any) => r.query({ shape: 'raw' }), 'shape must be one of legacy, normalised (or normalized)'],
    ['X-Response-Shape: weird', (r: any) => r.set('X-Response-Shape', 'weird'), 'X-Response-Shape must be one of legacy, normalised (or normalized)'],
    // the query wins when both name a shape, but a header that names none is still a mistake
    ['?shape=legacy with X-Response-Shape: weird', (r: any) => r.query({ shape: 'legacy' }).set('X-Response-Shape', 'weird'), 'X-Response-Shape must be one of legacy, normalised (or normalized)'],
  ])('an unknown shape (%s) is a 400 naming the allowed values, before any upstream call', async (_n, apply, error) => {
    const res = await apply(h.http().get(`/getSongInfo?songmid=${MID}`)).expect(400);
    expect(res.body).toEqual({ error, errorCode: 'BAD_REQUEST' });
    expect(h.fake.requests).toHaveLength(0);
    // on a route without parameters and on a POST as well
    await apply(h.http().get('/getHotkey')).expect(400);
    await apply(h.http().post('/batchGetSongInfo').send({ songs: [[MID]] })).expect(400);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('?shape= wins over X-Response-Shape when both name a shape', async () => {
    const normalised = await h.http().get(`/getSongInfo?songmid=${MID}`).query({ shape: 'normalised' }).set('X-Response-Shape', 'legacy').expect(200);
    expect([normalised.body.code, normalised.body.response]).toEqual([0, undefined]);
    const legacy = await h.http().get(`/getSongInfo?songmid=${MID}`).query({ shape: 'legacy' }).set('X-Response-Shape', 'normalised').expect(200);
    expect([legacy.body.code, legacy.body.response.songinfo.data.track_info.mid]).toEqual([undefined, MID]);
  });

  it.each([
    ['?shape=Legacy', (r: any) => r.query({ shape: ' Legacy ' }), true],
    ['?shape=normalized', (r: any) => r.query({ shape: 'normalized' }), false],
    ['X-Response-Shape: NORMALISED', (r: any) => r.set('X-Response-Shape', 'NORMALISED'), false],
    ['an empty ?shape= (absent)', (r: any) => r.query({ shape: '' }), false],
    ['an empty header (absent)', (r: any) => r.set('X-Response-Shape', ''), false],
  ])('a known shape in any case, or an empty one, is accepted (%s)', async (_n, apply, legacy) => {
    const res = await apply(h.http().get(`/getSongInfo?songmid=${MID}`)).expect(200);
    expect(res.body.response !== undefined).toBe(legacy);
  });

  it('the legacy path forms, doubled slash and `type` synonym work in the normalised shape too', async () => {
    const detail = await h.http().get(`//getSongListDetail/${GENUINE_DISSTID}`).expect(200);
    expect(detail.body).toMatchObject({ code: 0, data: { disstid: GENUINE_DISSTID, dissname: '浅唱低吟，悠悠古韵之美' } });
    const play = await h.http().get(`/getMusicPlay?songmid=${MID}&type=flac`).expect(200);
    expect(play.body).toMatchObject({ code: 0, data: { quality: expect.stringMatching(/flac/i) } });
    expect(h.fake.musicuCalls(URL_VKEY)[0].param.filename[0]).toMatch(/^F000/);
    const info = await h.http().get(`/getSongInfo/${MID}`).expect(200);
    expect(info.body).toMatchObject({ code: 0, data: { mid: MID } });
  });

  it.each([
    [`/getSongInfo?songmid=${MID}`, (b: any) => expect(b).toMatchObject({ code: 0, data: { mid: MID }, songinfo: { data: { track_info: { mid: MID } } } })],
    [`/getMusicPlay?songmid=${MID}`, (b: any) => expect(b.data).toMatchObject({ url: expect.any(String), size: expect.any(Number), quality: '128kbps' })],
    [`/getSongListDetail?disstid=${GENUINE_DISSTID}`, (b: any) => expect(b.data).toMatchObject({ dissname: '浅唱低吟，悠悠古韵之美', songlist: expect.any(Array) })],
    ['/getRanks?topId=4&limit=2', (b: any) => expect(b.data.songInfoList).toHaveLength(2)],
    [`/getMvPlay?vid=${VID}`, (b: any) => expect(b.data).toMatchObject({ vid: VID, playLists: expect.any(Object) })],
    ['/getRecommend', (b: any) => expect(b.data).toMatchObject({ playlists: expect.any(Array), newAlbums: expect.any(Array) })],
    [`/getSingerHotsong?singermid=${JAY}&limit=2`, (b: any) => expect(b.data).toMatchObject({ singerMID: JAY, songs: expect.any(Array) })],
    [`/getAlbumInfo?albummid=${ALBUM}`, (b: any) => expect(b.data).toMatchObject({ albumName: '叶惠美', singerName: '周杰伦' })],
    ['/getComments?id=97773&pagesize=2', (b: any) => expect(b.data.comment.list).toHaveLength(2)],
    [`/downloadQQMusic?songmid=${MID}`, (b: any) => expect(b.data).toMatchObject({ url: expect.any(String), filename: expect.any(String) })],
  ])('%s keeps the spec shape { code: 0, msg, data } by default', async (path, check) => {
    const res = await h.http().get(path).expect(200);
    expect(res.body.code).toBe(0);
    expect(res.body.response).toBeUndefined();
    expect(res.headers['x-response-shape']).toBeUndefined();
    check(res.body);
    expect(h.fake.requests.length).toBeGreaterThan(0);
  });

  it('getMusicPlay without a URL stays a 403 NO_PLAY_URL in the normalised shape', async () => {
    musicState(h.fake.state).vipMids.add(MID);
    const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(403);
    expect(res.body.errorCode).toBe('NO_PLAY_URL');
  });

  it('/user/setCookie and /user/getCookie do not exist without ADMIN_TOKEN (404), and write nothing', async () => {
    await h.http().post('/user/setCookie').send({ cookie: 'uin=o01; qqmusic_key=K' }).expect(404);
    await h.http().get('/user/getCookie').expect(404);
    expect(() => readFileSync(h.cookieFile, 'utf8')).toThrow();
  });
});

describe('response cache keeps the two shapes apart', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('a cached normalised answer is never served for ?shape=legacy, and each shape is cached on its own', async () => {
    const path = `/getSongInfo?songmid=${MID}`;
    const first = await h.http().get(path).expect(200);
    expect(first.body).toMatchObject({ code: 0, data: { mid: MID } });
    const legacy = await h.http().get(`${path}&shape=legacy`).expect(200);
    expect(legacy.body.response.songinfo.data.track_info.mid).toBe(MID);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(2);
    const again = await h.http().get(`${path}&shape=legacy`).expect(200);
    expect(again.body).toEqual(legacy.body);
    const plain = await h.http().get(path).expect(200);
    expect(plain.body).toEqual(first.body);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(2);
    // a hit says which shape it is, like the answer it repeats, and every answer varies on the shape header
    expect([again.headers['x-cache'], again.headers['x-response-shape']]).toEqual(['HIT', 'legacy']);
    expect([plain.headers['x-cache'], plain.headers['x-response-shape']]).toEqual(['HIT', undefined]);
    for (const res of [first, legacy, again, plain]) expect(res.headers.vary).toMatch(/\bX-Response-Shape\b/i);
  });

  it('an unknown shape is refused even when the URL is cached (never served from the cache)', async () => {
    const path = '/getSongInfo?songid=97773'; // not cached by the tests before
    expect((await h.http().get(path).expect(200)).headers['x-cache']).toBe('MISS');
    expect((await h.http().get(path).expect(200)).headers['x-cache']).toBe('HIT');
    await h.http().get(path).set('X-Response-Shape', 'weird').expect(400);
    await h.http().get(`${path}&shape=legacyy`).expect(400);
    await h.http().get(`${path}&shape=invalid`).expect(400);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
  });

  it('with RESPONSE_SHAPE=legacy a cached answer keeps X-Response-Shape: legacy', async () => {
    const d = await startHarness({ env: { CACHE_ENABLED: 'true', RESPONSE_SHAPE: 'legacy' } });
    try {
      const path = `/getSongInfo?songmid=${MID}`;
      const miss = await d.http().get(path).expect(200);
      const hit = await d.http().get(path).expect(200);
      expect([miss.headers['x-cache'], hit.headers['x-cache']]).toEqual(['MISS', 'HIT']);
      expect(hit.text).toBe(miss.text);
      expect([miss.headers['x-response-shape'], hit.headers['x-response-shape']]).toEqual(['legacy', 'legacy']);
      expect(hit.headers.vary).toBe(miss.headers.vary);
      // asking for the normalised shape by header gets its own entry, without the legacy header
      const normalised = await d.http().get(path).set('X-Response-Shape', 'normalised').expect(200);
      expect(normalised.body).toMatchObject({ code: 0 });
      expect(normalised.headers['x-response-shape']).toBeUndefined();
    } finally {
      await d.close();
    }
  });
});
