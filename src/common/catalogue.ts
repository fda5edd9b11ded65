/** Small mapping helpers every feature's mapper shares: list reading, names and image-CDN URLs. */

/**
 * The objects in an upstream list. Anything else there (null, numbers, strings, or no list at all) is dropped, so an
 * upstream schema change empties a field instead of failing the request.
 */
export function records(v: unknown): Record<string, any>[] {
  return Array.isArray(v) ? v.filter(isRecord) : [];
}

/** A plain object (not null, not an array): what upstream answers are read as. */
export const isRecord = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A finite number, else 0: upstream sends counts and ids as numbers, numeric strings, or not at all. */
export const num = (v: unknown): number => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/** The text of a value; '' for undefined and null. */
export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** The text of a string or a number; anything else (object, boolean, null) → '', for fields no fixture confirms. */
export const scalarStr = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

/**
 * T002 = album/song cover (by album mid), T001 = singer picture, T015 = MV picture: docs/upstream/music.md "Cover and
 * picture URLs (no call)".
 */
export const IMAGE_TYPES = { album: 'T002', singer: 'T001', mv: 'T015' } as const;
export type ImageType = keyof typeof IMAGE_TYPES;

/** A picture on QQ Music's image CDN, `size` as `<w>x<h>` (e.g. '300x300'). */
export function imageCdnUrl(type: ImageType, mid: string, size: string): string {
  return `https://y.gtimg.cn/music/photo_new/${IMAGE_TYPES[type]}R${size}M000${mid}.jpg`;
}

/** The 300×300 picture of a mid; '' when there is no mid. */
const picture300 = (type: ImageType, mid: string): string => (mid ? imageCdnUrl(type, mid, '300x300') : '');

export const albumCover = (mid: string): string => picture300('album', mid);
export const singerPicture = (mid: string): string => picture300('singer', mid);

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
