import type KeyvRedis from '@keyv/redis';
import { LRUCache } from 'lru-cache';
import type { CachedAnswer } from './response-cache.service';

/** The in-memory tier of cache-manager, read synchronously by the fast lane. */
export const MEMORY_TIER = Symbol('MEMORY_TIER');
/** The shared Redis tier (a Keyv store), or null without REDIS_URL. */
export const SHARED_TIER = Symbol('SHARED_TIER');

/** The Redis tier as cache-manager uses it, plus whether its connection is up right now. */
export type SharedTier = KeyvRedis<unknown> & { isReady: () => boolean };
/** Keyv namespace of the response cache: cache-manager stores `<namespace>:<key>` → `{ value, expires }`. */
export const CACHE_NAMESPACE = 'qqgw';

/** What Keyv keeps in the memory tier for one key. */
export interface MemoryEntry {
  value: CachedAnswer;
  expires?: number;
}

/**
 * Approximate bytes one memory-tier entry holds: the JSON text (V8 keeps it in one or two bytes per character;
 * two is assumed) plus its UTF-8 encoding, made on the first hit and kept beside it.
 */
function memoryEntrySize(entry: MemoryEntry, key: string): number {
  const { body, bytes } = entry.value;
  return 256 + key.length * 2 + body.length * 2 + (bytes ?? Buffer.byteLength(body));
}

/**
 * The in-memory tier: lru-cache bounded by approximate bytes, used as a Keyv store. Keyv passes its TTL as a bare
 * number (lru-cache expects an options object there); Keyv keeps `expires` in the entry itself, so it is dropped.
 */
export class MemoryTier extends LRUCache<string, MemoryEntry> {
  /** Told when an entry leaves (evicted, expired, deleted; not replaced): the tag index forgets it. */
  onLeave?: (key: string) => void;

  constructor(maxBytes: number) {
    const leaving = { tier: undefined as MemoryTier | undefined };
    super({ maxSize: maxBytes, sizeCalculation: memoryEntrySize, dispose: (_entry, key, reason) => reason !== 'set' && leaving.tier?.onLeave?.(key) });
    leaving.tier = this;
  }

  override set(key: string, value: MemoryEntry): this {
    return super.set(key, value);
  }
}
