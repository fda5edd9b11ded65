import { mvState } from '../../fake-upstream/handlers/mv';
import { GENUINE_DISSTID } from '../../fake-upstream/handlers/playlists';
import { SEARCH_MV_VIDS } from '../../fake-upstream/handlers/search';
import { FAKE_ALBUM_TOTAL, JAY_MID } from '../../fake-upstream/handlers/singers';
import { fixture } from '../../fake-upstream/fixtures';
import { Harness, startHarness } from '../support/harness';

/**
 * The exact paths of `response` that existing apps written against the Koa qq-music-api read (H-Haynes/TIMP,
 * H-Haynes/uni-TIMP, RubenCampoa/Beta-music-player, WQTY-MASTER/tiaolv-music; docs/legacy.md), in the legacy
 * shape against the fake; and the legacy-only extra calls never made for the normalised shape.
 */

const QINGTIAN = '0039MnYb0qxYhV';
const MV_LIST = fixture('musicu-mv-getallocmvinfo.data.fragment.json').list;
const VID = MV_LIST[0].vid as string;
const RELATED = 'video.VideoLogicServer.rec_video_byvid';
const DETAIL_INFO = 'music.web_singer_info_svr.get_singer_detail_info';
const CDLIST = fixture('c-fcg-ucc-getcdinfo-byids-cp.cdlist.fragment.json')[0];

