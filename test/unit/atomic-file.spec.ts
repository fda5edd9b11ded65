import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_FILE_OPS, writeFileAtomic } from '../../src/common/atomic-file';

describe('writeFileAtomic', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'login-persist-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('replaces the file with mode 0600 and leaves no temp file', () => {
    const target = join(dir, 'user-info.json');
    writeFileSync(target, '{"cookie":"old=1"}');
    writeFileAtomic(target, '{"cookie":"new=2"}');
    expect(readFileSync(target, 'utf8')).toBe('{"cookie":"new=2"}');
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['user-info.json']);
  });

  it('a crash mid-write leaves the old file intact and removes the partial temp file', () => {
    const target = join(dir, 'user-info.json');
    writeFileSync(target, '{"cookie":"old=1"}');
    let calls = 0;
    const ops = {
      ...NODE_FILE_OPS,
      writeSync: (fd: number, data: Buffer) => {
        if (calls++ > 0) throw Object.assign(new Error('disk full'), { code: 'ENOSPC' });
        return NODE_FILE_OPS.writeSync(fd, data.subarray(0, 5));
      },
    };
    expect(() => writeFileAtomic(target, '{"cookie":"new=2"}', ops)).toThrow('disk full');
    expect(readFileSync(target, 'utf8')).toBe('{"cookie":"old=1"}');
    expect(readdirSync(dir)).toEqual(['user-info.json']);
  });

  it('a failed rename (e.g. a crash before it) leaves the old file intact', () => {
    const target = join(dir, 'user-info.json');
    writeFileSync(target, 'OLD');
    const ops = { ...NODE_FILE_OPS, renameSync: () => { throw new Error('EXDEV'); } };
    expect(() => writeFileAtomic(target, 'NEW', ops)).toThrow('EXDEV');
    expect(readFileSync(target, 'utf8')).toBe('OLD');
    expect(readdirSync(dir)).toEqual(['user-info.json']);
  });
});
