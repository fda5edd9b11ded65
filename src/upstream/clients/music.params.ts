import { randomUUID } from 'node:crypto';

/** Upstream-facing music facts the music client needs: the vkey guid, whether an album answer names an album. */

type Raw = Record<string, any>;

/**
 * File names per vkey call: the Python QQMusicApi project (luren-dc/QQMusicApi, `song.py`) splits its lists at 100
 * ("at most 100 per request"). docs/upstream/music.md "Batch play URLs".
 */
export const VKEY_FILES_PER_CALL = 100;

/** `items` in runs of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

/**
 * A 32-character lowercase hex guid, as the Python QQMusicApi project sends to the vkey service. From randomUUID,
 * which draws on a cached entropy pool (randomBytes asked the system for 16 bytes on every play URL).
 */
export function newVkeyGuid(): string {
  return randomUUID().replace(/-/g, '');
}

/**
 * Whether a musicu `GetAlbumDetail` answer names an album (a mid or a name in `basicInfo`); upstream answers an unknown
 * album with neither. docs/upstream/music.md "Album".
 */
export function isKnownAlbum(detail: Raw | undefined): boolean {
  const basic: Raw = detail?.basicInfo ?? {};
  return String(basic.albumMid ?? '') !== '' || String(basic.albumName ?? '') !== '';
}
