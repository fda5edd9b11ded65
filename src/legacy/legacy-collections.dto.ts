import { Transform } from 'class-transformer';
import { ALBUM_MID, BoolParam, COLLECTED_PLAYLIST_ID, ArrayParam, IdParam, numericIdForm } from '../common/validation';
import { MAX_STATE_IDS } from '../library/dto/collections.dto';

/** Playlist ids as the fork takes them: strings or JSON numbers, each in its canonical form (numericIdForm). */
const AsIds = () =>
  Transform(({ value }) => {
    const one = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : typeof v === 'string' ? numericIdForm(v) : v);
    return Array.isArray(value) ? value.map(one) : one(value);
  });

const IS_FAN = 'The state the item is in NOW, as the fork takes it: true uncollects, false (default) collects.';

/** POST /setPlaylistFav (Yuuz12/qq-music-api). */
export class SetPlaylistFavBody {
  @IdParam(COLLECTED_PLAYLIST_ID, { required: true, description: 'The playlist\'s id; a JSON number is accepted.', example: '7100000012' })
  disstid!: string;

  @BoolParam({ description: IS_FAN, example: false })
  isFan: boolean = false;
}

/** POST /setAlbumFav (Yuuz12/qq-music-api). */
export class SetAlbumFavBody {
  @IdParam(ALBUM_MID, { required: true, description: 'The album\'s MID.', example: '000MkMni19ClKG' })
  albumMid!: string;

  @BoolParam({ description: IS_FAN, example: false })
  isFan: boolean = false;
}

/** POST /getIsPlaylistFan (Yuuz12/qq-music-api). */
export class GetIsPlaylistFanBody {
  @ArrayParam(COLLECTED_PLAYLIST_ID, {
    required: true,
    read: AsIds(),
    max: MAX_STATE_IDS,
    description: `Up to ${MAX_STATE_IDS} playlist ids (strings or numbers).`,
    example: ['7024415872'],
    messages: {
      notArray: 'disstids must be an array of playlist ids',
      tooMany: `disstids must hold at most ${MAX_STATE_IDS} ids`,
      item: 'disstids must be an array of playlist ids (digits only, at most 20)',
    },
  })
  disstids!: string[];
}

/** POST /getIsAlbumFan (Yuuz12/qq-music-api). */
export class GetIsAlbumFanBody {
  @ArrayParam(ALBUM_MID, {
    required: true,
    max: MAX_STATE_IDS,
    description: `Up to ${MAX_STATE_IDS} album MIDs.`,
    example: ['000MkMni19ClKG'],
    messages: {
      notArray: 'albummids must be an array of album MIDs',
      tooMany: `albummids must hold at most ${MAX_STATE_IDS} MIDs`,
      item: 'albummids must be an array of album MIDs (letters and digits)',
    },
  })
  albummids!: string[];
}
