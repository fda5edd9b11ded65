import { mapAlbumFromCgi, mapAlbumFromMusicu, normaliseDate } from '../../src/music/album.mapper';
import {
  availableQualities,
  buildFilename,
  DEFAULT_STREAM_HOST,
  joinUrl,
  pickStreamHost,
  QUALITIES,
} from '../../src/music/play-url';
import { isKnownAlbum, newVkeyGuid } from '../../src/upstream/clients/music.params';

describe('play URL builders', () => {
  it('builds prefix + media_mid + ext for every quality (docs/upstream/music.md "Play URL")', () => {
    expect(buildFilename('128', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('M500003Qui1q2u1Zho.mp3');
    expect(buildFilename('320', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('M800003Qui1q2u1Zho.mp3');
    expect(buildFilename('m4a', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('C400003Qui1q2u1Zho.m4a');
    expect(buildFilename('flac', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('F000003Qui1q2u1Zho.flac');
    expect(buildFilename('ape', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('A000003Qui1q2u1Zho.ape');
  });

  it('uses mid + mid when the media_mid is unknown', () => {
    expect(buildFilename('128', 'ABC', '')).toBe('M500ABCABC.mp3');
    expect(buildFilename('flac', 'ABC')).toBe('F000ABCABC.flac');
  });

  it('labels and size fields', () => {
    expect(Object.fromEntries(Object.entries(QUALITIES).map(([k, v]) => [k, [v.label, v.sizeField]]))).toEqual({
      '128': ['128kbps', 'size_128mp3'],
      '320': ['320kbps', 'size_320mp3'],
      m4a: ['m4a', 'size_96aac'],
      flac: ['flac', 'size_flac'],
      ape: ['ape', 'size_ape'],
    });
    expect(availableQualities({ size_128mp3: 10, size_320mp3: 0, size_96aac: 5, size_flac: '7', size_ape: 0 })).toEqual(['128', 'm4a', 'flac']);
    expect(availableQualities(undefined)).toEqual([]);
  });

  it('makes a fresh 32-hex guid each time', () => {
    const a = newVkeyGuid();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newVkeyGuid()).not.toBe(a);
  });

  it('picks the sip host by the documented rule, defaulting to isure', () => {
    expect(pickStreamHost(['http://ws.stream.qqmusic.qq.com/', 'http://isure.stream.qqmusic.qq.com/'])).toBe('http://isure.stream.qqmusic.qq.com/');
    expect(pickStreamHost(['http://ws.a/', 'http://ws.b/'])).toBe('http://ws.a/');
    expect(pickStreamHost(['https://x.example/', 'http://ws.a/'])).toBe('https://x.example/');
    expect(pickStreamHost([])).toBe(DEFAULT_STREAM_HOST);
    expect(pickStreamHost(undefined)).toBe('https://isure.stream.qqmusic.qq.com/');
    expect(pickStreamHost(['', 42])).toBe(DEFAULT_STREAM_HOST);
  });

  it('joins host and path with exactly one slash', () => {
    expect(joinUrl('http://h/', 'a.mp3?x=1')).toBe('http://h/a.mp3?x=1');
    expect(joinUrl('http://h', 'a.mp3')).toBe('http://h/a.mp3');
    expect(joinUrl('http://h//', '/a.mp3')).toBe('http://h/a.mp3');
  });
});

describe('album mappers', () => {
  it('normalises dates to YYYY-MM-DD', () => {
    expect(normaliseDate('2003-07-31')).toBe('2003-07-31');
    expect(normaliseDate('2019-5-3 00:00:00')).toBe('2019-05-03');
    expect(normaliseDate('')).toBe('');
    expect(normaliseDate(undefined)).toBe('');
    expect(normaliseDate('unknown')).toBe('');
  });

  it('maps the musicu pair and returns null for an empty basicInfo', () => {
    const album = mapAlbumFromMusicu(
      {
        basicInfo: { albumID: 1, albumMid: 'M1', albumName: 'A', publishDate: '2020-01-02', desc: 'd', pmid: 'M1_2' },
        company: { name: 'C' },
        singer: { singerList: [{ name: 'X' }, { name: 'Y' }] },
      },
      { totalNum: 9, songList: [{ songInfo: { id: 5, mid: 's5', name: 'n5', singer: [{ id: 1, mid: 'x', name: 'X' }], interval: 100 } }, { songInfo: {} }] },
    );
    expect(album).toEqual({
      albumId: 1,
      albumMid: 'M1',
      albumName: 'A',
      singerName: 'X/Y',
      publicTime: '2020-01-02',
      cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000M1_2.jpg',
      company: 'C',
      desc: 'd',
      total: 9,
      songs: [{ songmid: 's5', songid: 5, songname: 'n5', singer: [{ id: 1, mid: 'x', name: 'X' }], interval: 100 }],
    });
    expect(mapAlbumFromMusicu({ basicInfo: { albumMid: '', albumName: '' } }, { songList: [] })).toBeNull();
    expect(mapAlbumFromMusicu(undefined, undefined)).toBeNull();
  });

  it('isKnownAlbum: a mid or a name in basicInfo (what the client checks before the Android retry)', () => {
    expect(isKnownAlbum({ basicInfo: { albumMid: 'M1' } })).toBe(true);
    expect(isKnownAlbum({ basicInfo: { albumName: 'A' } })).toBe(true);
    expect(isKnownAlbum({ basicInfo: { albumMid: 0 } })).toBe(true);
    expect(isKnownAlbum({ basicInfo: { albumMid: '', albumName: '' } })).toBe(false);
    expect(isKnownAlbum(undefined)).toBe(false);
  });

  it('maps the legacy CGI and returns null for data null', () => {
    expect(
      mapAlbumFromCgi({ code: 0, data: { id: 2, mid: 'M2', name: 'B', singername: 'S', aDate: '1999-12-31', company: 'L', desc: '', list: [{ songid: 3, songmid: 'm3', songname: 'x', singer: [], interval: 60 }] } }),
    ).toMatchObject({ albumId: 2, albumMid: 'M2', albumName: 'B', singerName: 'S', publicTime: '1999-12-31', total: 1, songs: [{ songmid: 'm3', songid: 3, songname: 'x', singer: [], interval: 60 }] });
    expect(mapAlbumFromCgi({ code: 0, data: null })).toBeNull();
  });
});
