import { rmSync } from 'node:fs';
import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import { Harness, startHarness } from '../support/harness';

/**
 * The recommendation answers the documented examples leave out (the daily songs from the web page's card, the older
 * radio and relation calls, a last empty batch) validate against their declared schemas too (decision 021); the
 * example answers are validated by test/robustness/answer-schemas.e2e-spec.ts.
 */

const FEED = 'music.recommend.RecommendFeed.get_recommend_feed';
const GUESS = 'music.radioProxy.MbTrackRadioSvr.get_radio_track';
const GUESS_OLD = 'mb_track_radio_svr.get_radio_track';
const STATION = 'pf.radiosvr.GetRadiosonglist';
const SIMILAR = 'music.recommend.TrackRelationServer.GetSimilarSongs';
const SIMSONGS = 'rcmusic.similarSongRadioServer.get_simsongs';
const RELATED = 'music.recommend.TrackRelationServer.GetRelatedPlaylist';
const GEDAN = 'music.mb_gedan_recommend_svr.get_related_gedan';
const MVS = 'MvService.MvInfoProServer.GetSongRelatedMv';
const PAGE = '/node/musicmac/v6/index.html';
const MID = '0039MnYb0qxYhV';
const BOB = 'uin=o0010002; qqmusic_uin=10002; qqmusic_key=Q_H_L_bobKey22; qm_keyst=Q_H_L_bobKey22';

describe('recommendation answers match their declared schemas', () => {
  let h: Harness;
  let validate: AnswerValidator;

  beforeAll(async () => {
    h = await startHarness();
    validate = await answerValidator(h);
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

  /** The schema errors of a JSON answer of GET `path` ('' when it validates). */
  function problemsOf(path: string, body: unknown): string {
    return validate(`GET ${path}`, body).join('; ');
  }

  it('GET /getDailySongs from the web page\'s card when the feed key fails', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: FEED });
    const res = await get('/getDailySongs', {}, BOB).expect(200);
    expect(h.fake.requestsTo('c', PAGE)).toHaveLength(1);
    expect(res.body.data.songs.length).toBeGreaterThan(0);
    expect(problemsOf('/getDailySongs', res.body)).toBe('');
    // a song row must carry every PlaylistSong field
    const { interval: _dropped, ...partial } = res.body.data.songs[0];
    expect(problemsOf('/getDailySongs', { ...res.body, data: { ...res.body.data, songs: [partial] } })).not.toBe('');
  });

  it('GET /getPersonalRadio from the older radio call, and GET /getRadioTracks of another station and its fallback', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: GUESS });
    const guess = await get('/getPersonalRadio', { num: 2 }, BOB).expect(200);
    expect(h.fake.musicuCalls(GUESS_OLD)).toHaveLength(1);
    expect(problemsOf('/getPersonalRadio', guess.body)).toBe('');

    h.fake.reset();
    const station = await get('/getRadioTracks', { id: 199, num: 4 }).expect(200);
    expect(station.body.data.tracks).toHaveLength(4);
    expect(problemsOf('/getRadioTracks', station.body)).toBe('');
    expect(h.fake.musicuCalls(STATION)[0].param).toMatchObject({ id: 199, num: 4 });

    h.fake.reset();
    h.fake.fault({ kind: 'business', code: 500001 }, { module: STATION });
    const fallback = await get('/getRadioTracks', { id: 307, num: 2 }).expect(200);
    expect(h.fake.musicuCalls(GUESS)[0].param).toMatchObject({ id: 307, num: 2 });
    expect(problemsOf('/getRadioTracks', fallback.body)).toBe('');
  });

  it('GET /getSimilarSongs from get_simsongs', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: SIMILAR });
    const res = await get('/getSimilarSongs', { songmid: MID }).expect(200);
    expect(h.fake.musicuCalls(SIMSONGS)).toHaveLength(1);
    expect(res.body.data.songs.length).toBeGreaterThan(0);
    expect(problemsOf('/getSimilarSongs', res.body)).toBe('');
  });

  it('GET /getSongRelatedPlaylists from get_related_gedan; a hasMore that is not a boolean fails', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { module: RELATED });
    const res = await get('/getSongRelatedPlaylists', { songmid: MID }).expect(200);
    expect(h.fake.musicuCalls(GEDAN)).toHaveLength(1);
    expect(res.body.data.playlists.length).toBeGreaterThan(0);
    expect(problemsOf('/getSongRelatedPlaylists', res.body)).toBe('');
    expect(problemsOf('/getSongRelatedPlaylists', { ...res.body, data: { ...res.body.data, hasMore: 1 } })).not.toBe('');
  });

  it('GET /getSongRelatedMvs: the last batch (hasMore false), and an empty one (lastMvid 0)', async () => {
    let res = await get('/getSongRelatedMvs', { songmid: MID }).expect(200);
    while (res.body.data.hasMore) res = await get('/getSongRelatedMvs', { songmid: MID, lastMvid: res.body.data.lastMvid }).expect(200);
    expect(res.body.data.mvs.length).toBeGreaterThan(0);
    expect(problemsOf('/getSongRelatedMvs', res.body)).toBe('');
    expect(h.fake.musicuCalls(MVS).length).toBeGreaterThan(1);

    const empty = await get('/getSongRelatedMvs', { songmid: MID, lastMvid: 1 }).expect(200);
    expect(empty.body.data).toMatchObject({ mvs: [], lastMvid: 0 });
    expect(problemsOf('/getSongRelatedMvs', empty.body)).toBe('');
    expect(h.fake.musicuCalls(MVS).at(-1)!.param.lastmvid).toBe(1);
  });
});
