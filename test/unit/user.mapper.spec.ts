import { countFromSubtitle } from '../../src/legacy/adapters/user';
import { avatarUrl, hasCreator, mapUserPlaylists, normalizeUin, playlistSubtitles, snapAvatarSize } from '../../src/user/user.mapper';

describe('user.mapper', () => {
  describe('normalizeUin', () => {
    it.each([
      ['10001', '10001'],
      [' 10001 ', '10001'],
      ['o0010001', '10001'],
      ['O10001', '10001'],
      ['0010001', '10001'],
      ['0', '0'],
      ['1152921504862134567', '1152921504862134567'],
    ])('%j → %j', (input, out) => expect(normalizeUin(input)).toBe(out));

    it('leaves anything else for validation to reject', () => {
      expect(normalizeUin('abc')).toBe('abc');
      expect(normalizeUin('x0123')).toBe('x0123');
      expect(normalizeUin('12 34')).toBe('12 34');
      expect(normalizeUin('')).toBeUndefined();
      expect(normalizeUin('   ')).toBeUndefined();
      expect(normalizeUin(undefined)).toBeUndefined();
    });
  });

  describe('mapUserPlaylists', () => {
    it('maps dissid/title to dissid/dissname and keeps cover and song count', () => {
      const data = {
        mydiss: {
          num: 3,
          list: [
            { dissid: 123, title: 'A', subtitle: '3首', picurl: 'http://p/1', dirid: 2, song_cnt: 3 },
            { dissid: '456', title: 'B', picurl: '' },
            { dissid: 0, title: 'broken' },
            null,
          ],
        },
      };
      expect(mapUserPlaylists(data)).toEqual([
        { dissid: '123', dissname: 'A', cover: 'http://p/1', songCount: 3, picurl: 'http://p/1' },
        { dissid: '456', dissname: 'B' },
      ]);
    });

    it('no list → []', () => {
      expect(mapUserPlaylists(undefined)).toEqual([]);
      expect(mapUserPlaylists({})).toEqual([]);
      expect(mapUserPlaylists({ mydiss: { num: 0 } })).toEqual([]);
      expect(mapUserPlaylists({ mydiss: { list: 'x' } })).toEqual([]);
    });
  });

  it('hasCreator', () => {
    expect(hasCreator({ creator: { nick: 'a', headpic: '' } })).toBe(true);
    expect(hasCreator({ creator: { nick: '', headpic: '', encrypt_uin: '' } })).toBe(false);
    expect(hasCreator({ creator: {} })).toBe(false);
    expect(hasCreator({})).toBe(false);
    expect(hasCreator(undefined)).toBe(false);
  });

  it.each([
    [40, 40],
    [1, 40],
    [69, 40],
    [70, 100], // tie → larger
    [71, 100],
    [120, 140], // tie → larger
    [139.9, 140],
    [390, 640], // tie → larger
    [389, 140],
    [10000, 640],
  ])('snapAvatarSize(%d) = %d', (size, expected) => expect(snapAvatarSize(size)).toBe(expected));

  it('avatarUrl', () => {
    expect(avatarUrl({ k: 'ab*c' }, 100)).toBe('https://thirdqq.qlogo.cn/g?b=sdk&k=ab*c&s=100');
    expect(avatarUrl({ uin: '10001' }, 640)).toBe('https://q.qlogo.cn/headimg_dl?dst_uin=10001&spec=640');
  });

  it('playlistSubtitles: dissid → the raw subtitle of the items that have a string one', () => {
    const data = { mydiss: { list: [{ dissid: 1, subtitle: '12首' }, { dissid: 2 }, { dissid: 3, subtitle: 7 }, null] } };
    expect(playlistSubtitles(data)).toEqual({ 1: '12首' });
    expect(playlistSubtitles({})).toEqual({});
  });

  it.each([
    ['12首', 12],
    [' 0首', 0],
    ['3首 · 私密', 3],
    ['by Dan', undefined],
    ['首', undefined],
    [12, undefined],
  ])('countFromSubtitle(%p) = %p', (subtitle, count) => {
    expect(countFromSubtitle(subtitle)).toBe(count);
  });
});
