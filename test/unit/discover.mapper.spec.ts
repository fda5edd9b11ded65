import fc from 'fast-check';
import { IMAGE_TYPES } from '../../src/common/catalogue';
import { buildImageUrl, mapDigitalAlbums, mapRadioGroups } from '../../src/discover/discover.mapper';
import { IMAGE_SIZE } from '../../src/discover/dto/discover.dto';

describe('buildImageUrl', () => {
  it('uses T002 for albums by default, T001 for singers, T015 for MVs', () => {
    expect(buildImageUrl('000abc')).toBe('https://y.gtimg.cn/music/photo_new/T002R300x300M000000abc.jpg?max_age=2592000');
    expect(buildImageUrl('m', '150x150', 0, 'singer')).toBe('https://y.gtimg.cn/music/photo_new/T001R150x150M000m.jpg?max_age=0');
    expect(buildImageUrl('m', '640x360', 60, 'mv')).toBe('https://y.gtimg.cn/music/photo_new/T015R640x360M000m.jpg?max_age=60');
  });

  it('property: the URL embeds the prefix, size, id and maxAge verbatim', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9A-Za-z]{1,20}$/),
        fc.integer({ min: 1, max: 3000 }),
        fc.integer({ min: 1, max: 3000 }),
        fc.nat(),
        fc.constantFrom(...(Object.keys(IMAGE_TYPES) as (keyof typeof IMAGE_TYPES)[])),
        (id, w, hgt, age, type) => {
          const size = `${w}x${hgt}`;
          expect(IMAGE_SIZE.test(size)).toBe(true);
          expect(buildImageUrl(id, size, age, type)).toBe(
            `https://y.gtimg.cn/music/photo_new/${IMAGE_TYPES[type]}R${size}M000${id}.jpg?max_age=${age}`,
          );
        },
      ),
    );
  });

  it('the size pattern accepts exactly 1..3000 per side', () => {
    for (const ok of ['1x1', '300x300', '3000x3000', '999x1000', '2999x3000']) expect(IMAGE_SIZE.test(ok)).toBe(true);
    for (const bad of ['0x1', '3001x1', '01x5', '300', 'x300', '300x', '-1x5', '1.5x2', '300x300x3', ' 1x1']) {
      expect(IMAGE_SIZE.test(bad)).toBe(false);
    }
  });
});

describe('discover mappers', () => {
  it('maps radio groups from both the musicu and the CGI spellings', () => {
    expect(mapRadioGroups([{ id: 3, title: 'G', list: [{ radioId: 1, radioName: 'R', radioImg: 'I', listenNum: 2 }] }])).toEqual([
      { id: 3, name: 'G', radios: [{ id: 1, name: 'R', cover: 'I', listen_num: 2, listenNum: 2 }] },
    ]);
    expect(mapRadioGroups([{ name: 'G', radioList: [{ radioId: 1, radioName: 'R', radioImg: 'I', listenNum: 2 }] }])).toEqual([
      { id: 0, name: 'G', radios: [{ id: 1, name: 'R', cover: 'I', listen_num: 2, listenNum: 2 }] },
    ]);
    expect(mapRadioGroups(undefined)).toEqual([]);
  });

  it('maps digital albums, building the cover from the mid and keeping a numeric price only', () => {
    expect(mapDigitalAlbums({ data: { album_list: [{ albummid: 'M1', albumname: 'A', singers: [{ name: 'x' }, { name: 'y' }], price: '5' }, { album_mid: 'M2', price: 'free' }] } })).toEqual([
      { albumMid: 'M1', albumName: 'A', singerName: 'x/y', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000M1.jpg', price: 5 },
      { albumMid: 'M2', albumName: '', singerName: '', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000M2.jpg' },
    ]);
    expect(mapDigitalAlbums({ code: 0 })).toEqual([]);
  });

  it('mapDigitalAlbums reads the sections data.content[].albumlist[] in order; the same album in two sections counts once', () => {
    const a1 = { album_mid: 'M1', album_name: 'A', singer_name: 'x', price: 5 };
    const raw = { code: 0, data: { banner: [{ picurl: 'http://b' }], content: [{ title: 'new', albumlist: [a1, { album_mid: 'M2', album_name: 'B' }] }, { title: 'hot', albumlist: [a1, { album_mid: 'M2', album_name: 'C' }] }] } };
    expect(mapDigitalAlbums(raw).map((a) => `${a.albumMid} ${a.albumName}`)).toEqual(['M1 A', 'M2 B', 'M2 C']);
    expect(mapDigitalAlbums(raw)[0]).toEqual({ albumMid: 'M1', albumName: 'A', singerName: 'x', cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000M1.jpg', price: 5 });
    // sections without albums: the flat list still counts
    expect(mapDigitalAlbums({ data: { content: [{ title: 'empty' }], album_list: [a1] } })).toHaveLength(1);
  });
});
