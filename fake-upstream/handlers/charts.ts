import { catalog, songById, trackCore } from '../catalog';
import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';
import { SEARCH_MV_VIDS } from './search';

/** A chart the fake serves. `withSongInfo` adds the index-aligned songInfoList (which carries MIDs). */
export interface FakeChart {
  title: string;
  rows: { songId: number; title: string; singerName: string }[];
  withSongInfo: boolean;
  period?: string;
  /**
   * Answer code 0 with no rows (and totalNum 0) unless the comm is the Android one (ct 11): the case the Android retry
   * is for (docs/upstream/README.md "Android retry"; L-1124/QQMusicApi PR #217: some modules' data depends on `ct`).
   */
  emptyOnWebComm?: boolean;
}

/** Charts known to the fake (spec ids plus the genuine chart list); tests may add or replace charts. */
export const chartsState = (state: FakeState) => state.of('charts', () => new Map<number, FakeChart>());

const DAILY = new Set([4, 27, 62]);
const TITLES: Record<number, string> = { 62: '飙升榜', 208: '新歌榜', 104: 'MV榜' };

function periodOf(topId: number): string {
  const china = new Date(Date.now() + 8 * 3600 * 1000);
  if (DAILY.has(topId)) return china.toISOString().slice(0, 10);
  const d = new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate()));
  d.setUTCDate(d.getUTCDate() + 4 - (d.getUTCDay() || 7));
  const week = Math.ceil(((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86400000 + 1) / 7);
  return `${d.getUTCFullYear()}_${week}`;
}

function chartList(): { id: number; topTitle: string; listenCount: number; picUrl: string }[] {
  const list = fixture('c-fcg-myqq-toplist.json').data.topList;
  for (const id of [62, 208, 104]) list.push({ id, topTitle: TITLES[id], listenCount: 1000000 + id, picUrl: '' });
  return list;
}

/** Default content: chart 4 opens with the genuine GetDetail rows (no MIDs); 62 is 100 songs with songInfoList. */
function defaultChart(topId: number): FakeChart | undefined {
  const known = chartList().find((c) => c.id === topId);
  if (!known) return undefined;
  const size = topId === 62 || topId === 4 ? 100 : 30;
  const songs = catalog();
  const rows: FakeChart['rows'] = topId === 4
    ? fixture('musicu-toplist-getdetail.song.fragment.json').map((r: any) => ({ songId: r.songId, title: r.title, singerName: r.singerName }))
    : [];
  for (let i = rows.length; i < size; i++) {
    const song = i < songs.length ? songs[(i + topId) % songs.length] : songById(700000 + topId * 1000 + i);
    rows.push({ songId: song.id, title: song.name, singerName: song.singers.map((s) => s.name).join('/') });
  }
  return { title: known.topTitle, rows, withSongInfo: topId === 62 };
}

function chart(state: FakeState, topId: number): FakeChart | undefined {
  return chartsState(state).get(topId) ?? defaultChart(topId);
}

/** A chart's square cover; not recorded: the URL scheme of the recorded chart list's pictures. */
const frontPic = (topId: number) => `http://y.gtimg.cn/music/common/upload/iphone_order_channel/toplist_${topId}_300_front.jpg`;

/**
 * GetDetail's picture and share fields. Not recorded: the names come from public type definitions of this answer
 * (docs/upstream/charts.md "Chart detail"), the values are plausible.
 */
function chartArt(topId: number, title: string) {
  return {
    titleDetail: title,
    titleShare: `QQ音乐${title}`,
    intro: `${title}，每日更新。`,
    headPicUrl: `http://y.gtimg.cn/music/common/upload/iphone_order_channel/toplist_${topId}_300_head.jpg`,
    frontPicUrl: frontPic(topId),
    mbFrontPicUrl: frontPic(topId),
    mbHeadPicUrl: `http://y.gtimg.cn/music/common/upload/iphone_order_channel/toplist_${topId}_750_head.jpg`,
    topAlbumURL: `http://y.gtimg.cn/music/common/upload/t_order_channel_hitlist_conf/toplist_${topId}_album.jpg`,
    AdShareContent: `${title}：最热的歌都在这里`,
    updateTips: '每天更新',
    bannerText: '',
  };
}

const getDetail: MusicuHandler = (param, { state, comm }) => {
  const topId = Number(param.topId ?? param.topid);
  const offset = Number(param.offset ?? 0);
  const num = Number(param.num ?? 10);
  const c = chart(state, topId);
  if (!c) return { code: 0, data: { data: { topId, title: '', period: '', song: [], totalNum: 0 }, songInfoList: [] } };
  const rows = c.emptyOnWebComm && Number(comm?.ct) !== 11 ? [] : c.rows;
  const page = rows.slice(offset, offset + num);
  const period = c.period ?? periodOf(topId);
  return {
    code: 0,
    data: {
      data: {
        topId,
        title: c.title,
        titleSub: '',
        period,
        updateTime: period.includes('-') ? period : '',
        listenNum: 1000000,
        totalNum: rows.length,
        ...chartArt(topId, c.title),
        song: page.map((r, i) => ({
          rank: offset + i + 1,
          rankType: 3,
          rankValue: '',
          recType: 0,
          songId: r.songId,
          vid: '',
          albumMid: '',
          title: r.title,
          singerName: r.singerName,
          singerMid: '',
          songType: 0,
          uuidCnt: 0,
          cover: '',
          mvid: 0,
        })),
      },
      songInfoList: c.withSongInfo
        ? page.map((r) => {
            const s = songById(r.songId);
            return { ...trackCore(s), file: { media_mid: s.mediaMid }, mv: { id: 0, vid: SEARCH_MV_VIDS[s.mid] ?? '' } };
          })
        : [],
    },
  };
};

const getAll: MusicuHandler = () => {
  const list = chartList();
  const toItem = (c: ReturnType<typeof chartList>[number]) => ({
    topId: c.id,
    title: c.topTitle,
    period: periodOf(c.id),
    updateTime: periodOf(c.id),
    listenNum: c.listenCount,
    headPicUrl: c.picUrl,
    frontPicUrl: frontPic(c.id),
    intro: '',
    song: [],
  });
  return {
    code: 0,
    data: {
      group: [
        { groupId: 0, groupName: '巅峰榜', toplist: list.filter((c) => [4, 26, 27, 62, 208].includes(c.id)).map(toItem) },
        { groupId: 1, groupName: '地区榜', toplist: list.filter((c) => ![4, 26, 27, 62, 208].includes(c.id)).map(toItem) },
      ],
    },
  };
};

export const chartsRoutes: FakeRoutes = {
  musicu: {
    'music.musicToplist.Toplist.GetDetail': getDetail,
    'musicToplist.ToplistInfoServer.GetDetail': getDetail,
    'music.musicToplist.Toplist.GetAll': getAll,
    'musicToplist.ToplistInfoServer.GetAll': getAll,
  },
};
