import { CHART_DETAIL_READS } from '../clients/charts.reads';
import { COMMENT_PAGE_READS } from '../clients/comments.reads';
import { checkQqQrImage, QQ_QR_READS } from '../clients/login.reads';
import { LYRIC_READS, SONG_DETAIL_READS, VKEY_READS } from '../clients/music.reads';
import { MV_PLAY_READS } from '../clients/mv.reads';
import { PLAYLIST_DETAIL_READS } from '../clients/playlists.reads';
import { SONG_SEARCH_READS } from '../clients/search.reads';
import { SINGER_SONGS_READS } from '../clients/singers.reads';
import { checkShape, type ShapeProblem, type ShapeSpec } from './shape';

/** The areas the upstream canary asks about, in the order it reports them. */
export const CANARY_AREAS = ['charts', 'search', 'song', 'lyric', 'playUrl', 'singer', 'playlist', 'comments', 'mv', 'login'] as const;
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
 * `src/upstream/clients/*.reads.ts`). The comments name arguments that make the call cheap and its answer known.
 */
export const AREA_READS: Record<CanaryArea, AreaReads> = {
  // detail(62, 0, 10): one page of the daily 飙升榜 chart, with songInfoList.
  charts: { call: 'ChartsClient.detail', reads: CHART_DETAIL_READS },
  // search({ key: '周杰伦', type: 'song', pageNum: 1, perPage: 10 }): ten songs (pages under 10 come back empty).
  search: { call: 'SearchClient.search', reads: SONG_SEARCH_READS },
  // songDetail({ mid: '0039MnYb0qxYhV' }): 晴天, a long-lived song.
  song: { call: 'MusicClient.songDetail', reads: SONG_DETAIL_READS },
  // lyric('0039MnYb0qxYhV'): a song known to have a lyric.
  lyric: { call: 'MusicClient.lyric', reads: LYRIC_READS },
  // vkeys(['M500<mediaMid>.mp3'], [<mid>]): the 128 kbps file of a free song, one key, no login needed.
  playUrl: { call: 'MusicClient.vkeys', reads: VKEY_READS },
  // hotSongs('0025NhlN2yWrP4', 0, 5): five songs of a singer with many.
  singer: { call: 'SingersClient.hotSongs', reads: SINGER_SONGS_READS },
  // detail('7024415872', 0, 5): a public playlist, five songs.
  playlist: { call: 'PlaylistsClient.detail', reads: PLAYLIST_DETAIL_READS },
  // page({ id: '97773', cursor: '', pageSize: 5, pageNum: 0, reqtype: 2, biztype: 1 }): the newest comments of 晴天.
  comments: { call: 'CommentsClient.page', reads: COMMENT_PAGE_READS },
  // playUrls('l0031ejo935'): a free MV.
  mv: { call: 'MvClient.playUrls', reads: MV_PLAY_READS },
  // qrImage(): a fresh QR image; nothing is logged in, the QR simply expires.
  login: { call: 'QqLoginClient.qrImage', reads: QQ_QR_READS, also: checkQqQrImage },
};

/** The first problem of an area's answer (fields, then any check beyond them), or undefined when it has all it needs. */
export function checkArea(area: CanaryArea, value: unknown): ShapeProblem | undefined {
  const { reads, also } = AREA_READS[area];
  return checkShape(reads, value) ?? also?.(value);
}
