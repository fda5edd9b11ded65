import { librarySongsState } from '../../fake-upstream/library-state';
import { addFakeUser } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';
import { cookieOf, FAN_READ, LIKE, libraryUser, songAt, UNLIKE } from './library-fixtures';

/** Yuuz12/qq-music-api's /setFav and /getIsSongFan over the gateway's like writes (docs/library.md "Legacy routes"). */
const UIN = '20001';
const COOKIE = cookieOf(UIN);

describe('legacy library routes of the Koa fork', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    addFakeUser(h.fake.state, libraryUser(UIN, 'Alice', 8100000000));
  });
  const post = (path: string, body: object, shape = 'normalised') => h.http().post(`${path}?shape=${shape}`).set('Cookie', COOKIE).send(body);

  it.each(['normalised', 'legacy'])('POST /setFav isFan:false likes the songs in one AddSonglist; isFan:true unlikes (%s shape)', async (shape) => {
    const [s1, s2] = [songAt(0), songAt(1)];
    const liked = await post('/setFav', { songs: [{ songId: s1.id }, { songId: s2.id, songType: 0 }], isFan: false }, shape).expect(200);
    expect(liked.body).toEqual({ response: { code: 0, data: expect.objectContaining({ retCode: 0 }) } });
    expect(h.fake.musicuCalls(LIKE)[0].param).toEqual({ dirId: 201, tid: 0, bFmtUtf8: true, v_songInfo: [{ songId: s1.id, songType: 0 }, { songId: s2.id, songType: 0 }] });
    expect(h.fake.musicuCalls(LIKE)[0].request.comm).toMatchObject({ ct: 11, qq: UIN });
    const state = await post('/getIsSongFan', { songmids: [s1.mid, s2.mid, songAt(2).mid] }, shape).expect(200);
    expect(state.body).toEqual({ response: { code: 0, data: { m_fan: { [s1.mid]: 1, [s2.mid]: 1, [songAt(2).mid]: 0 } } } });
    expect(h.fake.musicuCalls(FAN_READ)[0].param).toEqual({ v_songMid: [s1.mid, s2.mid, songAt(2).mid] });
    await post('/setFav', { dirId: 201, songs: [{ songId: s1.id }], isFan: true }, shape).expect(200);
    expect(h.fake.musicuCalls(UNLIKE)[0].param).toMatchObject({ dirId: 201, v_songInfo: [{ songId: s1.id, songType: 0 }] });
    expect(librarySongsState(h.fake.state).accounts.get(UIN)!.liked).not.toContain(s1.id);
  });

  it.each([
    ['/setFav', { isFan: false }, /songs is required/],
    ['/setFav', { songs: [], isFan: false }, /songs/],
    ['/setFav', { songs: [{ songId: 'x' }], isFan: false }, /songId/],
    ['/setFav', { songs: [{ songId: 1 }] }, /isFan/],
    ['/setFav', { dirId: 5, songs: [{ songId: 1 }], isFan: false }, /dirId/],
    ['/getIsSongFan', {}, /songmids/],
    ['/getIsSongFan', { songmids: ['bad mid'] }, /songmids/],
  ])('%s with %j: 400 naming the parameter, no upstream call', async (path, body, name) => {
    const res = await post(path, body).expect(400);
    expect(res.body.error).toMatch(name);
    expect(h.fake.requests).toEqual([]);
  });

  it('an upstream refusal keeps the gateway\'s error body (409 WRITE_NOT_APPLIED with upstreamCode)', async () => {
    librarySongsState(h.fake.state).refuseNext.set('DelSonglist', 80092);
    const res = await post('/setFav', { songs: [{ songId: songAt(0).id }], isFan: true }).expect(409);
    expect(res.body).toMatchObject({ errorCode: 'WRITE_NOT_APPLIED', upstreamCode: 80092 });
  });
});
