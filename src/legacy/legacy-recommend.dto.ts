import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { ToInt, ToNumericId } from '../common/validation';
import { DEFAULT_RADIO_NUM, MAX_INT_ID, MAX_RADIO_NUM } from '../recommend/dto/recommend.dto';

/** sansenjian/qq-music-api's `/getPersonalRecommend` types: 1 playlists, 2 radio stations, 3 MVs. */
export const PERSONAL_RECOMMEND_TYPES = [1, 2, 3] as const;
export type PersonalRecommendType = (typeof PERSONAL_RECOMMEND_TYPES)[number];

/** An integer from `min` to `max`; the integer check registers first so a non-number is reported as such. */
function IntRange(name: string, min: number, max: number): PropertyDecorator {
  const message = `${name} must be between ${min} and ${max}`;
  return (target, key) => {
    IsInt({ message: `${name} must be an integer` })(target, key);
    Min(min, { message })(target, key);
    Max(max, { message })(target, key);
  };
}

/** GET /getPersonalRecommend. */
export class PersonalRecommendQuery {
  @IsOptional() @ToInt()
  @IsIn(PERSONAL_RECOMMEND_TYPES, { message: 'type must be one of 1 (playlists), 2 (radio stations), 3 (MVs)' })
  @IsInt({ message: 'type must be an integer: 1 (playlists), 2 (radio stations), 3 (MVs)' })
  @ApiPropertyOptional({ type: 'integer', enum: [...PERSONAL_RECOMMEND_TYPES], description: '1 recommended playlists, 2 radio stations, 3 MVs.', default: 1, example: 1 })
  type: PersonalRecommendType = 1;
}

/** The numeric `songid` the older services' relation routes take. */
export class LegacySongIdQuery {
  @ToNumericId()
  @IsDefined({ message: 'songid is required' })
  @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id (at most 15 digits)' })
  @ApiProperty({ type: 'string', description: 'Numeric song id (as /getSongInfo answers it), e.g. 97773.', pattern: '^\\d{1,15}$', example: '97773' })
  songid!: string;
}

/** GET /getRelatedPlaylists: sansenjian/qq-music-api's parameters. */
export class LegacyRelatedPlaylistsQuery extends LegacySongIdQuery {
  @IsOptional() @ToInt() @IntRange('sin', 0, 10000)
  @ApiPropertyOptional({ type: 'integer', description: 'Accepted for compatibility; the gateway\'s call pages by the ids shown (`lastId`), not by an offset.', default: 0, minimum: 0, maximum: 10000, example: 0 })
  sin: number = 0;

  /** A playlist id: up to 12 digits (ids pass 2^31, so it stays text). */
  @IsOptional() @ToNumericId()
  @Matches(/^\d{1,12}$/, { message: 'lastId must be a playlist id (digits, at most 12)' })
  @ApiPropertyOptional({ type: 'string', description: 'The last playlist id shown: upstream then answers the next batch. 0 or absent = the first batch.', pattern: '^\\d{1,12}$', example: '0' })
  lastId?: string;

  @IsOptional() @ToInt() @IntRange('songType', 0, 1000)
  @ApiPropertyOptional({ type: 'integer', description: 'Accepted for compatibility; not sent (the gateway\'s call takes the song id alone).', default: 1, minimum: 0, maximum: 1000, example: 1 })
  songType: number = 1;
}

/** GET /getRelatedMv: sansenjian/qq-music-api's parameters. */
export class LegacyRelatedMvQuery extends LegacySongIdQuery {
  @IsOptional() @ToInt() @IntRange('songtype', 0, 1000)
  @ApiPropertyOptional({ type: 'integer', description: 'Accepted for compatibility; upstream answers only `songtype` 1, which is always sent.', default: 1, minimum: 0, maximum: 1000, example: 1 })
  songtype: number = 1;

  @IsOptional() @ToInt() @IntRange('lastmvid', 0, MAX_INT_ID)
  @ApiPropertyOptional({ type: 'integer', description: 'The numeric `mvid` of the last MV shown (0 = the first batch).', default: 0, minimum: 0, maximum: MAX_INT_ID, example: 0 })
  lastmvid: number = 0;

  @IsOptional() @ToInt() @IntRange('limit', 1, 50)
  @ApiPropertyOptional({ type: 'integer', description: 'MVs asked for (upstream `num`).', default: 10, minimum: 1, maximum: 50, example: 10 })
  limit: number = 10;
}

/** GET /getRadioTrack (also `/getRadioTrack/:id/:num/:firstplay`): the Koa fork Yuuz12/qq-music-api's parameters. */
export class LegacyRadioTrackQuery {
  @IsOptional() @ToInt() @IntRange('id', 1, MAX_INT_ID)
  @ApiPropertyOptional({ type: 'integer', description: 'Station id from /getRadioLists; 99 (the default) is guess you like and needs a login.', default: 99, minimum: 1, maximum: MAX_INT_ID, example: 99 })
  id: number = 99;

  @IsOptional() @ToInt() @IntRange('num', 1, MAX_RADIO_NUM)
  @ApiPropertyOptional({ type: 'integer', description: 'Tracks to give.', default: DEFAULT_RADIO_NUM, minimum: 1, maximum: MAX_RADIO_NUM, example: 5 })
  num: number = DEFAULT_RADIO_NUM;

  @IsOptional() @ToInt() @IsIn([0, 1], { message: 'firstplay must be 0 or 1' }) @IsInt({ message: 'firstplay must be an integer (0 or 1)' })
  @ApiPropertyOptional({ type: 'integer', enum: [0, 1], description: 'Accepted for compatibility; the gateway always asks as a first play.', default: 1, example: 1 })
  firstplay: number = 1;
}
