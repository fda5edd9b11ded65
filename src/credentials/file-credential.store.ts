import { Injectable } from '@nestjs/common';
import { CookieFileService, StoredLogin } from '../config/cookie-file.service';
import { writeFileAtomic } from '../common/atomic-file';
import { sameRecord, toCredential, type RefreshStatus, type StoredRecord } from './credential.model';
import type { CredentialStore, SaveResult } from './credential-store';

/** `{cookie, uin, credential?, refresh?}` of the cookie file → a record (a file without `credential` is cookie-only). */
export function recordOfLogin(login: StoredLogin | null): StoredRecord | null {
  if (!login?.cookie) return null;
  const record: StoredRecord = { cookie: login.cookie, uin: login.uin };
  const credential = toCredential(login.credential);
  if (credential) record.credential = credential;
  if (login.refresh && typeof login.refresh.outcome === 'string') record.refresh = login.refresh as unknown as RefreshStatus;
  return record;
}

/** The record as the cookie file stores it (the old `{cookie, uin}` plus the optional fields). */
export function fileContent(record: StoredRecord): string {
  const { cookie, uin, credential, refresh } = record;
  return `${JSON.stringify({ cookie, uin, ...(credential ? { credential } : {}), ...(refresh ? { refresh } : {}) }, null, 2)}\n`;
}

/**
 * The default store: the local cookie file (COOKIE_FILE), read through CookieFileService (hot reload) and written
 * atomically (temp file 0600 + fsync + rename). One process owns the file, so the in-process lock is enough.
 */
@Injectable()
export class FileCredentialStore implements CredentialStore {
  readonly kind = 'file' as const;
  /** A record that could not be written (disk full…), served until the file itself changes. */
  private unsaved?: { record: StoredRecord; basis: StoredLogin | null };

  constructor(private readonly cookieFile: CookieFileService) {}

  current(): StoredRecord | null {
    return this.resolve(this.cookieFile.get());
  }

  async load(): Promise<StoredRecord | null> {
    return this.resolve(this.cookieFile.reloadNow());
  }

  async save(record: StoredRecord): Promise<SaveResult> {
    this.write(record);
    return 'stored';
  }

  holdsUnsaved(): boolean {
    return !!this.unsaved && this.unsaved.basis === this.cookieFile.get();
  }

  async close(): Promise<void> {
    return undefined;
  }

  async replaceIf(expected: StoredRecord, record: StoredRecord): Promise<boolean> {
    // Re-read, compare and write without yielding to the event loop: every writer of this process (a login's own
    // file write, /user/setCookie, a refresh) is synchronous too, so none can come between the check and the rename.
    if (!sameRecord(this.resolve(this.cookieFile.reloadNow()), expected)) return false;
    this.write(record);
    return true;
  }

  private write(record: StoredRecord): void {
    try {
      writeFileAtomic(this.cookieFile.filePath, fileContent(record));
    } catch (err) {
      this.unsaved = { record, basis: this.cookieFile.get() };
      throw err;
    }
    this.unsaved = undefined;
    this.cookieFile.reloadNow();
  }

  private resolve(login: StoredLogin | null): StoredRecord | null {
    if (this.unsaved && this.unsaved.basis === login) return this.unsaved.record;
    this.unsaved = undefined;
    return recordOfLogin(login);
  }

  async lock(_account: string, _ttlMs: number): Promise<(() => Promise<void>) | null> {
    return async () => undefined;
  }

  async waitUnlocked(_account: string, _maxMs: number): Promise<void> {
    return undefined;
  }
}
