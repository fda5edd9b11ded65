/**
 * The spec's singer-list filter values → QQ Music's codes (docs/upstream/singers.md "Singer list"). Pure; unit-tested through src/singers/singer-codes.ts.
 *
 * The spec gives only three values per filter; upstream has more, but they are not part of the interface, so any
 * other value is a 400. "Chinese-language" (area 2) is mapped to upstream 200 = 内地 (Mainland): it is the largest
 * Chinese-language catalogue and the one sansenjian/qq-music-api's area list opens with; 港台 (2) stays reachable
 * upstream only.
 */

/** Upstream code for "all" in every filter. */
export const UPSTREAM_ALL = -100;

/** Singers per upstream page; upstream has no page-size parameter. */
export const UPSTREAM_SINGER_PAGE = 80;

/** area: −1 all → −100, 2 Chinese-language → 200 (内地), 3 Western → 5 (欧美). Same in both modules. */
export const AREA_CODES: Record<number, number> = { [-1]: UPSTREAM_ALL, 2: 200, 3: 5 };

/** sex: −1 all → −100, 1 male → 0 (男), 2 female → 1 (女). Same in both modules. */
export const SEX_CODES: Record<number, number> = { [-1]: UPSTREAM_ALL, 1: 0, 2: 1 };

/** Which upstream module answers the list: the codes for genre differ between them. */
export type SingerListModule = 'musichall' | 'legacy';

/**
 * genre: −1 all → −100; pop and rock differ by module:
 * `music.musichallSinger.SingerList` (the Python QQMusicApi project's genre table: pop 7, rock 4) and
 * `Music.SingerListServer` (the recorded answer's tags: 流行 1, 摇滚 2).
 */
export const GENRE_CODES: Record<SingerListModule, Record<number, number>> = {
  musichall: { [-1]: UPSTREAM_ALL, 1: 7, 2: 4 },
  legacy: { [-1]: UPSTREAM_ALL, 1: 1, 2: 2 },
};

export interface SingerFilter {
  area: number;
  sex: number;
  genre: number;
}

/** The spec's filter values → upstream codes for one module. Throws on a value outside the tables (the DTO stops those first). */
export function toUpstreamFilter(filter: SingerFilter, module: SingerListModule): SingerFilter {
  const pick = (table: Record<number, number>, value: number, name: string): number => {
    const code = table[value];
    if (code === undefined) throw new RangeError(`${name} ${value} has no upstream code`);
    return code;
  };
  return {
    area: pick(AREA_CODES, filter.area, 'area'),
    sex: pick(SEX_CODES, filter.sex, 'sex'),
    genre: pick(GENRE_CODES[module], filter.genre, 'genre'),
  };
}

/** `GetSingerMvList` orders the gateway takes (docs/upstream/singers.md "Singer MVs"). */
export const MV_ORDERS = ['time', 'listen'] as const;
export type MvOrder = (typeof MV_ORDERS)[number];
