import { issuedAndroidComm } from '../support/identity';
import { catalog } from '../../fake-upstream/catalog';
import type { Fault } from '../../fake-upstream/fake-upstream';
import { lyricQrcState } from '../../fake-upstream/handlers/lyric-qrc';
import { musicState } from '../../fake-upstream/handlers/music';
import { Harness, HUNG_CALL_BOUND_MS, startHarness, withUpstreamTimeout } from '../support/harness';

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
const CGI_VKEY = 'vkey.GetVkeyServer.CgiGetVkey';
const ALBUM_DETAIL = 'music.musichallAlbum.AlbumInfoServer.GetAlbumDetail';
const ALBUM_SONGS = 'music.musichallAlbum.AlbumSongList.GetAlbumSongList';
const LYRIC_PATH = '/lyric/fcgi-bin/fcg_query_lyric_new.fcg';
const PLAY_LYRIC = 'music.musichallSong.PlayLyricInfo.GetPlayLyricInfo';
/** The lyric CGI's fallback in gateway_upstream_fallbacks_total, named by the call it replaced. */
const CGI_FALLBACK_SERIES = 'gateway_upstream_fallbacks_total{call="fcg_query_lyric_new.fcg"}';
/** A lyric and its translation both lyric calls hold for 晴天 when a test sets them. */
const TRANSLATED = {
  lyric: '[ti:晴天]\n[ar:周杰伦]\n[00:02.50]故事的小黄花\n[00:01.05]从出生那年就飘着\n',
  trans: '[00:01.05]Floating since the year of birth\n',
};
const ALBUM_CGI_PATH = '/v8/fcg-bin/fcg_v8_album_info_cp.fcg';

/** 晴天 (genuine song-detail fixture): media_mid differs from the MID; no APE file. */
const MID = '0039MnYb0qxYhV';
const MEDIA_MID = '003Qui1q2u1Zho';
const SIZES = { '128': 4317292, '320': 10792943, m4a: 3283546, flac: 55397039 };
/** 晴天's levels (the fixture's sizes, size_new[] included): no hires, no ape. */
const AVAILABLE = ['128', '320', 'm4a', 'flac', 'aac48', 'aac192', 'ogg96', 'ogg192', 'ogg320', 'ogg640', 'master', 'atmos', 'atmos51', 'atmos71', 'nac'];
/** The vkey the fake hands out (from the genuine vkey fixture). */
const FIXTURE_VKEY =
  'E7B88F3490FBA862BC3848F786322C333511B8EC6ED2D34BF076334427E29BD30AB49965B44DAE9BD3D9145ADE8445C6E74A769C33191984';
const COOKIE = 'uin=o0123; qqmusic_key=Q_H_L_abc';
/** The Android comm of the retry (docs/upstream/README.md "Android retry"), anonymous, with the issued identity. */
const ANDROID_ANON = issuedAndroidComm();

