import { musicState } from '../../fake-upstream/handlers/music';
import { SONG_FAV_COUNT_EXAMPLE } from '../../src/music/music.answers';
import { Harness, startHarness } from '../support/harness';

const CALL = 'music.musicasset.SongFavRead.GetSongFansNumberById';
const SONG_DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
/** 孤勇者 in the fake's catalogue: no sampled entry, so the fake's default count. */
const OTHER = { mid: '003UkWuI0E8U0l', id: 331839675 };

/** GET /getSongFavCount (docs/upstream/music.md "Song favourite count"). */
describe('GET /getSongFavCount', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('answers the documented example: the song detail gives the id, then one GetSongFansNumberById call by id', async () => {
    const res = await h.http().get('/getSongFavCount').query({ songmid: '0039MnYb0qxYhV' }).expect(200);
    expect(res.body).toEqual({ code: 0, msg: 'ok', data: SONG_FAV_COUNT_EXAMPLE });
    expect(SONG_FAV_COUNT_EXAMPLE).toEqual({ songmid: '0039MnYb0qxYhV', songid: 97773, favCount: 1000001, favCountText: '550w+' });
    expect(h.fake.musicuCalls(SONG_DETAIL).map((call) => call.param)).toEqual([{ song_type: 0, song_mid: '0039MnYb0qxYhV' }]);
    const [fav] = h.fake.musicuCalls(CALL);
    expect(h.fake.musicuCalls(CALL)).toHaveLength(1);
    expect(fav.param).toEqual({ v_songId: [97773] });
    // the web comm, anonymous, POSTed to musicu.fcg (docs/upstream/README.md "Web comm"), after the detail
    expect(fav.request).toMatchObject({ method: 'POST', host: 'u.y.qq.com', path: '/cgi-bin/musicu.fcg' });
    expect(fav.request.comm).toMatchObject({ ct: 24, uin: '0' });
    expect(h.fake.requests.indexOf(fav.request)).toBe(1);
  });

  it('reads the entry of the song asked for, by its id as text', async () => {
    musicState(h.fake.state).songFans.set(97773, { number: 17, show: '17' });
    const res = await h.http().get(`/getSongFavCount?songmid=${OTHER.mid}`).expect(200);
    expect(res.body.data).toEqual({ songmid: OTHER.mid, songid: OTHER.id, favCount: 1234, favCountText: '1234' });
    expect(h.fake.musicuCalls(CALL)[0].param).toEqual({ v_songId: [OTHER.id] });
  });

  it('a song upstream gives no entry for: favCount null and no text, not a made-up 0', async () => {
    musicState(h.fake.state).songFans.set(97773, null);
    const res = await h.http().get('/getSongFavCount?songmid=0039MnYb0qxYhV').expect(200);
    expect(res.body.data).toEqual({ songmid: '0039MnYb0qxYhV', songid: 97773, favCount: null, favCountText: '' });
  });

  it('a number upstream sends as text is read; one that is not a whole number is null, its text kept', async () => {
    const fans = musicState(h.fake.state).songFans;
    fans.set(97773, { number: '2048', show: '2048' });
    expect((await h.http().get('/getSongFavCount?songmid=0039MnYb0qxYhV').expect(200)).body.data).toMatchObject({ favCount: 2048, favCountText: '2048' });
    fans.set(97773, { number: '10w+', show: '10w+' });
    expect((await h.http().get('/getSongFavCount?songmid=0039MnYb0qxYhV').expect(200)).body.data).toMatchObject({ favCount: null, favCountText: '10w+' });
  });

  it('404 SONG_NOT_FOUND for a MID upstream does not know, without asking for a count', async () => {
    const res = await h.http().get('/getSongFavCount?songmid=000000000000zz').expect(404);
    expect(res.body).toEqual({ error: 'No song found for songmid 000000000000zz', errorCode: 'SONG_NOT_FOUND' });
    expect(h.fake.musicuCalls(SONG_DETAIL)).toHaveLength(1);
    expect(h.fake.musicuCalls(CALL)).toEqual([]);
  });

  it('the legacy shape answers the count call\'s body as upstream sent it', async () => {
    const res = await h.http().get('/getSongFavCount?songmid=0039MnYb0qxYhV&shape=legacy').expect(200);
    expect(res.body.response.req).toEqual({ code: 0, data: { m_numbers: { 97773: 1000001 }, m_show: { 97773: '550w+' } } });
  });

  it.each([
    [{}, 'songmid is required'],
    [{ songmid: 'not-a-mid' }, 'songmid must be a song MID (letters and digits, at most 32 characters)'],
    [{ songmid: 'A'.repeat(33) }, 'songmid must be a song MID'],
  ])('refuses %j with 400 before any upstream call', async (payload, message) => {
    const res = await h.http().get('/getSongFavCount').query(payload).expect(400);
    expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST' });
    expect(res.body.error).toContain(message);
    expect(h.fake.requests).toEqual([]);
  });
});
