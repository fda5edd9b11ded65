import { Transform } from 'class-transformer';
import { IsDefined, IsIn, IsOptional, Matches } from 'class-validator';
import { ToTrimmed } from '../../common/validation';
import { Quality, QUALITY_NAMES } from '../play-url';

const QUALITY_MESSAGE = `quality must be one of ${QUALITY_NAMES.join(', ')}`;
/** Trimmed and lower-cased ('FLAC' = 'flac'); '' counts as absent (default applies). */
const ToQuality = () =>
  Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value));

export class GetMusicPlayQuery {
  /** Song MID, e.g. 0039MnYb0qxYhV. */
  @IsDefined({ message: 'songmid is required' }) @ToTrimmed()
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  songmid!: string;

  /** Numeric song id; accepted for compatibility, the MID identifies the song. */
  @IsOptional() @ToTrimmed() @Matches(/^\d{1,15}$/, { message: 'songid must be a numeric song id' })
  songid?: string;

  @IsOptional() @ToQuality() @IsIn(QUALITY_NAMES, { message: QUALITY_MESSAGE })
  quality: Quality = '128';
}

export class DownloadMainMusicQuery {
  @IsDefined({ message: 'songmid is required' }) @ToTrimmed()
  @Matches(/^[0-9A-Za-z]{1,32}$/, { message: 'songmid must be a song MID (letters and digits)' })
  songmid!: string;

  @IsOptional() @ToQuality() @IsIn(QUALITY_NAMES, { message: QUALITY_MESSAGE })
  quality: Quality = '128';
}
