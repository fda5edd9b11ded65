import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { ToInt } from '../../common/validation';
import { SongMidQuery } from './song-mid.dto';

export class GetLyricQuery extends SongMidQuery {
  /** 1 = parse the LRC into tags + timed lines. */
  @IsOptional() @ToInt() @IsIn([0, 1], { message: 'isFormat must be 0 or 1' })
  @ApiPropertyOptional({ type: 'integer', description: '0: LRC text as is; 1: parse the LRC into tags + timed lines.', enum: [0, 1], default: 0, example: 0 })
  isFormat: number = 0;
}
