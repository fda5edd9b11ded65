import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import { ToBool, ToInt, ToLowerTrimmed } from '../../common/validation';
import { LYRIC_FORMATS, type LyricFormat } from '../music.answers';
import { SongMidQuery } from './song-mid.dto';

export class GetLyricQuery extends SongMidQuery {
  /** 1 = parse the LRC into tags + timed lines. */
  @IsOptional() @ToInt() @IsIn([0, 1], { message: 'isFormat must be 0 or 1' })
  @ApiPropertyOptional({ type: 'integer', description: '0: LRC text as is; 1: parse the LRC into tags + timed lines.', enum: [0, 1], default: 0, example: 0 })
  isFormat: number = 0;

  @IsOptional() @ToLowerTrimmed() @IsIn(LYRIC_FORMATS, { message: 'format must be lrc, qrc or timeline' })
  @ApiPropertyOptional({
    type: 'string',
    description: 'lrc: the LRC texts (isFormat applies). qrc: the word-by-word QRC text. timeline: lines with their words, translation and romanisation, times in ms. qrc and timeline fall back to the LRC lyric, with a `message`, when the word-by-word one is missing or broken.',
    enum: [...LYRIC_FORMATS],
    default: 'lrc',
    example: 'lrc',
  })
  format: LyricFormat = 'lrc';

  @IsOptional() @ToBool() @IsBoolean({ message: 'roma must be true or false (1 or 0)' })
  @ApiPropertyOptional({ type: 'boolean', description: 'With format=qrc or timeline: add the romanisation (as QRC text, and per timeline line).', default: false, example: false })
  roma: boolean = false;
}
