import { Harness, startHarness } from '../support/harness';

const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';

describe('GET /getSongInfo', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('by songid: sends only song_id and exposes songinfo.data.track_info.mid', async () => {
    const res = await h.http().get('/getSongInfo?songid=97773').expect(200);
    expect(res.body.songinfo.data.track_info.mid).toBe('0039MnYb0qxYhV');
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({
      id: 97773,
      mid: '0039MnYb0qxYhV',
      name: '晴天',
      singer: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }],
      album: { mid: '000MkMni19ClKG', name: '叶惠美' },
      mediaMid: '003Qui1q2u1Zho',
    });
    const [call] = h.fake.musicuCalls(SONG_DETAIL);
    expect(call.key).toBe('songinfo');
    expect(call.param).toEqual({ song_type: 0, song_id: 97773 });
    expect(call.request.host).toBe('u.y.qq.com');
  });

  it('by songmid: sends only song_mid', async () => {
    const res = await h.http().get('/getSongInfo?songmid=0039MnYb0qxYhV').expect(200);
    expect(res.body.data.id).toBe(97773);
    expect(h.fake.musicuCalls(SONG_DETAIL)[0].param).toEqual({ song_type: 0, song_mid: '0039MnYb0qxYhV' });
  });

  it('with both, songid decides (the spec\'s parameter) and only song_id is sent', async () => {
    const res = await h.http().get('/getSongInfo?songmid=000000000000zz&songid=97773').expect(200);
    expect(res.body.data.mid).toBe('0039MnYb0qxYhV');
    expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param)).toEqual([{ song_type: 0, song_id: 97773 }]);
  });

  it('answers 404 for a song upstream does not know', async () => {
    const res = await h.http().get('/getSongInfo?songmid=000000000000zz').expect(404);
    expect(res.body).toEqual({ error: 'No song found for songmid 000000000000zz', errorCode: 'SONG_NOT_FOUND' });
  });

  it.each([
    ['', 'songid or songmid is required'],
    ['songid=', 'songid or songmid is required'],
    ['songid=12ab', 'songid must be a numeric song id'],
    // 16 digits would not stay an exact JS number on the way upstream
    ['songid=1234567890123456', 'songid must be a numeric song id'],
    ['songmid=abc%20def', 'songmid must be a song MID'],
    ['songmid=' + 'a'.repeat(40), 'songmid must be a song MID'],
  ])('rejects "%s" with 400', async (query, message) => {
    const res = await h.http().get(`/getSongInfo?${query}`).expect(400);
    expect(res.body.error).toContain(message);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('maps an upstream failure to 502', async () => {
    h.fake.fault({ kind: 'status', status: 503 }, { host: 'u' });
    const res = await h.http().get('/getSongInfo?songid=97773').expect(502);
    expect(res.body.errorCode).toBe('UPSTREAM_BAD_STATUS');
  });
});
