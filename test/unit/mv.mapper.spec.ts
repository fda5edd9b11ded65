import fc from 'fast-check';
import { countPlayUrls, groupPlayLists, mapMvInfo, mapMvList, mvUrlEntry, PLAY_GROUPS } from '../../src/mv/mv.mapper';

const u = (f: string, n = 1, ext = 'mp4') => `https://mv.example/${n}/abc.${f}.${ext}?vkey=1`;

describe('groupPlayLists', () => {
  it('always has the four keys, empty for no data', () => {
    for (const entry of [undefined, null, {}, { mp4: 'x', hls: 3 }, { mp4: [null, 1, { freeflow_url: null }] }]) {
      expect(groupPlayLists(entry as any)).toEqual({ f10: [], f20: [], f30: [], f40: [] });
    }
  });

  it('takes mp4 items before hls items, freeflow_url before url, grouped by .fNN.', () => {
    const entry = {
      hls: [{ freeflow_url: [u('f20', 9, 'ts.m3u8')] }],
      mp4: [
        { filetype: 40, freeflow_url: [u('f40', 1), u('f40', 2)], url: [u('f40', 3)] },
        { filetype: 10, freeflow_url: [u('f10')], url: u('f10', 5) },
        { filetype: 20, freeflow_url: [u('f20', 1)], url: [] },
      ],
    };
    expect(groupPlayLists(entry)).toEqual({
      f10: [u('f10'), u('f10', 5)],
      f20: [u('f20', 1), u('f20', 9, 'ts.m3u8')],
      f30: [],
      f40: [u('f40', 1), u('f40', 2), u('f40', 3)],
    });
  });

  it('drops duplicates (across url/freeflow_url and mp4/hls) and URLs of no known clarity', () => {
    const entry = {
      mp4: [{ freeflow_url: [u('f30'), u('f30'), 'https://x/abc.mp4', u('f50')], url: [u('f30')] }],
      hls: [{ freeflow_url: [u('f30')], url: ['', 7] }],
    };
    expect(groupPlayLists(entry as any)).toEqual({ f10: [], f20: [], f30: [u('f30')], f40: [] });
  });

  it('property: every output URL comes from the input, is in the group named in it, and appears once', () => {
    const url = fc.tuple(fc.constantFrom('f10', 'f20', 'f30', 'f40', 'f99', 'x'), fc.integer({ min: 0, max: 5 })).map(([f, n]) => u(f, n));
    const item = fc.record({ freeflow_url: fc.array(url, { maxLength: 4 }), url: fc.array(url, { maxLength: 2 }) });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), fc.array(item, { maxLength: 3 }), (mp4, hls) => {
        const out = groupPlayLists({ mp4, hls });
        const input = new Set([...mp4, ...hls].flatMap((i) => [...i.freeflow_url, ...i.url]));
        const all = PLAY_GROUPS.flatMap((g) => out[g]);
        expect(new Set(all).size).toBe(all.length);
        for (const g of PLAY_GROUPS) for (const x of out[g]) expect(x.includes(`.${g}.`) && input.has(x)).toBe(true);
        const known = [...input].filter((x) => PLAY_GROUPS.some((g) => x.includes(`.${g}.`)));
        expect(countPlayUrls(out)).toBe(known.length);
      }),
    );
  });
});

describe('mvUrlEntry', () => {
  it('picks data[vid], else the first entry, else undefined', () => {
    expect(mvUrlEntry({ a: { mp4: [] }, v1: { hls: [] } }, 'v1')).toEqual({ hls: [] });
    expect(mvUrlEntry({ other: { mp4: [] } }, 'v1')).toEqual({ mp4: [] });
    for (const d of [undefined, null, {}, [], 'x', { v1: null }, { v1: 'str' }]) expect(mvUrlEntry(d, 'v1')).toBeUndefined();
  });
});

describe('MV list and info mapping', () => {
  it('maps GetAllocMvInfo items and tolerates missing fields', () => {
    const out = mapMvList({
      total: 7,
      list: [
        { vid: 'v1', mvid: 5, title: 'T', picurl: 'P', playcnt: 9, duration: 3, pubdate: 100, singers: [{ id: 1, mid: 'm', name: 'n', picurl: 'x' }] },
        { vid: 'v2' },
      ],
    });
    expect(out).toEqual({
      total: 7,
      list: [
        { vid: 'v1', mvId: 5, title: 'T', cover: 'P', listen_num: 9, interval: 3, publishDate: 100, singers: [{ mid: 'm', name: 'n' }], mvid: 5, playCount: 9, duration: 3 },
        { vid: 'v2', mvId: 0, title: '', cover: '', listen_num: 0, interval: 0, publishDate: 0, singers: [], mvid: 0, playCount: 0, duration: 0 },
      ],
    });
    expect(mapMvList(null)).toEqual({ list: [], total: 0 });
  });

  it('maps video info by vid, blank when absent', () => {
    expect(mapMvInfo({ v: { name: 'N', cover_pic: 'C', duration: 4, singers: [{ mid: 'a', name: 'b' }] } }, 'v')).toEqual({
      title: 'N', cover: 'C', interval: 4, singers: [{ mid: 'a', name: 'b' }], duration: 4,
    });
    expect(mapMvInfo(undefined, 'v')).toEqual({ title: '', cover: '', interval: 0, singers: [], duration: 0 });
  });
});
