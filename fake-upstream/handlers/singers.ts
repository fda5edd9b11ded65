/**
 * Fake answers for the singer endpoints.
 *
 * - Singer list (both modules): page 1 of the unfiltered list is the genuine fixture (musicu-singerlist-get-singer-list.json,
 *   80 singers, total 23846); other pages/filters are synthetic singers whose names carry the codes received, so tests
 *   see what upstream was asked.
 * - Albums: the genuine GetAlbumList fragment opens the list; the rest is synthetic.
 * - Singer desc XML, GetSingerSongList, get_singer_detail_info, GetSingerMvList, GetSimilarSingerList, fcg_v8_simsinger
 *   and the fan-count CGI have NO fixture:
 *   built from the field lists in docs/upstream/singers.md (and the Python QQMusicApi project's models for the musicu
 *   answers). The XML's 出生日期/出生地 labels are believed, not recorded.
 * - fcg_v8_singer_track_cp.fcg (legacy numeric `singerid`): `data.list` is the genuine fragment
 *   (c-fcg-v8-singer-track-cp.data-list.fragment.json, G.E.M., 10 of 30 songs); the `{code, data:{list, total,
 *   singer_id, singer_mid, singer_name}}` wrapper around it is built from the field names old clients read.
 */
import { songById, syntheticMid } from '../catalog';
import type { FakeRoutes, HttpHandler, MusicuHandler } from '../fake-upstream';
import { fixture, sharedFixture } from '../fixtures';
import type { FakeState } from '../state';

export interface FakeSingersState {
  /** Mids for which every per-singer answer is empty (unknown singer). */
  emptyMids: Set<string>;
  /** Mids whose GetSingerSongList is empty with the web comm (ct 24) but full with the Android comm (ct 11). */
  emptyOnWebComm: Set<string>;
  /** Replaces the singer-desc CGI body. */
  descXml?: string;
  /** Replaces the fan-count CGI JSON body. */
  starNumBody?: unknown;
  /** Overrides the singer-list total (default: 23846 unfiltered, 300 filtered). */
  listTotal?: number;
}

export const singersState = (state: FakeState) =>
  state.of<FakeSingersState>('singers', () => ({ emptyMids: new Set(), emptyOnWebComm: new Set() }));

export const SINGER_LIST_FIXTURE = 'musicu-singerlist-get-singer-list.json';
export const JAY_MID = '0025NhlN2yWrP4';
/** Per-singer catalogue sizes the fake serves. */
export const FAKE_SONG_TOTAL = 30;
export const FAKE_ALBUM_TOTAL = 12;
export const FAKE_MV_TOTAL = 15;

const PAGE = 80;

/** Both list modules answer the same shape; only their genre numbering differs, which the synthetic names expose. */
const singerList: MusicuHandler = (param, { state }) => {
  const genuine = sharedFixture(SINGER_LIST_FIXTURE).singerList.data;
  const area = Number(param.area ?? -100);
  const sex = Number(param.sex ?? -100);
  const genre = Number(param.genre ?? -100);
  const index = Number(param.index ?? -100);
  const sin = param.sin !== undefined ? Number(param.sin) : (Number(param.cur_page ?? 1) - 1) * PAGE;
  const unfiltered = area === -100 && sex === -100 && genre === -100 && index === -100;
  const total = singersState(state).listTotal ?? (unfiltered ? genuine.total : 300);
  const singerlist = [];
  for (let i = sin; i < Math.min(sin + PAGE, total); i++) {
    if (unfiltered && i < genuine.singerlist.length) singerlist.push(genuine.singerlist[i]);
    else {
      const mid = syntheticMid(3_000_000 + i);
      singerlist.push({
        country: '',
        singer_id: 3_000_000 + i,
        singer_mid: mid,
        singer_name: `Singer #${i} a${area} s${sex} g${genre}`,
        singer_pic: `http://y.gtimg.cn/music/photo_new/T001R150x150M000${mid}.webp`,
        concernNum: 1000 + i,
      });
    }
  }
  return { code: 0, data: { area, sex, genre, index, total, singerlist, tags: genuine.tags } };
};

const esc = (s: string) => s.replace(/]]>/g, ']]]]><![CDATA[>');
const item = (k: string, v: string) => `<item><key><![CDATA[${esc(k)}]]></key><value><![CDATA[${esc(v)}]]></value></item>`;

