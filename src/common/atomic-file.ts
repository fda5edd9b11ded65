import * as fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { basename, dirname, join } from 'node:path';

/** The file operations the atomic write uses; a seam so tests can simulate a crash mid-write. */
export interface FileOps {
  openSync: typeof fs.openSync;
  writeSync: (fd: number, data: Buffer) => number;
  fsyncSync: typeof fs.fsyncSync;
  closeSync: typeof fs.closeSync;
  renameSync: typeof fs.renameSync;
  unlinkSync: typeof fs.unlinkSync;
}

export const NODE_FILE_OPS: FileOps = {
  openSync: fs.openSync,
  writeSync: (fd, data) => fs.writeSync(fd, data),
  fsyncSync: fs.fsyncSync,
  closeSync: fs.closeSync,
  renameSync: fs.renameSync,
  unlinkSync: fs.unlinkSync,
};

/** Temp file beside the target (same filesystem, so rename is atomic), 0600, fsync, rename; temp removed on failure. */
export function writeFileAtomic(target: string, content: string, ops: FileOps = NODE_FILE_OPS): void {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  let fd: number | undefined;
  try {
    fd = ops.openSync(temp, 'wx', 0o600);
    const bytes = Buffer.from(content, 'utf8');
    let written = 0;
    while (written < bytes.length) {
      const n = ops.writeSync(fd, bytes.subarray(written));
      if (n <= 0) throw new Error('short write');
      written += n;
    }
    ops.fsyncSync(fd);
    ops.closeSync(fd);
    fd = undefined;
    ops.renameSync(temp, target);
  } catch (err) {
    if (fd !== undefined) {
      try {
        ops.closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    try {
      ops.unlinkSync(temp);
    } catch {
      /* never created */
    }
    throw err;
  }
}
