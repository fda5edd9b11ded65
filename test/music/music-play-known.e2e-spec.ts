import { catalog } from '../../fake-upstream/catalog';
import { musicState } from '../../fake-upstream/handlers/music';
import { Harness, startHarness } from '../support/harness';

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const URL_VKEY = 'music.vkey.GetVkey.UrlGetVkey';
/** 晴天 (genuine song-detail fixture): its media MID differs from its MID. */
const MID = '0039MnYb0qxYhV';
const MEDIA_MID = '003Qui1q2u1Zho';
const UNKNOWN = '000000000000zz';

/** One upstream round trip per play URL once a song's files are known (SONG_FILES_KEPT), and comma-separated MIDs. */
describe('GET /getMusicPlay with song files kept', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { SONG_FILES_KEPT: '100' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  /** A catalogue song whose media MID is its MID (most songs): its file name can be built before the detail is read. */
  const plainSongs = () => catalog().filter((s) => s.mediaMid === s.mid && s.mid !== MID);
  const plain = () => plainSongs()[0];

  it('a song whose media MID is its MID costs one upstream request, detail and key together', async () => {
    const song = plain();
    const res = await h.http().get(`/getMusicPlay?songmid=${song.mid}`).expect(200);
    expect(res.body.data.url).toContain(`/M500${song.mid}.mp3?`);
    expect(h.fake.requests).toHaveLength(1);
    expect(h.fake.musicuCalls(SONG_DETAIL)[0].request).toBe(h.fake.musicuCalls(URL_VKEY)[0].request);
  });

  it('a song asked before costs one upstream call, the key for its real file name (media MID), without the detail', async () => {
    const first = await h.http().get(`/getMusicPlay?songmid=${MID}&quality=320`).expect(200);
    expect(h.fake.requests).toHaveLength(2);
    h.fake.reset();
    const again = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
    expect(h.fake.requests).toHaveLength(1);
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(0);
    expect(h.fake.musicuCalls(URL_VKEY).map((c) => c.param.filename)).toEqual([[`M500${MEDIA_MID}.mp3`]]);
    expect(again.body.data).toMatchObject({ quality: '128kbps', size: 4317292 });
    expect(again.body.data.url).toContain(`/M500${MEDIA_MID}.mp3?`);
    expect(first.body.data.size).toBe(10792943);
  });

  it('a known song still answers QUALITY_UNAVAILABLE and NO_PLAY_URL, from its kept files and the key', async () => {
    await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(200);
    h.fake.reset();
    const ape = await h.http().get(`/getMusicPlay?songmid=${MID}&quality=ape`).expect(404);
    expect(ape.body).toMatchObject({ errorCode: 'QUALITY_UNAVAILABLE', available: expect.arrayContaining(['128', '320', 'm4a', 'flac', 'master']) });
    expect(ape.body.available).not.toContain('ape');
    expect(h.fake.requests).toHaveLength(0);
    musicState(h.fake.state).vipMids.add(MID);
    const vip = await h.http().get(`/getMusicPlay?songmid=${MID}`).expect(403);
    expect(vip.body).toMatchObject({ errorCode: 'NO_PLAY_URL', upstreamResult: 104003 });
  });

  it('comma-separated MIDs answer data.list, one entry per song in order, unknown ones with their error', async () => {
    // 晴天 is known by now (earlier tests): its key is asked by its real file name in the same request
    const song = plainSongs()[1];
    const res = await h.http().get(`/getMusicPlay?songmid=${song.mid},${MID},${UNKNOWN}&quality=128`).expect(200);
    const [a, b, c] = res.body.data.list;
    expect(res.body.data.list).toHaveLength(3);
    expect(a).toEqual({ songmid: song.mid, url: expect.stringContaining(`/M500${song.mid}.mp3?`), size: expect.any(Number), quality: '128kbps', available: expect.arrayContaining(['128']) });
    expect(b).toMatchObject({ songmid: MID, url: expect.stringContaining(`/M500${MEDIA_MID}.mp3?`), quality: '128kbps' });
    expect(c).toEqual({ songmid: UNKNOWN, url: '', error: `No song found for songmid ${UNKNOWN}`, errorCode: 'SONG_NOT_FOUND', available: [] });
    // one request: the details of the two songs not known yet, and every key
    expect(h.fake.requests).toHaveLength(1);
    expect(h.fake.musicuCalls(SONG_DETAIL).map((d) => d.param.song_mid)).toEqual([song.mid, UNKNOWN]);
    expect(h.fake.musicuCalls(URL_VKEY).map((k) => k.param.filename)).toEqual([[`M500${song.mid}.mp3`, `M500${MEDIA_MID}.mp3`, `M500${UNKNOWN}.mp3`]]);
  });

  it('in the legacy shape, comma-separated MIDs give playUrl per MID as the older services did', async () => {
    const song = plain();
    const res = await h.http().get(`/getMusicPlay?songmid=${song.mid},${UNKNOWN}&shape=legacy`).expect(200);
    expect(res.body).toEqual({
      data: { playUrl: { [song.mid]: { url: expect.stringContaining(`/M500${song.mid}.mp3?`) }, [UNKNOWN]: { url: '', error: '暂无播放链接' } } },
    });
  });

  it.each([
    [`${MID},`, /songmid must be a song MID/],
    [`${MID},,${MID}`, /songmid must be a song MID/],
    [Array.from({ length: 21 }, () => MID).join(','), /up to 20 of them/],
    [`${MID},bad-mid!`, /songmid must be a song MID/],
  ])('400 for songmid=%s, before any upstream call', async (list, message) => {
    const res = await h.http().get(`/getMusicPlay?songmid=${list}`).expect(400);
    expect(res.body.error).toMatch(message);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('/getMusicVKey (the older name) answers as /getMusicPlay; legacy: the key answer plus playLists', async () => {
    const normal = await h.http().get(`/getMusicVKey?songmid=${MID}`).expect(200);
    expect(normal.body.data).toMatchObject({ quality: '128kbps', url: expect.stringContaining(`/M500${MEDIA_MID}.mp3?`) });
    const legacy = await h.http().get(`/getMusicVKey?songmid=${MID}&shape=legacy`).expect(200);
    expect(legacy.body.response.req_0.data.midurlinfo[0]).toMatchObject({ filename: `M500${MEDIA_MID}.mp3`, vkey: expect.any(String) });
    expect(legacy.body.response.playLists).toEqual([expect.stringContaining(`/M500${MEDIA_MID}.mp3?`)]);
  });
});