/** The XML shape (docs/upstream/singers.md "Singer description"): result > data > info > {desc, basic > item[{key, value}], other > item[]}. */
export function singerDescXml(mid: string, empty = false): string {
  if (empty) return '<?xml version="1.0" encoding="utf-8" ?><result><code>0</code><data></data></result>';
  const jay = mid === JAY_MID;
  const name = jay ? '周杰伦' : `歌手${mid}`;
  return [
    '<?xml version="1.0" encoding="utf-8" ?>',
    '<result><code>0</code><data><info>',
    `<desc><![CDATA[${jay ? '周杰伦（Jay Chou），1979年1月18日出生于台湾省新北市，华语流行乐男歌手。' : `${name} 的简介 <b>&</b>`}]]></desc>`,
    '<basic>',
    item('中文名', name),
    item('外文名', jay ? 'Jay Chou' : `Singer ${mid}`),
    item('国籍', '中国'),
    item('出生地', jay ? '台湾省新北市' : '某地'),
    item('出生日期', jay ? '1979-01-18' : '1990-01-01'),
    '</basic>',
    '<other>',
    item('代表作品', jay ? '七里香、晴天' : '某作品'),
    '</other>',
    '</info></data></result>',
  ].join('');
}

const singerDesc: HttpHandler = ({ req, state }) => {
  const s = singersState(state);
  if (s.descXml !== undefined) return { text: s.descXml, headers: { 'Content-Type': 'text/xml; charset=utf-8' } };
  const mid = req.query.singermid ?? '';
  if (req.query.format !== 'xml') return { json: { code: -1, msg: 'format=xml only' } };
  return { text: singerDescXml(mid, s.emptyMids.has(mid)), headers: { 'Content-Type': 'text/xml; charset=utf-8' } };
};

/** GetSingerSongList: `{singerMid, totalNum, songList[{songInfo: track}]}` (the Python QQMusicApi project's SingerSongListResponse). */
const getSingerSongList: MusicuHandler = (param, { state, comm }) => {
  const mid = String(param.singerMid ?? '');
  const s = singersState(state);
  const empty = s.emptyMids.has(mid) || (s.emptyOnWebComm.has(mid) && Number(comm?.ct) === 24);
  const total = empty ? 0 : FAKE_SONG_TOTAL;
  const begin = Number(param.begin ?? 0);
  const number = Number(param.number ?? 10);
  const songList = [];
  for (let i = begin; i < Math.min(begin + number, total); i++) {
    const song = songById(880_000 + i);
    songList.push({
      songInfo: {
        id: song.id,
        mid: song.mid,
        name: song.name,
        title: song.name,
        interval: song.interval,
        singer: [{ id: 4558, mid, name: mid === JAY_MID ? '周杰伦' : `歌手${mid}` }],
        album: { id: song.albumId, mid: song.albumMid, name: song.albumName },
      },
    });
  }
  return { code: 0, data: { singerMid: mid, totalNum: total, songList } };
};

/**
 * sansenjian/qq-music-api's `music.web_singer_info_svr`/`get_singer_detail_info` (fallback, and the legacy shape's
 * singer block): `{songlist[track], singer_info{id, mid, name, pic, fans}, singer_brief, total_song, total_album,
 * total_mv, total_song_num}` (no fixture: built from the field names public clients of that call read, with the new
 * track shape).
 */
const getSingerDetailInfo: MusicuHandler = (param, ctx) => {
  const mid = String(param.singermid ?? '');
  const inner = getSingerSongList({ singerMid: mid, order: 1, number: param.num, begin: param.sin }, { ...ctx, comm: { ct: 11 } }) as {
    code: number;
    data: any;
  };
  return {
    code: 0,
    data: {
      songlist: inner.data.songList.map((s: any) => s.songInfo),
      singer_info: {
        id: mid === JAY_MID ? 4558 : 0,
        mid,
        name: mid === JAY_MID ? '周杰伦' : `歌手${mid}`,
        pic: `https://y.gtimg.cn/music/photo_new/T001R300x300M000${mid}.jpg`,
        fans: mid === JAY_MID ? 23456789 : 0,
      },
      singer_brief: mid === JAY_MID ? '周杰伦，华语流行乐男歌手、音乐人。' : '',
      total_song: inner.data.totalNum,
      total_album: singersState(ctx.state).emptyMids.has(mid) ? 0 : FAKE_ALBUM_TOTAL,
      total_mv: singersState(ctx.state).emptyMids.has(mid) ? 0 : FAKE_MV_TOTAL,
      total_song_num: inner.data.totalNum,
      extras: [],
    },
  };
};

