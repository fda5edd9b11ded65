// Express's own ETag module (a dependency of express; no type declarations).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const etag = require('etag') as (body: Buffer, options: { weak: boolean }) => string;
import { weakEtag } from '../../src/common/json-response';

describe('weakEtag', () => {
  it.each([[''], ['x'], ['{"code":0,"msg":"ok"}'], ['晴天'.repeat(5000)]])('is the weak ETag Express computes for %#', (text) => {
    expect(weakEtag(text)).toBe(etag(Buffer.from(text), { weak: true }));
    expect(weakEtag(Buffer.from(text))).toBe(etag(Buffer.from(text), { weak: true }));
  });
});
