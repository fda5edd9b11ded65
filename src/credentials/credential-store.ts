import type { StoredRecord } from './credential.model';

/** The store behind the stored login: the cookie file by default, Redis when REDIS_URL is set. */
export const CREDENTIAL_STORE = Symbol('CREDENTIAL_STORE');

export interface CredentialStore {
  readonly kind: 'file' | 'redis';
  /** The record as last read (memory): what every upstream call uses. */
  current(): StoredRecord | null;
  /** Reads the backing store now (another instance or a hand edit may have changed it) and returns it. */
  load(): Promise<StoredRecord | null>;
  /** Replaces the record (atomically) and makes it current. */
  save(record: StoredRecord): Promise<void>;
  /**
   * Takes the refresh lock of one account for at most `ttlMs`; resolves to its release, or null when another
   * instance holds it. Stores shared by one process only may always grant it (the in-process lock does the rest).
   */
  lock(account: string, ttlMs: number): Promise<(() => Promise<void>) | null>;
  /** Waits (up to `maxMs`) until the lock of `account` is free. */
  waitUnlocked(account: string, maxMs: number): Promise<void>;
}

/** Where a successful QR login hands its full credential when persistence is on (LoginPersistService). */
export const LOGIN_SINK = Symbol('LOGIN_SINK');

export interface LoginSink {
  /** 'file': the login writer writes the cookie file itself, then calls `saved()`; 'redis': `save()` does it. */
  readonly storeKind: 'file' | 'redis';
  save(cookie: string, uin: string, credential: Record<string, unknown>): Promise<void>;
  /** The cookie file was just rewritten by a login: re-read it. */
  saved(): void;
}
