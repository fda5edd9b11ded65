import { rmSync } from 'node:fs';
import { catalog } from '../../fake-upstream/catalog';
import { dailyIdOf, recommendState } from '../../fake-upstream/handlers/recommend';
import { expireFakeKey } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';

const FEED = 'music.recommend.RecommendFeed.get_recommend_feed';
const DISS = 'music.srfDissInfo.DissInfo.CgiGetDiss';
const GUESS = 'music.radioProxy.MbTrackRadioSvr.get_radio_track';
const GUESS_OLD = 'mb_track_radio_svr.get_radio_track';
const STATION = 'pf.radiosvr.GetRadiosonglist';
const DETAIL = 'music.pf_song_detail_svr.get_song_detail_yqq';
const SIMILAR = 'music.recommend.TrackRelationServer.GetSimilarSongs';
const SIMSONGS = 'rcmusic.similarSongRadioServer.get_simsongs';
const RELATED = 'music.recommend.TrackRelationServer.GetRelatedPlaylist';
const GEDAN = 'music.mb_gedan_recommend_svr.get_related_gedan';
const MVS = 'MvService.MvInfoProServer.GetSongRelatedMv';
const PAGE = '/node/musicmac/v6/index.html';
const MID = '0039MnYb0qxYhV';
const SONG_ID = 97773;

const cookieOf = (uin: string, key: string) => `uin=o0${uin}; qqmusic_uin=${uin}; qqmusic_key=${key}; qm_keyst=${key}`;
const ALICE = cookieOf('10001', 'Q_H_L_aliceKey1');
const BOB = cookieOf('10002', 'Q_H_L_bobKey22');
const STORED = cookieOf('10003', 'Q_H_L_storedKey3');
/** The song items the playlist fakes give every by-tag playlist: the catalogue's first twelve. */
const PLAYLIST_MIDS = catalog().slice(0, 12).map((s) => s.mid);

