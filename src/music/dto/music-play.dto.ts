import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, ValidateBy, ValidationOptions } from 'class-validator';
import { ChoiceParam, IdListParam, IdParam, SONG_ID, SONG_MID } from '../../common/validation';
import { QUALITY_CHOICES, type QualityChoice } from '../play-url';
import { SongMidQuery } from './song-mid.dto';

const QUALITY_MESSAGE = `quality must be one of ${QUALITY_CHOICES.join(', ')}`;
const QUALITY_DESCRIPTION =
  'Audio level (case-insensitive): 128 / 320 (MP3), m4a (AAC 96k), flac, ape, aac48, aac192, ogg96, ogg192, ogg320, ogg640, hires (24-bit FLAC), ' +
  'master (24-bit/192 kHz FLAC), atmos (Dolby Atmos stereo FLAC), atmos51 (Atmos 5.1 FLAC), atmos71 (Atmos 7.1 Ogg), dolby (Dolby Atmos MP4), ' +
  'dtsx (DTS:X MP4), nac (Tencent\'s own codec, played by QQ Music\'s app only); `best`: the best level this account gets a URL for ' +
  '(levels whose file name is doubtful last, nac never). ' +
  'Encrypted files (.mflac/.mgg) are never served.';

/** Song MIDs one /getMusicPlay request may ask for (the older services' comma-separated batch). */
export const MAX_PLAY_MIDS = 20;

/** Song MIDs one POST /getMusicPlayBatch may ask for. */
export const MAX_BATCH_PLAY_MIDS = 100;

/** The audio level every play and download route takes. */
const QualityParam = (example: string) => ChoiceParam(QUALITY_CHOICES, { description: QUALITY_DESCRIPTION, example, messages: { choice: QUALITY_MESSAGE } });

export class GetMusicPlayQuery {
  @IdListParam(SONG_MID, {
    required: true,
    max: MAX_PLAY_MIDS,
    description: `Song MID: letters and digits, at most 32 characters. Up to ${MAX_PLAY_MIDS} MIDs separated by commas give \`data.list\`: one \`{ songmid, url, size, quality, available }\` per song, or \`{ songmid, url: '', error, errorCode, available }\` for a song without a URL. More songs: POST /getMusicPlayBatch.`,
    example: '0039MnYb0qxYhV',
    message: `songmid must be a song MID (letters and digits), or up to ${MAX_PLAY_MIDS} of them separated by commas`,
  })
  songmid!: string;

  /** Numeric song id; accepted for compatibility, the MID identifies the song. */
  @IdParam(SONG_ID, { description: 'Numeric song id; accepted for compatibility, the MID identifies the song.', example: '102065756' })
  songid?: string;

  @QualityParam('320')
  quality: QualityChoice = '128';
}

export class DownloadMainMusicQuery extends SongMidQuery {
  @QualityParam('320')
  quality: QualityChoice = '128';
}

/** 1 to MAX_BATCH_PLAY_MIDS strings, each a MID (duplicates allowed: each gets its entry). */
function isMidList(value: unknown): boolean {
  return Array.isArray(value) && value.length >= 1 && value.length <= MAX_BATCH_PLAY_MIDS && value.every((mid) => typeof mid === 'string' && SONG_MID.pattern.test(mid.trim()));
}

const IsMidList = (options?: ValidationOptions) => ValidateBy({ name: 'isMidList', validator: { validate: isMidList } }, options);

export class GetMusicPlayBatchBody {
  @IsDefined({ message: 'songmids is required' })
  @IsMidList({ message: `songmids must be an array of 1 to ${MAX_BATCH_PLAY_MIDS} song MIDs (strings of letters and digits, at most 32 characters)` })
  @ApiProperty({
    type: 'array',
    items: { type: 'string', pattern: SONG_MID.pattern.source },
    minItems: 1,
    maxItems: MAX_BATCH_PLAY_MIDS,
    description: `1 to ${MAX_BATCH_PLAY_MIDS} song MIDs; a MID sent twice gets two entries (asked upstream once).`,
    example: ['0039MnYb0qxYhV', '003UkWuI0E8U0l'],
  })
  songmids!: string[];

  @QualityParam('best')
  quality: QualityChoice = '128';
}
