import type { FakeRoutes, MusicuHandler } from '../fake-upstream';
import { fixture } from '../fixtures';
import type { FakeState } from '../state';

/**
 * Fake answers for the MV endpoints.
 *
 * Provenance:
 * - GetAllocMvInfo: the genuine fragment musicu-mv-getallocmvinfo.data.fragment.json (10 items, total 1000); items
 *   past the 10th (and every item of another area) are clones with synthetic vids, so start/size can be honoured.
 * - GetAllocTag: built from the documented area and version ids with their names (docs/upstream/mv.md "MV tags");
 *   no fixture.
 * - MV play URLs (both GetMvUrls modules): NO genuine fixture. Built from the documented answer (docs/upstream/mv.md
 *   "MV play URLs"): `data = {<vid>: {mp4[], hls[]}}`, items with `url[]`, `freeflow_url[]`, `comm_url[]`; clarity
 *   is in the file name (`.f10.` … `.f40.`).
 * - get_video_info_batch: the fixture MV item's fields renamed to the video-info spelling (name, cover_pic…).
 * - rec_video_byvid (related MVs, legacy shape only): NO fixture. `{ list[] }` of the other fixture MVs in that same
 *   video-info spelling plus the uploader fields the call asks for (docs/upstream/mv.md "Related MVs").
 */

export interface MvFakeState {
  /** Total of GetAllocMvInfo lists (default: the fixture's 1000). */
  mvTotal?: number;
  /** Exact GetMvUrls `data` to answer per vid (e.g. `{}` for "no URL data"). */
  urlData: Map<string, unknown>;
  /** Business code rec_video_byvid answers with (default 0). */
  relatedCode?: number;
}

export const mvState = (state: FakeState) => state.of<MvFakeState>('mv', () => ({ urlData: new Map() }));

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
    data[vid] = infoOf(item);
  }
  return { code: 0, data };
};

/** The MV item in get_video_info_batch's spelling. */
const infoOf = (item: any) => ({
  vid: item.vid,
  type: 0,
  sid: 0,
  name: item.title,
  cover_pic: item.picurl,
  duration: item.duration,
  singers: item.singers,
  playcnt: item.playcnt,
  pubdate: item.pubdate,
  desc: '',
});

const relatedVideos: MusicuHandler = (param, { state }) => {
  const code = mvState(state).relatedCode ?? 0;
  if (code) return { code, data: null };
  const vid = String(param.vid ?? '');
  const list = fixture(MV_FIXTURE)
    .list.filter((m: any) => m.vid !== vid)
    .slice(0, 5)
    .map((m: any) => ({ ...infoOf(m), uploader_nick: m.uploader?.nick ?? '', uploader_headurl: m.uploader?.headurl ?? '', uploader_uin: 0, uploader_encuin: '', uploader_hasfollow: 0, uploader_follower_num: 0 }));
  return { code: 0, data: { list, total: list.length } };
};

export const mvRoutes: FakeRoutes = {
  musicu: {
    'MvService.MvInfoProServer.GetAllocMvInfo': getAllocMvInfo,
    'MvService.MvInfoProServer.GetAllocTag': getAllocTag,
    'music.stream.MvUrlProxy.GetMvUrls': mvUrls('https://mv6.music.tc.qq.com'),
    'gosrf.Stream.MvUrlProxy.GetMvUrls': mvUrls('http://mv6.music.tc.qq.com'),
    'video.VideoDataServer.get_video_info_batch': videoInfo,
    'video.VideoLogicServer.rec_video_byvid': relatedVideos,
  },
};
