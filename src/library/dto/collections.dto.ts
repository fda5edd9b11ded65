import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsDefined, Matches } from 'class-validator';
import { numericIdListForm, ToBool, ToCanonical, ToNumericId } from '../../common/validation';
import { MID_PATTERN } from '../../singers/dto/singer-query.dto';

/** Ids asked at once by a state read: the state calls answer one map per call. */
export const MAX_STATE_IDS = 50;
export const DISSID_PATTERN = /^\d{1,20}$/;
const DISSID_LIST = new RegExp(`^\\d{1,20}(,\\d{1,20}){0,${MAX_STATE_IDS - 1}}$`);
const MID_LIST = new RegExp(`^[0-9A-Za-z]{1,32}(,[0-9A-Za-z]{1,32}){0,${MAX_STATE_IDS - 1}}$`);

/** `a, b ,c` → `a,b,c`; blank → absent. */
const ListOf = () => Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '') || undefined : value));

const WHOSE =
  'Acts on the caller\'s own login (`cookie` query, `X-Custom-Cookie` or `Cookie` header); the stored login only with the admin token.';

export class SetPlaylistCollectBody {
  @ToNumericId()
  @IsDefined({ message: 'dissid is required' })
  @Matches(DISSID_PATTERN, { message: 'dissid must be a playlist id (digits only, at most 20)' })
  @ApiProperty({ type: 'string', description: 'The playlist\'s global id (disstid); a JSON number is accepted.', pattern: '^\\d{1,20}$', example: '7100000012' })
  dissid!: string;

  @ToBool()
  @IsDefined({ message: 'collect is required' })
  @IsBoolean({ message: 'collect must be true or false' })
  @ApiProperty({ type: 'boolean', description: `true collects the playlist, false uncollects it. ${WHOSE}`, example: true })
  collect!: boolean;
}

export class SetAlbumCollectBody {
  @IsDefined({ message: 'albummid is required' })
  @Matches(MID_PATTERN, { message: 'albummid must be an album MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The album\'s MID.', pattern: '^[0-9A-Za-z]{1,32}$', example: '000MkMni19ClKG' })
  albummid!: string;

  @ToBool()
  @IsDefined({ message: 'collect is required' })
  @IsBoolean({ message: 'collect must be true or false' })
  @ApiProperty({ type: 'boolean', description: `true collects the album, false uncollects it. ${WHOSE}`, example: true })
  collect!: boolean;
}

export class SetSingerFollowBody {
  @IsDefined({ message: 'singermid is required' })
  @Matches(MID_PATTERN, { message: 'singermid must be a singer MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The singer\'s MID.', pattern: '^[0-9A-Za-z]{1,32}$', example: '0025NhlN2yWrP4' })
  singermid!: string;

  @ToBool()
  @IsDefined({ message: 'follow is required' })
  @IsBoolean({ message: 'follow must be true or false' })
  @ApiProperty({ type: 'boolean', description: `true follows the singer, false unfollows. ${WHOSE}`, example: true })
  follow!: boolean;
}

export class PlaylistCollectStateQuery {
  @ToCanonical(numericIdListForm)
  @IsDefined({ message: 'dissids is required' })
  @Matches(DISSID_LIST, { message: `dissids must be 1 to ${MAX_STATE_IDS} playlist ids (digits), comma-separated` })
  @ApiProperty({
    type: 'string',
    description: `1 to ${MAX_STATE_IDS} playlist ids (disstid), comma-separated.`,
    pattern: `^\\d{1,20}(,\\d{1,20}){0,${MAX_STATE_IDS - 1}}$`,
    example: '7024415872,7100000012',
  })
  dissids!: string;
}

export class AlbumCollectStateQuery {
  @ListOf()
  @IsDefined({ message: 'albummids is required' })
  @Matches(MID_LIST, { message: `albummids must be 1 to ${MAX_STATE_IDS} album MIDs (letters and digits), comma-separated` })
  @ApiProperty({
    type: 'string',
    description: `1 to ${MAX_STATE_IDS} album MIDs, comma-separated.`,
    pattern: `^[0-9A-Za-z]{1,32}(,[0-9A-Za-z]{1,32}){0,${MAX_STATE_IDS - 1}}$`,
    example: '000MkMni19ClKG,003c616O2Zlswm',
  })
  albummids!: string;
}
