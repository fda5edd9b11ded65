import { admitToCache, CLIENT_NOT_KNOWN_YET } from '../../src/cache/cache-admission';
import { RateLimitBlocks } from '../../src/common/rate-limit-blocks';

describe('admitToCache (the fast lane and the middleware decide alike)', () => {
  const blocked = (ip: string, seconds: number): RateLimitBlocks => {
    const blocks = new RateLimitBlocks();
    blocks.block(ip, seconds);
    return blocks;
  };

  it('looks up when nothing asks otherwise', () => {
    expect(admitToCache(new RateLimitBlocks(), undefined, undefined, '10.0.0.1')).toEqual({ verdict: 'lookup' });
    expect(admitToCache(new RateLimitBlocks(), 'max-age=0', '0', CLIENT_NOT_KNOWN_YET)).toEqual({ verdict: 'lookup' });
  });

  it('bypasses on Cache-Control no-cache or no-store and on nocache=1', () => {
    for (const [cacheControl, nocache] of [['no-cache', undefined], ['No-Store', undefined], [undefined, '1']] as const) {
      expect(admitToCache(new RateLimitBlocks(), cacheControl, nocache, '10.0.0.1')).toEqual({ verdict: 'bypass' });
    }
  });

  it('refuses a blocked client before any bypass, with the seconds left when its address is known', () => {
    const blocks = blocked('10.0.0.1', 30);
    expect(admitToCache(blocks, 'no-cache', '1', '10.0.0.1')).toEqual({ verdict: 'blocked', retryAfter: 30 });
    expect(admitToCache(blocks, undefined, undefined, '10.0.0.2')).toEqual({ verdict: 'lookup' });
  });

  it('with the address not known yet, any block leaves the decision to the pipeline', () => {
    expect(admitToCache(blocked('10.0.0.1', 30), undefined, undefined, CLIENT_NOT_KNOWN_YET)).toEqual({ verdict: 'blocked' });
  });
});
