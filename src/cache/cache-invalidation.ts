import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { RouteTable } from '../common/route-table';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { RedisBreaker } from '../redis/redis-breaker';
import { REDIS, redisConnectionDown, reportRedisOutages } from '../redis/redis.module';
import { CacheTagIndex, tagOf } from './cache-tag-index';
import { CACHE_NAMESPACE } from './cache-tiers';
import { type ClusterLink, clusterLink } from '../cluster/cluster-link';


/** The cluster event a worker's write sends the other workers (docs/decisions/034-workers.md). */
const INVALIDATE_EVENT = 'cache.invalidate';
const NOT_REDIS = 'the server does not answer PUBSUB as Redis does';
/**
 * Answers a write makes stale: every cached answer of `path` (a route path, e.g. '/user/getUserPlaylists') whose
 * query has `param=value`, whichever account asked and in either response shape.
 */
export interface StaleReads {
  path: string;
  param: string;
  value: string;
}

/** The least an instance waits for the others' acknowledgements before it answers the write anyway. */
const MIN_ACK_WAIT_MS = 1000;

interface Waiting {
  expected: number;
  acks: number;
  done: () => void;
}

/**
 * Drops cached answers a successful write changed, so the next read shows the change (docs/decisions/
 * 020-cache-invalidation.md): from this instance's memory tier and Redis at once, and from the memory tier of every
 * instance sharing Redis, which each acknowledge on `qqgw:invalidate:ack` once their copies are gone.
 */
