import { catalog, trackCore } from '../catalog';
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';

/**
 * Fake answers for the small discover endpoints (radio, recommend, digital albums, tickets).
 *
 * Provenance:
 * - GetRadiolist / fcg_v8_radiolist.fcg: radio items from c-fcg-yqqhomepagerecommend.json's radioList (genuine),
 *   grouped as docs/upstream/discover.md "Radio list" describes (`radio_list[]{list[]{radioId, radioName, radioImg,
 *   listenNum}}`); the CGI's `data.data.groupList[]{radioList[]}` shape is from the Koa projects' docs, unverified.
 * - GetRecommendFeed: playlist items of c-fcg-get-diss-by-tag.data.fragment.json in the `List[].Playlist.basic` shape
 *   the Python QQMusicApi project reads.
 * - get_new_song_info: catalogue songs in `songlist[]`. GetFocus: the fixture's slider as `content[]{pic_info, jump_info}`.
 * - musicmall.fcg (digital albums): NO fixture; the shape public readers of the CGI rely on (see digitalAlbums).
 * - The ticket module: NO fixture and no verified shape; an invented plausible shape (docs/upstream/discover.md
 *   "Tickets"), kept simple so the gateway's tolerant mapper is exercised.
 * The recommend call's new-album and chart keys are answered by the playlists and charts fakes.
 */

export interface DiscoverFakeState {
  /** Number of digital albums musicmall.fcg lists (default 25). */
  digitalAlbums: number;
  /** Empty radio list / ticket lists when true. */
  emptyRadio: boolean;
  emptyTickets: boolean;
}

export const discoverState = (state: FakeState) =>
  state.of<DiscoverFakeState>('discover', () => ({ digitalAlbums: 25, emptyRadio: false, emptyTickets: false }));

/** The genuine radio items plus a second group built from them. */
function radioGroups(): { title: string; id: number; items: { radioId: number; radioName: string; radioImg: string; listenNum: number }[] }[] {
  const genuine = fixture('c-fcg-yqqhomepagerecommend.json').data.radioList.map((r: any, i: number) => ({
    radioId: r.radioid,
    radioName: r.Ftitle,
    radioImg: r.picUrl,
    listenNum: 1000000 * (i + 1),
  }));
  return [
    { id: 1, title: '热门', items: genuine },
    {
      id: 2,
      title: '心情',
      items: [{ radioId: 101, radioName: '治愈', radioImg: 'http://y.gtimg.cn/music/photo/radio/track_radio_101_13_1.jpg', listenNum: 54321 }],
    },
  ];
}

const getRadiolist: MusicuHandler = (_param, { state }) => ({
  code: 0,
  data: {
    radio_list: discoverState(state).emptyRadio ? [] : radioGroups().map((g) => ({ id: g.id, title: g.title, list: g.items })),
  },
});

const radioCgi: HttpHandler = ({ state }) => ({
  json: {
    code: 0,
    data: {
      data: {
        groupList: discoverState(state).emptyRadio ? [] : radioGroups().map((g) => ({ name: g.title, radioList: g.items })),
      },
    },
  },
});

const recommendFeed: MusicuHandler = (param) => {
  const size = Number(param.Size ?? 10);
  const list = fixture('c-fcg-get-diss-by-tag.data.fragment.json').list.slice(0, size);
  return {
    code: 0,
    data: {
      List: list.map((p: any) => ({
        Playlist: {
          basic: {
            tid: Number(p.dissid),
            title: p.dissname,
            cover: { default_url: p.imgurl, medium_url: p.imgurl },
            play_cnt: p.listennum,
            creator: { nick: p.creator?.name ?? '' },
          },
        },
      })),
      FromLimit: size,
    },
  };
};

const newSongs: MusicuHandler = (param) => ({
  code: 0,
  data: {
    type: Number(param.type ?? 5),
    songlist: catalog().slice(0, 10).map(trackCore),
  },
});

