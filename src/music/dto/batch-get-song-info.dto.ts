import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, ValidateBy, ValidationOptions } from 'class-validator';
import { SONG_ID } from '../../common/validation';

export const BATCH_SONGS_MAX = 50;

/** `[song_mid]` or `[song_mid, song_id]`, both strings; song_id empty or a song id; song_mid non-empty or a song id. */
function isSongsList(value: unknown): boolean {
  if (!Array.isArray(value) || value.length > BATCH_SONGS_MAX) return false;
  return value.every((el) => {
    if (!Array.isArray(el) || el.length < 1 || el.length > 2 || !el.every((part) => typeof part === 'string')) return false;
    const [mid, id = ''] = el.map((part) => part.trim());
    return (id === '' || SONG_ID.pattern.test(id)) && (mid !== '' || id !== '');
  });
}

const IsSongsList = (options?: ValidationOptions) =>
  ValidateBy({ name: 'isSongsList', validator: { validate: isSongsList } }, options);

export class BatchGetSongInfoBody {
  @IsOptional()
  @IsSongsList({
    message: `songs must be an array of at most ${BATCH_SONGS_MAX} elements, each [song_mid] or [song_mid, song_id] (strings; song_id up to 15 digits)`,
  })
  @ApiPropertyOptional({ type: 'array', description: `At most ${BATCH_SONGS_MAX} entries, each \`[song_mid]\` or \`[song_mid, song_id]\` (strings); song_id, when not empty, is 1 to 15 digits; an entry needs a non-empty song_mid or a song_id. Absent → an empty answer.`, items: {type: 'array', minItems: 1, maxItems: 2, items: {type: 'string'}}, maxItems: BATCH_SONGS_MAX, example: [['0039MnYb0qxYhV'], ['003UkWuI0E8U0l', '331839675']] })
  songs?: string[][];
}
