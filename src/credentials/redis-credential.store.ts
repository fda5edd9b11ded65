import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { CookieFileService } from '../config/cookie-file.service';
import { maskedAccountOf, sameRecord, toCredential, type StoredRecord } from './credential.model';
import type { CredentialStore, SaveResult } from './credential-store';
import { recordOfLogin } from './file-credential.store';
import { RedisStalled, type RedisBreaker } from '../redis/redis-breaker';
import { RELEASE_OWN_LOCK, redisConnectionDown } from '../redis/redis.module';

/** KEYS[1] the record, KEYS[2] its marker: writes both. */
const SAVE = "redis.call('set', KEYS[1], ARGV[1]) redis.call('set', KEYS[2], '1') return 1";
/** Writes ARGV[2] (and the marker) only while the record holds exactly ARGV[1] ('' = no value). */
const SET_IF_UNCHANGED =
  "if (redis.call('get', KEYS[1]) or '') == ARGV[1] then redis.call('set', KEYS[1], ARGV[2]) redis.call('set', KEYS[2], '1') return 1 else return 0 end";
/** Re-seeds only a Redis that lost both the record and its marker (restarted empty), never over a newer write. */
const RESEED =
  "if redis.call('exists', KEYS[1]) == 0 and redis.call('exists', KEYS[2]) == 0 then redis.call('set', KEYS[1], ARGV[1]) redis.call('set', KEYS[2], '1') return 1 else return 0 end";
/** Rounds of read-compare-write before a record that keeps changing under a refresh counts as replaced. */
const CAS_ROUNDS = 3;
/** How often a write Redis could not take is tried again (each try costs nothing while Redis is known down or skipped). */
const RETRY_EVERY_MS = 1000;

/** A record this instance serves that Redis has not taken: written over `basis` (or an empty key) once Redis answers. */
interface Pending {
  record: StoredRecord;
  basis: StoredRecord | null;
}

/**
 * The shared store (REDIS_URL): one JSON value under CREDENTIAL_REDIS_KEY that every instance reads, and a lock
 * per account (`SET <key>:lock:<account> <token> NX PX`) so only one instance refreshes. While Redis holds no
 * credential yet, the cookie file is the (read-only) fallback: a cookie set by hand keeps working, and its first
 * refresh moves the credential into Redis. Every command goes through the shared RedisBreaker: while Redis is skipped
 * after a stall, reads keep the last record and writes fail at once (the refresh goes on with what it has).
 *
 * Redis is not the only copy (docs/decisions/015-credential-survives-redis.md): every write also sets the marker
 * `<key>:known`. A record gone with its marker means Redis lost its data, and an instance re-seeds it from memory; a
 * record deleted while the marker stays was removed on purpose, and is dropped. A login or refresh Redis cannot take
 * now stays pending here and is written once Redis answers, unless another record was stored meanwhile.
 */
