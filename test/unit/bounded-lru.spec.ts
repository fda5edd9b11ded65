import { boundedLru } from '../../src/common/bounded-lru';

describe('boundedLru', () => {
  it('holds at most its number of entries, dropping the least recently used', () => {
    const cache = boundedLru<string, number>(3);
    for (const [i, key] of ['a', 'b', 'c'].entries()) cache.set(key, i);
    cache.get('a');
    cache.set('d', 3);
    expect([...cache.keys()].sort()).toEqual(['a', 'c', 'd']);
    for (let i = 0; i < 1000; i++) cache.set(`k${i}`, i);
    expect(cache.size).toBe(3);
  });

  it('keeps entries for their time to live on the clock it is given', () => {
    let now = 5000;
    const cache = boundedLru<string, string>(10, { ttl: 1000, perf: { now: () => now }, ttlResolution: 0 });
    cache.set('qr', 'owner');
    now = 5999;
    expect(cache.get('qr')).toBe('owner');
    now = 6001;
    expect(cache.get('qr')).toBeUndefined();
  });
});
