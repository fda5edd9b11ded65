import { mapAlbumFromCgi, mapAlbumFromMusicu, normaliseDate } from '../../src/music/album.mapper';
import { QUALITY_LABELS } from '../../src/music/music.answers';
import {
  availableQualities,
  BEST_ORDER,
  buildFilename,
  candidatesFor,
  DEFAULT_STREAM_HOST,
  isEncryptedEntry,
  joinUrl,
  pickStreamHost,
  QUALITIES,
  QUALITY_CHOICES,
  QUALITY_NAMES,
  sizeOf,
  sizesOf,
  trialOf,
} from '../../src/music/play-url';
import { chunk, isKnownAlbum, newVkeyGuid, VKEY_FILES_PER_CALL } from '../../src/upstream/clients/music.params';

describe('play URL builders', () => {
  it('builds prefix + media_mid + ext for every quality (docs/upstream/music.md "Play URL")', () => {
    expect(buildFilename('128', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('M500003Qui1q2u1Zho.mp3');
    expect(buildFilename('320', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('M800003Qui1q2u1Zho.mp3');
    expect(buildFilename('m4a', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('C400003Qui1q2u1Zho.m4a');
    expect(buildFilename('flac', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('F000003Qui1q2u1Zho.flac');
    expect(buildFilename('ape', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('A000003Qui1q2u1Zho.ape');
    expect(buildFilename('master', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('AI00003Qui1q2u1Zho.flac');
    expect(buildFilename('ogg640', '0039MnYb0qxYhV', '003Qui1q2u1Zho')).toBe('O801003Qui1q2u1Zho.ogg');
  });

  it('uses mid + mid when the media_mid is unknown', () => {
    expect(buildFilename('128', 'ABC', '')).toBe('M500ABCABC.mp3');
    expect(buildFilename('flac', 'ABC')).toBe('F000ABCABC.flac');
  });

  it('labels, prefixes and size fields of the ladder (docs/upstream/music.md "Quality ladder")', () => {
    expect(Object.fromEntries(Object.entries(QUALITIES).map(([k, v]) => [k, [v.label, v.prefix + v.ext, v.sizeField]]))).toEqual({
      '128': ['128kbps', 'M500.mp3', 'size_128mp3'],
      '320': ['320kbps', 'M800.mp3', 'size_320mp3'],
      m4a: ['m4a', 'C400.m4a', 'size_96aac'],
      flac: ['flac', 'F000.flac', 'size_flac'],
      ape: ['ape', 'A000.ape', 'size_ape'],
      aac48: ['aac48', 'C200.m4a', 'size_48aac'],
      aac192: ['aac192', 'C600.m4a', 'size_192aac'],
      ogg96: ['ogg96', 'O400.ogg', 'size_96ogg'],
      ogg192: ['ogg192', 'O600.ogg', 'size_192ogg'],
      ogg320: ['ogg320', 'O800.ogg', { sizeNew: 3 }],
      ogg640: ['ogg640', 'O801.ogg', { sizeNew: 5 }],
      hires: ['hires', 'RS01.flac', 'size_hires'],
      master: ['master', 'AI00.flac', { sizeNew: 0 }],
      atmos: ['atmos', 'Q000.flac', { sizeNew: 1 }],
      atmos51: ['atmos51', 'Q001.flac', { sizeNew: 2 }],
      atmos71: ['atmos71', 'Q003.ogg', { sizeNew: 6 }],
      dolby: ['dolby', 'D004.mp4', 'size_dolby'],
      dtsx: ['dtsx', 'DT03.mp4', { sizeNew: 9 }],
      nac: ['nac', 'TL01.nac', { sizeNew: 7 }],
    });
    // the original five first, their labels unchanged; every label is in the answer schema's enum
    expect(QUALITY_NAMES.slice(0, 5)).toEqual(['128', '320', 'm4a', 'flac', 'ape']);
    expect(QUALITY_NAMES.map((q) => QUALITIES[q].label)).toEqual([...QUALITY_LABELS]);
    expect(QUALITY_CHOICES).toEqual([...QUALITY_NAMES, 'best']);
    // no plain level uses an encrypted container
    expect(Object.values(QUALITIES).every((q) => !/^\.m(flac|gg)/.test(q.ext))).toBe(true);
  });

  it('reads sizes from named fields and size_new[], 0 when absent or not a positive number', () => {
    const file = { size_128mp3: 10, size_320mp3: 0, size_96aac: 5, size_flac: '7', size_ape: -3, size_hires: 'x', size_new: [100, 0, 20, 30, 0, '40'] };
    expect(sizeOf(file, 'master')).toBe(100);
    expect(sizeOf(file, 'atmos')).toBe(0);
    expect(sizeOf(file, 'atmos51')).toBe(20);
    expect(sizeOf(file, 'ogg320')).toBe(30);
    expect(sizeOf(file, 'ogg640')).toBe(40);
    expect(sizeOf(file, 'ape')).toBe(0);
    expect(sizeOf(file, 'hires')).toBe(0);
    expect(sizeOf({ size_new: 'nope' }, 'master')).toBe(0);
    expect(availableQualities(file)).toEqual(['128', 'm4a', 'flac', 'ogg320', 'ogg640', 'master', 'atmos51']);
    expect(availableQualities(undefined)).toEqual([]);
    expect(Object.values(sizesOf(undefined)).every((n) => n === 0)).toBe(true);
  });

  it('best tries every level but nac once, backed lossless first, the doubtful levels last; one level asked only when the song has it', () => {
    expect([...BEST_ORDER].sort()).toEqual(QUALITY_NAMES.filter((q) => q !== 'nac').sort());
    expect(BEST_ORDER.slice(0, 3)).toEqual(['flac', 'ogg640', '320']);
    expect(QUALITY_NAMES.filter((q) => QUALITIES[q].evidence === 'doubtful')).toEqual(['ape', 'hires', 'master', 'atmos', 'atmos51']);
    expect(BEST_ORDER.slice(-5)).toEqual(['master', 'hires', 'ape', 'atmos', 'atmos51']);
    const sizes = sizesOf({ size_128mp3: 1, size_96aac: 1, size_flac: 1, size_new: [0, 1, 0, 0, 0, 0, 0, 1] });
    expect(candidatesFor('best', sizes)).toEqual(['flac', '128', 'm4a', 'atmos']);
    expect(candidatesFor('nac', sizes)).toEqual(['nac']);
    expect(candidatesFor('flac', sizes)).toEqual(['flac']);
    expect(candidatesFor('ape', sizes)).toEqual([]);
    expect(candidatesFor('best', sizesOf({}))).toEqual([]);
  });

  it('tells encrypted entries apart (an ekey, or an encrypted container in the path)', () => {
    expect(isEncryptedEntry({ purl: 'F000abc.flac?vkey=1', ekey: '' })).toBe(false);
    expect(isEncryptedEntry({ purl: 'F0M0abc.mflac?vkey=1' })).toBe(true);
    expect(isEncryptedEntry({ purl: '', wifiurl: 'O6M0abc.mgg?x' })).toBe(true);
    expect(isEncryptedEntry({ purl: 'TLM1abc.mnac?vkey=1' })).toBe(true);
    expect(isEncryptedEntry({ purl: 'TL01abc.nac?vkey=1' })).toBe(false);
    expect(isEncryptedEntry({ purl: 'M500abc.mp3', ekey: 'k' })).toBe(true);
    expect(isEncryptedEntry(undefined)).toBe(false);
  });

  it('chunks lists at the vkey limit', () => {
    expect(VKEY_FILES_PER_CALL).toBe(100);
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([], 100)).toEqual([]);
    expect(chunk(Array.from({ length: 205 }, (_v, i) => i), VKEY_FILES_PER_CALL).map((c) => c.length)).toEqual([100, 100, 5]);
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
      songs: [{ songmid: 's5', songid: 5, songname: 'n5', singers: [{ id: 1, mid: 'x', name: 'X' }], interval: 100, singer: [{ id: 1, mid: 'x', name: 'X' }] }],
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

describe('trial clip (docs/upstream/music.md "Trial file")', () => {
  const track = (file: Record<string, unknown>, vs: unknown = ['064YyRNb0gDV4P']) => ({ file, vs });

  it('is RS02 + vs[0] + .mp3, its length from try_begin/try_end (ms), else from its size at 128 kbit/s', () => {
    expect(trialOf(track({ size_try: 960_887, try_begin: 84_346, try_end: 142_843 }))).toEqual({ filename: 'RS02064YyRNb0gDV4P.mp3', size: 960_887, seconds: 58 });
    expect(trialOf(track({ size_try: 480_000 }))?.seconds).toBe(30);
    expect(trialOf(track({ size_try: 480_000, try_begin: 5_000, try_end: 5_000 }))?.seconds).toBe(30);
  });

  it('is none without a size or a vs[0]', () => {
    expect(trialOf(track({ size_try: 0, try_begin: 1, try_end: 30_001 }))).toBeUndefined();
    expect(trialOf(track({ size_try: 'x' }))).toBeUndefined();
    expect(trialOf(track({ size_try: 960_887 }, ['']))).toBeUndefined();
    expect(trialOf(track({ size_try: 960_887 }, null))).toBeUndefined();
    expect(trialOf(undefined)).toBeUndefined();
  });
});
