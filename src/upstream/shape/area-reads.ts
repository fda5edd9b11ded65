// PLACEHOLDER until branch wt-shapes lands its declarations (replaced by theirs at merge).
import { checkShape, type ShapeProblem, type ShapeSpec } from './shape';

export const CANARY_AREAS = ['charts', 'search', 'song', 'lyric', 'playUrl', 'singer', 'playlist', 'comments', 'mv', 'login'] as const;
export type CanaryArea = (typeof CANARY_AREAS)[number];

export const AREA_READS: Record<CanaryArea, { call: string; reads: ShapeSpec }> = {
  charts: { call: 'ChartsClient.detail', reads: { 'detail.data': 'object', 'detail.songInfoList[].mid': 'string' } },
  search: { call: 'SearchClient.search', reads: { 'result.list': 'array' } },
  song: { call: 'MusicClient.songDetail', reads: { 'songinfo.track_info.mid': 'string' } },
  lyric: { call: 'MusicClient.lyric', reads: { 'raw.lyric?': 'string' } },
  playUrl: { call: 'MusicClient.vkeys', reads: { nameless: 'array' } },
  singer: { call: 'SingersClient.hotSongs', reads: { 'data.songs': 'array' } },
  playlist: { call: 'PlaylistsClient.detail', reads: { source: 'string' } },
  comments: { call: 'CommentsClient.page', reads: { page: 'object' } },
  mv: { call: 'MvClient.playUrls', reads: { urls: 'object' } },
  login: { call: 'QqLoginClient.qrImage', reads: { status: 'number' } },
};

export async function witnessFallbacks<T>(fn: () => Promise<T>): Promise<{ value: T; fallbacks: string[] }> {
  return { value: await fn(), fallbacks: [] };
}

export function checkArea(area: CanaryArea, value: unknown): ShapeProblem | undefined {
  return checkShape(AREA_READS[area].reads, value);
}
