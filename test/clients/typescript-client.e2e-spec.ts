import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Answer, createGatewayClient, type GatewayClient } from '../../clients/typescript/src';
import { Harness, startHarness } from '../support/harness';

/**
 * The generated TypeScript client (clients/typescript) against the running app and the fake upstream, which is what
 * the demo runs: one typed call per area. Each answer is read through its generated type (`tsc` checks these reads,
 * `npm run typecheck`), and the runtime values are checked to be what the type says. Answers still untyped (decision
 * 021: `Record<string, never>` until their area declares a schema) are read into variables annotated with the shape
 * the area documents: `never` is assignable to them today, and once typed the annotation is checked by the compiler.
 */

/** A caller's own login, as a client sends it: the fake accepts any qqmusic_key; uin 10001 is its seeded user. */
const CALLER_COOKIE = 'uin=o10001; qqmusic_key=Q_H_L_typedClientKey';

const isInt = (value: unknown) => Number.isInteger(value);

/**
 * An answer read as the shape its area documents. Untyped (`{}`: no declared keys) it is taken as `T`; once typed, the
 * declared type must fit `T` or the call does not compile, so the checks below become the compiler's too.
 */
const documented =
  <T>() =>
  <A extends object>(answer: A, ..._fits: [keyof A] extends [never] ? [] : [A] extends [T] ? [] : ['the typed answer does not fit the documented shape']): T =>
    answer as unknown as T;

