import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { RedisBreaker } from '../redis/redis-breaker';
import { REDIS, redisConnectionDown } from '../redis/redis.module';
import { CACHE_NAMESPACE, MEMORY_TIER, MemoryTier, SHARED_TIER, type SharedTier } from './cache-tiers';

/** What a miss of an invalidatable route remembers from its start: its tags and the invalidation count then. */
export interface TaggedMiss {
  tags: readonly string[];
  since: number;
}

/** The tag an answer of `path` with `param=value` is filed under (value already canonical). */
export const tagOf = (path: string, param: string, value: string): string => `${path}#${param}=${encodeURIComponent(value)}`;

/** How many recently invalidated tags are remembered one by one; a miss older than the oldest forgotten one is not stored. */
const REMEMBERED_TAGS = 10_000;

/**
 * KEYS: tag sets. Deletes every entry each set names, then the set: one round trip, and no entry stored between
 * reading a set and deleting its members is missed by the second pass CacheInvalidation makes after the acks.
 */
const PURGE_TAGS = `local n = 0
for _, tag in ipairs(KEYS) do
  local keys = redis.call('smembers', tag)
  for i = 1, #keys, 500 do redis.call('del', unpack(keys, i, math.min(i + 499, #keys))) end
  n = n + #keys
  redis.call('del', tag)
end
return n`;

/**
 * The tag index of the response cache (docs/decisions/020-cache-invalidation.md): which entries each tag
 * (`<path>#<param>=<value>`) holds, in this instance's memory tier and in Redis (a set per tag), and which tags were
 * invalidated since a miss started, so a pre-write answer in flight is never stored nor served stale.
 */
@Injectable()
export class CacheTagIndex {
  private readonly logger = new Logger('CacheInvalidation');
  private readonly keysByTag = new Map<string, Set<string>>();
  private readonly tagsByKey = new Map<string, readonly string[]>();
  /** Invalidations seen on this instance (its own and other instances'), counted. */
  private invalidations = 0;
  private readonly invalidatedAt = new Map<string, number>();
  /** Invalidation count of the newest tag forgotten from invalidatedAt: a miss started before it is treated as outdated. */
  private forgottenAt = 0;
  private readonly pendingStores = new Set<Promise<void>>();
  /** Since when this instance has heard every invalidation (its subscription is up), or undefined while it is not. */
  listeningSince: number | undefined;

  constructor(
    @Inject(MEMORY_TIER) private readonly memory: MemoryTier,
    @Inject(SHARED_TIER) private readonly shared: SharedTier | null,
    @Inject(REDIS) private readonly redis: Redis | null,
    private readonly breaker: RedisBreaker,
  ) {
    memory.onLeave = (memoryKey) => this.forget(memoryKey);
  }

  /** Whether other instances may hold entries this one must hear about (REDIS_URL is set). */
  get shares(): boolean {
    return this.redis !== null;
  }

  startMiss(tags: readonly string[]): TaggedMiss | undefined {
    return tags.length ? { tags, since: this.invalidations } : undefined;
  }

  /** Whether one of the miss's tags was invalidated after it started: its answer may predate a write. */
  outdated(miss: TaggedMiss | undefined): boolean {
    if (!miss) return false;
    if (miss.since < this.forgottenAt) return true;
    return miss.tags.some((tag) => (this.invalidatedAt.get(tag) ?? -1) > miss.since);
  }

  /**
   * Whether a stale copy of a tagged entry may stand in for an upstream failure: not when this instance may have
   * missed an invalidation since the entry was stored (its subscription was down meanwhile).
   */
  mayServeStale(storedAt: number, tagged: boolean): boolean {
    if (!tagged || !this.shares) return true;
    return this.listeningSince !== undefined && this.listeningSince <= storedAt;
  }

  /** Files a stored entry under its tags, here and in Redis (a set per tag living as long as the entry). */
  record(key: string, miss: TaggedMiss, lifeMs: number, stored: Promise<void>): Promise<void> {
    const memoryKey = `${CACHE_NAMESPACE}:${key}`;
    this.tagsByKey.set(memoryKey, miss.tags);
    for (const tag of miss.tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(memoryKey);
    }
    const done = stored.then(() => this.recordShared(memoryKey, miss.tags, lifeMs));
    this.pendingStores.add(done);
    void done.finally(() => this.pendingStores.delete(done));
    return done;
  }

  /**
   * Drops the tags' entries from this instance's memory tier. Stores already under way finish first, so none lands
   * after the purge; any miss started before this call is not stored afterwards (outdated).
   */
  async purgeMemory(tags: readonly string[]): Promise<number> {
    this.invalidations++;
    for (const tag of tags) {
      this.invalidatedAt.delete(tag);
      this.invalidatedAt.set(tag, this.invalidations);
    }
    while (this.invalidatedAt.size > REMEMBERED_TAGS) {
      const [oldest, at] = this.invalidatedAt.entries().next().value!;
      this.invalidatedAt.delete(oldest);
      this.forgottenAt = at;
    }
    await Promise.all([...this.pendingStores]);
    let purged = 0;
    for (const tag of tags) {
      for (const memoryKey of [...(this.keysByTag.get(tag) ?? [])]) {
        if (this.memory.delete(memoryKey)) purged++;
        else this.forget(memoryKey);
      }
    }
    return purged;
  }

  /** Deletes the tags' entries from Redis; false when Redis could not be asked. */
  async purgeShared(tags: readonly string[]): Promise<boolean> {
    if (!this.redis || !this.shared || redisConnectionDown(this.redis)) return false;
    try {
      await this.breaker.run(() => this.redis!.eval(PURGE_TAGS, tags.length, ...tags.map((tag) => this.tagKey(tag))));
      return true;
    } catch (err) {
      this.logger.warn(`cache invalidation: Redis did not delete the entries (${(err as Error).message})`);
      return false;
    }
  }

  private async recordShared(memoryKey: string, tags: readonly string[], lifeMs: number): Promise<void> {
    if (!this.redis || !this.shared?.isReady() || redisConnectionDown(this.redis)) return;
    const redisKey = this.shared.createKeyPrefix(memoryKey, this.shared.namespace);
    const multi = this.redis.multi();
    for (const tag of tags) multi.sadd(this.tagKey(tag), redisKey).pexpire(this.tagKey(tag), lifeMs);
    // Failing only means the entry outlives a write by its TTL on instances reading Redis: logged, never thrown.
    await this.breaker.run(() => multi.exec()).catch((err: Error) => this.logger.warn(`cache invalidation: tag not recorded in Redis (${err.message})`));
  }

  /** An entry left the memory tier (evicted, expired or deleted): its tags no longer hold it. */
  private forget(memoryKey: string): void {
    const tags = this.tagsByKey.get(memoryKey);
    if (!tags) return;
    this.tagsByKey.delete(memoryKey);
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      keys?.delete(memoryKey);
      if (keys?.size === 0) this.keysByTag.delete(tag);
    }
  }

  private tagKey(tag: string): string {
    return `${CACHE_NAMESPACE}:tag:${tag}`;
  }
}
