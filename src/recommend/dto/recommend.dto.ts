import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { numericIdListForm, ToCanonical, ToInt } from '../../common/validation';
import { SongMidQuery } from '../../music/dto/song-mid.dto';

/** Tracks asked of a station per call (the Koa fork's default) and the most a call may ask. */
export const DEFAULT_RADIO_NUM = 10;
export const MAX_RADIO_NUM = 20;
/** Playlist ids a client may list in `shown` (related playlists already shown). */
export const MAX_SHOWN = 100;
/** The largest station / MV id accepted: upstream's ids are 32-bit (stations are small, MV ids about 10^6). */
export const MAX_INT_ID = 2_147_483_647;

const NUM_MESSAGE = `num must be between 1 and ${MAX_RADIO_NUM}`;

/** `num`: tracks per call. Shared by /getPersonalRadio and /getRadioTracks. */
export class RadioNumQuery {
  // class-validator runs the decorators bottom-up: IsInt last so a non-number is reported as such.
  @IsOptional() @ToInt()
  @Min(1, { message: NUM_MESSAGE }) @Max(MAX_RADIO_NUM, { message: NUM_MESSAGE })
  @IsInt({ message: 'num must be an integer' })
  @ApiPropertyOptional({ type: 'integer', description: 'Tracks to give (each call gives the next ones).', default: DEFAULT_RADIO_NUM, minimum: 1, maximum: MAX_RADIO_NUM, example: 5 })
  num: number = DEFAULT_RADIO_NUM;
}

/** GET /getRadioTracks: a station id from /getRadioLists (99 = guess you like). */
export class RadioTracksQuery extends RadioNumQuery {
  @IsDefined({ message: 'id is required' }) @ToInt()
  @Min(1, { message: 'id must be a station id from /getRadioLists (1 or more)' }) @Max(MAX_INT_ID, { message: 'id must be a station id from /getRadioLists (at most 2147483647)' })
  @IsInt({ message: 'id must be an integer (a station id from /getRadioLists)' })
  @ApiProperty({ type: 'integer', description: 'Station id, as /getRadioLists lists them (`groups[].radios[].id`). 99 is guess you like (猜你喜欢): it needs a login.', minimum: 1, maximum: MAX_INT_ID, example: 199 })
  id!: number;
}

/** GET /getSongRelatedPlaylists: the song, and the playlists already shown (for the next batch). */
export class SongRelatedPlaylistsQuery extends SongMidQuery {
  @IsOptional() @ToCanonical(numericIdListForm)
  @Matches(/^\d{1,12}(,\d{1,12}){0,99}$/, { message: `shown must be up to ${MAX_SHOWN} playlist ids (digits) separated by commas` })
  @ApiPropertyOptional({
    type: 'string',
    description: `Playlist ids (\`dissid\`) already shown for this song, comma-separated (up to ${MAX_SHOWN}): upstream then answers the next batch. Leave out for the first batch.`,
    pattern: '^\\d{1,12}(,\\d{1,12}){0,99}$',
    example: '7100000010,7100000011',
  })
  shown?: string;
}

/** GET /getSongRelatedMvs: the song, and the last MV shown (for the next batch). */
export class SongRelatedMvsQuery extends SongMidQuery {
  @IsOptional() @ToInt()
  @Min(0, { message: 'lastMvid must be 0 or more' }) @Max(MAX_INT_ID, { message: 'lastMvid must be at most 2147483647' })
  @IsInt({ message: 'lastMvid must be an integer (an MV\'s numeric `mvid`)' })
  @ApiPropertyOptional({
    type: 'integer',
    description: 'The numeric `mvid` of the last MV shown (the previous answer\'s `lastMvid`): upstream then answers the next batch. 0 or absent = the first batch. Upstream pages by this numeric id, not by `vid`.',
    default: 0,
    minimum: 0,
    maximum: MAX_INT_ID,
    example: 0,
  })
  lastMvid: number = 0;
}
