import { catalog } from '../../fake-upstream/catalog';
import { musicState } from '../../fake-upstream/handlers/music';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The music answers the documented examples leave out (a list of play URLs with failures, a parsed lyric, an album
 * from the legacy CGI, failed batch entries) validate against their declared schemas too (decision 021); the example
 * answers are validated by test/robustness/answer-schemas.e2e-spec.ts.
 */

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
const ALBUM_CGI_PATH = '/v8/fcg-bin/fcg_v8_album_info_cp.fcg';
const LYRIC_PATH = '/lyric/fcgi-bin/fcg_query_lyric_new.fcg';
/** 晴天: no APE file; its media MID differs from its MID. */
const MID = '0039MnYb0qxYhV';
const UNKNOWN = '000000000000zz';

describe('music answers match their declared schemas', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const state = () => musicState(h.fake.state);

  /** The schema errors of a JSON answer ('' when it validates). */
  const problemsOf = (method: 'get' | 'post', path: string, body: unknown): string => validate(`${method.toUpperCase()} ${path}`, body).join('; ');

  it('GET /getMusicPlay with several MIDs: a URL, and each failure (unknown song, missing quality, no rights)', async () => {
    const [plain, vip] = catalog().filter((s) => s.mid !== MID);
    state().vipMids.add(vip.mid);
    const res = await h.http().get(`/getMusicPlay?songmid=${plain.mid},${UNKNOWN},${vip.mid}`).expect(200);
    const [ok, unknown, noRights] = res.body.data.list;
    expect(ok).toMatchObject({ songmid: plain.mid, quality: '128kbps' });
    expect(unknown).toMatchObject({ songmid: UNKNOWN, url: '', errorCode: 'SONG_NOT_FOUND' });
    expect(noRights).toMatchObject({ songmid: vip.mid, url: '', errorCode: 'NO_PLAY_URL' });
    expect(problemsOf('get', '/getMusicPlay', res.body)).toBe('');

    h.fake.reset();
    const ape = await h.http().get(`/getMusicPlay?songmid=${MID},${plain.mid}&quality=ape`).expect(200);
    expect(ape.body.data.list[0]).toMatchObject({ songmid: MID, url: '', errorCode: 'QUALITY_UNAVAILABLE' });
    expect(problemsOf('get', '/getMusicPlay', ape.body)).toBe('');
    expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param.song_mid)).toEqual([MID, plain.mid]);
  });

  it('GET /getMusicPlay: the schema tells a URL entry from a failure (a failure with a URL, an unknown errorCode fail)', () => {
    const failure = { songmid: UNKNOWN, url: '', error: 'No song found', errorCode: 'SONG_NOT_FOUND', available: [] };
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { list: [failure] } })).toBe('');
    const { available: _available, ...withoutAvailable } = failure;
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { list: [withoutAvailable] } })).not.toBe('');
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { url: 'https://x', size: 1, quality: 'master', available: ['master'] } })).toBe('');
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { list: [{ ...failure, url: 'https://x' }] } })).not.toBe('');
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { list: [{ ...failure, errorCode: 'UPSTREAM_TIMEOUT' }] } })).not.toBe('');
    expect(problemsOf('get', '/getMusicPlay', { code: 0, msg: 'ok', data: { url: 'https://x', size: 1, quality: '999kbps' } })).not.toBe('');
  });

  it('POST /getMusicPlayBatch: found and failed entries match the schema, and the schema tells them apart', async () => {
    state().vipMids.add(MID);
    const [plain] = catalog().filter((s) => s.mid !== MID && s.mediaMid === s.mid);
    const res = await h.http().post('/getMusicPlayBatch').send({ songmids: [plain.mid, MID, UNKNOWN], quality: 'best' }).expect(200);
    expect(res.body.data.map((e: { ok: boolean }) => e.ok)).toEqual([true, false, false]);
    expect(problemsOf('post', '/getMusicPlayBatch', res.body)).toBe('');
    const [found, failed] = res.body.data;
    expect(problemsOf('post', '/getMusicPlayBatch', { ...res.body, data: [{ ...failed, ok: true }] })).not.toBe('');
    expect(problemsOf('post', '/getMusicPlayBatch', { ...res.body, data: [{ ...found, available: undefined }] })).not.toBe('');
  });

  it('GET /downloadMainMusic answers JSON naming the URL and the file name (no audio bytes, no redirect)', async () => {
    const res = await h.http().get(`/downloadMainMusic?songmid=${MID}&quality=m4a`).expect(200);
    expect(res.type).toBe('application/json');
    expect(res.body.data).toMatchObject({ quality: 'm4a', filename: 'C400003Qui1q2u1Zho.m4a' });
    expect(problemsOf('get', '/downloadMainMusic', res.body)).toBe('');
    expect(h.fake.musicuCalls(URL_VKEY).at(-1)!.param.filename).toEqual(['C400003Qui1q2u1Zho.m4a']);
  });

  it('GET /getLyric: the texts (isFormat=0) and the parsed lyric with a negative offset (isFormat=1)', async () => {
    state().lyrics.set(MID, {
      lyric: '[ti:晴天]\n[ar:周杰伦]\n[offset:-200]\n[01:00.500][00:02.5]故事的小黄花\n[00:01.05]从出生那年就飘着\n',
      trans: '[00:01.05]Floating since the year of birth\n',
    });
    const text = await h.http().get(`/getLyric?songmid=${MID}`).expect(200);
    expect(text.body.data.trans).toContain('Floating');
    expect(problemsOf('get', '/getLyric', text.body)).toBe('');
    const parsed = await h.http().get(`/getLyric?songmid=${MID}&isFormat=1`).expect(200);
    expect(parsed.body.data.lyric.tags.offset).toBe(-200);
    expect(parsed.body.data.trans.lines).toEqual([{ time: 1050, text: 'Floating since the year of birth', txt: 'Floating since the year of birth' }]);
    expect(problemsOf('get', '/getLyric', parsed.body)).toBe('');
    expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(2);
  });

  it('GET /getAlbumInfo from the legacy CGI, and a page of /getAlbumSongs past the end', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musichallAlbum.AlbumInfoServer' });
    const album = await h.http().get('/getAlbumInfo?albummid=000MkMni19ClKG').expect(200);
    expect(h.fake.requestsTo('c', ALBUM_CGI_PATH)).toHaveLength(1);
    expect(album.body.data.songs[0]).toMatchObject({ songmid: MID });
    expect(problemsOf('get', '/getAlbumInfo', album.body)).toBe('');

    h.fake.reset();
    const past = await h.http().get('/getAlbumSongs?albummid=000MkMni19ClKG&page=50&limit=2').expect(200);
    expect(past.body.data.songs).toEqual([]);
    expect(problemsOf('get', '/getAlbumSongs', past.body)).toBe('');
    expect(h.fake.musicuCalls('music.musichallAlbum.AlbumSongList.GetAlbumSongList')[0].param).toMatchObject({ begin: 100, num: 2 });
  });

  it('POST /batchGetSongInfo: a found song, a failed lookup (upstreamCode) and an unknown song', async () => {
    const [a, b] = catalog().slice(1, 3);
    state().failingSongIds.add(b.id);
    const res = await h.http().post('/batchGetSongInfo').send({ songs: [[a.mid], ['', String(b.id)], [UNKNOWN]] }).expect(200);
    expect(res.body.data.map((e: { ok: boolean; errorCode?: string }) => [e.ok, e.errorCode])).toEqual([
      [true, undefined],
      [false, 'UPSTREAM_ERROR'],
      [false, 'SONG_NOT_FOUND'],
    ]);
    expect(res.body.data[1].upstreamCode).toBe(500001);
    expect(problemsOf('post', '/batchGetSongInfo', res.body)).toBe('');
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(3);
    // `ok` tells the two shapes apart: a failure marked ok, or a found song without its data, fails
    const [found, failed] = res.body.data;
    expect(problemsOf('post', '/batchGetSongInfo', { ...res.body, data: [{ ...failed, ok: true }] })).not.toBe('');
    expect(problemsOf('post', '/batchGetSongInfo', { ...res.body, data: [{ ...found, data: undefined }] })).not.toBe('');
  });
});
