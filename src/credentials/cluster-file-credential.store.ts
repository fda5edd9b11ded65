import type { ClusterLink } from '../cluster/cluster-link';
import type { CookieFileService } from '../config/cookie-file.service';
import type { StoredRecord } from './credential.model';
import type { SaveResult } from './credential-store';
import { FileCredentialStore } from './file-credential.store';

/** The lock every writer of the cookie file takes, in every worker (LoginPersistService's login writes too). */
export const COOKIE_FILE_LOCK = 'cookie-file';
/** A file write takes milliseconds: waiting longer than this for another worker's means it is stuck. */
const WRITE_WAIT_MS = 10_000;

/**
 * The cookie file shared by the workers of one gateway without Redis (docs/decisions/034-workers.md). One process
 * serialised its writers by writing synchronously; several need the primary's locks: a refresh of an account runs in
 * one worker at a time (the others wait, then read the file it wrote), and a compare-and-set or a save holds the file
 * lock from its read to its rename, so no other worker's write can come between.
 */
export class ClusterFileCredentialStore extends FileCredentialStore {
  constructor(
    cookieFile: CookieFileService,
    private readonly link: ClusterLink,
  ) {
    super(cookieFile);
  }

  override save(record: StoredRecord): Promise<SaveResult> {
    return this.link.exclusive(COOKIE_FILE_LOCK, WRITE_WAIT_MS, () => super.save(record));
  }

  override replaceIf(expected: StoredRecord, record: StoredRecord): Promise<boolean> {
    return this.link.exclusive(COOKIE_FILE_LOCK, WRITE_WAIT_MS, () => super.replaceIf(expected, record));
  }

  override async lock(account: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const name = `refresh:${account}`;
    const token = await this.link.call<string | null>('lock.acquire', name, ttlMs);
    // Another worker refreshes this account: the caller waits for it, then reads what it stored.
    if (!token) return null;
    return async () => void (await this.link.call('lock.release', name, token));
  }

  override async waitUnlocked(account: string, maxMs: number): Promise<void> {
    await this.link.call('lock.wait', `refresh:${account}`, maxMs);
  }
}
