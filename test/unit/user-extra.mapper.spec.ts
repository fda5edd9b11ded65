import {
  findLikedEntry,
  mapCollectedAlbums,
  mapCollectedPlaylists,
  mapFollowedSingers,
  mapLikedInfo,
  mapSocialUsers,
  mapUserDetail,
  totalOf,
} from '../../src/user/user-extra.mapper';

describe('user-extra.mapper', () => {
  describe('findLikedEntry', () => {
    it('picks the first mymusic item whose title contains 喜欢, or of type 1', () => {
      expect(findLikedEntry({ mymusic: [{ id: 1, title: '最近', type: 3 }, { id: 201, title: '我喜欢', type: 0 }] })?.id).toBe(201);
      expect(findLikedEntry({ mymusic: [{ id: 7, title: 'Liked', type: 1 }] })?.id).toBe(7);
    });

    it('never an item without a title, nor anything from a malformed answer', () => {
      expect(findLikedEntry({ mymusic: [{ id: 9, type: 1 }, { id: 10, title: '', type: 1 }] })).toBeUndefined();
      for (const data of [undefined, {}, { mymusic: 'x' }, { mymusic: [null, 1, 'a'] }]) expect(findLikedEntry(data as any)).toBeUndefined();
    });
  });

  it('mapLikedInfo: num0/num1/num2 are the song, album and playlist counts; missing counts are 0', () => {
    expect(mapLikedInfo({ id: 201, title: '我喜欢', num0: '12', num1: 3, num2: 4 })).toEqual({ id: '201', title: '我喜欢', songCount: 12, albumCount: 3, playlistCount: 4 });
    expect(mapLikedInfo({ id: 1, title: '喜欢' })).toEqual({ id: '1', title: '喜欢', songCount: 0, albumCount: 0, playlistCount: 0 });
  });

  it('mapUserDetail: creator fields, the created-playlist count (mydiss.num, else the list), the liked entry or null', () => {
    const data = { creator: { nick: 'A', headpic: 'h', encrypt_uin: 'e' }, mydiss: { num: 3, list: [] }, mymusic: [{ id: 201, title: '我喜欢', num0: 2 }] };
    expect(mapUserDetail(data, '1')).toEqual({
      uin: '1',
      nick: 'A',
      avatarUrl: 'h',
      encryptUin: 'e',
      createdPlaylistCount: 3,
      liked: { id: '201', title: '我喜欢', songCount: 2, albumCount: 0, playlistCount: 0 },
      nickname: 'A', // the old name, answered beside the new one until it is removed
    });
    expect(mapUserDetail({ creator: 'x', mydiss: { list: [{}, {}] } }, '2')).toEqual({
      uin: '2',
      nick: '',
      avatarUrl: '',
      encryptUin: '',
      createdPlaylistCount: 2,
      liked: null,
      nickname: '',
    });
  });

  it('mapCollectedPlaylists: dissid/dissname/logo and a numeric count (song_cnt, songnum or song_count); no id → dropped', () => {
    const data = {
      cdlist: [
        { dissid: 88, dissname: 'A', logo: 'l', song_cnt: 16 },
        { dissid: '89', dissname: 'B', songnum: '4' },
        { dissid: 90, dissname: 'C', song_count: 'many' },
        { dissid: 0, dissname: 'zero' },
        { dissname: 'no id' },
        null,
      ],
    };
    expect(mapCollectedPlaylists(data)).toEqual([
      { dissid: '88', dissname: 'A', cover: 'l', songCount: 16, picurl: 'l' },
      { dissid: '89', dissname: 'B', songCount: 4 },
      { dissid: '90', dissname: 'C' },
    ]);
    expect(mapCollectedPlaylists(undefined)).toEqual([]);
  });

  it('mapCollectedAlbums: albummid/albumname, albumid and singername when present; no mid → dropped', () => {
    expect(mapCollectedAlbums({ albumlist: [{ albummid: 'm', albumname: 'n', albumid: '5', singername: 's' }, { albummid: 'k', albumname: 'o' }, { albumname: 'x' }] })).toEqual([
      { albumMid: 'm', albumName: 'n', albumId: 5, singerName: 's' },
      { albumMid: 'k', albumName: 'o' },
    ]);
  });

  it('mapFollowedSingers and mapSocialUsers read the list items; totalOf takes the first number named, else the count', () => {
    expect(mapFollowedSingers({ list: [{ mid: 'M', name: 'N', singerid: 4 }, { name: 'no mid' }] })).toEqual([{ singerMID: 'M', name: 'N', singerId: 4, singerMid: 'M' }]);
    expect(mapSocialUsers({ list: [{ nick: 'B', headpic: 'h', encrypt_uin: 'e' }, {}, { encrypt_uin: 'only' }] })).toEqual([
      { nick: 'B', avatarUrl: 'h', encryptUin: 'e', nickname: 'B' },
      { nick: '', avatarUrl: '', encryptUin: 'only', nickname: '' },
    ]);
    expect(totalOf([undefined, '7'], 2)).toBe(7);
    expect(totalOf([null, 'x'], 2)).toBe(2);
  });
});
