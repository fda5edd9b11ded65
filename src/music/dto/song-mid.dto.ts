import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, Matches } from 'class-validator';
import { ToTrimmed } from '../../common/validation';

/** The required `songmid` of the lyric, play-URL and download queries. */
export class SongMidQuery {
  @IsDefined({ message: 'songmid is required' }) @ToTrimmed()
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  @ApiProperty({ type: 'string', description: 'Song MID: letters and digits, at most 32 characters.', pattern: '^[0-9A-Za-z]{1,32}$', example: '0039MnYb0qxYhV' })
  songmid!: string;
}
