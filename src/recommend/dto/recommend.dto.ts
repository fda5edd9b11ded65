import { IdListParam, IntParam, RELATED_PLAYLIST_ID } from '../../common/validation';
import { SongMidQuery } from '../../music/dto/song-mid.dto';

/** Tracks asked of a station per call (the Koa fork's default) and the most a call may ask. */
export const DEFAULT_RADIO_NUM = 10;
export const MAX_RADIO_NUM = 20;
/** Playlist ids a client may list in `shown` (related playlists already shown). */
export const MAX_SHOWN = 100;
/** The largest station / MV id accepted: upstream's ids are 32-bit (stations are small, MV ids about 10^6). */
export const MAX_INT_ID = 2_147_483_647;

/** `num`: tracks per call. Shared by /getPersonalRadio and /getRadioTracks. */
export class RadioNumQuery {
  @IntParam({ min: 1, max: MAX_RADIO_NUM, description: 'Tracks to give (each call gives the next ones).', example: 5 })
  num: number = DEFAULT_RADIO_NUM;
}

/** GET /getRadioTracks: a station id from /getRadioLists (99 = guess you like). */
export class RadioTracksQuery extends RadioNumQuery {
  @IntParam({
    required: true,
    min: 1,
    max: MAX_INT_ID,
    description: 'Station id, as /getRadioLists lists them (`groups[].radios[].id`). 99 is guess you like (猜你喜欢): it needs a login.',
    example: 199,
    messages: {
      integer: 'id must be an integer (a station id from /getRadioLists)',
      min: 'id must be a station id from /getRadioLists (1 or more)',
      max: `id must be a station id from /getRadioLists (at most ${MAX_INT_ID})`,
    },
  })
  id!: number;
}

/** GET /getSongRelatedPlaylists: the song, and the playlists already shown (for the next batch). */
export class SongRelatedPlaylistsQuery extends SongMidQuery {
  @IdListParam(RELATED_PLAYLIST_ID, {
    max: MAX_SHOWN,
    description: `Playlist ids (\`dissid\`) already shown for this song, comma-separated (up to ${MAX_SHOWN}): upstream then answers the next batch. Leave out for the first batch.`,
    example: '7100000010,7100000011',
    message: `shown must be up to ${MAX_SHOWN} playlist ids (digits) separated by commas`,
  })
  shown?: string;
}

/** GET /getSongRelatedMvs: the song, and the last MV shown (for the next batch). */
export class SongRelatedMvsQuery extends SongMidQuery {
  @IntParam({
    min: 0,
    max: MAX_INT_ID,
    outOfRange: 'perBound',
    description: 'The numeric `mvid` of the last MV shown (the previous answer\'s `lastMvid`): upstream then answers the next batch. 0 or absent = the first batch. Upstream pages by this numeric id, not by `vid`.',
    example: 0,
    messages: { integer: 'lastMvid must be an integer (an MV\'s numeric `mvid`)' },
  })
  lastMvid: number = 0;
}
