import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, Matches } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

export class GetSongInfoQuery {
  /** Numeric song id (as in chart entries). One of songid / songmid is required. */
  @IsOptional() @ToTrimmed() @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id' })
  @ApiPropertyOptional({ type: 'string', description: 'Numeric song id (as in chart entries). One of songid / songmid is required (none → 400 BAD_REQUEST).', pattern: '^\\d{1,15}$', example: '97773' })
  songid?: string;

  /** Song MID, e.g. 0039MnYb0qxYhV. */
  @IsOptional() @ToTrimmed() @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  @ApiPropertyOptional({ type: 'string', description: 'Song MID (letters and digits, ≤ 32). One of songid / songmid is required; songid wins when both are given (it is the spec parameter).', pattern: '^[0-9A-Za-z]{1,32}$', example: '0039MnYb0qxYhV' })
  songmid?: string;
}
