import { IsOptional, Matches } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

export class GetSongInfoQuery {
  /** Numeric song id (as in chart entries). One of songid / songmid is required. */
  @IsOptional() @ToTrimmed() @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id' })
  songid?: string;

  /** Song MID, e.g. 0039MnYb0qxYhV. */
  @IsOptional() @ToTrimmed() @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  songmid?: string;
}
