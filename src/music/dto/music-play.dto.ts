import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, IsIn, IsOptional, Matches } from 'class-validator';
import { ToLowerTrimmed, ToTrimmed } from '../../common/validation';
import { Quality, QUALITY_NAMES } from '../play-url';
import { SongMidQuery } from './song-mid.dto';

const QUALITY_MESSAGE = `quality must be one of ${QUALITY_NAMES.join(', ')}`;

/** Song MIDs one /getMusicPlay request may ask for (the older services' comma-separated batch). */
export const MAX_PLAY_MIDS = 20;

export class GetMusicPlayQuery {
  @IsDefined({ message: 'songmid is required' }) @ToTrimmed()
  @Matches(new RegExp(`^[0-9A-Za-z]{1,32}(,[0-9A-Za-z]{1,32}){0,${MAX_PLAY_MIDS - 1}}$`), {
    message: `songmid must be a song MID (letters and digits), or up to ${MAX_PLAY_MIDS} of them separated by commas`,
  })
  @ApiProperty({
    type: 'string',
    description: `Song MID: letters and digits, at most 32 characters. Up to ${MAX_PLAY_MIDS} MIDs separated by commas give \`data.list\`: one \`{ songmid, url, size, quality }\` per song, or \`{ songmid, url: '', error, errorCode }\` for a song without a URL.`,
    pattern: `^[0-9A-Za-z]{1,32}(,[0-9A-Za-z]{1,32}){0,${MAX_PLAY_MIDS - 1}}$`,
    example: '0039MnYb0qxYhV',
  })
  songmid!: string;

  /** Numeric song id; accepted for compatibility, the MID identifies the song. */
  @IsOptional() @ToTrimmed() @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id' })
  @ApiPropertyOptional({ type: 'string', description: 'Numeric song id; accepted for compatibility, the MID identifies the song.', pattern: '^\\d{1,15}$', example: '102065756' })
  songid?: string;

  @IsOptional() @ToLowerTrimmed() @IsIn(QUALITY_NAMES, { message: QUALITY_MESSAGE })
  @ApiPropertyOptional({ type: 'string', description: 'Audio quality (case-insensitive): 128 kbps MP3, 320 kbps MP3, m4a, flac or ape.', enum: QUALITY_NAMES, default: '128', example: '320' })
  quality: Quality = '128';
}

export class DownloadMainMusicQuery extends SongMidQuery {
  @IsOptional() @ToLowerTrimmed() @IsIn(QUALITY_NAMES, { message: QUALITY_MESSAGE })
  @ApiPropertyOptional({ type: 'string', description: 'Audio quality (case-insensitive): 128 kbps MP3, 320 kbps MP3, m4a, flac or ape.', enum: QUALITY_NAMES, default: '128', example: '320' })
  quality: Quality = '128';
}
