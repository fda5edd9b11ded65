import { collectedStates, distinctIds, encryptUinOf, fanFlags, favWriteFailure, hasWriteResult } from '../../src/library/collections.mapper';

describe('favWriteFailure (docs/upstream/library.md "Collect / uncollect a playlist")', () => {
  it('result 0 and the id not in the failed list: applied', () => {
    expect(favWriteFailure({ result: 0, reason: '', v_failedPlaylistId: [] }, 'v_failedPlaylistId', 7)).toBeUndefined();
    expect(favWriteFailure({}, 'v_failedPlaylistId', 7)).toBeUndefined();
    expect(favWriteFailure(null, 'v_failedPlaylistId', 7)).toBeUndefined();
    expect(favWriteFailure({ result: 0, v_failedPlaylistId: [8] }, 'v_failedPlaylistId', 7)).toBeUndefined();
  });

  it('a non-zero result, or the id listed as failed (number or string), is a failure with its reason', () => {
    expect(favWriteFailure({ result: 1, reason: 'no valid playlist', v_failedPlaylistId: [7] }, 'v_failedPlaylistId', 7)).toEqual({ result: 1, reason: 'no valid playlist' });
    expect(favWriteFailure({ result: 0, v_failedPlaylistId: ['7'] }, 'v_failedPlaylistId', 7)).toEqual({ result: 0, reason: '' });
    expect(favWriteFailure({ result: 80184, msg: 'own' }, 'v_failedAlbumId', 'abc')).toEqual({ result: 80184, reason: 'own' });
    expect(favWriteFailure({ result: 'x' }, 'v_failedAlbumId', 1)).toEqual({ result: -1, reason: '' });
  });
});

describe('hasWriteResult', () => {
  it('only a numeric result is a verdict', () => {
    expect(hasWriteResult({ result: 0 })).toBe(true);
    expect(hasWriteResult({ result: 1 })).toBe(true);
    expect(hasWriteResult({ result: '0' })).toBe(false);
    expect(hasWriteResult({})).toBe(false);
    expect(hasWriteResult(null)).toBe(false);
  });
});

describe('collectedStates', () => {
  it('one boolean per id asked, in order; 1 is collected, anything else (or absent) is not', () => {
    expect(collectedStates(['a', 'b', 'c', 'd'], { a: 1, b: 0, c: '1' })).toEqual({ a: true, b: false, c: true, d: false });
    expect(collectedStates(['a'], undefined)).toEqual({ a: false });
    expect(Object.keys(collectedStates(['z', 'a'], {}))).toEqual(['z', 'a']);
  });
});

describe('small readers', () => {
  it('encryptUinOf reads creator.encrypt_uin, else empty', () => {
    expect(encryptUinOf({ creator: { encrypt_uin: 'owX**' } })).toBe('owX**');
    expect(encryptUinOf({ creator: {} })).toBe('');
    expect(encryptUinOf(null)).toBe('');
    expect(encryptUinOf({ creator: { encrypt_uin: 5 } })).toBe('');
  });

  it('distinctIds keeps the first of each id, in order, without empty pieces', () => {
    expect(distinctIds('b,a,b,,c')).toEqual(['b', 'a', 'c']);
  });

  it('fanFlags turns the booleans into the older projects\' 1 / 0', () => {
    expect(fanFlags({ a: true, b: false })).toEqual({ a: 1, b: 0 });
  });
});
