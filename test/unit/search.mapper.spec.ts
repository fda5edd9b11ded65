import { fixture, fixtureText } from '../../fake-upstream/fixtures';
import { withOldNames } from '../../src/common/answer-schema';
import { parseJsonOrJsonp } from '../../src/upstream/parse';
import {
  mapAlbumHit,
  mapCgiSearch,
  mapHotkeys,
  mapMobileSearch,
  mapMusicuSearch,
  mapMusicuUserSearch,
  mapMvHit,
  mapPlaylistHit,
  mapSingerHit,
  mapSmartbox,
  mapTopLists,
  LyricHit,
  MV_HIT_RENAMES,
  PLAYLIST_HIT_RENAMES,
  SINGER_HIT_RENAMES,
  SongHit,
} from '../../src/search/search.mapper';
import { upstreamWindow } from '../../src/search/search.service';
import { searchId } from '../../src/upstream/clients/search.client';

describe('search mapper', () => {
  describe('mapCgiSearch (genuine client_search_cp, keyword 简单爱)', () => {
    const raw = fixture('c-soso-client-search-cp.json');

    it('maps the old song rows and reads totalnum', () => {
      const out = mapCgiSearch(raw, 'song');
      expect(out.total).toBe(600);
      expect(out.list).toHaveLength(10);
      const first = out.list[0] as SongHit;
      expect(first).toMatchObject({ songname: '简单爱', singer: '周杰伦', albumName: '范特西', albumMid: '000I5jJB3blWeN', albumId: 8217 });
      expect(first.songmid).toMatch(/^[0-9A-Za-z]{14}$/);
      expect(first.songid).toBeGreaterThan(0);
      expect(first.singers[0]).toEqual({ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' });
      expect(first).not.toHaveProperty('lyric');
    });

    it('a type with no section is an empty list', () => {
      expect(mapCgiSearch(raw, 'mv')).toEqual({ type: 'mv', total: 0, list: [] });
      expect(mapCgiSearch(undefined, 'song')).toEqual({ type: 'song', total: 0, list: [] });
    });
  });

  describe('mapMusicuUserSearch (search_type 8)', () => {
    it('passes body.user.list on unmapped, total from meta.sum', () => {
      const user = { encrypt_uin: 'owabc', nick: 'n' };
      expect(mapMusicuUserSearch({ body: { user: { list: [user] } }, meta: { sum: 7 } })).toEqual({ total: 7, list: [user] });
    });
    it('reads body.users too; no meta → the list length; nothing → empty', () => {
      expect(mapMusicuUserSearch({ body: { users: { itemlist: [{}, {}] } } })).toEqual({ total: 2, list: [{}, {}] });
      expect(mapMusicuUserSearch(undefined)).toEqual({ total: 0, list: [] });
    });
  });

  describe('mapMusicuSearch (Desktop search body/meta)', () => {
    it('reads body.song.list (new track shape) and meta.sum; strips <em> highlights', () => {
      const out = mapMusicuSearch(
        {
          body: { song: { list: [{ id: 1, mid: 'M1', name: '简单爱', title: '<em>简单</em>爱', singer: [{ id: 2, mid: 'S', name: '周杰伦' }], album: { id: 3, mid: 'A', name: '范特西' }, interval: 270 }] } },
          meta: { sum: 77 },
        },
        'song',
      );
      expect(out).toEqual({
        type: 'song',
        total: 77,
        list: [{ songid: 1, songmid: 'M1', songname: '简单爱', singer: '周杰伦', singers: [{ id: 2, mid: 'S', name: '周杰伦' }], albumName: '范特西', albumMid: 'A', albumId: 3, interval: 270 }],
      });
    });

    it('lyric results come from body.song and carry the lyric text', () => {
      const out = mapMusicuSearch({ body: { song: { list: [{ id: 1, mid: 'M', name: 'n', content: 'la <em>la</em>' }] } }, meta: { sum: 1 } }, 'lyric');
      expect((out.list[0] as LyricHit).lyric).toBe('la <em>la</em>');
    });

    it('playlist results come from body.songlist', () => {
      const out = mapMusicuSearch({ body: { songlist: { list: [{ dissid: '9', dissname: '<em>x</em>', creator: { name: 'c' }, listennum: 4, imgurl: 'i', song_count: 2 }] } }, meta: { sum: 1 } }, 'playlist');
      expect(out.list).toEqual([{ dissid: '9', dissname: 'x', creator: 'c', listen_num: 4, cover: 'i', songCount: 2, imgurl: 'i' }]);
    });

    it('an empty body is an empty list with total 0', () => {
      expect(mapMusicuSearch({ body: { song: { list: [] } }, meta: { sum: 0 } }, 'song')).toEqual({ type: 'song', total: 0, list: [] });
      expect(mapMusicuSearch(undefined, 'album')).toEqual({ type: 'album', total: 0, list: [] });
    });
  });

  it('singer, album and MV hits read the Desktop field names', () => {
    expect(mapSingerHit({ singerID: 4558, singerMID: '0025NhlN2yWrP4', singerName: '<em>周杰伦</em>', singerPic: 'p', songNum: 1, albumNum: 2, mvNum: 3 })).toEqual(
      withOldNames({ singerId: 4558, singerMID: '0025NhlN2yWrP4', singerName: '周杰伦', singerPic: 'p', songCount: 1, albumCount: 2, mvCount: 3 }, SINGER_HIT_RENAMES),
    );
    expect(mapAlbumHit({ albumID: 8217, albumMID: '000I5jJB3blWeN', albumName: '范特西', singerName: '周杰伦', publicTime: '2001-09-14', song_count: 10 })).toEqual({
      albumId: 8217,
      albumMid: '000I5jJB3blWeN',
      albumName: '范特西',
      singerName: '周杰伦',
      publicTime: '2001-09-14',
      cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000000I5jJB3blWeN.jpg',
      songCount: 10,
    });
    expect(mapMvHit({ v_id: 'v', mv_id: 5, mv_name: 'n', singer_name: 's', mv_pic_url: 'p', play_count: 6, duration: 7, publish_date: '2020-01-01' })).toEqual(
      withOldNames({ vid: 'v', mvId: 5, title: 'n', singerName: 's', cover: 'p', listen_num: 6, interval: 7, publicTime: '2020-01-01' }, MV_HIT_RENAMES),
    );
    expect(mapPlaylistHit({})).toEqual({ dissid: '', dissname: '', creator: '', listen_num: 0, cover: '', songCount: 0, imgurl: '' });
  });

  it('mapHotkeys trims the genuine keywords and keeps scores and the special key', () => {
    const out = mapHotkeys(fixture('c-fcg-gethotkey.json'));
    expect(out.hotkeys).toHaveLength(30);
    expect(out.hotkeys[0]).toEqual({ keyword: '该死的温柔', score: 405528 });
    expect(out.hotkeys[1]).toEqual({ keyword: '不能说的秘密', score: 341521 });
    expect(out.specialKey).toBe('Gai见面吧电台');
    expect(out.specialUrl).toBe('http://y.qq.com/m/act/hiradio/27.html');
    expect(mapHotkeys({ code: 0, data: {} })).toEqual({ hotkeys: [], specialKey: '', specialUrl: '' });
  });

  it('mapSmartbox reads each itemlist and tolerates missing sections', () => {
    const out = mapSmartbox({
      code: 0,
      data: {
        song: { count: 1, itemlist: [{ docid: '1', id: '403418', mid: '003Bqw7O3iyjjR', name: '简单爱', singer: '周杰伦' }] },
        mv: { itemlist: [{ id: '7', mid: 'v1', vid: 'v1', name: 'm', singer: 's' }] },
      },
    });
    expect(out).toEqual({
      songs: [{ id: 403418, mid: '003Bqw7O3iyjjR', name: '简单爱', singer: '周杰伦' }],
      singers: [],
      albums: [],
      mvs: [{ id: 7, mid: 'v1', vid: 'v1', name: 'm', singer: 's' }],
    });
    expect(mapSmartbox(undefined)).toEqual({ songs: [], singers: [], albums: [], mvs: [] });
  });

  it('mapTopLists maps the genuine chart list (also when it came as JSONP)', () => {
    const raw = parseJsonOrJsonp(`jsonCallback(${fixtureText('c-fcg-myqq-toplist.json')})`) as any;
    const lists = mapTopLists(raw);
    expect(lists).toHaveLength(raw.data.topList.length);
    expect(lists[0]).toMatchObject({ id: 4, name: '安利XS·巅峰榜·流行指数', listen_num: 19700000, listenCount: 19700000, type: 0 });
    expect(lists[0].cover).toMatch(/^http:\/\/y\.gtimg\.cn\//);
    expect(lists[0].songs[0]).toEqual({ songName: '齐天 (Live)', singerName: '华晨宇' });
    expect(mapTopLists({})).toEqual([]);
  });

  describe('upstreamWindow (the gateway\'s 0-based page; num_per_page ≥ 10 upstream, which pages from 1)', () => {
    it.each([
      [0, 10, { pageNum: 1, perPage: 10, skip: 0 }],
      [2, 20, { pageNum: 3, perPage: 20, skip: 0 }],
      [0, 5, { pageNum: 1, perPage: 10, skip: 0 }],
      [1, 5, { pageNum: 1, perPage: 10, skip: 5 }],
      [2, 5, { pageNum: 2, perPage: 10, skip: 0 }],
      [3, 3, { pageNum: 1, perPage: 12, skip: 9 }],
      [4, 3, { pageNum: 2, perPage: 12, skip: 0 }],
    ])('page %i, limit %i → %j', (page, limit, expected) => {
      expect(upstreamWindow(page, limit)).toEqual(expected);
    });

    it('the window never straddles two upstream pages', () => {
      for (let limit = 1; limit <= 50; limit++) {
        for (let page = 0; page < 30; page++) {
          const { pageNum, perPage, skip } = upstreamWindow(page, limit);
          expect(perPage).toBeGreaterThanOrEqual(10);
          expect(skip + limit).toBeLessThanOrEqual(perPage);
          expect((pageNum - 1) * perPage + skip).toBe(page * limit);
        }
      }
    });
  });

  describe('mapMobileSearch (Mobile search: arrays named item_<type>, singers under singer)', () => {
    it('reads the section of the type and meta.sum; a missing section is an empty list', () => {
      const data = {
        body: { item_song: [{ id: 1, mid: 'a', title: '<em>x</em>y', singer: [{ id: 2, mid: 'b', name: 'S' }], album: { id: 3, mid: 'c', name: 'A' }, interval: 9 }] },
        meta: { sum: 41 },
      };
      expect(mapMobileSearch(data, 'song')).toEqual({
        type: 'song',
        total: 41,
        list: [{ songid: 1, songmid: 'a', songname: 'xy', singer: 'S', singers: [{ id: 2, mid: 'b', name: 'S' }], albumName: 'A', albumMid: 'c', albumId: 3, interval: 9 }],
      });
      expect(mapMobileSearch(data, 'album')).toEqual({ type: 'album', total: 41, list: [] });
      expect(mapMobileSearch(undefined, 'mv')).toEqual({ type: 'mv', total: 0, list: [] });
    });

    it('maps the Mobile field names of singers, albums, playlists and MVs', () => {
      const body = {
        singer: [{ id: 4558, mid: 'm1', name: '周杰伦', pic: 'p1', songNum: 3, albumNum: 2, mvNum: 1 }],
        item_album: [{ id: 8, mid: 'm2', name: 'Al', pic: 'p2', singer_list: [{ name: 'A' }, { name: 'B' }], time_public: '2001-01-01', song_num: 10 }],
        item_songlist: [{ tid: 77, title: 'Pl', creator: { name: 'C' }, picurl: 'p3', songnum: 5, listennum: 9 }],
        item_mv: [{ vid: 'v1', id: 5, title: 'Mv', singername: 'D', pic: 'p4', playCount: 6, duration: 7, publishDate: '2020-02-02' }],
      };
      expect(mapMobileSearch({ body }, 'singer').list).toEqual([
        withOldNames({ singerId: 4558, singerMID: 'm1', singerName: '周杰伦', singerPic: 'p1', songCount: 3, albumCount: 2, mvCount: 1 }, SINGER_HIT_RENAMES),
      ]);
      expect(mapMobileSearch({ body }, 'album').list).toEqual([{ albumId: 8, albumMid: 'm2', albumName: 'Al', singerName: 'A/B', publicTime: '2001-01-01', cover: 'p2', songCount: 10 }]);
      expect(mapMobileSearch({ body }, 'playlist').list).toEqual([withOldNames({ dissid: '77', dissname: 'Pl', creator: 'C', listen_num: 9, cover: 'p3', songCount: 5 }, PLAYLIST_HIT_RENAMES)]);
      expect(mapMobileSearch({ body }, 'mv').list).toEqual([
        withOldNames({ vid: 'v1', mvId: 5, title: 'Mv', singerName: 'D', cover: 'p4', listen_num: 6, interval: 7, publicTime: '2020-02-02' }, MV_HIT_RENAMES),
      ]);
    });
  });

  describe('searchId (as the Python QQMusicApi project builds it)', () => {
    const DAY = 86_400_000;
    it('is (1..20)·2^54 + (0..2^22)·2^32 + the milliseconds of the UTC day, in decimal', () => {
      const now = 20_000 * DAY + 12_345;
      expect(searchId(now, () => 0)).toBe((2n ** 54n + 12_345n).toString());
      expect(searchId(now, () => 0.999999999)).toBe((20n * 2n ** 54n + 2n ** 22n * 2n ** 32n + 12_345n).toString());
    });

    it('stays exact past 2^53 and within its range for any random draw', () => {
      for (const r of [0, 0.1, 0.5, 0.73, 0.999]) {
        const id = BigInt(searchId(DAY - 1, () => r));
        expect(id).toBeGreaterThanOrEqual(2n ** 54n);
        expect(id).toBeLessThan(21n * 2n ** 54n);
        expect(id % 2n ** 32n).toBe(BigInt(DAY - 1));
      }
    });
  });
});
