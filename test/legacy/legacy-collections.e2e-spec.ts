import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { addFakeUser, fakeUserWithPlaylists, withSocial } from '../../fake-upstream/handlers/user';
import { Harness, startHarness } from '../support/harness';

/**
 * The Koa fork's collect routes (Yuuz12/qq-music-api, 2026-08; docs/legacy.md "Collections"): its parameter names
 * (`disstid`, `albumMid`, `isFan` = the current state), its answers `{ response: { code, data | req_0 } }`, and the
 * same account rule as /user/setPlaylistCollect.
 */
const UIN = '30001';
const KEY = 'Q_H_L_legacyCollectKey';
const COOKIE = `uin=o00${UIN}; qqmusic_uin=${UIN}; qqmusic_key=${KEY}`;
const PLAYLIST_WRITE = 'music.musicasset.PlaylistFavWrite';
const ALBUM_WRITE = 'music.musicasset.AlbumFavWrite';

describe('legacy collect routes (Yuuz12/qq-music-api)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
    addFakeUser(h.fake.state, withSocial(fakeUserWithPlaylists(UIN, 'Legacy', 2)));
  });
  afterAll(() => h.close());
  beforeEach(() => void (h.fake.requests.length = 0));

  const post = (path: string, body: object, headers: Record<string, string> = { 'X-Custom-Cookie': COOKIE }) => h.http().post(path).set(headers).send(body);

  it('POST /setPlaylistFav: isFan false collects, true uncollects; the fork\'s answer with the upstream envelope under data.raw', async () => {
    const res = await post('/setPlaylistFav', { disstid: 7100000030, isFan: false }).expect(200);
    expect(res.body.response.code).toBe(0);
    expect(res.body.response.data.raw).toMatchObject({ code: 0, write: { code: 0, data: { result: 0 } } });
    expect(h.fake.musicuCalls(PLAYLIST_WRITE)[0]).toMatchObject({ method: 'FavPlaylist', param: { uin: `owSfoKEq${UIN}oz`, v_playlistId: [7100000030] } });

    const fan = await post('/getIsPlaylistFan', { disstids: ['7100000030', 7100000031, GENUINE_DISSTID] }).expect(200);
    expect(fan.body).toEqual({ response: { code: 0, req_0: { code: 0, data: { m_fan: { '7100000030': 1, '7100000031': 0, [GENUINE_DISSTID]: 1 } } } } });

    await post('/setPlaylistFav', { disstid: '7100000030', isFan: true }).expect(200);
    expect(h.fake.musicuCalls(PLAYLIST_WRITE).map((c) => c.method)).toEqual(['FavPlaylist', 'CancelFavPlaylist']);
    const after = await post('/getIsPlaylistFan', { disstids: ['7100000030'] }).expect(200);
    expect(after.body.response.req_0.data.m_fan).toEqual({ '7100000030': 0 });
    // A zero-padded id is the same playlist (decision 017): asked upstream and answered in its canonical form.
    const padded = await post('/getIsPlaylistFan', { disstids: [`00${GENUINE_DISSTID}`] }).expect(200);
    expect(padded.body.response.req_0.data.m_fan).toEqual({ [GENUINE_DISSTID]: 1 });
  });

  it('POST /setAlbumFav and /getIsAlbumFan', async () => {
    await post('/setAlbumFav', { albumMid: '000MkMni19ClKG' }).expect(200);
    expect(h.fake.musicuCalls(ALBUM_WRITE)[0]).toMatchObject({ method: 'FavAlbum', param: { v_albumId: [8220] } });
    const fan = await post('/getIsAlbumFan', { albummids: ['000MkMni19ClKG', '0000000000abcd'] }).expect(200);
    expect(fan.body.response.req_0.data.m_fan).toEqual({ '000MkMni19ClKG': 1, '0000000000abcd': 0 });
    expect(h.fake.musicuCalls('music.musicasset.AlbumFavRead.IsAlbumFan')[0].param).toEqual({ uin: UIN, v_albumMid: ['000MkMni19ClKG', '0000000000abcd'] });
  });

  it('an empty id list answers an empty m_fan without calling upstream; bad input names the parameter', async () => {
    const empty = await post('/getIsPlaylistFan', { disstids: [] }).expect(200);
    expect(empty.body).toEqual({ response: { code: 0, req_0: { code: 0, data: { m_fan: {} } } } });
    for (const [path, body, name] of [
      ['/setPlaylistFav', {}, 'disstid'],
      ['/setPlaylistFav', { disstid: '1', isFan: 'perhaps' }, 'isFan'],
      ['/setAlbumFav', { albumMid: '../x' }, 'albumMid'],
      ['/getIsPlaylistFan', { disstids: 'abc' }, 'disstids'],
      ['/getIsAlbumFan', { albummids: ['a b'] }, 'albummids'],
    ] as const) {
      const res = await post(path, body).expect(400);
      expect(res.body.error).toContain(name);
    }
    expect(h.fake.requests).toHaveLength(0);
  });

  it('the same account rule: no cookie → 401 LOGIN_REQUIRED, nothing sent', async () => {
    const res = await post('/setPlaylistFav', { disstid: '7100000030' }, {}).expect(401);
    expect(res.body.errorCode).toBe('LOGIN_REQUIRED');
    expect(h.fake.requests).toHaveLength(0);
  });

  it('the gateway\'s own write routes in the legacy shape answer the upstream envelope under `response`', async () => {
    const res = await post('/user/setPlaylistCollect', { dissid: '7100000032', collect: true }, { 'X-Custom-Cookie': COOKIE, 'X-Response-Shape': 'legacy' }).expect(200);
    expect(res.body).toMatchObject({ response: { code: 0, write: { code: 0, data: { result: 0, v_failedPlaylistId: [] } } } });
    const state = await h.http().get('/user/getPlaylistCollectState').query({ dissids: '7100000032' }).set({ 'X-Custom-Cookie': COOKIE, 'X-Response-Shape': 'legacy' }).expect(200);
    expect(state.body.response).toMatchObject({ code: 0, fans: { code: 0, data: { m_fan: { '7100000032': 1 } } } });
  });
});