/** GetAlbumList: `{singerMid, total, albumList[]}`; the genuine fragment opens the list. */
const getAlbumList: MusicuHandler = (param, { state }) => {
  const mid = String(param.singerMid ?? param.singermid ?? '');
  const total = singersState(state).emptyMids.has(mid) ? 0 : FAKE_ALBUM_TOTAL;
  const genuine = fixture('musicu-musichallalbum-getalbumlist.albumList.fragment.json');
  const all = [];
  for (let i = 0; i < total; i++) {
    all.push(
      genuine[i] ?? {
        albumMid: syntheticMid(4_000_000 + i),
        albumName: `Album ${i}`,
        albumTranName: '',
        publishDate: `2020-01-${String((i % 28) + 1).padStart(2, '0')}`,
        totalNum: 10 + i,
        albumType: '录音室专辑',
        pmid: `${syntheticMid(4_000_000 + i)}_1`,
        albumID: 4_000_000 + i,
        singerName: '周杰伦',
        tags: null,
      },
    );
  }
  const begin = Number(param.begin ?? 0);
  const number = Number(param.number ?? param.num ?? 10);
  return { code: 0, data: { singerMid: mid, total, albumList: all.slice(begin, begin + number) } };
};

/** GetSingerMvList: `{total, list[{mvid, vid, title, picurl, playcnt, pubdate, duration}]}`; order 0 newest, 1 most played. */
const getSingerMvList: MusicuHandler = (param, { state }) => {
  const mid = String(param.singermid ?? '');
  const total = singersState(state).emptyMids.has(mid) ? 0 : FAKE_MV_TOTAL;
  const all = Array.from({ length: total }, (_, i) => ({
    mvid: 5_000_000 + i,
    vid: `v00${(5_000_000 + i).toString(36)}`,
    type: 0,
    title: `MV ${i}`,
    picurl: `http://y.gtimg.cn/music/photo_new/T015R640x360M101v${i}.jpg`,
    picformat: 0,
    duration: 200 + i,
    playcnt: ((i * 7919) % 100) * 1000 + i,
    pubdate: 1_600_000_000 + ((i * 104729) % 997) * 86400,
    icon_type: 0,
  }));
  if (Number(param.order) === 0) all.sort((a, b) => b.pubdate - a.pubdate);
  else all.sort((a, b) => b.playcnt - a.playcnt);
  const start = Number(param.start ?? 0);
  const count = Number(param.count ?? 10);
  return { code: 0, data: { total, list: all.slice(start, start + count) } };
};

/**
 * fcg_singer_mv.fcg (the Koa services' MV list; no recording): the same MVs as GetSingerMvList in the field names a
 * public client of this CGI reads (JooZh/music-api-for-qq `api/singer_mv.js`): `data{total, list[{index, vid, id,
 * title, desc, pic, singer_id, singer_mid, singer_name, date, listenCount}]}`. `order` listen|time, `begin`, `num`.
 */
const singerMvCgi: HttpHandler = async (ctx) => {
  const q = ctx.req.query;
  const mid = String(q.singermid ?? '');
  const answer: any = await getSingerMvList({ singermid: mid, order: q.order === 'time' ? 0 : 1, start: Number(q.begin ?? 0), count: Number(q.num ?? 5) }, { ...ctx, comm: {} });
  const jay = mid === JAY_MID;
  const list = answer.data.list.map((m: any, i: number) => ({
    index: Number(q.begin ?? 0) + i,
    vid: m.vid,
    id: m.mvid,
    title: m.title,
    desc: '',
    pic: m.picurl,
    singer_id: jay ? 4558 : 1000,
    singer_mid: mid,
    singer_name: jay ? '周杰伦' : `歌手${mid}`,
    date: new Date(m.pubdate * 1000).toISOString().slice(0, 10),
    listenCount: m.playcnt,
  }));
  return { json: { code: 0, data: { list, total: answer.data.total } } };
};

