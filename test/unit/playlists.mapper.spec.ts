import { fixture } from '../../fake-upstream/fixtures';
import { cgiBusinessError } from '../../src/upstream/cgi-helpers';
import { UpstreamError } from '../../src/upstream/upstream.errors';
import {
  mapCategories,
  mapCdlist,
  mapDissInfo,
  mapNewAlbums,
  mapPlaylistPage,
  mapPlaylistSong,
  toIsoDate,
} from '../../src/playlists/playlists.mapper';

describe('playlists mapper', () => {
  describe('mapPlaylistPage (genuine fcg_get_diss_by_tag data)', () => {
    const data = fixture('c-fcg-get-diss-by-tag.data.fragment.json');
    const page = mapPlaylistPage(data, { categoryId: 10000000, sortId: 5, page: 1, limit: 10 });

    it('maps dissname, creator.name and listennum to the spec fields, keeping the extras', () => {
      expect(page.total).toBe(7673);
      expect(page.playlists).toHaveLength(10);
      expect(page.playlists[0]).toEqual({
        dissid: '7033094594',
        dissname: '沉陷低频 · 国人EDM Trap',
        creator: 'Music Fans',
        listen_num: 45538,
        cover: data.list[0].imgurl,
        createTime: '2019-06-10',
        desc: '',
        // the old names, answered beside the new ones until they are removed
        imgurl: data.list[0].imgurl,
        introduction: '',
      });
      expect(page.playlists[9]).toMatchObject({ dissid: '1725199713', creator: '毕业雨季', listen_num: 3305852 });
    });

    it('an absent or empty answer is an empty page', () => {
      expect(mapPlaylistPage(undefined, { categoryId: 1, sortId: 5, page: 0, limit: 20 })).toMatchObject({ total: 0, playlists: [] });
      expect(mapPlaylistPage({ list: [] }, { categoryId: 1, sortId: 5, page: 0, limit: 20 }).playlists).toEqual([]);
    });
  });

  it('mapCategories flattens the genuine groups and keeps the group name', () => {
    const cats = mapCategories(fixture('c-fcg-get-diss-tag-conf.categories.fragment.json'));
    expect(cats).toHaveLength(10);
    expect(cats[0]).toEqual({ id: 10000000, name: '全部', group: '热门' });
    expect(cats[1]).toEqual({ id: 165, name: '国语', group: '语种' });
    expect(cats.every((c) => Number.isInteger(c.id) && c.name)).toBe(true);
    expect(mapCategories(undefined)).toEqual([]);
  });

  describe('mapCdlist (genuine legacy detail)', () => {
    const cdlist = fixture('c-fcg-ucc-getcdinfo-byids-cp.cdlist.fragment.json');

    it('maps dissname, desc and songs (new-format rows)', () => {
      const d = mapCdlist(cdlist, '7024415872')!;
      expect(d).toMatchObject({ dissid: '7024415872', disstid: '7024415872', dissname: '浅唱低吟，悠悠古韵之美', creator: '允许部分冷门先热起来', total: 20, listen_num: 255225 });
      expect(d.desc.startsWith('一曲古韵')).toBe(true);
      expect(d.tags[0]).toEqual({ id: 165, name: '国语' });
      expect(d.songlist).toHaveLength(10);
      expect(d.songlist[1]).toEqual({
        songname: '殇玉环',
        singer: '欧阳耀莹',
        songmid: '004BZ3m20riJiG',
        songid: 230625028,
        albumName: '地心游记（原力计划合辑Ⅰ）',
        albumMid: expect.any(String),
        interval: expect.any(Number),
      });
    });

    it('an empty cdlist is null (not found / private)', () => {
      expect(mapCdlist([], '1')).toBeNull();
      expect(mapCdlist(undefined, '1')).toBeNull();
    });
  });

  describe('mapDissInfo (CgiGetDiss)', () => {
    const cd = fixture('c-fcg-ucc-getcdinfo-byids-cp.cdlist.fragment.json')[0];
    const data = {
      dirinfo: { id: 7024415872, title: cd.dissname, desc: cd.desc, picurl: cd.logo, songnum: 20, listennum: 9, creator: { nick: 'n' }, tag: [{ id: 1, name: 't' }] },
      songlist: cd.songlist,
      total_song_num: 20,
    };

    it('reads dirinfo, songlist and total_song_num', () => {
      const d = mapDissInfo(data, '7024415872')!;
      expect(d).toMatchObject({ dissid: '7024415872', disstid: '7024415872', dissname: '浅唱低吟，悠悠古韵之美', creator: 'n', total: 20, listen_num: 9, tags: [{ id: 1, name: 't' }] });
      expect(d.songlist[0]).toMatchObject({ songname: '青玉案·元夕', singer: '晓月老板', songmid: '001hSVTk3F0guF', songid: 232854804 });
    });

    it('an empty dirinfo is null', () => {
      expect(mapDissInfo({ dirinfo: {}, songlist: [] }, '1')).toBeNull();
      expect(mapDissInfo({ dirinfo: null }, '1')).toBeNull();
      expect(mapDissInfo(undefined, '1')).toBeNull();
    });
  });

  it('mapPlaylistSong reads the old row shape too and joins several singers with /', () => {
    expect(
      mapPlaylistSong({ songid: 1, songmid: 'm', songname: 'n', singer: [{ name: 'a' }, { name: 'b' }], albumname: 'al', albummid: 'am', interval: 3 }),
    ).toEqual({ songname: 'n', singer: 'a/b', songmid: 'm', songid: 1, albumName: 'al', albumMid: 'am', interval: 3 });
  });

  describe('toIsoDate', () => {
    it.each([
      ['2024-05-01', '2024-05-01'],
      ['2024-5-1', '2024-05-01'],
      ['2024/05/01', '2024-05-01'],
      ['2024-05-01 10:20:30', '2024-05-01'],
      ['20240501', '2024-05-01'],
      [1714579200, '2024-05-02'], // 2024-05-01T16:00Z = 2024-05-02 00:00 in China
      ['1714579199', '2024-05-01'],
      [1714579200000, '2024-05-02'],
      ['', ''],
      [null, ''],
      ['soon', ''],
      [0, ''],
    ])('%p → %p', (input, expected) => {
      expect(toIsoDate(input)).toBe(expected);
    });
  });

  it('mapNewAlbums builds albumName/singerName/publicTime, the cover and keeps ids', () => {
    const out = mapNewAlbums({
      total: 2,
      albums: [
        { id: 1, mid: 'A1', name: 'One', singers: [{ id: 2, mid: 'S', name: 'x' }, { id: 3, mid: 'T', name: 'y' }], photo: { pic_mid: 'P1' }, release_time: '2025-01-02' },
        { id: 2, mid: 'A2', name: 'Two', singers: [], release_time: 1735747200 },
      ],
    });
    expect(out.total).toBe(2);
    expect(out.albums[0]).toEqual({
      albumName: 'One',
      singerName: 'x/y',
      publicTime: '2025-01-02',
      albumMid: 'A1',
      albumId: 1,
      cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000P1.jpg',
      singers: [{ id: 2, mid: 'S', name: 'x' }, { id: 3, mid: 'T', name: 'y' }],
    });
    expect(out.albums[1]).toMatchObject({ publicTime: '2025-01-02', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000A2.jpg', singerName: '' });
    expect(mapNewAlbums(undefined)).toEqual({ total: 0, albums: [] });
  });

  it('cgiBusinessError: a non-zero code is a business UpstreamError carrying the code; code 0 or none is not', () => {
    const err = cgiBusinessError({ code: -500, subcode: -500 }, 'x.fcg');
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'business', host: 'c', details: { upstreamCode: -500, target: 'x.fcg' } });
    expect(cgiBusinessError({ code: 0, data: {} }, 'x')).toBeUndefined();
    expect(cgiBusinessError({ data: {} }, 'x')).toBeUndefined();
    expect(cgiBusinessError(undefined, 'x')).toBeUndefined();
  });
});
