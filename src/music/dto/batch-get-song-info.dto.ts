import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, ValidationOptions } from 'class-validator';

export const BATCH_SONGS_MAX = 50;

/** `[song_mid]` or `[song_mid, song_id]`, both strings; song_mid non-empty or song_id numeric. */
function isSongsList(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > BATCH_SONGS_MAX) return false;
  return value.every(
    (el) =>
      Array.isArray(el) &&
      el.length >= 1 &&
      el.length <= 2 &&
      el.every((part) => typeof part === 'string') &&
      (el[0].trim() !== '' || /^\d+$/.test(el[1] ?? '')),
  );
}

const IsSongsList = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isSongsList', validator: { validate: isSongsList } }, options);

export class BatchGetSongInfoBody {
  @IsOptional()
  @IsSongsList({
    message: `songs must be an array of at most ${BATCH_SONGS_MAX} elements, each [song_mid] or [song_mid, song_id] (strings)`,
  })
  @ApiPropertyOptional({ type: 'array', description: 'At most 50 entries, each `[song_mid]` or `[song_mid, song_id]` (strings); an entry needs a non-empty song_mid or a numeric song_id. Absent → an empty answer.', items: {type: 'array', minItems: 1, maxItems: 2, items: {type: 'string'}}, maxItems: 50, example: [['0039MnYb0qxYhV'], ['003UkWuI0E8U0l', '331839675']] })
  songs?: string[][];
}
