import { RECOMMEND_LEGACY_ROUTES } from '../../src/legacy/adapters/recommend';
import { USER_LEGACY_ROUTES } from '../../src/legacy/adapters/user';

const req = { query: {} } as any;
const adapt = (routes: typeof RECOMMEND_LEGACY_ROUTES, name: string, body: unknown, raw: unknown) =>
  routes[name].adapt({ body, raw }, req) as any;

const TRACK = { id: 97773, mid: '0039MnYb0qxYhV', name: '晴天', singer: [{ name: '周杰伦' }], album: { mid: '000MkMni19ClKG', name: '叶惠美' }, interval: 269 };

describe('legacy answers apps read (pure)', () => {
  it('getDailyRecommend: the day\'s songs with the old names under recommend.songlist and recommend.data.songlist', () => {
    const feed = { code: 0, data: { v_shelf: [1] } };
    const raw = { code: 0, recommend: feed, dailyPlaylist: { code: 0, req_1: { code: 0, data: { songlist: [TRACK] } } } };
    const out = adapt(RECOMMEND_LEGACY_ROUTES, 'getDailyRecommend', {}, raw);
    const song = expect.objectContaining({ songmid: TRACK.mid, songname: '晴天', albummid: '000MkMni19ClKG', interval: 269, singer: TRACK.singer });
    expect(out.response.recommend.songlist).toEqual([song]);
    expect(out.response.recommend.data).toEqual({ v_shelf: [1], songlist: [song] });
    expect(out.response.dailyPlaylist).toBe(raw.dailyPlaylist);
  });

  it('getDailyRecommend: the CGI\'s cdlist songs when it answered, an empty list when neither is there', () => {
    const cgi = { code: 0, recommend: { code: 0, data: { id: 1 } }, dailyPlaylist: { cdlist: [{ songlist: [TRACK] }] } };
    expect(adapt(RECOMMEND_LEGACY_ROUTES, 'getDailyRecommend', {}, cgi).response.recommend.data.songlist).toHaveLength(1);
    expect(adapt(RECOMMEND_LEGACY_ROUTES, 'getDailyRecommend', {}, { code: 0 }).response.recommend).toEqual({ songlist: [], data: { songlist: [] } });
  });

  it('getPersonalRecommend: type 1 lists its playlists under recomPlaylist.data.list; other types are left as they are', () => {
    // The normalised playlist (its old name `listenNum` beside `listen_num` until removed); the legacy item keeps the old one.
    const playlist = { dissid: '7100000010', dissname: 'P', cover: 'http://c', listen_num: 5, listenNum: 5 };
    const raw = { code: 0, recomPlaylist: { code: 0, data: { List: [{}] } } };
    const out = adapt(RECOMMEND_LEGACY_ROUTES, 'getPersonalRecommend', { data: { type: 1, playlists: [playlist] } }, raw);
    const item = { dissid: '7100000010', dissname: 'P', cover: 'http://c', listenNum: 5, imgurl: 'http://c', listennum: 5 };
    expect(out.response.recomPlaylist.data).toEqual({ List: [{}], list: [item] });
    expect(JSON.stringify(out.response.recomPlaylist.data.list[0])).toBe(JSON.stringify(item));
    // Once the old name is gone from the normalised playlist, the legacy item is the same.
    const { listenNum: _old, ...renamedOnly } = playlist;
    const later = adapt(RECOMMEND_LEGACY_ROUTES, 'getPersonalRecommend', { data: { type: 1, playlists: [renamedOnly] } }, raw);
    expect(JSON.stringify(later.response.recomPlaylist.data.list[0])).toBe(JSON.stringify(item));
    const radio = { code: 0, radio: { code: 0 } };
    expect(adapt(RECOMMEND_LEGACY_ROUTES, 'getPersonalRecommend', { data: { type: 2, radioGroups: [] } }, radio)).toEqual({ response: radio });
  });

  it('getUserPlaylists: the playlists also under data.list', () => {
    const p = { dissid: '1', dissname: 'a', songCount: 3 };
    const out = adapt(USER_LEGACY_ROUTES, 'getUserPlaylists', { data: { playlists: [p], total: 1 } }, { subtitles: {} });
    expect(out.response.data.list).toEqual(out.response.data.playlists);
    expect(out.response.data.list).toEqual([{ ...p, songnum: 3, song_cnt: 3 }]);
  });
});
