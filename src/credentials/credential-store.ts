import type { StoredRecord } from './credential.model';

/** 'stored': the backing store took it; 'pending': it could not now, and the write is applied once it can. */
export type SaveResult = 'stored' | 'pending';

/** The store behind the stored login: the cookie file by default, Redis when REDIS_URL is set. */
export const CREDENTIAL_STORE = Symbol('CREDENTIAL_STORE');

export interface CredentialStore {
  readonly kind: 'file' | 'redis';
  /** The record as last read (memory): what every upstream call uses. */
  current(): StoredRecord | null;
  /** Reads the backing store now (another instance or a hand edit may have changed it) and returns it. */
  load(): Promise<StoredRecord | null>;
  /**
   * Replaces the record (atomically) and makes it current: a new login, which always wins. When the store cannot take
   * it now, rejects; or, with `queue`, keeps it for this instance and resolves to 'pending' (written once it can).
   */
  save(record: StoredRecord, queue?: boolean): Promise<SaveResult>;
  /** Whether this instance serves a record the backing store has not taken (yet). */
  holdsUnsaved(): boolean;
  /** Shutdown: a last try at a pending write (bounded); a record that is still unsaved is then lost, and logged. */
  close(): Promise<void>;
  /**
   * Compare-and-set, for a refresh's result: replaces the record only while the store still holds `expected` (the
   * record the refresh started from, compared by `sameRecord`), atomically with that check. Resolves to true when
   * written (and current); to false, writing nothing, when another record was stored meanwhile (a new login,
   * /user/setCookie, another instance), which is then current: the newer login wins. Throws when the store cannot
   * be read or written (the record is then served from memory, as `save` does).
   */
  replaceIf(expected: StoredRecord, record: StoredRecord): Promise<boolean>;
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
  /** 'pending' when the shared store could not take it now and it is written once it can (this instance uses it meanwhile). */
  save(cookie: string, uin: string, credential: Record<string, unknown>): Promise<SaveResult>;
  /** The cookie file was just rewritten by a login: re-read it. */
  saved(): void;
}
