import { redisReconnectDelayMs } from '../../src/redis/redis.module';

describe('redisReconnectDelayMs (both Redis clients: a lost connection is retried soon, never hammered, never given up)', () => {
  it('starts at 100 ms and grows by 200 ms per attempt', () => {
    expect([0, 1, 2, 3].map(redisReconnectDelayMs)).toEqual([100, 300, 500, 700]);
  });

  it('waits at most 2 s between attempts, however long Redis stays away', () => {
    expect(redisReconnectDelayMs(9)).toBe(1900);
    for (const attempt of [10, 11, 50, 10_000]) expect(redisReconnectDelayMs(attempt)).toBe(2000);
  });
});