@Injectable()
export class CacheInvalidation implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('CacheInvalidation');
  private readonly instanceId = randomBytes(8).toString('hex');
  private readonly waiting = new Map<string, Waiting>();
  private subscriber: Redis | undefined;
  private readonly link: ClusterLink | null;

  constructor(
    private readonly tags: CacheTagIndex,
    private readonly routes: RouteTable,
    private readonly breaker: RedisBreaker,
    @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.link = clusterLink(config.redisUrl);
  }

  /**
   * Drops `reads` on this instance and on every instance sharing Redis; resolves once they are gone (or after a
   * bounded wait for an instance that does not answer). Never rejects for Redis: without it only this instance purges.
   */
  async invalidate(reads: readonly StaleReads[]): Promise<void> {
    const tags = [...new Set(reads.map((read) => this.tagOf(read)))];
    if (!tags.length) return;
    await this.tags.purgeMemory(tags);
    // Workers of one gateway without Redis (WORKERS > 1): each purges its own memory tier before the write answers.
    if (this.link) return this.link.broadcast(INVALIDATE_EVENT, tags).catch((err: Error) => this.logger.warn(`Other workers may keep stale answers: ${err.message}`));
    if (!this.tags.shares) return;
    // Deleted from Redis before the others purge their memory: they must not refill it from Redis meanwhile.
    await this.tags.purgeShared(tags);
    await this.tellOthers(tags);
    // Again once they answered: a store of theirs that was under way as they purged has landed by now.
    await this.tags.purgeShared(tags);
  }

  onModuleInit(): void {
    if (this.redis) this.listen(this.redis);
    this.link?.on(INVALIDATE_EVENT, (tags: string[]) => this.tags.purgeMemory(tags));
  }

  async onApplicationShutdown(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    this.tags.listeningSince = undefined;
    if (!subscriber) return;
    if (subscriber.status !== 'ready') return subscriber.disconnect();
    await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** Whether this instance hears the others' invalidations right now. */
  listening(): boolean {
    return this.tags.listeningSince !== undefined;
  }

  /** The tag of one read, its value written as the route reads it. A path or parameter not marked is a programming error. */
  private tagOf({ path, param, value }: StaleReads): string {
    const by = this.routes.invalidatedBy(path)?.find((declared) => declared.param === param);
    if (!by) throw new Error(`${path}: no @CacheInvalidatedBy('${param}'); its cached answers cannot be invalidated by ${param}`);
    return tagOf(path, param, by.canonical(value));
  }

  /** Publishes the tags and waits for as many acknowledgements as PUBLISH counted listeners (this one included). */
  private async tellOthers(tags: readonly string[]): Promise<void> {
    if (!this.redis || redisConnectionDown(this.redis)) return this.warnUntold('Redis is unreachable');
    const id = `${this.instanceId}:${randomBytes(6).toString('hex')}`;
    const waitMs = Math.max(MIN_ACK_WAIT_MS, this.config.redisTimeoutMs);
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<void>((resolve) => {
      this.waiting.set(id, { expected: Infinity, acks: 0, done: resolve });
      timer = setTimeout(resolve, waitMs);
    });
    try {
      const listeners = await this.breaker.run(() => this.redis!.publish(this.channel('purge'), JSON.stringify({ id, tags })));
      const waiting = this.waiting.get(id)!;
      waiting.expected = listeners;
      if (waiting.acks >= listeners) waiting.done();
      await acked;
      const missing = waiting.expected - waiting.acks;
      if (missing > 0) this.logger.warn(`cache invalidation: ${missing} of ${waiting.expected} instances did not confirm within ${waitMs} ms; their copies live at most their TTL`);
    } catch (err) {
      this.warnUntold((err as Error).message);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(id);
    }
  }

  private warnUntold(why: string): void {
    this.logger.warn(`cache invalidation: other instances not told (${why}); purged here only, their copies live at most their TTL and are not served stale`);
  }

  /** A second connection in subscriber mode: purges on the others' requests, and counts the acks to ours. */
  private listen(redis: Redis): void {
    // It subscribes itself on every 'ready': ioredis's own resubscribe after a reconnect leaves a SUBSCRIBE that times
    // out on a stalled Redis unhandled (an unhandled rejection in the process).
    const subscriber = redis.duplicate({ autoResubscribe: false });
    this.subscriber = subscriber;
    reportRedisOutages(subscriber, 'cache invalidation');
    // Dropped subscription: invalidations may be missed from now on, so tagged copies stored before are not served stale.
    subscriber.on('close', () => (this.tags.listeningSince = undefined));
    subscriber.on('ready', () => {
      subscriber
        .call('PUBSUB', 'NUMSUB', this.channel('purge'))
        .then((reply) => {
          if (!Array.isArray(reply)) throw new Error(`${NOT_REDIS}; cache invalidations reach this instance only`);
          return subscriber.subscribe(this.channel('purge'), this.channel('ack'));
        })
        .then(() => (this.tags.listeningSince = Date.now()))
        .catch((err: Error) => {
          // A stalled or lost Redis is reported once by the Redis reporters; only a server that is not Redis is news.
          if (err.message.startsWith(NOT_REDIS)) this.logger.warn(`cache invalidation: not subscribed (${err.message})`);
          else this.logger.debug(`cache invalidation: not subscribed (${err.message})`);
        });
    });
    subscriber.on('message', (channel: string, message: string) => {
      let parsed: { id?: unknown; tags?: unknown };
      try {
        parsed = JSON.parse(message) as typeof parsed;
      } catch {
        return;
      }
      if (typeof parsed.id !== 'string') return;
      if (channel === this.channel('ack')) return this.collect(parsed.id);
      if (channel === this.channel('purge') && Array.isArray(parsed.tags) && parsed.tags.every((tag) => typeof tag === 'string')) {
        void this.purgeFor(parsed.id, parsed.tags);
      }
    });
  }

  private async purgeFor(id: string, tags: readonly string[]): Promise<void> {
    try {
      await this.tags.purgeMemory(tags);
      await this.breaker.run(() => this.redis!.publish(this.channel('ack'), JSON.stringify({ id })));
    } catch (err) {
      this.logger.warn(`cache invalidation: could not confirm a purge (${(err as Error).message})`);
    }
  }

  private collect(id: string): void {
    const waiting = this.waiting.get(id);
    if (!waiting) return;
    if (++waiting.acks >= waiting.expected) waiting.done();
  }

  private channel(name: 'purge' | 'ack'): string {
    return `${CACHE_NAMESPACE}:invalidate:${name}`;
  }
}
