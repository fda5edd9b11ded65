import { IdParam, SONG_ID, SONG_MID } from '../../common/validation';

export class GetSongInfoQuery {
  /** Numeric song id (as in chart entries). One of songid / songmid is required; with both, songid is used. */
  @IdParam(SONG_ID, {
    description: 'Numeric song id (as in chart entries). Send songid OR songmid: one is required (none → 400 BAD_REQUEST); when both are sent, songid is used and songmid is ignored (songid is the spec\'s parameter).',
    example: '97773',
  })
  songid?: string;

  /**
   * Song MID, e.g. 0039MnYb0qxYhV; ignored when songid is sent. No `example`: Swagger UI sends every example it has,
   * and the operation's example request must send one of the two.
   */
  @IdParam(SONG_MID, {
    trim: true,
    description: 'Song MID (letters and digits, ≤ 32), e.g. `0039MnYb0qxYhV`. Send songid OR songmid: one is required; when both are sent, songid is used and songmid is ignored.',
  })
  songmid?: string;
}
