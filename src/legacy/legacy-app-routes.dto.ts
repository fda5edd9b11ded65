import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsDefined, Matches } from 'class-validator';
import { ToBool, ToNumericId } from '../common/validation';
import { MID_PATTERN } from '../singers/dto/singer-query.dto';

const MID_TEXT = '^[0-9A-Za-z]{1,32}$';

/** POST /user/setSongFavorite (WQTY-MASTER/tiaolv-music's server). */
export class SetSongFavoriteBody {
  @IsDefined({ message: 'mid is required' })
  @Matches(MID_PATTERN, { message: 'mid must be a song MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The song\'s MID.', pattern: MID_TEXT, example: '0039MnYb0qxYhV' })
  mid!: string;

  @ToBool()
  @IsDefined({ message: 'liked is required' })
  @IsBoolean({ message: 'liked must be true or false' })
  @ApiProperty({ type: 'boolean', description: 'The state wanted: true likes the song, false unlikes it.', example: true })
  liked!: boolean;
}

/** POST /user/setSingerSubscription. */
export class SetSingerSubscriptionBody {
  @IsDefined({ message: 'singermid is required' })
  @Matches(MID_PATTERN, { message: 'singermid must be a singer MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The singer\'s MID.', pattern: MID_TEXT, example: '0025NhlN2yWrP4' })
  singermid!: string;

  @ToBool()
  @IsDefined({ message: 'subscribed is required' })
  @IsBoolean({ message: 'subscribed must be true or false' })
  @ApiProperty({ type: 'boolean', description: 'The state wanted: true follows the singer, false unfollows.', example: true })
  subscribed!: boolean;
}

/** POST /user/setPlaylistSubscription. */
export class SetPlaylistSubscriptionBody {
  @ToNumericId()
  @IsDefined({ message: 'id is required' })
  @Matches(/^\d{1,20}$/, { message: 'id must be a playlist id (digits only, at most 20)' })
  @ApiProperty({ type: 'string', description: 'The playlist\'s id (disstid); a JSON number is accepted.', pattern: '^\\d{1,20}$', example: '7100000012' })
  id!: string;

  @ToBool()
  @IsDefined({ message: 'subscribed is required' })
  @IsBoolean({ message: 'subscribed must be true or false' })
  @ApiProperty({ type: 'boolean', description: 'The state wanted: true collects the playlist, false uncollects it.', example: true })
  subscribed!: boolean;
}

/** GET /user/getSingerSubscription. */
export class SingerSubscriptionQuery {
  @IsDefined({ message: 'singermid is required' })
  @Matches(MID_PATTERN, { message: 'singermid must be a singer MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The singer\'s MID.', pattern: MID_TEXT, example: '0025NhlN2yWrP4' })
  singermid!: string;
}

/** GET /song (jsososo/QQMusicApi's route). */
export class JsososoSongQuery {
  @IsDefined({ message: 'songmid is required' })
  @Matches(MID_PATTERN, { message: 'songmid must be a song MID (letters and digits, at most 32 characters)' })
  @ApiProperty({ type: 'string', description: 'The song\'s MID.', pattern: MID_TEXT, example: '0039MnYb0qxYhV' })
  songmid!: string;
}