describe('Recommendations (daily songs, guess you like, stations, similar songs, related lists)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    rmSync(h.cookieFile, { force: true });
  });

  const get = (path: string, query: Record<string, string | number> = {}, cookie?: string) => {
    const req = h.http().get(path).query(query);
    return cookie ? req.set('X-Custom-Cookie', cookie) : req;
  };

  describe('GET /getDailySongs', () => {
    it('reads the caller\'s daily playlist: the feed card, then the playlist like /getSongListDetail', async () => {
      const res = await get('/getDailySongs', {}, ALICE).expect(200);
      const id = dailyIdOf(h.fake.state, '10001');
      const cover = expect.stringContaining('fake10000000_');
      expect(res.body.data.playlist).toEqual({ dissid: id, dissname: `Playlist 10000000-${Number(id) - 7100000000}`, cover, picurl: cover });
      expect(res.body.data.songs.map((s: any) => s.songmid)).toEqual(PLAYLIST_MIDS);
      expect(res.body.data.songs[0]).toEqual({
        songname: expect.any(String), singer: expect.any(String), songmid: PLAYLIST_MIDS[0], songid: catalog()[0].id,
        albumName: expect.any(String), albumMid: expect.any(String), interval: expect.any(Number),
      });
      expect(res.body.data.total).toBe(12);
      const [feed] = h.fake.musicuCalls(FEED);
      expect(feed.param).toEqual({ direction: 0, page: 1, s_num: 0, v_cache: [] });
      expect(feed.request.cookie).toBe(ALICE);
      const [diss] = h.fake.musicuCalls(DISS);
      expect(diss.param).toMatchObject({ disstid: Number(id), song_begin: 0, song_num: 30 });
      expect(diss.request.cookie).toBe(ALICE);
      expect(h.fake.requestsTo('c', PAGE)).toHaveLength(0);
    });

    it('without any cookie: 401 LOGIN_REQUIRED and no upstream call', async () => {
      const res = await get('/getDailySongs').expect(401);
      expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
      expect(h.fake.requests).toHaveLength(0);
    });

    it('an expired key: 401 LOGIN_EXPIRED with the upstream code; a cookie with no key is told it is no login', async () => {
      expireFakeKey(h.fake.state, 'Q_H_L_aliceKey1');
      const expired = await get('/getDailySongs', {}, ALICE).expect(401);
      expect(expired.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(expired.body.error).toMatch(/expired/);
      const keyless = await get('/getDailySongs', {}, 'uin=o0010001').expect(401);
      expect(keyless.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(keyless.body.error).toMatch(/no login key/);
      expect(h.fake.musicuCalls(FEED)).toHaveLength(2);
      expect(h.fake.musicuCalls(DISS)).toHaveLength(0);
    });

    it('the stored login answers a cookie-less request, as that account', async () => {
      h.writeCookieFile({ cookie: STORED, uin: '10003' });
      const res = await get('/getDailySongs').expect(200);
      expect(res.body.data.playlist.dissid).toBe(dailyIdOf(h.fake.state, '10003'));
      expect(h.fake.musicuCalls(FEED)[0].request.cookie).toBe(STORED);
    });

    it('fallback: a feed without the card (id 0, as anonymous) sends it to the web page\'s 今日私享 card', async () => {
      recommendState(h.fake.state).feedWithoutCard = true;
      const res = await get('/getDailySongs', {}, BOB).expect(200);
      expect(res.body.data.playlist.dissid).toBe(dailyIdOf(h.fake.state, '10002'));
      const [page] = h.fake.requestsTo('c', PAGE);
      expect(page.cookie).toBe(BOB);
      expect(h.fake.musicuCalls(DISS)[0].param.disstid).toBe(Number(dailyIdOf(h.fake.state, '10002')));
    });

    it('fallback: the feed key failing (code 500001) sends it to the web page too', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: FEED });
      const res = await get('/getDailySongs', {}, BOB).expect(200);
      expect(res.body.data.playlist.dissid).toBe(dailyIdOf(h.fake.state, '10002'));
      expect(h.fake.requestsTo('c', PAGE)).toHaveLength(1);
    });

    it('the feed key rate-limited (2001): 503, and the page is not asked (it would be refused the same way)', async () => {
      h.fake.fault({ kind: 'business', code: 2001 }, { module: FEED });
      const res = await get('/getDailySongs', {}, BOB).expect(503);
      expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_RATE_LIMITED', upstreamCode: 2001 });
      expect(h.fake.requestsTo('c', PAGE)).toHaveLength(0);
    });

    it('no card in the feed nor on the page: 404 DAILY_SONGS_NOT_FOUND, no playlist call', async () => {
      recommendState(h.fake.state).feedWithoutCard = true;
      h.fake.fault({ kind: 'status', status: 200, body: '<!DOCTYPE html><html><body>no card</body></html>' }, { host: 'c', path: PAGE });
      const res = await get('/getDailySongs', {}, BOB).expect(404);
      expect(res.body.errorCode).toBe('DAILY_SONGS_NOT_FOUND');
      expect(h.fake.musicuCalls(DISS)).toHaveLength(0);
    });
  });

  describe('GET /getPersonalRadio and /getRadioTracks', () => {
    it('guess you like: station 99 as the caller, the next tracks on every call', async () => {
      const first = await get('/getPersonalRadio', { num: 3 }, ALICE).expect(200);
      const second = await get('/getPersonalRadio', { num: 3 }, ALICE).expect(200);
      expect(first.body.data.tracks).toHaveLength(3);
      expect(second.body.data.tracks).toHaveLength(3);
      expect(second.body.data.tracks[0].songmid).not.toBe(first.body.data.tracks[0].songmid);
      const calls = h.fake.musicuCalls(GUESS);
      expect(calls).toHaveLength(2);
      expect(calls[0].param).toMatchObject({ id: 99, num: 3, from: 0, scene: 0, song_ids: [] });
      expect(calls[0].request.cookie).toBe(ALICE);
    });

    it('guess you like needs a login: 401 LOGIN_REQUIRED without a cookie, LOGIN_EXPIRED for an expired key', async () => {
      expect((await get('/getPersonalRadio').expect(401)).body.errorCode).toBe('LOGIN_REQUIRED');
      expect((await get('/getRadioTracks', { id: 99 }).expect(401)).body.errorCode).toBe('LOGIN_REQUIRED');
      expect(h.fake.requests).toHaveLength(0);
      expireFakeKey(h.fake.state, 'Q_H_L_bobKey22');
      const res = await get('/getPersonalRadio', {}, BOB).expect(401);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
    });

    it('fallback: MbTrackRadioSvr failing (code 500001) asks the older mb_track_radio_svr', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: GUESS });
      const res = await get('/getPersonalRadio', { num: 2 }, ALICE).expect(200);
      expect(res.body.data.tracks).toHaveLength(2);
      expect(h.fake.musicuCalls(GUESS_OLD)[0].param).toEqual({ id: 99, firstplay: 1, num: 2 });
    });

    it('another station: GetRadiosonglist, no login needed', async () => {
      const res = await get('/getRadioTracks', { id: 199, num: 4 }).expect(200);
      expect(res.body.data.tracks).toHaveLength(4);
      expect(h.fake.musicuCalls(STATION)[0].param).toEqual({ id: 199, firstplay: 1, num: 4 });
      expect(h.fake.musicuCalls(GUESS)).toHaveLength(0);
    });

    it('station 99 through /getRadioTracks is guess you like, as the caller', async () => {
      await get('/getRadioTracks', { id: 99, num: 2 }, BOB).expect(200);
      expect(h.fake.musicuCalls(GUESS)[0].request.cookie).toBe(BOB);
      expect(h.fake.musicuCalls(STATION)).toHaveLength(0);
    });

    it('fallback: GetRadiosonglist failing asks MbTrackRadioSvr for that station', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: STATION });
      const res = await get('/getRadioTracks', { id: 307, num: 2 }).expect(200);
      expect(res.body.data.tracks).toHaveLength(2);
      expect(h.fake.musicuCalls(GUESS)[0].param).toMatchObject({ id: 307, num: 2 });
    });

    it.each([['id', { num: 3 }, 'id is required'], ['id', { id: 'abc' }, 'id must be an integer'], ['num', { id: 199, num: 21 }, 'num must be between 1 and 20']])(
      'bad %s → 400 naming it',
      async (_name, query, message) => {
        const res = await get('/getRadioTracks', query as Record<string, string | number>).expect(400);
        expect(res.body).toMatchObject({ errorCode: 'BAD_REQUEST' });
        expect(res.body.error).toContain(message);
      },
    );
  });

  describe('a song\'s relations', () => {
    it('similar songs: the MID resolved by the song detail, then GetSimilarSongs with the numeric id', async () => {
      const res = await get('/getSimilarSongs', { songmid: MID }).expect(200);
      expect(res.body.data.songs.length).toBeGreaterThan(0);
      expect(res.body.data.songs.map((s: any) => s.songmid)).not.toContain(MID);
      expect(h.fake.musicuCalls(DETAIL)[0].param).toMatchObject({ song_mid: MID });
      expect(h.fake.musicuCalls(SIMILAR)[0].param).toEqual({ songid: SONG_ID, songtype: 0 });
    });

    it('an unknown song: 404 SONG_NOT_FOUND, no relation call', async () => {
      const res = await get('/getSimilarSongs', { songmid: '000000000NoSong' }).expect(404);
      expect(res.body.errorCode).toBe('SONG_NOT_FOUND');
      expect(h.fake.musicuCalls(SIMILAR)).toHaveLength(0);
    });

    it('fallback: GetSimilarSongs failing asks get_simsongs', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: SIMILAR });
      const res = await get('/getSimilarSongs', { songmid: MID }).expect(200);
      expect(res.body.data.songs.length).toBeGreaterThan(0);
      expect(h.fake.musicuCalls(SIMSONGS)[0].param).toEqual({ songid: SONG_ID });
    });

    it('related playlists: a batch, then the next one for the ids shown', async () => {
      const first = await get('/getSongRelatedPlaylists', { songmid: MID }).expect(200);
      expect(first.body.data.hasMore).toBe(true);
      const ids = first.body.data.playlists.map((p: any) => p.dissid);
      expect(ids.slice(0, 3)).toEqual(['7100000010', '7100000011', '7100000012']);
      const cover = expect.stringContaining('fake10000000_10');
      expect(first.body.data.playlists[0]).toEqual({
        ...{ dissid: '7100000010', dissname: 'Playlist 10000000-10', cover, creator: 'Creator 0', songCount: 12, listen_num: 1000 },
        ...{ picurl: cover, listenNum: 1000 }, // the old names, until they are removed
      });
      expect(h.fake.musicuCalls(RELATED)[0].param).toEqual({ songid: SONG_ID, songtype: 0, vecPlaylist: [] });
      const next = await get('/getSongRelatedPlaylists', { songmid: MID, shown: ids.slice(0, 3).join(',') }).expect(200);
      expect(next.body.data.playlists[0].dissid).toBe('7100000013');
      expect(h.fake.musicuCalls(RELATED)[1].param.vecPlaylist).toEqual([7100000010, 7100000011, 7100000012]);
    });

    it('fallback: GetRelatedPlaylist failing asks get_related_gedan', async () => {
      h.fake.fault({ kind: 'business', code: 500001 }, { module: RELATED });
      const res = await get('/getSongRelatedPlaylists', { songmid: MID }).expect(200);
      expect(res.body.data.playlists.map((p: any) => p.dissid)).toEqual(['7100000015', '7100000016', '7100000017']);
      expect(h.fake.musicuCalls(GEDAN)[0].param).toEqual({ sin: 0, last_id: 0, song_type: 1, song_id: SONG_ID });
    });

    it('related MVs: songid as a string, songtype 1, paged by the last numeric mvid', async () => {
      const first = await get('/getSongRelatedMvs', { songmid: MID }).expect(200);
      expect(first.body.data.mvs).toHaveLength(3);
      expect(first.body.data.mvs[0]).toMatchObject({ vid: expect.any(String), mvid: expect.any(Number), title: expect.any(String), singers: expect.any(Array) });
      expect(first.body.data.hasMore).toBe(true);
      expect(first.body.data.lastMvid).toBe(first.body.data.mvs[2].mvid);
      expect(h.fake.musicuCalls(MVS)[0].param).toEqual({ songid: String(SONG_ID), songtype: 1, lastmvid: 0 });
      const next = await get('/getSongRelatedMvs', { songmid: MID, lastMvid: first.body.data.lastMvid }).expect(200);
      expect(next.body.data.mvs[0].vid).not.toBe(first.body.data.mvs[0].vid);
      expect(h.fake.musicuCalls(MVS)[1].param.lastmvid).toBe(first.body.data.lastMvid);
    });

    it.each([
      ['/getSongRelatedPlaylists', { songmid: MID, shown: '1,x' }, 'shown must be'],
      ['/getSongRelatedMvs', { songmid: MID, lastMvid: -1 }, 'lastMvid must be 0 or more'],
      ['/getSimilarSongs', {}, 'songmid is required'],
    ])('%s: a bad parameter → 400 naming it', async (path, query, message) => {
      const res = await get(path, query as Record<string, string | number>).expect(400);
      expect(res.body.error).toContain(message);
      expect(h.fake.requests).toHaveLength(0);
    });
  });
});

