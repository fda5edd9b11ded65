import {
  createdPlaylist,
  deletedDirid,
  distinctMids,
  findOwnedPlaylist,
  likedMap,
  ownedPlaylists,
  songRefOf,
  writeOutcome,
} from '../../src/library/library-songs.mapper';

describe('library songs mapper', () => {
  describe('writeOutcome: the key code, then data.retCode', () => {
    it.each([
      [{ code: 0, data: { retCode: 0, result: { updateTime: 1 } } }, { applied: true, data: { retCode: 0, result: { updateTime: 1 } } }],
      [{ code: 0, data: null }, { applied: true, data: {} }],
      [{ code: 0, data: { retCode: '0' } }, { applied: true, data: { retCode: '0' } }],
      [{ code: 80092, data: null }, { applied: false, code: 80092 }],
      [{ code: 0, data: { retCode: 10030 } }, { applied: false, code: 10030 }],
      [{ code: 1000, data: { retCode: 5 } }, { applied: false, code: 1000 }],
    ])('%j → %j', (result, outcome) => {
      expect(writeOutcome(result)).toEqual(outcome);
    });
  });

  describe('ownedPlaylists / findOwnedPlaylist: the homepage mydiss with both ids', () => {
    const homepage = {
      mydiss: {
        list: [
          { dissid: 7000001, title: 'A', dirid: 2, song_cnt: 4 },
          { dissid: '7000002', title: 'B', dirid: '3', subtitle: '12首' },
          { dissid: 7000003, title: 'no dirid' },
          { dissid: 0, title: 'zero', dirid: 5 },
          { tid: 7000004, dissname: 'by tid', dirid: 6 },
          null,
          'junk',
        ],
      },
    };
    it('keeps items with a numeric dissid and a positive dirid; count from song_cnt or the "N首" subtitle', () => {
      expect(ownedPlaylists(homepage)).toEqual([
        { dissid: '7000001', dirid: 2, dissname: 'A', songCount: 4 },
        { dissid: '7000002', dirid: 3, dissname: 'B', songCount: 12 },
        { dissid: '7000004', dirid: 6, dissname: 'by tid' },
      ]);
    });
    it('finds by dissid; a private profile (no mydiss) or another id finds nothing', () => {
      expect(findOwnedPlaylist(homepage, '7000002')?.dirid).toBe(3);
      expect(findOwnedPlaylist(homepage, '7000003')).toBeUndefined();
      expect(findOwnedPlaylist({}, '7000001')).toBeUndefined();
      expect(findOwnedPlaylist(undefined, '7000001')).toBeUndefined();
    });
  });

  describe('createdPlaylist: tid or id, and upstream\'s name', () => {
    it.each([
      [{ result: { dirId: 5, tid: 8800000001, dirName: 'Kept_1' } }, { dissid: '8800000001', dirid: 5, dissname: 'Kept_1', songCount: 0 }],
      [{ result: { dirId: 6, id: 8800000002 } }, { dissid: '8800000002', dirid: 6, dissname: 'asked', songCount: 0 }],
      [{ result: { dirId: 0, tid: 1 } }, undefined],
      [{ result: { tid: 0, dirId: 2 } }, undefined],
      [{}, undefined],
    ])('%j → %j', (data, playlist) => {
      expect(createdPlaylist(data, 'asked')).toEqual(playlist);
    });
  });

  it('deletedDirid: the echoed dirId, 0 when absent or garbage', () => {
    expect(deletedDirid({ result: { dirId: 4 } })).toBe(4);
    expect(deletedDirid({ result: { dirId: 0 } })).toBe(0);
    expect(deletedDirid({ result: { dirId: 'x' } })).toBe(0);
    expect(deletedDirid({})).toBe(0);
  });

  it('distinctMids keeps the first occurrence order', () => {
    expect(distinctMids(['b', 'a', 'b', 'c', 'a'])).toEqual(['b', 'a', 'c']);
  });

  describe('songRefOf: the detail\'s id and type; upstream\'s empty track is no song', () => {
    it.each([
      [{ track_info: { id: 97773, mid: '0039MnYb0qxYhV', type: 0 } }, { songId: 97773, songType: 0 }],
      [{ track_info: { id: '5', mid: 'm', type: 1 } }, { songId: 5, songType: 1 }],
      [{ trackInfo: { id: 6, mid: 'm' } }, { songId: 6, songType: 0 }],
      [{ track_info: { id: 0, mid: '' } }, undefined],
      [{ track_info: { id: 7, mid: '' } }, undefined],
      [{}, undefined],
      [undefined, undefined],
    ])('%j → %j', (songinfo, ref) => {
      expect(songRefOf(songinfo)).toEqual(ref);
    });
  });

  it('likedMap: a boolean for every mid asked; missing or 0 is false', () => {
    expect(likedMap(['a', 'b', 'c'], { m_fan: { a: 1, b: 0 } })).toEqual({ a: true, b: false, c: false });
    expect(likedMap(['a'], null)).toEqual({ a: false });
    expect(likedMap(['a'], { m_fan: 'x' })).toEqual({ a: false });
  });
});