export class RedisCredentialStore implements CredentialStore {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger('CredentialStore');
  private readonly marker: string;
  /** undefined = not read yet; null = Redis holds none. What this instance serves. */
  private cached: StoredRecord | null | undefined;
  /** The last record known to be in Redis (read from or written to it): what a re-seed restores. */
  private confirmed: StoredRecord | null = null;
  private pending?: Pending;
  private flushing?: Promise<void>;
  /** A loss was logged and its re-seed has not succeeded yet (one line per loss, not one per try). */
  private lossLogged = false;
  private retryTimer?: NodeJS.Timeout;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly cookieFile: CookieFileService,
    private readonly breaker: RedisBreaker,
  ) {
    this.marker = `${key}:known`;
    // A reconnect (Redis restarted) re-seeds, or writes what is pending, at once rather than at the next read.
    redis.on('ready', () => void this.load());
  }

  current(): StoredRecord | null {
    return this.cached ?? recordOfLogin(this.cookieFile.get());
  }

  holdsUnsaved(): boolean {
    return !!this.pending;
  }

  load(): Promise<StoredRecord | null> {
    return this.sync(false);
  }

  /** `quiet`: a retry of a write already logged, which must not log the same failure once a second. */
  private async sync(quiet: boolean): Promise<StoredRecord | null> {
    // While the connection is known to be down or Redis is skipped (each logged once by the Redis module) the last
    // record read is the best there is; at start-up ('connecting') the read waits for the connection, bounded by
    // REDIS_TIMEOUT_MS.
    if (redisConnectionDown(this.redis) || this.breaker.skipping) return this.current();
    try {
      // One write at a time: a retry and a request reading meanwhile must not both write it (and both log it).
      if (this.pending) await (this.flushing ??= this.writePending().finally(() => (this.flushing = undefined)));
      if (!this.pending) this.cached = (await this.readShared()).record;
    } catch (err) {
      if (!(err instanceof RedisStalled) && !quiet) this.logger.warn(`Cannot read the shared credential from Redis (${(err as Error).message}); keeping the last one`);
    }
    return this.current();
  }

  async save(record: StoredRecord, queue = false): Promise<SaveResult> {
    this.cached = record; // served from memory even if Redis fails to take it (load() keeps it while Redis is down)
    const superseded = this.pending;
    try {
      await this.breaker.run(() => this.redis.eval(SAVE, 2, this.key, this.marker, JSON.stringify(record)));
    } catch (err) {
      if (!queue) throw err;
      this.queue(record, superseded ? superseded.basis : this.confirmed);
      return 'pending';
    }
    this.written(record);
    if (superseded) this.logger.warn(`The login for account ${maskedAccountOf(superseded.record)} waiting for Redis was replaced by a newer one before it could be stored`);
    return 'stored';
  }

  async replaceIf(expected: StoredRecord, record: StoredRecord): Promise<boolean> {
    const text = JSON.stringify(record);
    try {
      for (let round = 0; round < CAS_ROUNDS; round++) {
        // Compared by content here; the script then writes only if the key still holds the very text compared, so a
        // write landing in between is never overwritten (the next round compares it in turn).
        const { text: seen, record: parsed } = await this.readShared();
        if (!sameRecord(parsed ?? recordOfLogin(this.cookieFile.get()), expected)) {
          this.cached = parsed;
          return false;
        }
        if ((await this.breaker.run(() => this.redis.eval(SET_IF_UNCHANGED, 2, this.key, this.marker, seen ?? '', text))) === 1) {
          this.written(record);
          return true;
        }
      }
    } catch (err) {
      // As a queued save: served from memory, and written over the record it replaces once Redis answers (a refresh
      // spends the old refresh_key, so its result must not be lost with the stall).
      this.cached = record;
      this.queue(record, this.pending ? this.pending.basis : expected);
      throw err;
    }
    await this.load();
    return false;
  }

  async close(): Promise<void> {
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = undefined;
    if (!this.pending) return;
    await this.load();
    if (this.pending) this.logger.warn(`Shutting down with the login for account ${maskedAccountOf(this.pending.record)} not stored in Redis (unreachable): it is lost`);
  }

  /**
   * GET of the record and its marker in one round trip. A record gone with its marker (Redis restarted empty) is
   * re-seeded from `confirmed`; one deleted on purpose (marker still there) is dropped. One log line each.
   */
  private async readShared(): Promise<{ text: string | null; record: StoredRecord | null }> {
    const [text, known] = await this.breaker.run(() => this.redis.mget(this.key, this.marker));
    if (text) {
      const record = parseRecord(text);
      // A record set by hand (redis-cli) has no marker yet: without one, its loss could not be told from a deletion.
      // Best effort: failing to mark must not cost this instance the record it just read.
      if (!known) await this.breaker.run(() => this.redis.set(this.marker, '1')).catch(() => undefined);
      this.confirmed = record;
      this.lossLogged = false;
      return { text, record };
    }
    const lost = this.confirmed;
    if (!lost) return { text: null, record: null };
    const account = maskedAccountOf(lost);
    if (known) {
      this.confirmed = null;
      this.logger.warn(`The stored login for account ${account} was deleted from Redis: this instance no longer uses it`);
      return { text: null, record: null };
    }
    const seed = JSON.stringify(lost);
    let seeded: unknown;
    try {
      seeded = await this.breaker.run(() => this.redis.eval(RESEED, 2, this.key, this.marker, seed));
    } catch (err) {
      if (!this.lossLogged) {
        this.logger.warn(`The stored login for account ${account} is gone from Redis (restarted empty?) and could not be re-seeded yet (${(err as Error).message}); this instance keeps using it and tries again`);
      }
      this.lossLogged = true;
      this.startRetry();
      throw err;
    }
    this.lossLogged = false;
    if (seeded === 1) {
      this.logger.warn(`The stored login for account ${account} was gone from Redis (restarted empty?); re-seeded it from this instance's memory`);
      return { text: seed, record: lost };
    }
    // Another instance re-seeded it, or a new login landed, between the read and the script: that one is current.
    const again = await this.breaker.run(() => this.redis.get(this.key));
    const record = again ? parseRecord(again) : null;
    this.confirmed = record;
    return { text: again, record };
  }

  /** Writes the pending record over its basis (or an empty key); drops it, with one line, if another was stored meanwhile. */
  private async writePending(): Promise<void> {
    if (!this.pending) return;
    const queued = this.pending;
    const { record, basis } = queued;
    const account = maskedAccountOf(record);
    const text = JSON.stringify(record);
    for (let round = 0; round < CAS_ROUNDS; round++) {
      const seen = await this.breaker.run(() => this.redis.get(this.key));
      let parsed: StoredRecord | null = null;
      try {
        parsed = seen ? parseRecord(seen) : null;
      } catch {
        parsed = null; // unreadable (a bad hand edit): no instance can use it, so it is written over
      }
      // Already there: the write of the failed command reached Redis after all.
      const done = !!parsed && sameRecord(parsed, record);
      if (parsed && !done && !sameRecord(parsed, basis)) {
        // A newer record queued meanwhile is judged on its own in the next round.
        if (this.pending !== queued) return;
        this.settle();
        this.cached = this.confirmed = parsed;
        this.logger.warn(`The login for account ${account} waiting for Redis was not stored: another one was stored meanwhile and is kept`);
        return;
      }
      if (done || (await this.breaker.run(() => this.redis.eval(SET_IF_UNCHANGED, 2, this.key, this.marker, seen ?? '', text))) === 1) {
        this.logger.log(`The login for account ${account} waiting for Redis is now stored there`);
        if (this.pending === queued) return this.written(record);
        // Queued over this one while it was written (a refresh of it, a newer login): that one goes next, over it.
        this.confirmed = record;
        if (this.pending) this.pending.basis = record;
        return;
      }
    }
  }

  private queue(record: StoredRecord, basis: StoredRecord | null): void {
    this.pending = { record, basis };
    this.startRetry();
  }

  private settle(): void {
    this.pending = undefined;
    if (this.retryTimer) clearInterval(this.retryTimer);
    this.retryTimer = undefined;
  }

  private written(record: StoredRecord): void {
    this.cached = record;
    this.confirmed = record;
    this.lossLogged = false;
    if (this.pending) this.settle();
  }

  private startRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setInterval(() => {
      void this.sync(true).then(() => {
        if (!this.pending && !this.lossLogged) this.settle();
      });
    }, RETRY_EVERY_MS);
    this.retryTimer.unref();
  }

  async lock(account: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const lockKey = `${this.key}:lock:${account}`;
    const token = randomBytes(12).toString('hex');
    const ok = await this.breaker.run(() => this.redis.set(lockKey, token, 'PX', ttlMs, 'NX'));
    if (ok !== 'OK') return null;
    return async () => {
      await this.breaker.run(() => this.redis.eval(RELEASE_OWN_LOCK, 1, lockKey, token)).catch(() => undefined);
    };
  }

  async waitUnlocked(account: string, maxMs: number): Promise<void> {
    const lockKey = `${this.key}:lock:${account}`;
    const deadline = Date.now() + maxMs;
    while (Date.now() < deadline && (await this.breaker.run(() => this.redis.exists(lockKey)))) await new Promise((r) => setTimeout(r, 50));
  }
}

function parseRecord(text: string): StoredRecord | null {
  let data: Partial<StoredRecord>;
  try {
    data = JSON.parse(text) as Partial<StoredRecord>;
  } catch {
    // JSON.parse quotes the text around the fault, which may be the music key: that message must not reach a log.
    throw new Error('not valid JSON');
  }
  if (!data || typeof data.cookie !== 'string' || !data.cookie) return null;
  const record: StoredRecord = { cookie: data.cookie, uin: data.uin === undefined ? undefined : String(data.uin) };
  const credential = toCredential(data.credential);
  if (credential) record.credential = credential;
  if (data.refresh) record.refresh = data.refresh;
  return record;
}
