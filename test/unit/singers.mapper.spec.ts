import { fixture } from '../../fake-upstream/fixtures';
import { singerDescXml } from '../../fake-upstream/handlers/singers';
import {
  mapSimilarSinger,
  mapSingerAlbum,
  mapSingerDesc,
  mapSingerListItem,
  mapSingerMv,
  mapSingerSong,
  parseSingerDescXml,
  pickFanCount,
  SingerDescXmlError,
  sliceSingerPages,
} from '../../src/singers/singers.mapper';

describe('singer mappers', () => {
  const list = fixture('musicu-singerlist-get-singer-list.json').singerList.data;

  it('maps a genuine singer-list entry', () => {
    expect(mapSingerListItem(list.singerlist[0])).toEqual({
      singerName: '周杰伦',
      singerMID: '0025NhlN2yWrP4',
      singerPic: 'http://y.gtimg.cn/music/photo_new/T001R150x150M0000025NhlN2yWrP4.webp',
    });
  });

  it('builds a picture URL from the MID when upstream sends none', () => {
    expect(mapSingerListItem({ singer_mid: 'abc', singer_name: 'x' }).singerPic).toBe(
      'https://y.gtimg.cn/music/photo_new/T001R300x300M000abc.jpg',
    );
  });

  it('slices a window across two upstream pages', () => {
    const p1 = { singerlist: list.singerlist };
    const p2 = { singerlist: [{ singer_mid: 'N1', singer_name: 'n1' }, { singer_mid: 'N2', singer_name: 'n2' }] };
    const out = sliceSingerPages([p1, p2], 78, 4);
    expect(out.map((s) => s.singerMID)).toEqual([list.singerlist[78].singer_mid, list.singerlist[79].singer_mid, 'N1', 'N2']);
    expect(sliceSingerPages([{}, { singerlist: null }], 0, 5)).toEqual([]);
  });

  describe('singer description XML', () => {
    it('parses result > data > info with CDATA into the spec fields', () => {
      const parsed = parseSingerDescXml(singerDescXml('0025NhlN2yWrP4'));
      expect(parsed.code).toBe(0);
      const desc = mapSingerDesc(parsed.info);
      expect(desc).toMatchObject({ birth: '1979-01-18', birthPlace: '台湾省新北市', name: '周杰伦' });
      expect(desc.desc).toContain('Jay Chou');
      expect(desc.basic).toHaveLength(5);
      expect(desc.other).toEqual([{ key: '代表作品', value: '七里香、晴天' }]);
    });

    it('reads a single item (not an array) and plain-text values', () => {
      const xml = '<result><code>0</code><data><info><desc>d</desc><basic><item><key>出生地</key><value>X</value></item></basic></info></data></result>';
      expect(mapSingerDesc(parseSingerDescXml(xml).info)).toEqual({
        desc: 'd',
        birth: '',
        birthPlace: 'X',
        name: '',
        basic: [{ key: '出生地', value: 'X' }],
        other: [],
      });
    });

    it('falls back to the foreign name', () => {
      const xml = '<result><data><info><basic><item><key>外文名</key><value>Jay</value></item></basic></info></data></result>';
      expect(mapSingerDesc(parseSingerDescXml(xml).info).name).toBe('Jay');
    });

    it('an answer without info maps to empty fields', () => {
      const parsed = parseSingerDescXml('<result><code>0</code><data></data></result>');
      expect(parsed.info).toBeNull();
      expect(mapSingerDesc(parsed.info)).toEqual({ desc: '', birth: '', birthPlace: '', name: '', basic: [], other: [] });
    });

    it('reports a non-zero code', () => {
      expect(parseSingerDescXml('<result><code>-5</code></result>').code).toBe(-5);
    });

    it.each([
      ['garbage', '\u0000 garbage'],
      ['unclosed tags', '<result><data></result>'],
      ['an HTML page', '<html><body>x</body></html>'],
      ['empty', ''],
    ])('rejects %s', (_, xml) => {
      expect(() => parseSingerDescXml(xml)).toThrow(SingerDescXmlError);
    });
  });

  it('maps a GetSingerSongList entry and an old-style track', () => {
    const song = {
      songInfo: {
        id: 97773,
        mid: '0039MnYb0qxYhV',
        name: '晴天',
        singer: [{ name: '周杰伦' }, { name: 'X' }],
        album: { mid: '000MkMni19ClKG', name: '叶惠美' },
        interval: 269,
      },
    };
    expect(mapSingerSong(song)).toEqual({
      songmid: '0039MnYb0qxYhV',
      songid: 97773,
      songname: '晴天',
      singer: '周杰伦/X',
      albumName: '叶惠美',
      albumMid: '000MkMni19ClKG',
      interval: 269,
    });
    const old = fixture('c-fcg-v8-singer-track-cp.data-list.fragment.json')[0];
    const mapped = mapSingerSong(old);
    expect(mapped.songmid).toBe(old.musicData.songmid);
    expect(mapped.songid).toBe(Number(old.musicData.songid));
    expect(mapped.albumMid).toBe(old.musicData.albummid);
  });

  it('maps a genuine GetAlbumList entry with a cover URL', () => {
    const [album] = fixture('musicu-musichallalbum-getalbumlist.albumList.fragment.json');
    expect(mapSingerAlbum(album)).toEqual({
      albumMid: '001g7BIA0IyPBZ',
      albumName: 'Six Degrees',
      publicTime: '2025-01-10',
      songCount: 0,
      cover: 'https://y.gtimg.cn/music/photo_new/T002R300x300M000001g7BIA0IyPBZ.jpg',
      // the old names, answered beside the new ones until they are removed
      publishDate: '2025-01-10',
      totalNum: 0,
    });
  });

  it('maps an MV entry', () => {
    expect(mapSingerMv({ mvid: 1, vid: 'v1', title: 't', picurl: 'p', playcnt: 9, pubdate: 1600000000 })).toEqual({
      vid: 'v1',
      mvId: 1,
      title: 't',
      cover: 'p',
      listen_num: 9,
      publishDate: 1600000000,
      // the old names, answered beside the new ones until they are removed
      mvid: 1,
      pic: 'p',
      playCount: 9,
    });
  });

  it('maps a similar singer', () => {
    expect(mapSimilarSinger({ singerMid: 'm', singerName: 'n', singerPic: 'p' })).toEqual({ singerMID: 'm', singerName: 'n', singerPic: 'p' });
  });

  it.each([
    [{ num: 12 }, 12],
    [{ concernNum: '7' }, 7],
    [{ data: { num: 3 } }, 3],
    [{ data: { concernNum: 4 } }, 4],
    [{ num: 0 }, 0],
    [{ num: '', concernNum: 5 }, 5],
    [{ other: 1 }, undefined],
    [{ num: 'many' }, undefined],
    [{ num: -1 }, undefined],
    [{ num: 1.5 }, undefined],
  ])('pickFanCount(%j) = %s', (body, expected) => {
    expect(pickFanCount(body as any)).toBe(expected);
  });
});
