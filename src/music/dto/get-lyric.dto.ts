import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, Matches } from 'class-validator';
import { ToInt, ToTrimmed } from '../../common/validation';

export class GetLyricQuery {
  @IsDefined({ message: 'songmid is required' }) @ToTrimmed()
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  @ApiProperty({ type: 'string', description: 'Song MID: letters and digits, at most 32 characters.', pattern: '^[0-9A-Za-z]{1,32}$', example: '0039MnYb0qxYhV' })
  songmid!: string;

  /** 1 = parse the LRC into tags + timed lines. */
  @IsOptional() @ToInt() @IsIn([0, 1], { message: 'isFormat must be 0 or 1' })
  @ApiPropertyOptional({ type: 'integer', description: '0: LRC text as is; 1: parse the LRC into tags + timed lines.', enum: [0, 1], default: 0, example: 1 })
  isFormat: number = 0;
}
