import { hotItem, plazaItem } from '../../src/legacy/adapters/discover';
import { getSingerHotsongById } from '../../src/legacy/adapters/singers';
import { classicTrack } from '../../src/legacy/adapters/util';

const req = { query: {} } as any;

describe('legacy adapters (pure)', () => {
  it('classicTrack adds the old flat names beside a new-shape track', () => {
    const t = {
      id: 97773,
      mid: '0039MnYb0qxYhV',
      name: '晴天',
      singer: [{ id: 4558, mid: '0025NhlN2yWrP4', name: '周杰伦' }],
      album: { id: 8220, mid: '000MkMni19ClKG', name: '叶惠美' },
      file: { media_mid: '002xyz', size_128mp3: 4, size_320mp3: 10, size_flac: 30, size_ape: 0 },
      pay: { pay_play: 1, pay_month: 1, pay_down: 1, price_track: 200, price_album: 0 },
      mv: { id: 1, vid: 'n0010BCw40f' },
      interval: 269,
    };
    const c = classicTrack(t);
    expect(c).toMatchObject({
      songid: 97773,
      songmid: '0039MnYb0qxYhV',
      songname: '晴天',
      albumid: 8220,
      albummid: '000MkMni19ClKG',
      albumname: '叶惠美',
      strMediaMid: '002xyz',
      size128: 4,
      size320: 10,
      sizeflac: 30,
      sizeape: 0,
      vid: 'n0010BCw40f',
      interval: 269,
    });
    expect(c.pay).toEqual({ ...t.pay, payplay: 1, paydownload: 1, paytrackmouth: 1, paytrackprice: 200, payalbumprice: 0 });
    expect(c.album).toEqual(t.album);
    expect(c.mv).toEqual(t.mv);
  });

  it('classicTrack keeps old names that are already there and fills gaps from the normalised hit', () => {
    const c = classicTrack({ songmid: 'old', songname: 'Old', albumname: 'A' }, { songid: 5, albumMid: 'M', singers: [{ name: 'S' }] });
    expect(c).toMatchObject({ songmid: 'old', songname: 'Old', albumname: 'A', songid: 5, albummid: 'M', singer: [{ name: 'S' }], vid: '' });
    expect(classicTrack(null as any, { songmid: 'x' }).songmid).toBe('x');
  });

  it('hotItem / plazaItem give a feed item the old calls\' names', () => {
    const item = { Playlist: { basic: { tid: 7, title: 'T', cover: { default_url: 'd', small_url: 's', medium_url: 'm' }, play_cnt: 9, creator: { nick: 'N' } } } };
    expect(hotItem(item)).toMatchObject({ content_id: 7, title: 'T', cover: 'm', username: 'N', listen_num: 9 });
    expect(plazaItem(item)).toMatchObject({ tid: 7, title: 'T', cover_url_small: 's', cover_url_medium: 'm', cover_url_big: 'm', access_num: 9, creator_info: { nick: 'N' } });
    expect(plazaItem({ basic: { tid: 1, cover: 'u' } })).toMatchObject({ tid: 1, cover_url_small: 'u', cover_url_big: 'u' });
  });

  it('getSingerHotsongById: the detail block when it answered, else singer_info from the CGI\'s own fields', () => {
    const raw = { code: 0, data: { list: [], total: 3, singer_id: 13948, singer_mid: '001fNHEf1SFEFN', singer_name: 'G.E.M. 邓紫棋' } };
    const fallback = getSingerHotsongById({ body: {}, raw, extra: { singer: { code: -1, data: null } } }, req) as any;
    expect(fallback.response.data).toEqual(raw.data);
    expect(fallback.response.singer.data).toEqual({ singer_info: { id: 13948, mid: '001fNHEf1SFEFN', name: 'G.E.M. 邓紫棋' }, total_song: 3 });
    const detail = { singer_info: { mid: '001fNHEf1SFEFN', name: 'G' }, total_album: 4, songlist: [{ id: 1 }] };
    const full = getSingerHotsongById({ body: {}, raw, extra: { singer: { code: 0, data: detail } } }, req) as any;
    expect(full.response.singer).toEqual({ code: 0, data: { singer_info: detail.singer_info, total_album: 4 } });
  });
});
