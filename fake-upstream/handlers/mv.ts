import { catalog } from '../catalog';
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';

/**
 * Fake answers for the MV endpoints and the small discover endpoints (radio, recommend, digital albums, tickets).
 *
 * Provenance:
 * - GetAllocMvInfo: the genuine fragment musicu-mv-getallocmvinfo.data.fragment.json (10 items, total 1000); items
 *   past the 10th (and every item of another area) are clones with synthetic vids, so start/size can be honoured.
 * - GetAllocTag: built from CONTRACT §12 "MV list" (area and version ids with their names); no fixture.
 * - MV play URLs (both GetMvUrls modules): NO genuine fixture. Built from CONTRACT §4/§12: `data = {<vid>: {mp4[],
 *   hls[]}}`, items with `url[]`, `freeflow_url[]`, `comm_url[]`; clarity is in the file name (`.f10.` … `.f40.`).
 * - get_video_info_batch: the fixture MV item's fields renamed to the video-info spelling (name, cover_pic…).
 * - GetRadiolist / fcg_v8_radiolist.fcg: radio items from c-fcg-yqqhomepagerecommend.json's radioList (genuine),
 *   grouped as CONTRACT §12 describes (`radio_list[]{list[]{radioId, radioName, radioImg, listenNum}}`); the CGI's
 *   `data.data.groupList[]{radioList[]}` shape is from the refs' docs, unverified.
 * - GetRecommendFeed: playlist items of c-fcg-get-diss-by-tag.data.fragment.json in L1's `List[].Playlist.basic` shape.
 * - get_new_song_info: catalogue songs in `songlist[]`. GetFocus: the fixture's slider as `content[]{pic_info, jump_info}`.
 * - musicmall.fcg (digital albums) and the ticket module: NO fixture and no verified shape; invented plausible shapes
 *   (documented in docs/mv.md), kept simple so the gateway's tolerant mappers are exercised.
 */

export interface MvFakeState {
  /** Total of GetAllocMvInfo lists (default: the fixture's 1000). */
  mvTotal?: number;
  /** Exact GetMvUrls `data` to answer per vid (e.g. `{}` for "no URL data"). */
  urlData: Map<string, unknown>;
  /** Number of digital albums musicmall.fcg lists (default 25). */
  digitalAlbums: number;
  /** Empty radio list / ticket lists when true. */
  emptyRadio: boolean;
  emptyTickets: boolean;
}

export const mvState = (state: FakeState) =>
  state.of<MvFakeState>('mv', () => ({ urlData: new Map(), digitalAlbums: 25, emptyRadio: false, emptyTickets: false }));

const MV_FIXTURE = 'musicu-mv-getallocmvinfo.data.fragment.json';

const AREAS = [
  [15, '全部'], [8, '内地'], [5, '港台'], [6, '欧美'], [7, '韩国'], [4, '日本'],
] as const;
const VERSIONS = [
  [7, '全部'], [8, 'MV'], [13, '现场'], [14, '翻唱'], [15, '舞蹈'], [16, '影视'], [17, '综艺'], [18, '儿歌'],
] as const;

/** The i-th MV of an area: the genuine items first (area 15), then clones with synthetic 11-char vids. */
export function fakeMvItem(area: number, i: number): any {
  const base = fixture(MV_FIXTURE).list;
  const item = base[i % base.length];
  if (area === 15 && i < base.length) return item;
  return {
    ...item,
    vid: `z${String(area).padStart(2, '0')}${String(i).padStart(8, '0')}`,
    mvid: 2000000 + area * 10000 + i,
    title: `${item.title} #${area}-${i}`,
  };
}

const getAllocMvInfo: MusicuHandler = (param, { state }) => {
  const area = Number(param.area ?? param.area_id ?? 15);
  const start = Number(param.start ?? 0);
  const size = Number(param.size ?? param.limit ?? 20);
  const total = mvState(state).mvTotal ?? fixture(MV_FIXTURE).total;
  const list = [];
  for (let i = start; i < Math.min(total, start + size); i++) list.push(fakeMvItem(area, i));
  return { code: 0, data: { total, list } };
};

const getAllocTag: MusicuHandler = () => ({
  code: 0,
  data: {
    area: AREAS.map(([id, name]) => ({ id, name })),
    version: VERSIONS.map(([id, name]) => ({ id, name })),
  },
});