describe('Recommendations with the response cache: each account its own entry', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { CACHE_ENABLED: 'true' } });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('daily songs: a caller cookie and the stored login each get their own answer and cache entry', async () => {
    h.writeCookieFile({ cookie: STORED, uin: '10003' });
    const alice = await h.http().get('/getDailySongs').set('X-Custom-Cookie', ALICE).expect(200);
    const stored = await h.http().get('/getDailySongs').expect(200);
    expect(alice.body.data.playlist.dissid).toBe(dailyIdOf(h.fake.state, '10001'));
    expect(stored.body.data.playlist.dissid).toBe(dailyIdOf(h.fake.state, '10003'));
    expect(alice.body.data.playlist.dissid).not.toBe(stored.body.data.playlist.dissid);
    expect([alice.headers['x-cache'], stored.headers['x-cache']]).toEqual(['MISS', 'MISS']);
    expect(h.fake.musicuCalls(FEED).map((c) => c.request.cookie)).toEqual([ALICE, STORED]);

    const aliceAgain = await h.http().get('/getDailySongs').set('X-Custom-Cookie', ALICE).expect(200);
    const storedAgain = await h.http().get('/getDailySongs').expect(200);
    expect([aliceAgain.headers['x-cache'], storedAgain.headers['x-cache']]).toEqual(['HIT', 'HIT']);
    expect(aliceAgain.body).toEqual(alice.body);
    expect(storedAgain.body).toEqual(stored.body);
    expect(h.fake.musicuCalls(FEED)).toHaveLength(2);
  });

  it('guess you like is never cached: every call reaches upstream', async () => {
    await h.http().get('/getPersonalRadio').set('X-Custom-Cookie', BOB).expect(200);
    const again = await h.http().get('/getPersonalRadio').set('X-Custom-Cookie', BOB).expect(200);
    expect(again.headers['x-cache']).toBeUndefined();
    expect(h.fake.musicuCalls(GUESS)).toHaveLength(2);
  });
});