describe('the generated TypeScript client', () => {
  let h: Harness;
  let gw: GatewayClient;

  beforeAll(async () => {
    h = await startHarness();
    gw = createGatewayClient(h.url);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  // The README's example, as written there (the test below checks the README still shows these lines): it compiles and runs.
  async function readmeExample(baseUrl: string): Promise<[string, string[]]> {
    const gw = createGatewayClient(baseUrl);
    const { data, error } = await gw.GET('/getRanks', { params: { query: { topId: 4, limit: 5 } } });
    if (error) throw new Error(`${error.errorCode}: ${error.error}`);
    if ('topList' in data.data) return [data.data.topList.name, data.data.songInfoList.map((s) => s.songName)];
    throw new Error('expected the chart page');
  }

  it("the README's example compiles, runs and is the one the README shows", async () => {
    const [name, songs] = await readmeExample(h.url);
    expect(typeof name).toBe('string');
    expect(songs).toHaveLength(5);
    const readme = readFileSync(join(__dirname, '..', '..', 'README.md'), 'utf8');
    for (const line of ["const { data, error } = await gw.GET('/getRanks', { params: { query: { topId: 4, limit: 5 } } });", 'if (error) throw new Error(`${error.errorCode}: ${error.error}`);']) {
      expect(readme).toContain(line);
    }
  });

  it('charts: /getRanks answers the typed chart page (ChartPage) with its songs', async () => {
    const { data, error, response } = await gw.GET('/getRanks', { params: { query: { topId: 4, limit: 3, page: 0 } } });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    if (!data || !('topList' in data.data)) throw new Error('expected the chart page');
    const page: Answer<'ChartsController_getRanks'> = data;
    expect(page.code).toBe(0);
    expect(typeof data.data.topList.name).toBe('string');
    expect(data.data.topList.id).toBe(4);
    expect(typeof data.data.topList.period).toBe('string');
    expect(data.data.songInfoList).toHaveLength(3);
    for (const song of data.data.songInfoList) {
      expect(isInt(song.songId)).toBe(true);
      expect(typeof song.songName).toBe('string');
      expect(typeof song.singerName).toBe('string');
      expect(isInt(song.rank)).toBe(true);
    }
    expect(h.fake.musicuCalls('music.musicToplist.Toplist.GetDetail')).toHaveLength(1);
  });

  it('charts: without topId, every chart grouped (the other member of the union)', async () => {
    const { data } = await gw.GET('/getRanks');
    if (!data || !('groups' in data.data)) throw new Error('expected the chart groups');
    expect(data.data.groups.length).toBeGreaterThan(0);
    const chart = data.data.groups[0].charts[0];
    expect(typeof chart.name).toBe('string');
    expect(typeof chart.listenNum).toBe('number');
  });

  it('a documented error answers `error` typed as { error, errorCode }: a topId no chart can have is 400 naming it', async () => {
    const { data, error, response } = await gw.GET('/getRanks', { params: { query: { topId: 999999 } } });
    expect(data).toBeUndefined();
    expect(response.status).toBe(400);
    const code: string | undefined = error?.errorCode;
    expect(code).toBe('BAD_REQUEST');
    expect(error?.error).toContain('topId');
  });

  it('search: /getSearchByKey with a typed `type` enum', async () => {
    const { data, error } = await gw.GET('/getSearchByKey', { params: { query: { key: '周杰伦', type: 'song', limit: 5, page: 1 } } });
    expect(error).toBeUndefined();
    // The answer is a union by `type`: narrowing on it gives the song hits' type.
    const page = data!.data;
    if (page.type !== 'song') throw new Error(`expected the song page, got ${page.type}`);
    expect(page.key).toBe('周杰伦');
    expect(page.list.length).toBeGreaterThan(0);
    expect(typeof page.list[0].songmid).toBe('string');
    expect(typeof page.list[0].songname).toBe('string');
    expect(isInt(page.total)).toBe(true);
  });

  it('music: /getSongInfo, /getLyric and the POST /batchGetSongInfo body', async () => {
    const info = await gw.GET('/getSongInfo', { params: { query: { songmid: '0039MnYb0qxYhV' } } });
    const song = documented<{ data: { mid?: string; name?: string } }>()(info.data!).data;
    expect(song.mid).toBe('0039MnYb0qxYhV');
    expect(typeof song.name).toBe('string');

    const lyric = await gw.GET('/getLyric', { params: { query: { songmid: '0039MnYb0qxYhV' } } });
    const text = documented<{ lyric: string | { lyric?: unknown } }>()(lyric.data!.data).lyric;
    expect(typeof text).toBe('string');

    const batch = await gw.POST('/batchGetSongInfo', { body: { songs: [['0039MnYb0qxYhV']] } });
    expect(batch.response.status).toBe(200);
    const entries = documented<{ data: { ok?: boolean }[] }>()(batch.data!).data;
    expect(entries).toHaveLength(1);
    expect(entries[0].ok).toBe(true);
  });

  it('playlists: /getSongListDetail', async () => {
    const { data } = await gw.GET('/getSongListDetail', { params: { query: { disstid: '7024415872', limit: 5 } } });
    const detail = documented<{ dissname?: string; songlist: unknown[] }>()(data!.data);
    expect(Array.isArray(detail.songlist)).toBe(true);
    expect(typeof detail.dissname).toBe('string');
  });

  it('singers: /getSingerHotsong', async () => {
    const { data } = await gw.GET('/getSingerHotsong', { params: { query: { singermid: '0025NhlN2yWrP4', limit: 5 } } });
    const { songs } = documented<{ songs: { songmid?: string; songname?: string }[] }>()(data!.data);
    expect(songs.length).toBeGreaterThan(0);
    expect(typeof songs[0].songmid).toBe('string');
    expect(typeof songs[0].songname).toBe('string');
  });

  it('comments: /getComments', async () => {
    const { data, response } = await gw.GET('/getComments', { params: { query: { id: '97773', reqtype: 3, pagesize: 10 } } });
    expect(response.status).toBe(200);
    const { comment } = documented<{ comment: { list: { content?: string; praisenum?: number }[] } }>()(data!.data);
    expect(comment.list.length).toBeGreaterThan(0);
    expect(typeof comment.list[0].content).toBe('string');
    expect(isInt(comment.list[0].praisenum)).toBe(true);
  });

  it('mv: /getMv', async () => {
    const { data } = await gw.GET('/getMv', { params: { query: { limit: 5, page: 0 } } });
    const { list } = documented<{ list: { vid?: string }[] }>()(data!.data);
    expect(list.length).toBeGreaterThan(0);
    expect(typeof list[0].vid).toBe('string');
  });

  it('discover: /getHotkey', async () => {
    const { data, response } = await gw.GET('/getHotkey');
    expect(response.status).toBe(200);
    expect(data!.code).toBe(0);
  });

  it('recommend: /getSimilarSongs', async () => {
    const { data } = await gw.GET('/getSimilarSongs', { params: { query: { songmid: '0039MnYb0qxYhV' } } });
    const { songs } = documented<{ songs: { songmid: string; songname: string; songid: number }[] }>()(data!.data);
    expect(songs.length).toBeGreaterThan(0);
    expect(typeof songs[0].songmid).toBe('string');
    expect(typeof songs[0].songname).toBe('string');
    expect(isInt(songs[0].songid)).toBe(true);
  });

  it("user: /user/getUserPlaylists with the caller's cookie as a typed header", async () => {
    const { data, error } = await gw.GET('/user/getUserPlaylists', {
      params: { query: { uin: '10001', limit: 5 }, header: { 'X-Custom-Cookie': CALLER_COOKIE } },
    });
    expect(error).toBeUndefined();
    const { playlists } = documented<{ playlists: { dissid?: string; dissname?: string }[] }>()(data!.data);
    expect(playlists).toHaveLength(5);
    expect(typeof playlists[0].dissid).toBe('string');
    expect(h.fake.requests.some((r) => r.cookie.includes('Q_H_L_typedClientKey'))).toBe(true);
  });

  it('login: /getMainLoginQr', async () => {
    const { data } = await gw.GET('/getMainLoginQr');
    const qr = documented<{ qrsig: string; loginToken: string }>()(data!);
    expect(typeof qr.qrsig).toBe('string');
    expect(typeof qr.loginToken).toBe('string');
  });

  it('operations: /health/live', async () => {
    const { response } = await gw.GET('/health/live');
    expect(response.status).toBe(200);
  });
});
