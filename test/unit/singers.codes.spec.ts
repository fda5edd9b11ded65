import fc from 'fast-check';
import {
  AREA_CODES,
  GENRE_CODES,
  SEX_CODES,
  singerListWindow,
  toUpstreamFilter,
  UPSTREAM_SINGER_PAGE,
} from '../../src/singers/singer-codes';

describe('singer-list value translation', () => {
  it('area: -1 → -100, 2 → 200 (内地), 3 → 5 (欧美)', () => {
    expect(AREA_CODES).toEqual({ [-1]: -100, 2: 200, 3: 5 });
  });

  it('sex: -1 → -100, 1 → 0 (男), 2 → 1 (女)', () => {
    expect(SEX_CODES).toEqual({ [-1]: -100, 1: 0, 2: 1 });
  });

  it('genre differs by module: musichall pop 7 / rock 4, legacy pop 1 / rock 2', () => {
    expect(GENRE_CODES.musichall).toEqual({ [-1]: -100, 1: 7, 2: 4 });
    expect(GENRE_CODES.legacy).toEqual({ [-1]: -100, 1: 1, 2: 2 });
  });

  it('translates a whole filter per module', () => {
    expect(toUpstreamFilter({ area: 3, sex: 2, genre: 1 }, 'musichall')).toEqual({ area: 5, sex: 1, genre: 7 });
    expect(toUpstreamFilter({ area: 3, sex: 2, genre: 1 }, 'legacy')).toEqual({ area: 5, sex: 1, genre: 1 });
    expect(toUpstreamFilter({ area: -1, sex: -1, genre: -1 }, 'legacy')).toEqual({ area: -100, sex: -100, genre: -100 });
  });

  it('refuses values outside the tables', () => {
    expect(() => toUpstreamFilter({ area: 4, sex: -1, genre: -1 }, 'musichall')).toThrow(/area 4/);
    expect(() => toUpstreamFilter({ area: -1, sex: 0, genre: -1 }, 'musichall')).toThrow(/sex 0/);
    expect(() => toUpstreamFilter({ area: -1, sex: -1, genre: 7 }, 'musichall')).toThrow(/genre 7/);
  });
});

describe('singerListWindow (0-based gateway page → 1-based upstream pages of 80)', () => {
  it.each([
    [0, 20, [1], 0],
    [3, 20, [1], 60],
    [4, 20, [2], 0],
    [2, 30, [1, 2], 60],
    [0, 80, [1], 0],
    [5, 80, [6], 0],
    [1, 79, [1, 2], 79],
    [100, 1, [2], 20],
  ])('page %s × limit %s → pages %j, skip %s', (page, limit, pages, skip) => {
    expect(singerListWindow(page, limit)).toEqual({ pages, skip });
  });

  it('always covers exactly the requested singers with one or two pages', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.integer({ min: 1, max: 80 }), (page, limit) => {
        const { pages, skip } = singerListWindow(page, limit);
        expect(pages.length).toBeGreaterThanOrEqual(1);
        expect(pages.length).toBeLessThanOrEqual(2);
        const firstIndex = (pages[0] - 1) * UPSTREAM_SINGER_PAGE + skip;
        expect(firstIndex).toBe(page * limit);
        expect(skip).toBeLessThan(UPSTREAM_SINGER_PAGE);
        const lastIndex = page * limit + limit - 1;
        expect(Math.floor(lastIndex / UPSTREAM_SINGER_PAGE) + 1).toBe(pages[pages.length - 1]);
      }),
    );
  });
});
