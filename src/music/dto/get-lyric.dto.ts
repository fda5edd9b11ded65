import { BoolParam, ChoiceParam } from '../../common/validation';
import { LYRIC_FORMATS, type LyricFormat } from '../music.answers';
import { SongMidQuery } from './song-mid.dto';

export class GetLyricQuery extends SongMidQuery {
  /** 1 = parse the LRC into tags + timed lines. */
  @ChoiceParam([0, 1], { description: '0: LRC text as is; 1: parse the LRC into tags + timed lines.', example: 0, messages: { choice: 'isFormat must be 0 or 1' } })
  isFormat: number = 0;

  @ChoiceParam(LYRIC_FORMATS, {
    description: 'lrc: the LRC texts (isFormat applies). qrc: the word-by-word QRC text. timeline: lines with their words, translation and romanisation, times in ms. qrc and timeline fall back to the LRC lyric, with a `message`, when the word-by-word one is missing or broken.',
    example: 'lrc',
    messages: { choice: 'format must be lrc, qrc or timeline' },
  })
  format: LyricFormat = 'lrc';

  @BoolParam({ description: 'With format=qrc or timeline: add the romanisation (as QRC text, and per timeline line).', example: false, message: 'roma must be true or false (1 or 0)' })
  roma: boolean = false;
}
