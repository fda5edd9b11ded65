import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsDefined, IsOptional, Matches } from 'class-validator';
import { MAX_STATE_IDS } from '../library/dto/collections.dto';
import { numericIdForm, ToBool, ToNumericId } from '../common/validation';

/** Playlist ids as the fork takes them: strings or JSON numbers, each in its canonical form (numericIdForm). */
const AsIds = () =>
  Transform(({ value }) => {
    const one = (v: unknown) => (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? String(v) : typeof v === 'string' ? numericIdForm(v) : v);
    return Array.isArray(value) ? value.map(one) : one(value);
  });

const IS_FAN = 'The state the item is in NOW, as the fork takes it: true uncollects, false (default) collects.';

/** POST /setPlaylistFav (Yuuz12/qq-music-api). */
export class SetPlaylistFavBody {
  @ToNumericId()
  @IsDefined({ message: 'disstid is required' })
  @Matches(/^\d{1,20}$/, { message: 'disstid must be a playlist id (digits only, at most 20)' })
  @ApiProperty({ type: 'string', description: 'The playlist\'s id; a JSON number is accepted.', pattern: '^\\d{1,20}$', example: '7100000012' })
  disstid!: string;

  @IsOptional() @ToBool()
  @IsBoolean({ message: 'isFan must be true or false' })
  @ApiPropertyOptional({ type: 'boolean', description: IS_FAN, default: false, example: false })
  isFan: boolean = false;
}

/** POST /setAlbumFav (Yuuz12/qq-music-api). */
export class SetAlbumFavBody {
  @IsDefined({ message: 'albumMid is required' })
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'albumMid must be an album MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The album\'s MID.', pattern: '^[0-9A-Za-z]{1,32}$', example: '000MkMni19ClKG' })
  albumMid!: string;

  @IsOptional() @ToBool()
  @IsBoolean({ message: 'isFan must be true or false' })
  @ApiPropertyOptional({ type: 'boolean', description: IS_FAN, default: false, example: false })
  isFan: boolean = false;
}

/** POST /getIsPlaylistFan (Yuuz12/qq-music-api). */
export class GetIsPlaylistFanBody {
  @Matches(/^\d{1,20}$/, { each: true, message: 'disstids must be an array of playlist ids (digits only, at most 20)' })
  @ArrayMaxSize(MAX_STATE_IDS, { message: `disstids must hold at most ${MAX_STATE_IDS} ids` })
  @IsArray({ message: 'disstids must be an array of playlist ids' })
  @IsDefined({ message: 'disstids is required' })
  @AsIds()
  @ApiProperty({ type: 'array', items: { type: 'string', pattern: '^\\d{1,20}$' }, maxItems: MAX_STATE_IDS, description: `Up to ${MAX_STATE_IDS} playlist ids (strings or numbers).`, example: ['7024415872'] })
  disstids!: string[];
}

/** POST /getIsAlbumFan (Yuuz12/qq-music-api). */
export class GetIsAlbumFanBody {
  @Matches(/^[0-9A-Za-z]{1,32}$/, { each: true, message: 'albummids must be an array of album MIDs (letters and digits)' })
  @ArrayMaxSize(MAX_STATE_IDS, { message: `albummids must hold at most ${MAX_STATE_IDS} MIDs` })
  @IsArray({ message: 'albummids must be an array of album MIDs' })
  @IsDefined({ message: 'albummids is required' })
  @ApiProperty({ type: 'array', items: { type: 'string', pattern: '^[0-9A-Za-z]{1,32}$' }, maxItems: MAX_STATE_IDS, description: `Up to ${MAX_STATE_IDS} album MIDs.`, example: ['000MkMni19ClKG'] })
  albummids!: string[];
}
