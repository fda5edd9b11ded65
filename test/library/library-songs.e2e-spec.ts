import { librarySongsState } from '../../fake-upstream/library-state';
import { addFakeUser, expireFakeKey } from '../../fake-upstream/handlers/user';
import { Harness, startHarness, waitFor, withUpstreamTimeout } from '../support/harness';
import { ADD_PLAYLIST, cookieOf, DEL_PLAYLIST, EDIT_PLAYLIST, FAN_READ, HOMEPAGE, LIKE, libraryUser, SONG_DETAIL, songAt, UNKNOWN_MID, UNLIKE, WRITE_MODULE } from './library-fixtures';

/**
 * The song and owned-playlist writes (docs/library.md) through HTTP against the stateful fake: each answer, the
 * upstream write the fake logged (Android comm, module, method, params), and the fake's later reads showing it.
 */
const ALICE = '20001';
const A = cookieOf(ALICE);
const LIST1 = '8100000001';

describe('library writes: songs and owned playlists', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_RETRIES: '1' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    addFakeUser(h.fake.state, libraryUser(ALICE, 'Alice', 8100000000));
    addFakeUser(h.fake.state, libraryUser('20002', 'Bob', 8200000000));
  });

  const post = (path: string, body: object, cookie = A) => h.http().post(path).set('Cookie', cookie).send(body);
  const writes = () => h.fake.musicuCalls().filter((c) => c.module.startsWith(WRITE_MODULE) && c.method !== 'IsSongFanByMid');
  const likedCount = async () => (await h.http().get(`/user/getUserLikedSongs?uin=${ALICE}`).set('Cookie', A).expect(200)).body.data.total;

  describe('POST /user/setSongLike', () => {
    it('likes a song: its id from the song detail, then AddSonglist on dirid 201 with the Android comm and the caller\'s login', async () => {
      const song = songAt(0);
      const res = await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      expect(res.body).toEqual({ code: 0, msg: 'ok', data: { songmid: song.mid, songid: song.id, liked: true } });
      expect(h.fake.musicuCalls(SONG_DETAIL).map((c) => c.param.song_mid)).toEqual([song.mid]);
      const [like] = h.fake.musicuCalls(LIKE);
      expect(like.param).toEqual({ dirId: 201, tid: 0, bFmtUtf8: true, v_songInfo: [{ songId: song.id, songType: 0 }] });
      expect(like.request.comm).toMatchObject({ ct: 11, cv: 14090008, qq: ALICE, authst: `Q_H_L_lib${ALICE}secret`, tmeLoginType: 2 });
      expect(like.request.cookie).toBe(A);
      expect(writes()).toHaveLength(1);
      // the fake's reads show it
      expect(await likedCount()).toBe(13);
      const state = await h.http().get(`/user/getSongLikeState?songmids=${song.mid},${songAt(1).mid}`).set('Cookie', A).expect(200);
      expect(state.body.data).toEqual({ liked: { [song.mid]: true, [songAt(1).mid]: false } });
      expect(h.fake.musicuCalls(FAN_READ)[0].param).toEqual({ v_songMid: [song.mid, songAt(1).mid] });
    });

    it('is idempotent: liking a liked song twice is a 200 each time and the list holds it once', async () => {
      const song = songAt(0);
      await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      const again = await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      expect(again.body.data).toEqual({ songmid: song.mid, songid: song.id, liked: true });
      expect(await likedCount()).toBe(13);
    });

    it('is never coalesced: two identical likes in flight at once both reach upstream', async () => {
      h.fake.hold(LIKE);
      const body = { songmid: songAt(0).mid, like: true };
      const both = Promise.all([post('/user/setSongLike', body), post('/user/setSongLike', body)]);
      await waitFor(() => h.fake.currentConcurrency(LIKE) === 2, 3000, 'both writes at the fake');
      h.fake.release(LIKE);
      expect((await both).map((r) => r.status)).toEqual([200, 200]);
      expect(h.fake.musicuCalls(LIKE)).toHaveLength(2);
    });

    it('an upstream "not applied" (80092) for a song already liked is a 200, settled by reading the state back', async () => {
      const song = songAt(0);
      await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      librarySongsState(h.fake.state).refuseNext.set('AddSonglist', 80092);
      const res = await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      expect(res.body.data.liked).toBe(true);
      expect(h.fake.musicuCalls(FAN_READ)).toHaveLength(1);
    });

    it('80092 for a song that is not liked stays a 409 WRITE_NOT_APPLIED with the upstream code', async () => {
      librarySongsState(h.fake.state).refuseNext.set('AddSonglist', 80092);
      const res = await post('/user/setSongLike', { songmid: songAt(0).mid, like: true }).expect(409);
      expect(res.body).toMatchObject({ errorCode: 'WRITE_NOT_APPLIED', upstreamCode: 80092 });
      expect(await likedCount()).toBe(12);
    });

    it('unlikes: DelSonglist on dirid 201; unliking a song not liked is a 200 too', async () => {
      const song = songAt(0);
      await post('/user/setSongLike', { songmid: song.mid, like: true }).expect(200);
      const res = await post('/user/setSongLike', { songmid: song.mid, like: false }).expect(200);
      expect(res.body.data).toEqual({ songmid: song.mid, songid: song.id, liked: false });
      expect(h.fake.musicuCalls(UNLIKE)[0].param).toMatchObject({ dirId: 201, v_songInfo: [{ songId: song.id, songType: 0 }] });
      expect(await likedCount()).toBe(12);
      await post('/user/setSongLike', { songmid: song.mid, like: false }).expect(200);
    });

    it('an unknown song is a 404 SONG_NOT_FOUND and nothing is written', async () => {
      const res = await post('/user/setSongLike', { songmid: UNKNOWN_MID, like: true }).expect(404);
      expect(res.body).toMatchObject({ errorCode: 'SONG_NOT_FOUND', error: expect.stringContaining(UNKNOWN_MID) });
      expect(writes()).toEqual([]);
    });

    it.each([
      [{ like: true }, /songmid/],
      [{ songmid: 'bad mid!', like: true }, /songmid/],
      [{ songmid: songAt(0).mid }, /like/],
      [{ songmid: songAt(0).mid, like: 'yes' }, /like/],
    ])('bad input %j is a 400 naming the parameter, before any upstream call', async (body, name) => {
      const res = await post('/user/setSongLike', body).expect(400);
      expect(res.body.error).toMatch(name);
      expect(h.fake.requests).toEqual([]);
    });

    it('an expired login is a 401 LOGIN_EXPIRED with the upstream code', async () => {
      expireFakeKey(h.fake.state, `Q_H_L_lib${ALICE}secret`);
      const res = await post('/user/setSongLike', { songmid: songAt(0).mid, like: true }).expect(401);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
    });

    it('a refusal without a known meaning (80105, the web comm\'s) is a 502 WRITE_REFUSED with the upstream code', async () => {
      librarySongsState(h.fake.state).refuseNext.set('AddSonglist', 80105);
      const res = await post('/user/setSongLike', { songmid: songAt(0).mid, like: true }).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'WRITE_REFUSED', upstreamCode: 80105 });
    });

    it('a write that times out is a 504 WRITE_OUTCOME_UNKNOWN and is sent once, never retried (UPSTREAM_RETRIES=1)', async () => {
      h.fake.fault({ kind: 'hang' }, { module: LIKE });
      const res = await withUpstreamTimeout(h, 300, () => post('/user/setSongLike', { songmid: songAt(0).mid, like: true }));
      expect(res.status).toBe(504);
      expect(res.body.errorCode).toBe('WRITE_OUTCOME_UNKNOWN');
      expect(h.fake.musicuCalls(LIKE)).toHaveLength(1);
    });
  });

  describe('owned playlists', () => {
    const playlists = async () => (await h.http().get(`/user/getUserPlaylists?uin=${ALICE}`).set('Cookie', A).expect(200)).body.data.playlists;

    it('createPlaylist: AddPlaylist with the name, the new empty playlist answered and listed', async () => {
      const res = await post('/user/createPlaylist', { name: ' Road trip ' }).expect(200);
      const created = res.body.data.playlist;
      expect(created).toEqual({ dissid: expect.stringMatching(/^\d+$/), dirId: 5, dissname: 'Road trip', songCount: 0, dirid: 5 });
      const [call] = h.fake.musicuCalls(ADD_PLAYLIST);
      expect(call.param).toEqual({ dirName: 'Road trip' });
      expect(call.request.comm).toMatchObject({ ct: 11, qq: ALICE });
      expect(await playlists()).toContainEqual(expect.objectContaining({ dissid: created.dissid, dissname: 'Road trip', songCount: 0 }));
    });

    it('a duplicate name is answered with the name upstream kept', async () => {
      const res = await post('/user/createPlaylist', { name: 'Alice list 1' }).expect(200);
      expect(res.body.data.playlist.dissname).toBe('Alice list 1_1764200000');
    });

    it('renamePlaylist: the homepage gives the dirid, EditPlaylist renames, the list shows the new name', async () => {
      const res = await post('/user/renamePlaylist', { dissid: LIST1, name: 'Renamed' }).expect(200);
      expect(res.body.data.playlist).toEqual({ dissid: LIST1, dirId: 2, dissname: 'Renamed', songCount: 3, dirid: 2 });
      expect(h.fake.requests.filter((r) => r.path === HOMEPAGE).map((r) => r.query.userid)).toEqual([ALICE]);
      expect(h.fake.musicuCalls(EDIT_PLAYLIST)[0].param).toEqual({ dirId: 2, mask: 1, dirNewName: 'Renamed' });
      expect(await playlists()).toContainEqual(expect.objectContaining({ dissid: LIST1, dissname: 'Renamed' }));
    });

    it('deletePlaylist: DelPlaylist by dirid, gone from the list; deleting it again is a 404 PLAYLIST_NOT_FOUND', async () => {
      const res = await post('/user/deletePlaylist', { dissid: Number(LIST1) }).expect(200);
      expect(res.body.data).toEqual({ dissid: LIST1, deleted: true });
      expect(h.fake.musicuCalls(DEL_PLAYLIST)[0].param).toEqual({ dirId: 2 });
      expect((await playlists()).map((p: { dissid: string }) => p.dissid)).not.toContain(LIST1);
      const again = await post('/user/deletePlaylist', { dissid: LIST1 }).expect(404);
      expect(again.body.errorCode).toBe('PLAYLIST_NOT_FOUND');
      expect(h.fake.musicuCalls(DEL_PLAYLIST)).toHaveLength(1);
    });

    it('addPlaylistSongs: one AddSonglist with the songs found; the unknown one is named; duplicates count once', async () => {
      const [s1, s2] = [songAt(0), songAt(1)];
      const res = await post('/user/addPlaylistSongs', { dissid: LIST1, songmids: [s1.mid, UNKNOWN_MID, s2.mid, s1.mid] }).expect(200);
      expect(res.body.data).toEqual({
        playlist: { dissid: LIST1, dissname: 'Alice list 1', songCount: 5 },
        results: [
          { songmid: s1.mid, ok: true, songid: s1.id },
          { songmid: UNKNOWN_MID, ok: false, errorCode: 'SONG_NOT_FOUND', error: `No song found for songmid ${UNKNOWN_MID}` },
          { songmid: s2.mid, ok: true, songid: s2.id },
        ],
      });
      // one detail request for the three distinct mids, one write with the two found
      expect(h.fake.requests.filter((r) => r.musicu?.some((c) => c.module === 'music.pf_song_detail_svr'))).toHaveLength(1);
      const [add] = h.fake.musicuCalls(LIKE);
      expect(add.param).toEqual({ dirId: 2, tid: Number(LIST1), bFmtUtf8: true, v_songInfo: [{ songId: s1.id, songType: 0 }, { songId: s2.id, songType: 0 }] });
      expect(add.request.comm).toMatchObject({ ct: 11, qq: ALICE });
      // the playlist's detail shows the songs
      const detail = await h.http().get(`/getSongListDetail?disstid=${LIST1}&limit=10`).expect(200);
      expect(detail.body.data.songlist.map((s: { songmid: string }) => s.songmid)).toEqual(expect.arrayContaining([s1.mid, s2.mid]));
      expect(detail.body.data.total).toBe(5);
    });

    it('removePlaylistSongs: DelSonglist, the count drops; a song not in the playlist is ok', async () => {
      const s1 = songAt(0);
      await post('/user/addPlaylistSongs', { dissid: LIST1, songmids: [s1.mid] }).expect(200);
      const res = await post('/user/removePlaylistSongs', { dissid: LIST1, songmids: [s1.mid, songAt(5).mid] }).expect(200);
      expect(res.body.data.playlist).toEqual({ dissid: LIST1, dissname: 'Alice list 1', songCount: 3 });
      expect(res.body.data.results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
      expect(h.fake.musicuCalls(UNLIKE)[0].param).toMatchObject({ dirId: 2, tid: Number(LIST1) });
    });

    it('another account\'s playlist is a 403 NOT_PLAYLIST_OWNER; nothing is written to either account', async () => {
      const bobs = '8200000001';
      for (const [path, body] of [
        ['/user/addPlaylistSongs', { dissid: bobs, songmids: [songAt(0).mid] }],
        ['/user/removePlaylistSongs', { dissid: bobs, songmids: [songAt(0).mid] }],
        ['/user/renamePlaylist', { dissid: bobs, name: 'mine now' }],
        ['/user/deletePlaylist', { dissid: bobs }],
      ] as const) {
        const res = await post(path, body).expect(403);
        expect({ path, errorCode: res.body.errorCode }).toEqual({ path, errorCode: 'NOT_PLAYLIST_OWNER' });
      }
      expect(writes()).toEqual([]);
      // the ownership check read the caller's own homepage, never Bob's
      expect(new Set(h.fake.requests.filter((r) => r.path === HOMEPAGE).map((r) => r.query.userid))).toEqual(new Set([ALICE]));
    });

    it('an unknown playlist is a 404 PLAYLIST_NOT_FOUND, nothing written', async () => {
      const res = await post('/user/addPlaylistSongs', { dissid: '999999999', songmids: [songAt(0).mid] }).expect(404);
      expect(res.body.errorCode).toBe('PLAYLIST_NOT_FOUND');
      expect(writes()).toEqual([]);
    });

    it('a full playlist is refused with the upstream code (WRITE_REFUSED), nothing added', async () => {
      librarySongsState(h.fake.state).capacity = 3;
      const res = await post('/user/addPlaylistSongs', { dissid: LIST1, songmids: [songAt(0).mid] }).expect(502);
      expect(res.body).toMatchObject({ errorCode: 'WRITE_REFUSED', upstreamCode: 10030 });
      expect((await playlists()).find((p: { dissid: string }) => p.dissid === LIST1).songCount).toBe(3);
    });

    it('an expired login is a 401 LOGIN_EXPIRED from the ownership read, before any write', async () => {
      expireFakeKey(h.fake.state, `Q_H_L_lib${ALICE}secret`);
      const res = await post('/user/renamePlaylist', { dissid: LIST1, name: 'x' }).expect(401);
      expect(res.body).toMatchObject({ errorCode: 'LOGIN_EXPIRED', upstreamCode: 1000 });
      expect(writes()).toEqual([]);
    });

    it.each([
      ['/user/createPlaylist', {}, /name/],
      ['/user/createPlaylist', { name: '   ' }, /name/],
      ['/user/createPlaylist', { name: 'x'.repeat(51) }, /name/],
      ['/user/renamePlaylist', { dissid: 'abc', name: 'x' }, /dissid/],
      ['/user/deletePlaylist', {}, /dissid/],
      ['/user/addPlaylistSongs', { dissid: LIST1, songmids: [] }, /songmids/],
      ['/user/addPlaylistSongs', { dissid: LIST1, songmids: Array.from({ length: 31 }, (_, i) => `00MID${i}`) }, /songmids/],
      ['/user/removePlaylistSongs', { dissid: LIST1, songmids: ['bad mid'] }, /songmids/],
      ['/user/removePlaylistSongs', { dissid: LIST1, songmids: 'abc' }, /songmids/],
    ])('%s with %j is a 400 naming the parameter, before any upstream call', async (path, body, name) => {
      const res = await post(path, body).expect(400);
      expect(res.body.error).toMatch(name);
      expect(h.fake.requests).toEqual([]);
    });

    // Before: `name: 12345` was told "name must not contain control characters" (the pattern check spoke first).
    it.each([
      ['/user/createPlaylist', {}],
      ['/user/renamePlaylist', { dissid: LIST1 }],
    ])('%s: a name that is not a string is told so; one with a control character is told that', async (path, rest) => {
      const answers = [];
      for (const name of [12345, true, ['夏日'], { text: '夏日' }, 'a\u0001b']) {
        const res = await post(path, { ...rest, name });
        answers.push({ name, status: res.status, body: res.body });
      }
      const notString = { status: 400, body: { error: 'name must be a string (the playlist\'s name)', errorCode: 'BAD_REQUEST' } };
      expect(answers).toEqual([
        { name: 12345, ...notString },
        { name: true, ...notString },
        { name: ['夏日'], ...notString },
        { name: { text: '夏日' }, ...notString },
        { name: 'a\u0001b', status: 400, body: { error: 'name must not contain control characters', errorCode: 'BAD_REQUEST' } },
      ]);
      expect(h.fake.requests).toEqual([]);
    });
  });
});
