import { Transform } from 'class-transformer';
import { ALBUM_MID, BoolParam, COLLECTED_PLAYLIST_ID, IdListParam, IdParam, SINGER_MID } from '../../common/validation';

/** Ids asked at once by a state read: the state calls answer one map per call. */
export const MAX_STATE_IDS = 50;

/** `a, b ,c` → `a,b,c`; blank → absent. */
const ListOf = () => Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') || undefined : value));

const WHOSE =
  'Acts on the caller\'s own login (`cookie` query, `X-Custom-Cookie` or `Cookie` header); the stored login only with the admin token.';

export class SetPlaylistCollectBody {
  @IdParam(COLLECTED_PLAYLIST_ID, { required: true, description: 'The playlist\'s global id (disstid); a JSON number is accepted.', example: '7100000012' })
  dissid!: string;

  @BoolParam({ required: true, description: `true collects the playlist, false uncollects it. ${WHOSE}`, example: true })
  collect!: boolean;
}

export class SetAlbumCollectBody {
  @IdParam(ALBUM_MID, { required: true, description: 'The album\'s MID.', example: '000MkMni19ClKG' })
  albummid!: string;

  @BoolParam({ required: true, description: `true collects the album, false uncollects it. ${WHOSE}`, example: true })
  collect!: boolean;
}

export class SetSingerFollowBody {
  @IdParam(SINGER_MID, { required: true, description: 'The singer\'s MID.', example: '0025NhlN2yWrP4' })
  singermid!: string;

  @BoolParam({ required: true, description: `true follows the singer, false unfollows. ${WHOSE}`, example: true })
  follow!: boolean;
}

export class PlaylistCollectStateQuery {
  @IdListParam(COLLECTED_PLAYLIST_ID, {
    required: true,
    max: MAX_STATE_IDS,
    description: `1 to ${MAX_STATE_IDS} playlist ids (disstid), comma-separated.`,
    example: '7024415872,7100000012',
    message: `dissids must be 1 to ${MAX_STATE_IDS} playlist ids (digits), comma-separated`,
  })
  dissids!: string;
}

export class AlbumCollectStateQuery {
  @IdListParam(ALBUM_MID, {
    required: true,
    read: ListOf(),
    max: MAX_STATE_IDS,
    description: `1 to ${MAX_STATE_IDS} album MIDs, comma-separated.`,
    example: '000MkMni19ClKG,003c616O2Zlswm',
    message: `albummids must be 1 to ${MAX_STATE_IDS} album MIDs (letters and digits), comma-separated`,
  })
  albummids!: string;
}
