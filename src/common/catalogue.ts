/** Small mapping helpers every feature's mapper shares: list reading, names and image-CDN URLs (CONTRACT §4 getImageUrl). */

/**
 * The objects in an upstream list. Anything else there (null, numbers, strings, or no list at all) is dropped, so an
 * upstream schema change empties a field instead of failing the request.
 */
export function records(v: unknown): Record<string, any>[] {
  return Array.isArray(v) ? v.filter((x): x is Record<string, any> => x !== null && typeof x === 'object' && !Array.isArray(x)) : [];
}

const PHOTO_PREFIX = { album: 'T002', singer: 'T001', mv: 'T015' } as const;

/** A picture on QQ Music's image CDN: T002 album cover, T001 singer photo, T015 MV picture. */
export function photoUrl(kind: keyof typeof PHOTO_PREFIX, mid: string, size = 300): string {
  return mid ? `https://y.gtimg.cn/music/photo_new/${PHOTO_PREFIX[kind]}R${size}x${size}M000${mid}.jpg` : '';
}

export const albumCover = (mid: string, size = 300): string => photoUrl('album', mid, size);
export const singerPicture = (mid: string, size = 300): string => photoUrl('singer', mid, size);

/** `[{ name }, …]` → `'A/B'` (how QQ Music lists several singers). */
export function singerNames(singers: unknown): string {
  return Array.isArray(singers)
    ? singers
        .map((s) => (s && typeof s === 'object' ? (s as { name?: unknown }).name : undefined))
        .filter((name) => name !== undefined && name !== null && name !== '')
        .map(String)
        .join('/')
    : '';
}
