import { mapRelationList } from '../../src/legacy/legacy-relation.mapper';

describe('mapRelationList (music.concern.RelationList data)', () => {
  it('maps List[] (capital L) singers and users, HasMore; Total only when sent', () => {
    const out = mapRelationList({
      List: [
        { MID: '0025NhlN2yWrP4', Name: '周杰伦', AvatarUrl: 'a', Desc: 'd', FanNum: '12', IsFollow: 1 },
        { EncUin: 'owX', Name: 'Bob', IsFollow: 0 },
      ],
      HasMore: true,
    });
    expect(out).toEqual({
      hasMore: true,
      list: [
        { mid: '0025NhlN2yWrP4', encUin: '', name: '周杰伦', desc: 'd', avatarUrl: 'a', fanNum: 12, isFollow: true },
        { mid: '', encUin: 'owX', name: 'Bob', desc: '', avatarUrl: '', fanNum: 0, isFollow: false },
      ],
    });
    expect(mapRelationList({ List: [], Total: '3' })).toEqual({ list: [], hasMore: false, total: 3 });
  });

  it('no data: an empty page', () => {
    expect(mapRelationList(undefined)).toEqual({ list: [], hasMore: false });
  });
});
