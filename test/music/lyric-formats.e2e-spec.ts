import { catalog } from '../../fake-upstream/catalog';
import { catalogueQrc, encryptLyricText, lyricQrcState, qrcXml, RECORDED_QRC_FIRST_LINE, RECORDED_QRC_MID } from '../../fake-upstream/handlers/lyric-qrc';
import { musicState } from '../../fake-upstream/handlers/music';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * /getLyric's opt-in formats (docs/music.md "Lyric formats (`format`, `roma`)"): format=qrc and format=timeline through
 * the word-by-word call, romanisation and translation aligned on the timeline, the LRC fallback of a missing or broken
 * payload, and the request the fake upstream logged.
 */

const PLAY_LYRIC = 'music.musichallSong.PlayLyricInfo.GetPlayLyricInfo';
const LYRIC_PATH = '/lyric/fcgi-bin/fcg_query_lyric_new.fcg';
/** 晴天, a catalogue song: its QRC is built on its fake LRC's time grid. */
const MID = '0039MnYb0qxYhV';
/** A song whose QRC, translation and romanisation a test sets. */
const JP_MID = '002JpTestSong1';

const JP_QRC = [
  '[ti:テスト]',
  '[ar:歌手]',
  '[1000,2000]君(1000,500)の(1500,500)声(2000,1000)',
  '[3000,1500]空(3000,700)へ(3700,800)',
  '[5000,1000]「ね」 (5000,400)"A" & <b>(5400,600)',
].join('\n');
const JP_ROMA = ['[1000,2000]kimi (1000,500)no (1500,500)koe(2000,1000)', '[3000,1500]sora (3000,700)e(3700,800)'].join('\n');
const JP_TRANS = ['[00:01.00]Your voice', '[00:03.01]//', '[00:05.00]"Hey" & bold'].join('\n');

