import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, Matches } from 'class-validator';
import { ToLowerTrimmed, ToTrimmed } from '../../common/validation';
import { Quality, QUALITY_NAMES } from '../play-url';
import { SongMidQuery } from './song-mid.dto';

const QUALITY_MESSAGE = `quality must be one of ${QUALITY_NAMES.join(', ')}`;

export class GetMusicPlayQuery extends SongMidQuery {
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
