import { catalog } from '../../fake-upstream/catalog';
import { musicState } from '../../fake-upstream/handlers/music';
import { Harness, startHarness } from '../support/harness';

const ALBUM_SONGS = 'music.musichallAlbum.AlbumSongList.GetAlbumSongList';
const ALBUM = '002AbCdEfGhIjK';

describe('GET /getAlbumSongs', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  const songs = catalog().slice(0, 5);
  beforeEach(() => {
    h.fake.reset();
    musicState(h.fake.state).albums.set(ALBUM, {
      id: 4242, mid: ALBUM, name: 'Five Songs', publishDate: '2019-05-03', company: 'Label', desc: '', songIds: songs.map((s) => s.id),
    });
  });

  it('answers one page of songs and asks AlbumSongList for exactly that page', async () => {
    const res = await h.http().get(`/getAlbumSongs?albummid=${ALBUM}&page=1&limit=2`).expect(200);
    expect(res.body.code).toBe(0);
    expect(res.body.data).toMatchObject({ albumMid: ALBUM, total: 5, page: 1, limit: 2 });
    expect(res.body.data.songs.map((s: { songmid: string }) => s.songmid)).toEqual(songs.slice(2, 4).map((s) => s.mid));
    expect(res.body.data.songs[0]).toEqual({
      songmid: songs[2].mid, songid: songs[2].id, songname: expect.any(String), singers: expect.any(Array), singer: expect.any(Array), interval: expect.any(Number),
    });
    const [call] = h.fake.musicuCalls(ALBUM_SONGS);
    expect(call.param).toEqual({ albumMid: ALBUM, begin: 2, num: 2 });
  });

  it('defaults to the first 30 songs; a page past the end is empty, not an error', async () => {
    const first = await h.http().get(`/getAlbumSongs?albummid=${ALBUM}`).expect(200);
    expect(first.body.data).toMatchObject({ total: 5, page: 0, limit: 30 });
    expect(first.body.data.songs).toHaveLength(5);
    expect(h.fake.musicuCalls(ALBUM_SONGS)[0].param).toEqual({ albumMid: ALBUM, begin: 0, num: 30 });
    const past = await h.http().get(`/getAlbumSongs?albummid=${ALBUM}&page=3&limit=2`).expect(200);
    expect(past.body.data).toMatchObject({ total: 5, songs: [] });
  });

  it('asks again with the Android comm when the web comm answers no songs', async () => {
    musicState(h.fake.state).albumSongsEmptyOnWebComm.add(ALBUM);
    const res = await h.http().get(`/getAlbumSongs?albummid=${ALBUM}&limit=3`).expect(200);
    expect(res.body.data.songs).toHaveLength(3);
    const calls = h.fake.musicuCalls(ALBUM_SONGS);
    expect(calls.map((c) => Number(c.request.comm?.ct))).toEqual([24, 11]);
    expect(calls[1].request.headers['user-agent']).toBe('QQMusic 14090008(android 10)');
    expect(calls[1].param).toEqual(calls[0].param);
  });

  it('404 ALBUM_NOT_FOUND for an album upstream has no song of', async () => {
    const res = await h.http().get('/getAlbumSongs?albummid=000NoSuchAlbum').expect(404);
    expect(res.body).toEqual({ error: 'No album found for albummid 000NoSuchAlbum', errorCode: 'ALBUM_NOT_FOUND' });
  });

  it.each([
    ['', 'albummid is required'],
    ['albummid=bad-mid', 'albummid must be an album MID (letters and digits, at most 32 characters)'],
    [`albummid=${ALBUM}&limit=101`, 'limit must be between 1 and 100'],
    [`albummid=${ALBUM}&page=-1`, 'page must be 0 or more'],
  ])('400 for ?%s', async (query, message) => {
    const res = await h.http().get(`/getAlbumSongs?${query}`).expect(400);
    expect(res.body.error).toContain(message);
    expect(h.fake.requests).toHaveLength(0);
  });

  it('the legacy shape answers the upstream body as qq-music-api did', async () => {
    const res = await h.http().get(`/getAlbumSongs?albummid=${ALBUM}&limit=2&shape=legacy`).expect(200);
    expect(res.body.response.songs.data).toMatchObject({ albumMid: ALBUM, totalNum: 5 });
    expect(res.body.response.songs.data.songList).toHaveLength(2);
  });
});