describe('legacy shape: the fields existing apps read', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const legacy = async (path: string) => {
    const res = await h.http().get(path).set('X-Response-Shape', 'legacy').expect(200);
    expect(res.body.response.code).toBe(0);
    return res.body.response;
  };

  it('getRecommend: playlist.data.v_playlist[].{tid,title,cover_url_*}, recomPlaylist.data.v_hot[].{content_id,title,cover,username}, focus.data.content[]', async () => {
    const r = await legacy('/getRecommend');
    const feed = fixture('c-fcg-get-diss-by-tag.data.fragment.json').list;
    const plaza = r.playlist.data.v_playlist;
    expect(plaza.length).toBeGreaterThan(0);
    expect(r.playlist.data.total).toBe(plaza.length);
    expect(plaza[0]).toMatchObject({ tid: Number(feed[0].dissid), title: feed[0].dissname, cover_url_small: feed[0].imgurl, cover_url_medium: feed[0].imgurl });
    const hot = r.recomPlaylist.data.v_hot;
    expect(hot[0]).toMatchObject({ content_id: Number(feed[0].dissid), title: feed[0].dissname, cover: feed[0].imgurl, username: feed[0].creator.name });
    const focus = r.focus.data.content;
    expect(focus.length).toBeGreaterThan(0);
    for (const f of focus) {
      expect(f.pic_info.url).toMatch(/^https?:\/\//);
      expect(typeof f.jump_info.url).toBe('string');
      expect(typeof f.type).toBe('number');
    }
  });

  it('getMvPlay: other.data.list[].{vid,name,cover_pic,duration,playcnt} from rec_video_byvid beside mvinfo and getMVUrl', async () => {
    const r = await legacy(`/getMvPlay?vid=${VID}`);
    expect(r.mvinfo.data[VID]).toMatchObject({ name: MV_LIST[0].title, cover_pic: MV_LIST[0].picurl, playcnt: MV_LIST[0].playcnt, pubdate: MV_LIST[0].pubdate });
    expect(r.mvinfo.data[VID].singers[0].mid).toBe(MV_LIST[0].singers[0].mid);
    expect(r.getMVUrl.data[VID].mp4.flatMap((m: any) => m.freeflow_url).length).toBeGreaterThan(0);
    const related = r.other.data.list;
    expect(related.length).toBeGreaterThan(0);
    expect(related.map((m: any) => m.vid)).not.toContain(VID);
    const src = MV_LIST.find((m: any) => m.vid === related[0].vid);
    expect(related[0]).toMatchObject({ name: src.title, cover_pic: src.picurl, duration: src.duration, playcnt: src.playcnt });
    const call = h.fake.musicuCalls(RELATED)[0];
    expect(call.key).toBe('other');
    expect(call.param).toMatchObject({ vid: VID, support: 1 });
    expect(call.param.required).toEqual(expect.arrayContaining(['cover_pic', 'uploader_nick']));
  });

  it('getMvPlay: a failing rec_video_byvid leaves the MV playable: other = { code, data.list: [] }', async () => {
    mvState(h.fake.state).relatedCode = 2001;
    const r = await legacy(`/getMvPlay?vid=${VID}`);
    expect(r.other).toEqual({ code: 2001, data: { list: [] } });
    expect(r.mvinfo.data[VID].name).toBe(MV_LIST[0].title);
  });

  it('getSingerHotsong: singer.data.{singer_info.{name,mid,pic}, singer_brief, total_album, total_song} beside songlist', async () => {
    const r = await legacy(`/getSingerHotsong?singermid=${JAY_MID}&limit=2&page=1`);
    const d = r.singer.data;
    expect(d.singer_info).toMatchObject({ mid: JAY_MID, name: '周杰伦' });
    expect(d.singer_info.pic).toContain(JAY_MID);
    expect(d.singer_brief).toContain('周杰伦');
    expect(d.total_album).toBe(FAKE_ALBUM_TOTAL);
    expect(typeof d.total_song).toBe('number');
    expect(d.total_song).toBeGreaterThan(0);
    expect(d.songlist).toHaveLength(2);
    expect(h.fake.musicuCalls(DETAIL_INFO)[0].param).toMatchObject({ singermid: JAY_MID, sin: 2, num: 2 });
  });

  it('getSingerHotsong?singerid=<digits>: singer.data.singer_info.{mid,name} beside the CGI\'s data.list', async () => {
    const r = await legacy('/getSingerHotsong?singerid=13948&limit=2');
    expect(r.data.list[0].musicData.songmid).toMatch(/^[0-9A-Za-z]{14}$/);
    const info = r.singer.data.singer_info;
    expect(info.mid).toBe(r.data.singer_mid);
    expect(info.name).toBe(`歌手${r.data.singer_mid}`);
    expect(h.fake.musicuCalls(DETAIL_INFO)[0].param.singermid).toBe(r.data.singer_mid);
  });

  it('getSearchByKey: data.song.list[].{songmid,songname,singer[],albumname,albummid,albumid,pay.payplay,vid,strMediaMid}, totalnum', async () => {
    const r = await legacy(`/getSearchByKey?key=${encodeURIComponent('晴天')}&limit=10&page=1`);
    const list = r.data.song.list;
    expect(typeof r.data.song.totalnum).toBe('number');
    const hit = list.find((x: any) => x.songmid === QINGTIAN);
    expect(hit).toBeDefined();
    expect(hit.songname).toBe('晴天');
    expect(hit.singer[0]).toMatchObject({ name: '周杰伦', mid: JAY_MID });
    expect(hit.albumname).toBe('叶惠美');
    expect(hit.albummid).toMatch(/^[0-9A-Za-z]{14}$/);
    expect(hit.albumid).toBeGreaterThan(0);
    expect(hit.interval).toBeGreaterThan(0);
    expect(hit.pay).toMatchObject({ payplay: 0, pay_play: 0 });
    expect(hit.vid).toBe(SEARCH_MV_VIDS[QINGTIAN]);
    expect(hit.mv.vid).toBe(SEARCH_MV_VIDS[QINGTIAN]);
    expect(hit.strMediaMid).toMatch(/^[0-9A-Za-z]{14}$/);
    // a song with no album (the recorded client_search_cp answer has one: a medley) keeps the old names as '', as
    // client_search_cp gave them, so an app reading `albummid` finds a string
    const albumless = list.find((x: any) => x.album?.mid === '');
    expect(albumless).toMatchObject({ albummid: '', albumname: '', albumid: 0 });
  });

  it('getSongListDetail: cdlist[0].{dissname,desc,logo,ctime,headurl,nickname}; songlist[].{name,mid,mv.vid,album.name,singer[],pay.payplay}', async () => {
    const r = await legacy(`/getSongListDetail?disstid=${GENUINE_DISSTID}`);
    const cd = r.cdlist[0];
    expect(cd).toMatchObject({ dissname: CDLIST.dissname, logo: CDLIST.logo, ctime: CDLIST.ctime, headurl: CDLIST.headurl, nickname: CDLIST.nickname });
    expect(typeof cd.desc).toBe('string');
    const s = cd.songlist[0];
    const src = CDLIST.songlist[0];
    expect(s).toMatchObject({ name: src.name, mid: src.mid, interval: src.interval, songmid: src.mid, songname: src.name });
    expect(s.mv.vid).toBe(src.mv.vid);
    expect(s.album.name).toBe(src.album.name);
    expect(s.albumname).toBe(src.album.name);
    expect(s.singer[0]).toMatchObject({ name: src.singer[0].name, id: src.singer[0].id });
    expect(s.pay).toMatchObject({ pay_play: src.pay.pay_play, payplay: src.pay.pay_play });
  });

  it('getSongInfo: songinfo.data.track_info.{title, interval, album.mid, singer[].{name,mid}}', async () => {
    const r = await legacy(`/getSongInfo?songmid=${QINGTIAN}`);
    const t = r.songinfo.data.track_info;
    expect(t.title).toBe('晴天');
    expect(t.interval).toBeGreaterThan(0);
    expect(t.album.mid).toMatch(/^[0-9A-Za-z]{14}$/);
    expect(t.singer[0]).toMatchObject({ name: '周杰伦', mid: JAY_MID });
  });

  it('the normalised shape makes no extra call and carries none of the legacy fields', async () => {
    const mv = (await h.http().get(`/getMvPlay?vid=${VID}`).expect(200)).body;
    const singer = (await h.http().get(`/getSingerHotsong?singermid=${JAY_MID}&limit=2`).expect(200)).body;
    const byId = (await h.http().get('/getSingerHotsong?singerid=13948&limit=2').expect(200)).body;
    expect(h.fake.musicuCalls(RELATED)).toHaveLength(0);
    expect(h.fake.musicuCalls(DETAIL_INFO)).toHaveLength(0);
    expect(Object.keys(mv.data).sort()).not.toContain('other');
    expect(Object.keys(singer.data).sort()).toEqual(['singerMID', 'songs', 'total']);
    expect(Object.keys(byId.data).sort()).toEqual(['singerMID', 'songs', 'total']);
    const search = (await h.http().get(`/getSearchByKey?key=${encodeURIComponent('晴天')}`).expect(200)).body.data.list[0];
    expect(Object.keys(search).sort()).toEqual(['albumId', 'albumMid', 'albumName', 'interval', 'singer', 'singers', 'songid', 'songmid', 'songname']);
  });
});
