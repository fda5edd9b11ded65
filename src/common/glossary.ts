/**
 * The vocabulary of the normalised shape, declared once: every field name an answer (or an error body) may carry, what
 * it means, its type and where its value comes from upstream. `npm run docs` renders docs/glossary.md from it, and
 * test/robustness/glossary.e2e-spec.ts fails on an answer field that is not declared here, and on an entry no answer
 * uses. The legacy shape's bodies (docs/legacy.md) are the older services' words and are not part of it.
 *
 * One name per concept:
 * - A concept the interface the gateway implements names (docs/endpoints.md) is called by that name wherever it is
 *   answered: `singerMID`, `dissid`, `dissname`, `listen_num`, `desc`, `nick`, `avatarUrl`, `publicTime`, and the song's
 *   own words `songmid`, `songid`, `songname`, `singer`, which are its parameter names and its playlist songlist's
 *   fields. Where the interface gives one concept two names (a chart entry's `songId`, `song_id`, `song_mid`, `mid`,
 *   `songName`, `singerName`), the second name stays where it writes it (`sameAs` names the concept's one name).
 * - Everything else is lowerCamelCase, ids ending `Id`, MIDs `Mid`, counts `Count`, dates and times `…Time` / `…At`,
 *   and picture URLs `cover` (of an album, playlist, chart, MV, station) or `…Url`.
 * - A field renamed to its concept's one name is still answered under its old name beside the new one, marked
 *   `deprecated` in the OpenAPI document, until OLD_NAMES_REMOVED_IN (src/common/answer-schema.ts; `deprecatedFor` names
 *   the new name).
 */

import type { GlossaryEntry } from './glossary/entry';
import { ENVELOPE_AND_ERRORS } from './glossary/envelope-and-errors';
import { PAGING } from './glossary/paging';
import { SONGS } from './glossary/songs';
import { PLAY_URLS_AND_DOWNLOADS } from './glossary/play-urls-and-downloads';
import { LYRICS } from './glossary/lyrics';
import { SINGERS } from './glossary/singers';
import { ALBUMS } from './glossary/albums';
import { PLAYLISTS } from './glossary/playlists';
import { CHARTS } from './glossary/charts';
import { MVS } from './glossary/mvs';
import { COMMENTS } from './glossary/comments';
import { SEARCH } from './glossary/search';
import { DISCOVER_AND_RECOMMENDATIONS } from './glossary/discover-and-recommendations';
import { USERS_AND_ACCOUNTS } from './glossary/users-and-accounts';
import { LIBRARY_WRITES } from './glossary/library-writes';
import { LOGIN } from './glossary/login';
import { OPERATIONS } from './glossary/operations';

export { GLOSSARY_GROUPS, type GlossaryEntry, type GlossaryGroup } from './glossary/entry';

/** Every answer field name of the normalised shape, one file a group (src/common/glossary/); keys sorted within each. */
export const GLOSSARY: Record<string, GlossaryEntry> = mergeGroups([
  ENVELOPE_AND_ERRORS,
  PAGING,
  SONGS,
  PLAY_URLS_AND_DOWNLOADS,
  LYRICS,
  SINGERS,
  ALBUMS,
  PLAYLISTS,
  CHARTS,
  MVS,
  COMMENTS,
  SEARCH,
  DISCOVER_AND_RECOMMENDATIONS,
  USERS_AND_ACCOUNTS,
  LIBRARY_WRITES,
  LOGIN,
  OPERATIONS,
]);

/** The groups in one record; a name declared in two groups fails at load, as a repeated key in one literal failed to compile. */
function mergeGroups(groups: Record<string, GlossaryEntry>[]): Record<string, GlossaryEntry> {
  const merged: Record<string, GlossaryEntry> = {};
  for (const group of groups) {
    for (const [name, entry] of Object.entries(group)) {
      if (Object.hasOwn(merged, name)) throw new Error(`glossary: ${name} is declared in both ${merged[name].group} and ${entry.group}`);
      merged[name] = entry;
    }
  }
  return merged;
}