/** GetSimilarSingerList: `{singerlist[{singerId, singerMid, singerName, singerPic, pic_mid}], code, errMsg}`. */
const getSimilarSingerList: MusicuHandler = (param, { state }) => {
  const mid = String(param.singerMid ?? '');
  const number = Math.min(Number(param.number ?? 10), 10);
  const genuine = fixture(SINGER_LIST_FIXTURE).singerList.data.singerlist.filter((s: any) => s.singer_mid !== mid);
  const singerlist = singersState(state).emptyMids.has(mid)
    ? []
    : genuine.slice(0, number).map((s: any) => ({
        singerId: s.singer_id,
        singerMid: s.singer_mid,
        singerName: s.singer_name,
        singerPic: s.singer_pic,
        pic_mid: '',
        trace: '',
        abt: '',
        tf: '',
      }));
  return { code: 0, data: { singerlist, code: 0, errMsg: '' } };
};

/** sansenjian/qq-music-api's CGI fcg_v8_simsinger.fcg (fallback): `{code, singers:{items[{mid, name, pic}]}}` (no fixture). */
const simSingerCgi: HttpHandler = ({ req, state }) => {
  const mid = req.query.singer_mid ?? '';
  const num = Math.min(Number(req.query.num ?? 5), 10);
  const genuine = fixture(SINGER_LIST_FIXTURE).singerList.data.singerlist.filter((s: any) => s.singer_mid !== mid);
  const items = singersState(state).emptyMids.has(mid)
    ? []
    : genuine.slice(0, num).map((s: any) => ({ id: s.singer_id, mid: s.singer_mid, name: s.singer_name, pic: s.singer_pic }));
  return { json: { code: 0, singers: { items, total: items.length } } };
};

/** fcg_order_singer_getnum.fcg: field name unconfirmed (docs/upstream/singers.md "Singer fan count"); the fake answers `{code, num}` unless told otherwise. */
const starNum: HttpHandler = ({ req, state }) => {
  const s = singersState(state);
  if (s.starNumBody !== undefined) return { json: s.starNumBody };
  const mid = req.query.singermid ?? '';
  return { json: { code: 0, singermid: mid, num: s.emptyMids.has(mid) ? 0 : 3_456_789 } };
};

/** G.E.M. 邓紫棋, the singer of the genuine fcg_v8_singer_track_cp.fcg fragment. */
export const GEM_SINGER_ID = 13948;
export const GEM_MID = '001fNHEf1SFEFN';
export const SINGER_TRACK_FIXTURE = 'c-fcg-v8-singer-track-cp.data-list.fragment.json';

/**
 * fcg_v8_singer_track_cp.fcg: a singer's songs by numeric `singerid` (or `singermid`), `begin`/`num` window over the
 * genuine fragment; `total` is the fragment's length so paging stays consistent. Any other singer: an empty list.
 */
const singerTrackCgi: HttpHandler = ({ req }) => {
  const known = req.query.singerid === String(GEM_SINGER_ID) || (!req.query.singerid && req.query.singermid === GEM_MID);
  const all: any[] = known ? fixture(SINGER_TRACK_FIXTURE) : [];
  const begin = Math.max(0, Number(req.query.begin ?? 0) || 0);
  const num = Math.max(0, Number(req.query.num ?? 30) || 0);
  return {
    json: {
      code: 0,
      data: {
        list: all.slice(begin, begin + num),
        total: all.length,
        singer_id: known ? GEM_SINGER_ID : Number(req.query.singerid ?? 0) || 0,
        singer_mid: known ? GEM_MID : '',
        singer_name: known ? 'G.E.M. 邓紫棋' : '',
      },
    },
  };
};

export const singersRoutes: FakeRoutes = {
  musicu: {
    'music.musichallSinger.SingerList.GetSingerListIndex': singerList,
    'Music.SingerListServer.get_singer_list': singerList,
    'musichall.song_list_server.GetSingerSongList': getSingerSongList,
    'music.web_singer_info_svr.get_singer_detail_info': getSingerDetailInfo,
    'music.musichallAlbum.AlbumListServer.GetAlbumList': getAlbumList,
    'MvService.MvInfoProServer.GetSingerMvList': getSingerMvList,
    'music.SimilarSingerSvr.GetSimilarSingerList': getSimilarSingerList,
  },
  http: {
    'c /splcloud/fcgi-bin/fcg_get_singer_desc.fcg': singerDesc,
    'c /rsc/fcgi-bin/fcg_order_singer_getnum.fcg': starNum,
    'c /v8/fcg-bin/fcg_v8_simsinger.fcg': simSingerCgi,
    'c /v8/fcg-bin/fcg_v8_singer_track_cp.fcg': singerTrackCgi,
    'c /mv/fcgi-bin/fcg_singer_mv.fcg': singerMvCgi,
  },
};
