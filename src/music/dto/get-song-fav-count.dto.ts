import { IdParam, SONG_MID } from '../../common/validation';

/** GET /getSongFavCount. */
export class GetSongFavCountQuery {
  @IdParam(SONG_MID, { required: true, trim: true, description: 'Song MID: letters and digits, at most 32 characters.', example: '0039MnYb0qxYhV' })
  songmid!: string;
}
