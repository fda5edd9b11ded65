import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { ToNumericId, ToTrimmed } from '../../common/validation';

export class GetSongInfoQuery {
  /** Numeric song id (as in chart entries). One of songid / songmid is required; with both, songid is used. */
  @IsOptional() @ToNumericId() @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id' })
  @ApiPropertyOptional({ type: 'string', description: 'Numeric song id (as in chart entries). Send songid OR songmid: one is required (none → 400 BAD_REQUEST); when both are sent, songid is used and songmid is ignored (songid is the spec\'s parameter).', pattern: '^\\d{1,15}$', example: '97773' })
  songid?: string;

  /**
   * Song MID, e.g. 0039MnYb0qxYhV; ignored when songid is sent. No `example`: Swagger UI sends every example it has,
   * and the operation's example request must send one of the two.
   */
  @IsOptional() @ToTrimmed() @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  @ApiPropertyOptional({ type: 'string', description: 'Song MID (letters and digits, ≤ 32), e.g. `0039MnYb0qxYhV`. Send songid OR songmid: one is required; when both are sent, songid is used and songmid is ignored.', pattern: '^[0-9A-Za-z]{1,32}$' })
  songmid?: string;
}
