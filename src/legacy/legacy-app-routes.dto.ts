import { BoolParam, COLLECTED_PLAYLIST_ID, IdParam, SINGER_MID, SONG_MID } from '../common/validation';

/** POST /user/setSongFavorite (WQTY-MASTER/tiaolv-music's server). */
export class SetSongFavoriteBody {
  @IdParam(SONG_MID, { required: true, description: 'The song\'s MID.', example: '0039MnYb0qxYhV' })
  mid!: string;

  @BoolParam({ required: true, description: 'The state wanted: true likes the song, false unlikes it.', example: true })
  liked!: boolean;
}

/** POST /user/setSingerSubscription. */
export class SetSingerSubscriptionBody {
  @IdParam(SINGER_MID, { required: true, description: 'The singer\'s MID.', example: '0025NhlN2yWrP4' })
  singermid!: string;

  @BoolParam({ required: true, description: 'The state wanted: true follows the singer, false unfollows.', example: true })
  subscribed!: boolean;
}

/** POST /user/setPlaylistSubscription. */
export class SetPlaylistSubscriptionBody {
  @IdParam(COLLECTED_PLAYLIST_ID, { required: true, description: 'The playlist\'s id (disstid); a JSON number is accepted.', example: '7100000012' })
  id!: string;

  @BoolParam({ required: true, description: 'The state wanted: true collects the playlist, false uncollects it.', example: true })
  subscribed!: boolean;
}

/** GET /user/getSingerSubscription. */
export class SingerSubscriptionQuery {
  @IdParam(SINGER_MID, { required: true, description: 'The singer\'s MID.', example: '0025NhlN2yWrP4' })
  singermid!: string;
}

/** GET /song (jsososo/QQMusicApi's route). */
export class JsososoSongQuery {
  @IdParam(SONG_MID, { required: true, description: 'The song\'s MID.', example: '0039MnYb0qxYhV' })
  songmid!: string;
}
