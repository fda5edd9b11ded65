import { CHART_DETAIL_READS } from '../clients/charts.reads';
import { COMMENT_PAGE_READS } from '../clients/comments.reads';
import { checkQqQrImage, QQ_QR_READS } from '../clients/login.reads';
import { LYRIC_READS, SONG_DETAIL_READS, VKEY_READS } from '../clients/music.reads';
import { MV_PLAY_READS } from '../clients/mv.reads';
import { PLAYLIST_DETAIL_READS } from '../clients/playlists.reads';
import { SONG_SEARCH_READS } from '../clients/search.reads';
import { SINGER_SONGS_READS } from '../clients/singers.reads';
import { IDENTITY_CHECK_READS } from '../identity/identity.reads';
import { checkShape, type ShapeProblem, type ShapeSpec } from './shape';

/** The areas the upstream canary asks about, in the order it reports them. */
export const CANARY_AREAS = ['charts', 'search', 'song', 'lyric', 'playUrl', 'singer', 'playlist', 'comments', 'mv', 'login', 'identity'] as const;
export type CanaryArea = (typeof CANARY_AREAS)[number];

export interface AreaReads {
  /** The client method (`Class.method`) whose return value `reads` applies to. */
  call: string;
  reads: ShapeSpec;
  /** A check beyond field types, when the answer is no JSON (the QR image). */
  also?: (value: unknown) => ShapeProblem | undefined;
}

/**
 * Per area, the client call and what its mapper reads of the returned value (declared beside each client, in
 * `src/upstream/clients/*.reads.ts`). The canary's arguments for each call are in `canary/canary-probes.ts`.
 */
export const AREA_READS: Record<CanaryArea, AreaReads> = {
  charts: { call: 'ChartsClient.detail', reads: CHART_DETAIL_READS },
  search: { call: 'SearchClient.search', reads: SONG_SEARCH_READS },
  song: { call: 'MusicClient.songDetail', reads: SONG_DETAIL_READS },
  lyric: { call: 'MusicClient.lyric', reads: LYRIC_READS },
  playUrl: { call: 'MusicClient.vkeys', reads: VKEY_READS },
  singer: { call: 'SingersClient.hotSongs', reads: SINGER_SONGS_READS },
  playlist: { call: 'PlaylistsClient.detail', reads: PLAYLIST_DETAIL_READS },
  comments: { call: 'CommentsClient.page', reads: COMMENT_PAGE_READS },
  mv: { call: 'MvClient.playUrls', reads: MV_PLAY_READS },
  login: { call: 'QqLoginClient.qrImage', reads: QQ_QR_READS, also: checkQqQrImage },
  identity: { call: 'ClientIdentity.check', reads: IDENTITY_CHECK_READS },
};

/** The first problem of an area's answer (fields, then any check beyond them), or undefined when it has all it needs. */
export function checkArea(area: CanaryArea, value: unknown): ShapeProblem | undefined {
  const { reads, also } = AREA_READS[area];
  return checkShape(reads, value) ?? also?.(value);
}