describe('Music endpoints', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const state = () => musicState(h.fake.state);

  describe('GET /getMusicPlay', () => {
    it('asks the song and a key (file name from the MID) in one request, then UrlGetVkey for M500<media_mid>.mp3', async () => {
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.msg).toBe('ok');
      const keys = h.fake.musicuCalls(URL_VKEY);
      // 晴天's media MID differs from its MID, so the key asked with the detail was for the wrong file
      expect(keys.map((c) => c.param.filename)).toEqual([[`M500${MID}.mp3`], [`M500${MEDIA_MID}.mp3`]]);
      const vkey = keys[1];
      expect(vkey.param).toEqual({
        filename: [`M500${MEDIA_MID}.mp3`],
        guid: expect.stringMatching(/^[0-9a-f]{32}$/),
        songmid: [MID],
        songtype: [0],
        uin: '0',
        ctx: 0,
      });
      expect(vkey.request.method).toBe('POST');
      expect(vkey.request.host).toBe('u.y.qq.com');
      expect(vkey.request.path).toBe('/cgi-bin/musicu.fcg');
      expect(vkey.request.comm).toMatchObject({ ct: 24, cv: 4747474, uin: '0', g_tk: 5381 });
      expect(vkey.request.comm).not.toHaveProperty('authst');
      // the genuine fixture's sip is [ws, isure]: the ws host is skipped
      expect(res.body.data).toEqual({
        url: `http://isure.stream.qqmusic.qq.com/M500${MEDIA_MID}.mp3?guid=${vkey.param.guid}&vkey=${FIXTURE_VKEY}&uin=&fromtag=66`,
        size: SIZES['128'],
        quality: '128kbps',
        available: AVAILABLE,
      });
      // the detail lookup, by MID only, travelled with the first key
      const detail = h.fake.musicuCalls(SONG_DETAIL);
      expect(detail.map((c) => c.param)).toEqual([{ song_type: 0, song_mid: MID }]);
      expect(detail[0].request).toBe(keys[0].request);
      expect(h.fake.requests.indexOf(detail[0].request)).toBeLessThan(h.fake.requests.indexOf(vkey.request));
      expect(h.fake.musicuCalls(CGI_VKEY)).toHaveLength(0);
    });

    it.each([
      ['320', 'M800', '.mp3', '320kbps'],
      ['m4a', 'C400', '.m4a', 'm4a'],
      ['flac', 'F000', '.flac', 'flac'],
      ['FLAC', 'F000', '.flac', 'flac'],
    ] as const)('quality=%s asks for %s<media_mid>%s and labels it %s', async (quality, prefix, ext, label) => {
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}&quality=${quality}&songid=97773`).expect(200);
      const filename = `${prefix}${MEDIA_MID}${ext}`;
      expect(h.fake.musicuCalls(URL_VKEY).at(-1)!.param.filename).toEqual([filename]);
      expect(res.body.data.quality).toBe(label);
      expect(res.body.data.size).toBe(SIZES[quality.toLowerCase() as keyof typeof SIZES]);
      expect(res.body.data.url.startsWith(`http://isure.stream.qqmusic.qq.com/${filename}?`)).toBe(true);
    });

    it('carries the caller cookie: uin from the cookie, loginflag 1, comm.authst', async () => {
      await h.http().get(`/getMusicPlay?songmid=${MID}`).set('Cookie', COOKIE).expect(200);
      const vkey = h.fake.musicuCalls(URL_VKEY).at(-1)!;
      expect(vkey.param).toMatchObject({ uin: '123', loginflag: 1 });
      expect(vkey.request.comm).toMatchObject({ uin: '123', authst: 'Q_H_L_abc' });
      expect(vkey.request.cookie).toContain('qqmusic_key=Q_H_L_abc');
      expect(h.fake.musicuCalls(SONG_DETAIL)[0].request.comm).toMatchObject({ uin: '123', authst: 'Q_H_L_abc' });
    });

    it.each([
      ['', /songmid is required/],
      ['?songmid=', /songmid is required/],
      [`?songmid=${MID}&quality=999`, /quality must be one of 128, 320, m4a, flac, ape, aac48, .*, best/],
      [`?songmid=${MID}&quality=mflac`, /quality must be one of/],
      [`?songmid=${MID}&songid=abc`, /songid/],
      ['?songmid=bad-mid!', /songmid/],
      [`?songmid=${'A'.repeat(33)}`, /songmid must be a song MID/],
      [`?songmid=${MID}&songid=1234567890123456`, /songid must be a numeric song id/],
      [`?songmid=${MID}&songid=-1`, /songid must be a numeric song id/],
    ])('400 naming the parameter for %s', async (qs, message) => {
      const res = await h.http().get(`/getMusicPlay${qs}`).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(res.body.error).toMatch(message);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('answers 403 NO_PLAY_URL with the upstream result for a song without rights (empty purl, 104003)', async () => {
      state().vipMids.add(MID);
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(403);
      expect(res.body).toEqual({
        error: 'No play URL for this song (VIP/paid, region or login required)',
        errorCode: 'NO_PLAY_URL',
        upstreamResult: 104003,
        available: AVAILABLE,
      });
      // the guessed name, the real one, then the trial clip (refused too)
      expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename)).toEqual([[`M500${MID}.mp3`], [`M500${MEDIA_MID}.mp3`], ['RS02064YyRNb0gDV4P.mp3']]);
    });

    it('answers 404 QUALITY_UNAVAILABLE naming the available qualities, with no key call besides the one with the detail', async () => {
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}&quality=ape`).expect(404);
      expect(res.body.errorCode).toBe('QUALITY_UNAVAILABLE');
      expect(res.body.error).toBe(`Quality ape is not available for this song; available: ${AVAILABLE.join(', ')}`);
      expect(res.body.available).toEqual(AVAILABLE);
      expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
      expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.request)).toEqual([h.fake.musicuCalls(SONG_DETAIL)[0].request]);
    });

    it('answers 404 SONG_NOT_FOUND for an unknown MID', async () => {
      const res = await h.http().get('/getMusicPlay?songmid=000000000000zz').expect(404);
      expect(res.body.errorCode).toBe('SONG_NOT_FOUND');
      expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.request)).toEqual([h.fake.musicuCalls(SONG_DETAIL)[0].request]);
    });

    it('uses https://isure.stream.qqmusic.qq.com/ when sip is []', async () => {
      state().sip = [];
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
      expect(res.body.data.url.startsWith(`https://isure.stream.qqmusic.qq.com/M500${MEDIA_MID}.mp3?guid=`)).toBe(true);
    });

    it('skips a ws sip for the next one and joins with exactly one slash', async () => {
      state().sip = ['http://ws.stream.qqmusic.qq.com/', 'http://dl.stream.qqmusic.qq.com'];
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
      expect(res.body.data.url.startsWith(`http://dl.stream.qqmusic.qq.com/M500${MEDIA_MID}.mp3?`)).toBe(true);
    });

    it('falls back to vkey.GetVkeyServer/CgiGetVkey when UrlGetVkey answers a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.vkey.GetVkey' });
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}&quality=320`).set('Cookie', COOKIE).expect(200);
      expect(res.body.data).toMatchObject({ size: SIZES['320'], quality: '320kbps' });
      expect(res.body.data.url).toMatch(new RegExp(`^http://isure\\.stream\\.qqmusic\\.qq\\.com/M800${MEDIA_MID}\\.mp3\\?guid=`));
      const primary = h.fake.musicuCalls(URL_VKEY).at(-1)!;
      const [fallback] = h.fake.musicuCalls(CGI_VKEY);
      expect(fallback.param).toEqual({
        filename: [`M800${MEDIA_MID}.mp3`],
        guid: primary.param.guid,
        songmid: [MID],
        songtype: [0],
        uin: '123',
        loginflag: 1,
        platform: '20',
      });
      expect(fallback.request.method).toBe('POST');
      expect(fallback.request.comm).toMatchObject({ uin: '123', authst: 'Q_H_L_abc' });
    });

    it('502 when both vkey calls fail with a business error', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.vkey.GetVkey' });
      h.fake.fault({ kind: 'business', code: 500001 }, { module: 'vkey.GetVkeyServer' });
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 });
      expect(h.fake.musicuCalls(CGI_VKEY)).toHaveLength(1);
    });

    it.each([
      [2001, 503, 'UPSTREAM_RATE_LIMITED'],
      [1000, 401, 'LOGIN_EXPIRED'],
      [20274, 403, 'UPSTREAM_DEVICE_LIMIT'],
    ])('an account or quota code (%i) from UrlGetVkey is answered as is: one vkey call, no fallback', async (code, status, errorCode) => {
      h.fake.fault({ kind: 'business', code }, { module: 'music.vkey.GetVkey' });
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(status);
      expect(res.body).toMatchObject({ errorCode, upstreamCode: code });
      expect(h.fake.musicuCalls(URL_VKEY)).toHaveLength(1);
      expect(h.fake.musicuCalls(CGI_VKEY)).toHaveLength(0);
    });

    it('502 on a transport failure of the vkey call (no fallback for non-business errors)', async () => {
      h.fake.fault({ kind: 'garbage' }, { module: 'music.vkey.GetVkey' });
      const res = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(502);
      expect(res.body.errorCode).toBe('UPSTREAM_BAD_RESPONSE');
      expect(h.fake.musicuCalls(CGI_VKEY)).toHaveLength(0);
    });

    it('502 when the song detail answers HTTP 500, 504 when the vkey call hangs', async () => {
      h.fake.fault({ kind: 'status', status: 500 }, { module: 'music.pf_song_detail_svr', times: 1 });
      const bad = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(502);
      expect(bad.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.fault({ kind: 'hang' }, { module: 'music.vkey.GetVkey', times: 1 });
      const slow = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get(`/getMusicPlay?songmid=${MID}`).expect(504));
      expect(slow.body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('GET /downloadMainMusic', () => {
    it('returns a song download address with the file name, via the same vkey flow', async () => {
      const res = await h.http().get(`/downloadMainMusic?songmid=${MID}&quality=flac`).expect(200);
      const filename = `F000${MEDIA_MID}.flac`;
      expect(res.body.code).toBe(0);
      expect(res.body.data).toEqual({
        url: expect.stringMatching(new RegExp(`^http://isure\\.stream\\.qqmusic\\.qq\\.com/${filename}\\?guid=[0-9a-f]{32}&vkey=`)),
        size: SIZES.flac,
        quality: 'flac',
        available: AVAILABLE,
        filename,
      });
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param)).toEqual([{ song_type: 0, song_mid: MID }]);
      expect(h.fake.musicuCalls(URL_VKEY).at(-1)!.param).toMatchObject({ filename: [filename], songmid: [MID], songtype: [0], uin: '0' });
      expect(h.fake.requestsTo('y')).toHaveLength(0); // not the desktop-installer download.js
    });

    it('defaults to 128 (M500 .mp3), also for an empty quality', async () => {
      const res = await h.http().get(`/downloadMainMusic?songmid=${MID}`).expect(200);
      expect(res.body.data).toMatchObject({ filename: `M500${MEDIA_MID}.mp3`, quality: '128kbps', size: SIZES['128'] });
      const empty = await h.http().get(`/downloadMainMusic?songmid=${MID}&quality=`).expect(200);
      expect(empty.body.data).toMatchObject({ filename: `M500${MEDIA_MID}.mp3`, quality: '128kbps' });
      const asked = [[`M500${MID}.mp3`], [`M500${MEDIA_MID}.mp3`]];
      expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename)).toEqual([...asked, ...asked]);
    });

    it('400 for a missing songmid or an unknown quality; 403 for a song without rights', async () => {
      expect((await h.http().get('/downloadMainMusic?quality=flac').expect(400)).body.error).toMatch(/songmid is required/);
      expect((await h.http().get(`/downloadMainMusic?songmid=${MID}&quality=lossless`).expect(400)).body.error).toMatch(
        /quality must be one of 128, 320, m4a, flac, ape, aac48, aac192, ogg96, ogg192, ogg320, ogg640, hires, master, atmos, atmos51, atmos71, dolby, dtsx, nac, best/,
      );
      expect(h.fake.requests).toHaveLength(0);
      state().vipMids.add(MID);
      const res = await h.http().get(`/downloadMainMusic?songmid=${MID}`).expect(403);
      expect(res.body).toMatchObject({ errorCode: 'NO_PLAY_URL', upstreamResult: 104003 });
    });
  });

  describe('GET /getLyric', () => {
    it('asks the lyric CGI and base64-decodes lyric and trans', async () => {
      const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data.lyric.startsWith('[ti:晴天]\n[ar:周杰伦]\n[al:叶惠美]\n')).toBe(true);
      expect(res.body.data.lyric).toContain('[00:00.18]晴天 - 周杰伦\n');
      expect(res.body.data.lyric).toContain('[00:29.64](fake lyric line 1)');
      expect(res.body.data.trans).toBe('');
      const [req] = h.fake.requestsTo('c', LYRIC_PATH);
      expect(req.host).toBe('c.y.qq.com');
      expect(req.method).toBe('GET');
      expect(req.query).toMatchObject({ songmid: MID, format: 'json', g_tk: '5381' });
      expect(req.query.pcachetime).toMatch(/^\d{13}$/);
      expect(req.headers.referer).toBe('https://y.qq.com/');
    });

    it("serves each catalogue song its own lyric: the tags and title line name the song the catalogue gives for that MID", async () => {
      const songs = catalog().filter((s, i, all) => all.findIndex((o) => o.name === s.name) === i).slice(0, 5);
      expect(songs.map((s) => s.mid)).toContain(MID);
      for (const song of songs) {
        const artist = song.singers.map((s) => s.name).join('/');
        const res = await h.http().get(`/getLyric?songmid=${song.mid}&isFormat=1`).expect(200);
        const { lyric } = res.body.data;
        expect(lyric.tags).toEqual({ title: song.name, artist, album: song.albumName, offset: 0, by: '' });
        expect(lyric.lines[0].txt).toBe(`${song.name} - ${artist}`);
        for (const other of songs.filter((o) => o !== song)) expect(lyric.lyric).not.toContain(other.name);
      }
      expect(h.fake.requestsTo('c', LYRIC_PATH).map((r) => r.query.songmid)).toEqual(songs.map((s) => s.mid));
    });

    it('isFormat=1 parses tags and timed lines (sorted, empty lines dropped)', async () => {
      const res = await h.http().get(`/getLyric?songmid=${MID}&isFormat=1`).expect(200);
      const { lyric, trans } = res.body.data;
      expect(lyric.lyric.startsWith('[ti:晴天]')).toBe(true);
      expect(lyric.tags).toEqual({ title: '晴天', artist: '周杰伦', album: '叶惠美', offset: 0, by: '' });
      // the genuine payload's time grid, with its empty lines dropped
      expect(lyric.lines.slice(0, 3)).toEqual([
        { time: 180, text: '晴天 - 周杰伦', txt: '晴天 - 周杰伦' },
        { time: 29640, text: '(fake lyric line 1)', txt: '(fake lyric line 1)' },
        { time: 34870, text: '(fake lyric line 2)', txt: '(fake lyric line 2)' },
      ]);
      expect(lyric.lines).toHaveLength(20);
      expect(lyric.lines.at(-1)).toEqual({ time: 186930, text: '(fake lyric line 19)', txt: '(fake lyric line 19)' });
      expect(lyric.lines.every((l: any) => l.txt !== '')).toBe(true);
      expect(trans).toEqual({ lyric: '', tags: { title: '', artist: '', album: '', offset: 0, by: '' }, lines: [] });
    });

    it('reads a JSONP answer, decodes UTF-8 and parses trans, with several time tags per line', async () => {
      state().lyrics.set(MID, {
        lyric: '[ti:晴天]\n[ar:周杰伦]\n[offset:-200]\n[01:00.500][00:02.5]故事的小黄花\n[00:01.05]从出生那年就飘着\n[00:03.00]\n',
        trans: '[00:01.05]Floating since the year of birth\n',
      });
      state().jsonpLyricMids.add(MID);
      const plain = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
      expect(plain.body.data.lyric).toContain('[00:01.05]从出生那年就飘着');
      expect(plain.body.data.trans).toBe('[00:01.05]Floating since the year of birth\n');
      const res = await h.http().get(`/getLyric?songmid=${MID}&isFormat=1`).expect(200);
      expect(res.body.data.lyric.tags).toMatchObject({ title: '晴天', artist: '周杰伦', offset: -200 });
      expect(res.body.data.lyric.lines).toEqual([
        { time: 1050, text: '从出生那年就飘着', txt: '从出生那年就飘着' },
        { time: 2500, text: '故事的小黄花', txt: '故事的小黄花' },
        { time: 60500, text: '故事的小黄花', txt: '故事的小黄花' },
      ]);
      expect(res.body.data.trans.lines).toEqual([{ time: 1050, text: 'Floating since the year of birth', txt: 'Floating since the year of birth' }]);
      expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(2);
    });

    it('404 LYRIC_NOT_FOUND when upstream answers a negative retcode', async () => {
      state().noLyricMids.add(MID);
      const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(404);
      expect(res.body).toMatchObject({ errorCode: 'LYRIC_NOT_FOUND', upstreamCode: -1901 });
      expect(res.body.error).toContain(MID);
    });

    it.each([
      ['{"code":1000}', 401, 'LOGIN_EXPIRED', 1000],
      ['MusicJsonCallback({"retcode":0,"code":1000,"subcode":0})', 401, 'LOGIN_EXPIRED', 1000],
      ['{"retcode":2001,"code":2001,"subcode":2001}', 503, 'UPSTREAM_RATE_LIMITED', 2001],
    ])('an account or quota code (%s) is a failure, neither LYRIC_NOT_FOUND nor a reason to ask PlayLyricInfo', async (body, status, errorCode, code) => {
      h.fake.fault({ kind: 'status', status: 200, body }, { host: 'c', path: LYRIC_PATH });
      const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(status);
      expect(res.body).toEqual({ error: expect.stringContaining('fcg_query_lyric_new.fcg'), errorCode, upstreamCode: code });
      expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(1);
      expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(0);
    });

    it('a CGI answer, with or without a translation, is the only upstream call (no PlayLyricInfo)', async () => {
      const untranslated = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
      expect(untranslated.body.data.trans).toBe('');
      expect(h.fake.requests.map((r) => r.path)).toEqual([LYRIC_PATH]);
      h.fake.requests.length = 0;
      state().lyrics.set(MID, TRANSLATED);
      const translated = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
      expect(translated.body.data).toEqual(TRANSLATED);
      expect(h.fake.requests.map((r) => r.path)).toEqual([LYRIC_PATH]);
    });

    describe('the CGI failing: PlayLyricInfo answers the lyric and its translation', () => {
      const fallbacksCounted = async (): Promise<number> => {
        const line = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(CGI_FALLBACK_SERIES));
        return line === undefined ? 0 : Number(line.slice(CGI_FALLBACK_SERIES.length + 1));
      };

      it.each<[string, Fault]>([
        ['a module code (-2)', { kind: 'status', status: 200, body: '{"retcode":-2,"code":-2,"subcode":-2}' }],
        ['HTTP 500', { kind: 'status', status: 500 }],
        ['HTTP 404 (a retired CGI)', { kind: 'status', status: 404 }],
        ['a body that is not JSON', { kind: 'garbage' }],
      ])('%s → the same fields from PlayLyricInfo (qrc: 0), counted as a fallback of the CGI', async (_what, fault) => {
        state().lyrics.set(MID, TRANSLATED);
        h.fake.fault(fault, { host: 'c', path: LYRIC_PATH });
        const before = await fallbacksCounted();
        const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
        expect(res.body).toEqual({ code: 0, msg: 'ok', data: TRANSLATED });
        const calls = h.fake.musicuCalls(PLAY_LYRIC);
        expect(calls).toHaveLength(1);
        expect(calls[0].param).toEqual({
          crypt: 1, ct: 11, cv: 14090008, lrc_t: 0, qrc: 0, qrc_t: 0, roma: 0, roma_t: 0, trans: 1, trans_t: 0, type: 1, songMid: MID,
        });
        expect(calls[0].request.host).toBe('u.y.qq.com');
        expect(await fallbacksCounted()).toBe(before + 1);

        const parsed = await h.http().get(`/getLyric?songmid=${MID}&isFormat=1`).expect(200);
        expect(parsed.body.data.lyric.lines).toEqual([{ time: 1050, text: '从出生那年就飘着', txt: '从出生那年就飘着' }, { time: 2500, text: '故事的小黄花', txt: '故事的小黄花' }]);
        expect(parsed.body.data.trans.lines).toEqual([{ time: 1050, text: 'Floating since the year of birth', txt: 'Floating since the year of birth' }]);

        // The legacy shape: the CGI's fields rebuilt, `lyric` decoded and `trans` base64 as on the CGI path.
        const legacy = await h.http().get(`/getLyric?songmid=${MID}&shape=legacy`).expect(200);
        expect(legacy.body.response).toEqual({ retcode: 0, code: 0, subcode: 0, lyric: TRANSLATED.lyric, trans: Buffer.from(TRANSLATED.trans).toString('base64') });
      });

      it('a song PlayLyricInfo has no lyric for is 404 LYRIC_NOT_FOUND', async () => {
        state().noLyricMids.add(MID);
        h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: LYRIC_PATH });
        const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(404);
        expect(res.body).toMatchObject({ errorCode: 'LYRIC_NOT_FOUND', upstreamCode: null });
        expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(1);
      });

      it.each<[string, () => void, number, Record<string, unknown>]>([
        [
          'a business code',
          () => h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.musichallSong.PlayLyricInfo' }),
          502,
          { error: expect.stringContaining('GetPlayLyricInfo'), errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 },
        ],
        [
          'a lyric that does not decode',
          () => lyricQrcState(h.fake.state).payloads.set(MID, { lyric: 'ABC' }),
          502,
          { error: expect.stringMatching(/GetPlayLyricInfo answered a lyric that does not decode: .*odd number/), errorCode: 'UPSTREAM_BAD_RESPONSE' },
        ],
        [
          'HTTP 500',
          () => h.fake.fault({ kind: 'status', status: 500 }, { host: 'u', path: '/cgi-bin/musicu.fcg' }),
          502,
          { error: expect.any(String), errorCode: 'UPSTREAM_BAD_STATUS' },
        ],
      ])('both failing (PlayLyricInfo: %s) → the clean JSON error, never a 500', async (_what, failPlayLyric, status, body) => {
        h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: LYRIC_PATH });
        failPlayLyric();
        const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(status);
        expect(res.body).toEqual(body);
        expect(h.fake.requestsTo('u', '/cgi-bin/musicu.fcg')).toHaveLength(1);
      });

      it('no answer at all (a reset connection) is final: 502, PlayLyricInfo not asked', async () => {
        h.fake.fault({ kind: 'reset' }, { host: 'c', path: LYRIC_PATH });
        const res = await h.http().get(`/getLyric?songmid=${MID}`).expect(502);
        expect(res.body.errorCode).toBe('UPSTREAM_UNREACHABLE');
        expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(0);
      });
    });

    it('400 naming songmid / isFormat', async () => {
      expect((await h.http().get('/getLyric').expect(400)).body.error).toMatch(/songmid is required/);
      expect((await h.http().get(`/getLyric?songmid=${MID}&isFormat=2`).expect(400)).body.error).toMatch(/isFormat must be 0 or 1/);
      expect((await h.http().get(`/getLyric?songmid=${'A'.repeat(33)}`).expect(400)).body.error).toMatch(/songmid must be a song MID/);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('retries an HTML refusal once with the y.qq.com Referer before anything else', async () => {
      h.fake.fault({ kind: 'html' }, { host: 'c', path: LYRIC_PATH, times: 1 });
      await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
      expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(2);
      expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(0);
    });
  });

  describe('GET /getAlbumInfo', () => {
    it('asks AlbumInfoServer + AlbumSongList in one POST and maps the album', async () => {
      const res = await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(200);
      expect(res.body.code).toBe(0);
      expect(res.body.data).toMatchObject({
        albumId: 8220,
        albumMid: '000MkMni19ClKG',
        albumName: '叶惠美',
        singerName: '周杰伦',
        publicTime: '2003-07-31',
        cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000MkMni19ClKG_1.jpg',
        company: expect.any(String),
        desc: expect.any(String),
        total: 1,
      });
      expect(res.body.data.songs).toEqual([
        { songmid: MID, songid: 97773, songname: '晴天', singers: [expect.objectContaining({ mid: expect.any(String), name: '周杰伦' })], interval: 269, singer: [expect.objectContaining({ mid: expect.any(String), name: '周杰伦' })] },
      ]);
      const [detail] = h.fake.musicuCalls(ALBUM_DETAIL);
      const [songs] = h.fake.musicuCalls(ALBUM_SONGS);
      expect(detail.request).toBe(songs.request);
      expect(detail.request.method).toBe('POST');
      expect(detail.param).toEqual({ albumMId: '000MkMni19ClKG' });
      expect(songs.param).toEqual({ albumMid: '000MkMni19ClKG', begin: 0, num: 999 });
      expect(h.fake.requestsTo('c')).toHaveLength(0);
    });

    it('keeps the upstream song order and normalises the date', async () => {
      const ids = catalog().slice(1, 4).map((s) => s.id);
      state().albums.set('002AbCdEfGhIjK', {
        id: 4242, mid: '002AbCdEfGhIjK', name: 'Test Album', publishDate: '2019-5-3', company: 'Some Label', desc: 'About it', songIds: ids,
      });
      const res = await h.http().get('/getAlbumInfo?albummid=002AbCdEfGhIjK').expect(200);
      expect(res.body.data).toMatchObject({ albumName: 'Test Album', publicTime: '2019-05-03', company: 'Some Label', desc: 'About it', total: 3 });
      expect(res.body.data.songs.map((s: any) => s.songid)).toEqual(ids);
      expect(res.body.data.songs.map((s: any) => s.songmid)).toEqual(catalog().slice(1, 4).map((s) => s.mid));
    });

    it('falls back to the legacy CGI on a business error and maps it the same way', async () => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallAlbum.AlbumInfoServer' });
      const res = await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(200);
      expect(res.body.data).toMatchObject({
        albumId: 8220,
        albumMid: '000MkMni19ClKG',
        albumName: '叶惠美',
        singerName: '周杰伦',
        publicTime: '2003-07-31',
        total: 1,
      });
      expect(res.body.data.songs).toEqual([
        { songmid: MID, songid: 97773, songname: '晴天', singers: [expect.objectContaining({ name: '周杰伦' })], interval: 269, singer: [expect.objectContaining({ name: '周杰伦' })] },
      ]);
      const [cgi] = h.fake.requestsTo('c', ALBUM_CGI_PATH);
      expect(cgi.method).toBe('GET');
      expect(cgi.query).toMatchObject({ albummid: '000MkMni19ClKG', format: 'json' });
    });

    it('404 ALBUM_NOT_FOUND for an unknown album, on the primary and on the fallback path', async () => {
      const res = await h.http().get('/getAlbumInfo?albummid=000NoSuchAlbum').expect(404);
      expect(res.body.errorCode).toBe('ALBUM_NOT_FOUND');
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallAlbum.AlbumSongList' });
      const viaCgi = await h.http().get('/getAlbumInfo?albummid=000NoSuchAlbum').expect(404);
      expect(viaCgi.body.errorCode).toBe('ALBUM_NOT_FOUND');
      expect(h.fake.requestsTo('c', ALBUM_CGI_PATH)).toHaveLength(1);
    });

    it.each([
      ['{"code":1000}', 401, 'LOGIN_EXPIRED', 1000],
      ['{"code":-500,"subcode":-500,"data":null}', 502, 'UPSTREAM_ERROR', -500],
    ])('a business code from the CGI fallback (%s) is mapped, not taken for an unknown album', async (body, status, errorCode, code) => {
      h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallAlbum.AlbumInfoServer' });
      h.fake.fault({ kind: 'status', status: 200, body }, { host: 'c', path: ALBUM_CGI_PATH });
      const res = await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(status);
      expect(res.body).toEqual({ error: expect.stringContaining('fcg_v8_album_info_cp.fcg'), errorCode, upstreamCode: code });
    });

    it('an empty web-comm AlbumSongList answer is retried once, alone, with the minimal Android comm and UA', async () => {
      state().albumSongsEmptyOnWebComm.add('000MkMni19ClKG');
      const res = await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(200);
      const calls = h.fake.musicuCalls(ALBUM_SONGS);
      expect(calls).toHaveLength(2);
      expect(calls[0].request.comm).toMatchObject({ ct: 24, cv: 4747474 });
      expect(calls[1].request.comm).toEqual(ANDROID_ANON);
      expect(calls[1].request.headers['user-agent']).toBe('QQMusic 14090008(android 10)');
      expect(calls[1].request.musicu).toHaveLength(1);
      expect(calls[1].param).toEqual(calls[0].param);
      expect(h.fake.musicuCalls(ALBUM_DETAIL)).toHaveLength(1);
      expect(res.body.data).toMatchObject({ albumName: '叶惠美', total: 1 });
      expect(res.body.data.songs).toEqual([
        { songmid: MID, songid: 97773, songname: '晴天', singers: [expect.objectContaining({ name: '周杰伦' })], interval: 269, singer: [expect.objectContaining({ name: '周杰伦' })] },
      ]);
      expect(h.fake.requestsTo('c', ALBUM_CGI_PATH)).toHaveLength(0);
    });

    it('the Android retry comm carries qq/authst/tmeLoginType when logged in', async () => {
      state().albumSongsEmptyOnWebComm.add('000MkMni19ClKG');
      await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').set('Cookie', COOKIE).expect(200);
      const calls = h.fake.musicuCalls(ALBUM_SONGS);
      expect(calls[1].request.comm).toEqual(issuedAndroidComm({ qq: '123', authst: 'Q_H_L_abc', tmeLoginType: 2 }));
      expect(calls[1].request.cookie).toContain('qqmusic_key=Q_H_L_abc');
    });

    it('no Android retry when the album has songs, nor for an album upstream does not know', async () => {
      await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(200);
      expect(h.fake.musicuCalls(ALBUM_SONGS)).toHaveLength(1);
      h.fake.reset();
      await h.http().get('/getAlbumInfo?albummid=000NoSuchAlbum').expect(404);
      expect(h.fake.musicuCalls(ALBUM_SONGS)).toHaveLength(1);
    });

    it('400 naming albummid; 502/504 on upstream faults', async () => {
      expect((await h.http().get('/getAlbumInfo').expect(400)).body.error).toMatch(/albummid is required/);
      expect((await h.http().get(`/getAlbumInfo?albummid=${'A'.repeat(33)}`).expect(400)).body.error).toMatch(/albummid must be an album MID/);
      expect(h.fake.requests).toHaveLength(0);
      h.fake.fault({ kind: 'status', status: 503 }, { host: 'u', times: 1 });
      expect((await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(502)).body.errorCode).toBe('UPSTREAM_BAD_STATUS');
      h.fake.fault({ kind: 'hang' }, { host: 'u', times: 1 });
      expect((await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(504))).body.errorCode).toBe('UPSTREAM_TIMEOUT');
    });
  });

  describe('POST /batchGetSongInfo', () => {
    it('answers data [] without asking upstream when songs is missing', async () => {
      const res = await h.http().post('/batchGetSongInfo').send({}).expect(200);
      expect(res.body).toEqual({ code: 0, msg: 'ok', data: [] });
      const empty = await h.http().post('/batchGetSongInfo').send({ songs: [] }).expect(200);
      expect(empty.body.data).toEqual([]);
      // JSON null means absent, like a missing field
      const none = await h.http().post('/batchGetSongInfo').send({ songs: null }).expect(200);
      expect(none.body.data).toEqual([]);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('looks up each song by MID and keeps the order; a missing song_id becomes ""', async () => {
      const other = catalog()[2];
      const res = await h.http().post('/batchGetSongInfo').send({ songs: [[MID], [other.mid, String(other.id)]] }).expect(200);
      expect(res.body.code).toBe(0);
      const [first, second] = res.body.data;
      expect(first).toMatchObject({ song_mid: MID, song_id: '', ok: true, data: { id: 97773, mid: MID, name: '晴天' } });
      expect(first.songinfo.code).toBe(0);
      expect(first.songinfo.data.track_info.mid).toBe(MID);
      expect(second).toMatchObject({ song_mid: other.mid, song_id: String(other.id), ok: true, data: { id: other.id, mid: other.mid } });
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param).sort((a, b) => a.song_mid.localeCompare(b.song_mid))).toEqual(
        [{ song_type: 0, song_mid: MID }, { song_type: 0, song_mid: other.mid }].sort((a, b) => a.song_mid.localeCompare(b.song_mid)),
      );
    });

    it('keeps the good parts when some lookups fail or find nothing', async () => {
      const [a, b] = catalog().slice(1, 3);
      state().failingSongIds.add(b.id);
      const res = await h.http().post('/batchGetSongInfo').send({ songs: [[a.mid], [b.mid, String(b.id)], ['000000000000zz']] }).expect(200);
      const [ok, failed, unknown] = res.body.data;
      expect(ok).toMatchObject({ song_mid: a.mid, ok: true, data: { mid: a.mid } });
      expect(failed).toEqual({
        song_mid: b.mid,
        song_id: String(b.id),
        ok: false,
        error: expect.stringContaining('500001'),
        errorCode: 'UPSTREAM_ERROR',
        upstreamCode: 500001,
      });
      expect(unknown).toEqual({ song_mid: '000000000000zz', song_id: '', ok: false, error: 'No song found for songmid 000000000000zz', errorCode: 'SONG_NOT_FOUND' });
    });

    it('50 songs cost ONE upstream request: one detail key per distinct song, answers in order, duplicates each answered', async () => {
      const distinct = catalog().slice(0, 30);
      expect(distinct).toHaveLength(30);
      // 30 distinct songs (by MID, or by id when song_mid is empty), then 20 repeats of songs already asked
      const songs = Array.from({ length: 50 }, (_, i) => {
        const s = distinct[i % 30];
        if (i >= 30) return i % 2 ? ['', String(s.id)] : [s.mid];
        return i % 2 ? ['', String(s.id)] : [s.mid, String(s.id)];
      });
      const res = await h.http().post('/batchGetSongInfo').send({ songs }).expect(200);
      expect(h.fake.requests).toHaveLength(1);
      expect(h.fake.requests[0]).toMatchObject({ host: 'u.y.qq.com', path: '/cgi-bin/musicu.fcg', method: 'POST' });
      const keys = h.fake.musicuCalls(SONG_DETAIL);
      expect(keys).toHaveLength(30);
      expect(keys.map((c) => c.param)).toEqual(distinct.map((s, i) => (i % 2 ? { song_type: 0, song_id: s.id } : { song_type: 0, song_mid: s.mid })));
      expect(res.body.data).toHaveLength(50);
      res.body.data.forEach((item: any, i: number) => {
        const song = distinct[i % 30];
        expect(item).toMatchObject({ song_mid: songs[i][0], song_id: songs[i][1] ?? '', ok: true, data: { id: song.id, mid: song.mid } });
        expect(item.songinfo).toEqual({ code: 0, data: expect.objectContaining({ track_info: expect.objectContaining({ id: song.id, mid: song.mid }) }) });
      });
    }, 120_000);

    it('in that one request, a failing, an omitted and an unknown song each get their own error; the rest are kept', async () => {
      const [a, b, c, d] = catalog().slice(1, 5);
      state().failingSongIds.add(b.id);
      state().omittedSongIds.add(c.id);
      const songs = [[a.mid], [b.mid, String(b.id)], ['', String(c.id)], ['000000000000zz'], [d.mid], [b.mid]];
      const res = await h.http().post('/batchGetSongInfo').send({ songs }).expect(200);
      expect(h.fake.requests).toHaveLength(1);
      expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(5);
      const [ok, failed, omitted, unknown, last, failedAgain] = res.body.data;
      expect(ok).toMatchObject({ song_mid: a.mid, ok: true, data: { mid: a.mid } });
      const failure = { ok: false, error: expect.stringContaining('500001'), errorCode: 'UPSTREAM_ERROR', upstreamCode: 500001 };
      expect(failed).toEqual({ song_mid: b.mid, song_id: String(b.id), ...failure });
      expect(failedAgain).toEqual({ song_mid: b.mid, song_id: '', ...failure });
      // a key missing from the answer fails as a single call missing its key does
      expect(omitted).toEqual({ song_mid: '', song_id: String(c.id), ok: false, error: expect.stringContaining('upstream code -1'), errorCode: 'UPSTREAM_ERROR', upstreamCode: -1 });
      expect(unknown).toEqual({ song_mid: '000000000000zz', song_id: '', ok: false, error: 'No song found for songmid 000000000000zz', errorCode: 'SONG_NOT_FOUND' });
      expect(last).toMatchObject({ song_mid: d.mid, ok: true, data: { mid: d.mid } });
    }, 120_000);

    it('the legacy shape still lists one single-call musicu body per song (a failed one left out)', async () => {
      const [a, b, c] = catalog().slice(1, 4);
      state().failingSongIds.add(b.id);
      const res = await h.http().post('/batchGetSongInfo?shape=legacy').send({ songs: [[a.mid], [b.mid], [c.mid]] }).expect(200);
      expect(h.fake.requests).toHaveLength(1);
      const bodies = res.body.response.data as any[];
      expect(bodies).toHaveLength(2);
      bodies.forEach((body, i) => {
        expect(Object.keys(body).sort()).toEqual(['code', 'songinfo', 'start_ts', 'traceid', 'ts']);
        expect(body.code).toBe(0);
        expect(body.songinfo).toEqual({ code: 0, data: expect.objectContaining({ track_info: expect.objectContaining({ mid: [a, c][i].mid }) }) });
      });
    }, 120_000);

    it.each([
      ['a string', { songs: 'abc' }],
      ['flat strings', { songs: [MID] }],
      ['a 3-element entry', { songs: [[MID, '1', 'x']] }],
      ['a numeric song_id', { songs: [[MID, 1]] }],
      ['an empty entry', { songs: [[]] }],
      ['an entry with neither mid nor id', { songs: [['', '']] }],
      ['a song_id past 15 digits (would not stay exact)', { songs: [['', '9007199254740993']] }],
      ['a song_id that is not digits', { songs: [[MID, '12a']] }],
      ['51 entries', { songs: Array.from({ length: 51 }, () => [MID]) }],
    ])('400 naming songs for %s', async (_label, body) => {
      const res = await h.http().post('/batchGetSongInfo').send(body).expect(400);
      expect(res.body.errorCode).toBe('BAD_REQUEST');
      expect(res.body.error).toMatch(/^songs must be an array of at most 50 elements/);
      expect(h.fake.requests).toHaveLength(0);
    });

    it('accepts exactly 50 entries, and looks up by song_id when song_mid is empty (50 repeats: one key)', async () => {
      const res = await h.http().post('/batchGetSongInfo').send({ songs: Array.from({ length: 50 }, () => ['', '97773']) }).expect(200);
      expect(res.body.data).toHaveLength(50);
      for (const item of res.body.data) expect(item).toMatchObject({ song_mid: '', song_id: '97773', ok: true, data: { mid: MID } });
      expect(h.fake.requests).toHaveLength(1);
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param)).toEqual([{ song_type: 0, song_id: 97773 }]);
    }, 120_000);

    it('a failed request (here a timeout) marks every song with that error and keeps the 200 envelope', async () => {
      h.fake.fault({ kind: 'hang' }, { module: 'music.pf_song_detail_svr', times: 1 });
      const [other] = catalog().slice(2, 3);
      const res = await withUpstreamTimeout(h, HUNG_CALL_BOUND_MS, () => h.http().post('/batchGetSongInfo').send({ songs: [[MID], [other.mid], [MID]] }).expect(200));
      // at most: a CPU-starved gateway may time out before the fake has logged the request
      expect(h.fake.requests.length).toBeLessThanOrEqual(1);
      expect(res.body.data).toHaveLength(3);
      for (const item of res.body.data) expect(item).toMatchObject({ ok: false, errorCode: 'UPSTREAM_TIMEOUT', error: expect.any(String) });
      expect(res.body.data.map((d: any) => d.song_mid)).toEqual([MID, other.mid, MID]);
    }, 120_000);
  });
});