/** Realistic MV URL data for a vid: mp4 f10–f40 (f10 without a URL) and hls f20/f30; `url` repeats some freeflow URLs. */
export function fakeMvUrls(vid: string, host: string): Record<string, unknown> {
  const file = (f: number, ext: string) => `${host}/${'0'.repeat(8)}${vid}/${vid}.f${f}.${ext}?vkey=FAKEVKEY${f}&fname=${vid}.f${f}.${ext}`;
  const mp4 = [10, 20, 30, 40].map((f) => {
    const urls = f === 10 ? [] : [file(f, 'mp4'), file(f, 'mp4').replace(host, `${host.replace('mv6', 'mv')}`)];
    return { filetype: f, code: 0, fileSize: f === 10 ? 0 : 1000000 * f, url: urls.slice(0, 1), freeflow_url: urls, comm_url: [] };
  });
  const hls = [20, 30].map((f) => ({
    filetype: f,
    code: 0,
    url: [],
    freeflow_url: [file(f, 'ts.m3u8')],
    comm_url: [],
  }));
  return { [vid]: { mp4, hls } };
}

const mvUrls = (host: string): MusicuHandler => (param, { state }) => {
  const vid = String(param.vids?.[0] ?? '');
  const s = mvState(state);
  return { code: 0, data: s.urlData.has(vid) ? s.urlData.get(vid) : fakeMvUrls(vid, host) };
};

const videoInfo: MusicuHandler = (param) => {
  const data: Record<string, unknown> = {};
  for (const vid of param.vidlist ?? []) {
    const item = fixture(MV_FIXTURE).list.find((m: any) => m.vid === vid);
    if (!item) continue;
    data[vid] = {
      vid,
      type: 0,
      sid: 0,
      name: item.title,
      cover_pic: item.picurl,
      duration: item.duration,
      singers: item.singers,
      playcnt: item.playcnt,
      pubdate: item.pubdate,
      desc: '',
    };
  }
  return { code: 0, data };
};

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
    radio_list: mvState(state).emptyRadio ? [] : radioGroups().map((g) => ({ id: g.id, title: g.title, list: g.items })),
  },
});

const radioCgi: HttpHandler = ({ state }) => ({
  json: {
    code: 0,
    data: {
      data: {
        groupList: mvState(state).emptyRadio ? [] : radioGroups().map((g) => ({ name: g.title, radioList: g.items })),
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
    songlist: catalog().slice(0, 10).map((s) => ({
      id: s.id,
      mid: s.mid,
      name: s.name,
      title: s.name,
      singer: s.singers,
      album: { id: s.albumId, mid: s.albumMid, name: s.albumName },
      interval: s.interval,
    })),
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

const digitalAlbums: HttpHandler = ({ state }) => {
  const n = mvState(state).digitalAlbums;
  const songs = catalog();
  const albums = [];
  for (let i = 0; i < n; i++) {
    const s = songs[i % songs.length];
    albums.push({
      albummid: s.albumMid || `000DigiAlbum${String(i).padStart(2, '0')}`,
      albumname: `${s.albumName || s.name} (数字专辑 ${i + 1})`,
      singername: s.singers.map((x) => x.name).join('/'),
      pic: '',
      price: 3 + (i % 5),
    });
  }
  return { json: { code: 0, subcode: 0, data: { album_list: albums } } };
};

const ticketIndex: MusicuHandler = (_param, { state }) => ({
  code: 0,
  data: {
    show_list: mvState(state).emptyTickets
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
    type_list: mvState(state).emptyTickets
      ? []
      : [
          { type_id: 1, type_name: '演唱会' },
          { type_id: 2, type_name: '音乐节' },
          { type_id: 3, type_name: 'Livehouse' },
        ],
  },
});

export const mvRoutes: FakeRoutes = {
  musicu: {
    'MvService.MvInfoProServer.GetAllocMvInfo': getAllocMvInfo,
    'MvService.MvInfoProServer.GetAllocTag': getAllocTag,
    'music.stream.MvUrlProxy.GetMvUrls': mvUrls('https://mv6.music.tc.qq.com'),
    'gosrf.Stream.MvUrlProxy.GetMvUrls': mvUrls('http://mv6.music.tc.qq.com'),
    'video.VideoDataServer.get_video_info_batch': videoInfo,
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