describe('GET /getLyric formats', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const qrc = () => lyricQrcState(h.fake.state);
  const get = (query: string) => h.http().get(`/getLyric?${query}`);
  const expectDeclared = (body: unknown, member: string) => expect(validate('GET /getLyric', body, { member })).toEqual([]);
  const setJp = () => qrc().texts.set(JP_MID, { lyric: qrcXml(JP_QRC), trans: JP_TRANS, roma: qrcXml(JP_ROMA) });

  it('decodes the recorded upstream payload through HTTP to its words (format=timeline)', async () => {
    const res = await get(`songmid=${RECORDED_QRC_MID}&format=timeline`).expect(200);
    const { data } = res.body;
    expect(data).toMatchObject({ format: 'timeline', source: 'qrc', tags: { title: '富士山下', artist: '陈奕迅' } });
    expect(data.message).toBeUndefined();
    const line = data.lines.find((l: { start: number }) => l.start === RECORDED_QRC_FIRST_LINE.start);
    expect(line).toMatchObject({ duration: RECORDED_QRC_FIRST_LINE.duration, text: RECORDED_QRC_FIRST_LINE.words.join('') });
    expect(line.words.map((w: { text: string }) => w.text)).toEqual(RECORDED_QRC_FIRST_LINE.words);
    expect(line.words[0]).toEqual({ start: 23828, duration: 488, text: '拦' });
    expect(data.lines.length).toBeGreaterThan(30);
    expectDeclared(res.body, 'LyricTimeline');
    // the word-by-word call answered: the LRC CGI is not asked
    expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(0);
  });

  it('format=qrc answers the QRC lines out of their XML wrapper; the upstream request carries the documented params', async () => {
    const res = await get(`songmid=${RECORDED_QRC_MID}&format=qrc`).expect(200);
    const { data } = res.body;
    expect(data.format).toBe('qrc');
    expect(data.lyric).toContain('[23828,2174]拦(23828,488)路(24316,312)雨(24628,188)');
    expect(data.lyric).not.toContain('<QrcInfos>');
    expect(data.trans).toBe('');
    expect(data.roma).toBeUndefined();
    expectDeclared(res.body, 'LyricQrc');
    const [call] = h.fake.musicuCalls(PLAY_LYRIC);
    expect(call.param).toEqual({
      crypt: 1, ct: 11, cv: 14090008, lrc_t: 0, qrc: 1, qrc_t: 0, roma: 0, roma_t: 0, trans: 1, trans_t: 0, type: 1, songMid: RECORDED_QRC_MID,
    });
    expect(call.request.host).toBe('u.y.qq.com');
    expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(1);
  });

  it('aligns translation and romanisation on the timeline (roma=1), and unescapes the XML attribute', async () => {
    setJp();
    const res = await get(`songmid=${JP_MID}&format=timeline&roma=1`).expect(200);
    const { data } = res.body;
    expect(h.fake.musicuCalls(PLAY_LYRIC)[0].param).toMatchObject({ roma: 1, trans: 1, qrc: 1 });
    expect(data.tags).toMatchObject({ title: 'テスト', artist: '歌手' });
    expect(data.lines).toEqual([
      {
        start: 1000, duration: 2000, text: '君の声', trans: 'Your voice',
        words: [{ start: 1000, duration: 500, text: '君' }, { start: 1500, duration: 500, text: 'の' }, { start: 2000, duration: 1000, text: '声' }],
        roma: { text: 'kimi no koe', words: [{ start: 1000, duration: 500, text: 'kimi ' }, { start: 1500, duration: 500, text: 'no ' }, { start: 2000, duration: 1000, text: 'koe' }] },
      },
      {
        // '//' is upstream's "not translated": no trans
        start: 3000, duration: 1500, text: '空へ',
        words: [{ start: 3000, duration: 700, text: '空' }, { start: 3700, duration: 800, text: 'へ' }],
        roma: { text: 'sora e', words: [{ start: 3000, duration: 700, text: 'sora ' }, { start: 3700, duration: 800, text: 'e' }] },
      },
      {
        start: 5000, duration: 1000, text: '「ね」 "A" & <b>', trans: '"Hey" & bold',
        words: [{ start: 5000, duration: 400, text: '「ね」 ' }, { start: 5400, duration: 600, text: '"A" & <b>' }],
        roma: { text: '', words: [] },
      },
    ]);
    expect(data.roma).toBe(JP_ROMA);
    expectDeclared(res.body, 'LyricTimeline');

    const plain = await get(`songmid=${JP_MID}&format=qrc&roma=true`).expect(200);
    expect(plain.body.data).toEqual({ format: 'qrc', lyric: JP_QRC, trans: JP_TRANS, roma: JP_ROMA });
    expectDeclared(plain.body, 'LyricQrc');
  });

  it('serves a catalogue song its own QRC, whose lines match its LRC line by line', async () => {
    const song = catalog().find((s) => s.mid === MID)!;
    expect(catalogueQrc(song)).toContain('[180,950]晴天 (180,316)- (496,316)周杰伦(812,316)');
    const timeline = await get(`songmid=${MID}&format=timeline`).expect(200);
    const lrc = await get(`songmid=${MID}&isFormat=1`).expect(200);
    const lrcLines = lrc.body.data.lyric.lines as { time: number; txt: string }[];
    expect(timeline.body.data.lines.map((l: { start: number; text: string }) => [l.start, l.text])).toEqual(lrcLines.map((l) => [l.time, l.txt]));
    expect(timeline.body.data.lines[1].words.map((w: { text: string }) => w.text)).toEqual(['(fake ', 'lyric ', 'line ', '1)']);
  });

  it.each([
    ['not hex and not QRC', 'garbage that is not a lyric', /no word-timed line/],
    ['an odd number of hex digits', 'ABC', /odd number of hex digits/],
    ['truncated to a partial block', () => encryptLyricText(qrcXml(JP_QRC)).slice(0, -6), /not whole 8-byte blocks/],
    ['garbage bytes (as if the key were wrong)', 'A1B2C3D4E5F60718'.repeat(8), /does not decrypt to a zlib stream/],
    ['empty', '', /no word-by-word lyric/],
    ['over the size limit', 'AB'.repeat(300_000), /over the 262144 limit/],
  ])('a payload that is %s gives the LRC answer with a message (qrc and timeline)', async (_name, payload, why) => {
    const lyric = typeof payload === 'function' ? payload() : payload;
    qrc().payloads.set(MID, { lyric });
    const asQrc = await get(`songmid=${MID}&format=qrc`).expect(200);
    expect(asQrc.body.data).toMatchObject({ format: 'lrc', message: expect.stringMatching(why) });
    expect(asQrc.body.data.lyric).toContain('[00:29.64](fake lyric line 1)');
    expectDeclared(asQrc.body, 'LyricQrcFallback');
    const asTimeline = await get(`songmid=${MID}&format=timeline`).expect(200);
    expect(asTimeline.body.data).toMatchObject({ format: 'timeline', source: 'lrc', message: expect.stringMatching(why) });
    expect(asTimeline.body.data.lines[1]).toEqual({ start: 29640, duration: expect.any(Number), text: '(fake lyric line 1)', words: [] });
    expectDeclared(asTimeline.body, 'LyricTimeline');
    expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(2);
  });

  it('a broken translation or romanisation only leaves that part out, with a message', async () => {
    setJp();
    qrc().payloads.set(JP_MID, { trans: 'ABCDEF0', roma: '0011223344556677' });
    const res = await get(`songmid=${JP_MID}&format=timeline&roma=1`).expect(200);
    const { data } = res.body;
    expect(data.source).toBe('qrc');
    expect(data.message).toMatch(/translation left out: .*odd number.*; romanisation left out: .*zlib/);
    expect(data.lines[0]).toMatchObject({ text: '君の声', roma: { text: '', words: [] } });
    expect(data.lines[0].trans).toBeUndefined();
    expectDeclared(res.body, 'LyricTimeline');
  });

  it('malformed QRC lines are skipped and counted; a lyric with no word-timed line falls back', async () => {
    qrc().texts.set(JP_MID, { lyric: qrcXml(`${JP_QRC}\n[12x,5]bad(1,2)\n[99999999999,1]huge(1,1)\nno stamp at all`) });
    const res = await get(`songmid=${JP_MID}&format=timeline`).expect(200);
    expect(res.body.data.lines).toHaveLength(3);
    expect(res.body.data.message).toBe('3 malformed QRC line(s) skipped');

    musicState(h.fake.state).lyrics.set(JP_MID, { lyric: '[00:01.00]line one\n[00:02.50]line two', trans: '[00:01.00]first' });
    qrc().texts.set(JP_MID, { lyric: '[00:01.00]an LRC where a QRC should be' });
    const fallback = await get(`songmid=${JP_MID}&format=timeline`).expect(200);
    expect(fallback.body.data).toMatchObject({
      source: 'lrc',
      message: 'the word-by-word lyric has no word-timed line; this is the line-level LRC lyric',
      lines: [
        { start: 1000, duration: 1500, text: 'line one', words: [], trans: 'first' },
        { start: 2500, duration: 0, text: 'line two', words: [] },
      ],
    });
  });

  it('a business error of the word-by-word call falls back to the LRC CGI; an account code does not', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.musichallSong.PlayLyricInfo' });
    const res = await get(`songmid=${MID}&format=timeline`).expect(200);
    expect(res.body.data).toMatchObject({ source: 'lrc', message: expect.stringMatching(/word-by-word lyric call failed: .*500001/) });
    expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(1);
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^gateway_upstream_fallbacks_total\{call="music\.musichallSong\.PlayLyricInfo\.GetPlayLyricInfo"\} 1$/m);

    h.fake.reset();
    h.fake.fault({ kind: 'business', code: 1000 }, { module: 'music.musichallSong.PlayLyricInfo' });
    const login = await get(`songmid=${MID}&format=qrc`).expect(401);
    expect(login.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
    expect(h.fake.requestsTo('c', LYRIC_PATH)).toHaveLength(0);
  });

  it('the word-by-word call and the LRC CGI both failing: the CGI\'s error, PlayLyricInfo not asked a second time', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: 'music.musichallSong.PlayLyricInfo' });
    h.fake.fault({ kind: 'status', status: 200, body: '{"retcode":-2,"code":-2,"subcode":-2}' }, { host: 'c', path: LYRIC_PATH });
    const res = await get(`songmid=${MID}&format=timeline`).expect(502);
    expect(res.body).toEqual({ error: expect.stringContaining('fcg_query_lyric_new.fcg'), errorCode: 'UPSTREAM_ERROR', upstreamCode: -2 });
    expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(1);
  });

  it('an unusable word-by-word lyric with the LRC CGI failing: the LRC from PlayLyricInfo (qrc: 0), translation included', async () => {
    musicState(h.fake.state).lyrics.set(JP_MID, { lyric: '[00:01.00]line one\n[00:02.50]line two', trans: '[00:01.00]first' });
    qrc().texts.set(JP_MID, { lyric: '[00:01.00]an LRC where a QRC should be' });
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: LYRIC_PATH });
    const res = await get(`songmid=${JP_MID}&format=qrc`).expect(200);
    expect(res.body.data).toEqual({
      format: 'lrc',
      lyric: '[00:01.00]line one\n[00:02.50]line two',
      trans: '[00:01.00]first',
      message: 'the word-by-word lyric has no word-timed line; this is the line-level LRC lyric',
    });
    expect(h.fake.musicuCalls(PLAY_LYRIC).map((c) => c.param.qrc)).toEqual([1, 0]);
  });

  it('a song without any lyric is 404 LYRIC_NOT_FOUND in every format', async () => {
    const unknown = '000000000000zz';
    for (const format of ['lrc', 'qrc', 'timeline']) {
      const res = await get(`songmid=${unknown}&format=${format}`).expect(404);
      expect(res.body.errorCode).toBe('LYRIC_NOT_FOUND');
    }
  });

  it.each([
    ['format=karaoke', /format must be lrc, qrc or timeline/],
    ['format=', null],
    ['roma=maybe&format=qrc', /roma must be true or false/],
    ['roma=1', /roma needs format=qrc or format=timeline/],
  ])('validates %s', async (query, error) => {
    const res = await get(`songmid=${MID}&${query}`);
    if (error === null) {
      // blank = the default (lrc): today's answer
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data).sort()).toEqual(['lyric', 'trans']);
      return;
    }
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(error);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('format=lrc (and no format) keeps today\'s answer and its upstream call', async () => {
    const plain = await get(`songmid=${MID}`).expect(200);
    const lrc = await get(`songmid=${MID}&format=LRC&roma=0`).expect(200);
    expect(lrc.body).toEqual(plain.body);
    expect(Object.keys(plain.body.data).sort()).toEqual(['lyric', 'trans']);
    expect(h.fake.musicuCalls(PLAY_LYRIC)).toHaveLength(0);
  });
});

describe('GET /getLyric formats under the response cache', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());

  it('caches each format and roma under its own key', async () => {
    const urls = [`/getLyric?songmid=${MID}`, `/getLyric?songmid=${MID}&format=qrc`, `/getLyric?songmid=${MID}&format=timeline`, `/getLyric?songmid=${MID}&format=timeline&roma=1`];
    const first = [];
    for (const url of urls) first.push(await h.http().get(url).expect(200));
    expect(first.map((r) => r.headers['x-cache'])).toEqual(['MISS', 'MISS', 'MISS', 'MISS']);
    expect(first.map((r) => r.body.data.format)).toEqual([undefined, 'qrc', 'timeline', 'timeline']);
    expect(first[3].body.data.roma).toBe('');
    for (const [i, url] of urls.entries()) {
      const again = await h.http().get(url).expect(200);
      expect(again.headers['x-cache']).toBe('HIT');
      expect(again.body).toEqual(first[i].body);
    }
  });
});
