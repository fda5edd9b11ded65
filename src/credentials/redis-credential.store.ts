import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { CookieFileService } from '../config/cookie-file.service';
import { sameRecord, toCredential, type StoredRecord } from './credential.model';
import type { CredentialStore } from './credential-store';
import { recordOfLogin } from './file-credential.store';
import { RedisStalled, type RedisBreaker } from '../redis/redis-breaker';
import { RELEASE_OWN_LOCK, redisConnectionDown } from '../redis/redis.module';

/** Writes ARGV[2] only while the key holds exactly ARGV[1] ('' = no value). */
const SET_IF_UNCHANGED = "if (redis.call('get', KEYS[1]) or '') == ARGV[1] then redis.call('set', KEYS[1], ARGV[2]) return 1 else return 0 end";
/** Rounds of read-compare-write before a record that keeps changing under a refresh counts as replaced. */
const CAS_ROUNDS = 3;

/**
 * The shared store (REDIS_URL): one JSON value under CREDENTIAL_REDIS_KEY that every instance reads, and a lock
 * per account (`SET <key>:lock:<account> <token> NX PX`) so only one instance refreshes. While Redis holds no
 * credential yet, the cookie file is the (read-only) fallback: a cookie set by hand keeps working, and its first
 * refresh moves the credential into Redis. Every command goes through the shared RedisBreaker: while Redis is skipped
 * after a stall, reads keep the last record and writes fail at once (the refresh goes on with what it has).
 */
export class RedisCredentialStore implements CredentialStore {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger('CredentialStore');
  /** undefined = not read yet; null = Redis holds none. */
  private cached: StoredRecord | null | undefined;

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly cookieFile: CookieFileService,
    private readonly breaker: RedisBreaker,
  ) {}

  current(): StoredRecord | null {
    return this.cached ?? recordOfLogin(this.cookieFile.get());
  }

  async load(): Promise<StoredRecord | null> {
    // While the connection is known to be down or Redis is skipped (each logged once by the Redis module) the last
    // record read is the best there is; at start-up ('connecting') the read waits for the connection, bounded by
    // REDIS_TIMEOUT_MS.
    if (redisConnectionDown(this.redis) || this.breaker.skipping) return this.current();
    try {
      const text = await this.breaker.run(() => this.redis.get(this.key));
      this.cached = text ? parseRecord(text) : null;
    } catch (err) {
      if (!(err instanceof RedisStalled)) this.logger.warn(`Cannot read the shared credential from Redis (${(err as Error).message}); keeping the last one`);
    }
    return this.current();
  }

  async save(record: StoredRecord): Promise<void> {
    this.cached = record; // served from memory even if Redis fails to take it (load() keeps it while Redis is down)
    await this.breaker.run(() => this.redis.set(this.key, JSON.stringify(record)));
  }

  async replaceIf(expected: StoredRecord, record: StoredRecord): Promise<boolean> {
    const text = JSON.stringify(record);
    try {
      for (let round = 0; round < CAS_ROUNDS; round++) {
        // Compared by content here; the script then writes only if the key still holds the very text compared, so a
        // write landing in between is never overwritten (the next round compares it in turn).
        const seen = await this.breaker.run(() => this.redis.get(this.key));
        const parsed = seen ? parseRecord(seen) : null;
        if (!sameRecord(parsed ?? recordOfLogin(this.cookieFile.get()), expected)) {
          this.cached = parsed;
          return false;
        }
        if ((await this.breaker.run(() => this.redis.eval(SET_IF_UNCHANGED, 1, this.key, seen ?? '', text))) === 1) {
          this.cached = record;
          return true;
        }
      }
    } catch (err) {
      this.cached = record; // as save(): served from memory while Redis cannot take it
      throw err;
    }
    await this.load();
    return false;
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
