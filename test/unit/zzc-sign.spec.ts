import { createHash } from 'node:crypto';
import { zzcSign } from '../../src/upstream/zzc-sign';

describe('zzcSign (docs/upstream/README.md "Signing")', () => {
  it('gives the known test vector for "123"', () => {
    expect(zzcSign('123')).toBe('zzcec1b555gzqzg7laztguyjl2bu20r6x1w50c55f60');
  });

  it('signs the UTF-8 bytes: a non-ASCII body differs from its \\u-escaped form', () => {
    const raw = '{"w":"周杰伦"}';
    const escaped = '{"w":"\\u5468\\u6770\\u4f26"}';
    expect(zzcSign(raw)).not.toBe(zzcSign(escaped));
    // part1 is read from the upper-case SHA-1 hex of those bytes
    const hex = createHash('sha1').update(Buffer.from(raw, 'utf8')).digest('hex').toUpperCase();
    expect(zzcSign(raw).slice(3, 10)).toBe([23, 14, 6, 36, 16, 7, 19].map((i) => hex[i]).join('').toLowerCase());
  });

  it('is lower case letters and digits only, zzc-prefixed', () => {
    for (const body of ['', '{}', '{"comm":{"ct":24},"req_1":{"module":"m","method":"x","param":{}}}']) {
      expect(zzcSign(body)).toMatch(/^zzc[0-9a-z]+$/);
    }
  });
});
