import { ChoiceParam, IdParam, IntParam, LimitParam, RELATED_PLAYLIST_ID, SONG_ID } from '../common/validation';
import { DEFAULT_RADIO_NUM, MAX_INT_ID, MAX_RADIO_NUM } from '../recommend/dto/recommend.dto';

/** sansenjian/qq-music-api's `/getPersonalRecommend` types: 1 playlists, 2 radio stations, 3 MVs. */
export const PERSONAL_RECOMMEND_TYPES = [1, 2, 3] as const;
export type PersonalRecommendType = (typeof PERSONAL_RECOMMEND_TYPES)[number];

/** GET /getPersonalRecommend. */
export class PersonalRecommendQuery {
  @ChoiceParam(PERSONAL_RECOMMEND_TYPES, {
    description: '1 recommended playlists, 2 radio stations, 3 MVs.',
    example: 1,
    messages: { integer: 'type must be an integer: 1 (playlists), 2 (radio stations), 3 (MVs)', choice: 'type must be one of 1 (playlists), 2 (radio stations), 3 (MVs)' },
  })
  type: PersonalRecommendType = 1;
}

/** The numeric `songid` the older services' relation routes take. */
export class LegacySongIdQuery {
  @IdParam(SONG_ID, { required: true, description: 'Numeric song id (as /getSongInfo answers it), e.g. 97773.', example: '97773' })
  songid!: string;
}

/** GET /getRelatedPlaylists: sansenjian/qq-music-api's parameters. */
export class LegacyRelatedPlaylistsQuery extends LegacySongIdQuery {
  @IntParam({ min: 0, max: 10000, description: 'Accepted for compatibility; the gateway\'s call pages by the ids shown (`lastId`), not by an offset.', example: 0 })
  sin: number = 0;

  /** A playlist id: up to 12 digits (ids pass 2^31, so it stays text). */
  @IdParam(RELATED_PLAYLIST_ID, { description: 'The last playlist id shown: upstream then answers the next batch. 0 or absent = the first batch.', example: '0' })
  lastId?: string;

  @IntParam({ min: 0, max: 1000, description: 'Accepted for compatibility; not sent (the gateway\'s call takes the song id alone).', example: 1 })
  songType: number = 1;
}

/** GET /getRelatedMv: sansenjian/qq-music-api's parameters. */
export class LegacyRelatedMvQuery extends LegacySongIdQuery {
  @IntParam({ min: 0, max: 1000, description: 'Accepted for compatibility; upstream answers only `songtype` 1, which is always sent.', example: 1 })
  songtype: number = 1;

  @IntParam({ min: 0, max: MAX_INT_ID, description: 'The numeric `mvid` of the last MV shown (0 = the first batch).', example: 0 })
  lastmvid: number = 0;

  @LimitParam({ max: 50, description: 'MVs asked for (upstream `num`).', example: 10 })
  limit: number = 10;
}

/** GET /getRadioTrack (also `/getRadioTrack/:id/:num/:firstplay`): the Koa fork Yuuz12/qq-music-api's parameters. */
export class LegacyRadioTrackQuery {
  @IntParam({ min: 1, max: MAX_INT_ID, description: 'Station id from /getRadioLists; 99 (the default) is guess you like and needs a login.', example: 99 })
  id: number = 99;

  @IntParam({ min: 1, max: MAX_RADIO_NUM, description: 'Tracks to give.', example: 5 })
  num: number = DEFAULT_RADIO_NUM;

  @ChoiceParam([0, 1], {
    description: 'Accepted for compatibility; the gateway always asks as a first play.',
    example: 1,
    messages: { integer: 'firstplay must be an integer (0 or 1)', choice: 'firstplay must be 0 or 1' },
  })
  firstplay: number = 1;
}