const getFocus: MusicuHandler = () => ({
  code: 0,
  data: {
    content: fixture('c-fcg-yqqhomepagerecommend.json').data.slider.map((s: any) => ({
      id: s.id,
      type: 10002,
      title: `focus ${s.id}`,
      pic_info: { url: s.picUrl },
      jump_info: { url: s.linkUrl },
    })),
  },
});

/**
 * musicmall.fcg `pc_index_new`: no recording. The shape is the one public readers of this CGI rely on (a web player
 * calling it directly reads `data.banner[].picurl` and `data.content[0].albumlist[]{album_mid, album_name,
 * singer_name, singer_id}`; lmh199504/small_program also `content[].title` and the items' `price`): a banner and
 * sections, the albums split over two of them.
 */
const digitalAlbums: HttpHandler = ({ state }) => {
  const n = discoverState(state).digitalAlbums;
  const songs = catalog();
  const albums = [];
  for (let i = 0; i < n; i++) {
    const s = songs[i % songs.length];
    albums.push({
      album_id: 9_000_000 + i,
      album_mid: s.albumMid || `000DigiAlbum${String(i).padStart(2, '0')}`,
      album_name: `${s.albumName || s.name} (数字专辑 ${i + 1})`,
      singer_id: s.singers[0]?.id ?? 0,
      singer_mid: s.singers[0]?.mid ?? '',
      singer_name: s.singers.map((x) => x.name).join('/'),
      price: 3 + (i % 5),
    });
  }
  const banner = albums.slice(0, 3).map((a, i) => ({
    id: 100 + i,
    picurl: `http://y.gtimg.cn/music/common/upload/t_musicmall_banner/${100 + i}.jpg`,
    jumpurl: `https://y.qq.com/n/yqq/album/${a.album_mid}.html`,
    type: 1,
  }));
  const content = [
    { type: 1, title: '新碟首发', albumlist: albums.slice(0, 15) },
    { type: 2, title: '热销专辑', albumlist: albums.slice(15) },
  ];
  return { json: { code: 0, subcode: 0, data: { banner, content } } };
};

const ticketIndex: MusicuHandler = (_param, { state }) => ({
  code: 0,
  data: {
    show_list: discoverState(state).emptyTickets
      ? []
      : [
          { show_id: 't1001', name: '林俊杰 JJ20 世界巡回演唱会', city_name: '上海', show_time: '2026-12-24 19:30', pic_url: 'http://y.gtimg.cn/music/common/upload/t_ticket/1001.jpg', price_range: '380-1680' },
          { show_id: 't1002', name: '邓紫棋 I AM GLORIA 巡回演唱会', city_name: '北京', show_time: '2027-01-10 19:00', pic_url: 'http://y.gtimg.cn/music/common/upload/t_ticket/1002.jpg', price_range: '480-1880' },
        ],
  },
});

const showTypes: MusicuHandler = (_param, { state }) => ({
  code: 0,
  data: {
    type_list: discoverState(state).emptyTickets
      ? []
      : [
          { type_id: 1, type_name: '演唱会' },
          { type_id: 2, type_name: '音乐节' },
          { type_id: 3, type_name: 'Livehouse' },
        ],
  },
});

export const discoverRoutes: FakeRoutes = {
  musicu: {
    'pf.radiosvr.GetRadiolist': getRadiolist,
    'music.playlist.PlaylistSquare.GetRecommendFeed': recommendFeed,
    'newsong.NewSongServer.get_new_song_info': newSongs,
    'QQMusic.MusichallServer.GetFocus': getFocus,
    'mall.ticket_index_page_svr.GetTicketIndexPage': ticketIndex,
    'mall.ticket_index_page_svr.GetShowTypeList': showTypes,
  },
  http: {
    'c /v8/fcg-bin/musicmall.fcg': digitalAlbums,
    'c /v8/fcg-bin/fcg_v8_radiolist.fcg': radioCgi,
  },
};
