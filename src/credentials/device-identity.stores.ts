import { Logger } from '@nestjs/common';
import { readFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';
import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { writeFileAtomic } from '../common/atomic-file';
import type { RedisBreaker } from '../redis/redis-breaker';
import type { ClusterLink } from '../cluster/cluster-link';
import { type DeviceIdentityStore, readStoredIdentity, type StoredIdentity } from '../upstream/identity/identity-store';

/** DEVICE_IDENTITY_FILE, or (empty) the file beside COOKIE_FILE named after it: `user-info.json` → `user-info.device.json`. */
export function deviceIdentityPath(config: Pick<AppConfig, 'deviceIdentityFile' | 'cookieFile'>): string {
  if (config.deviceIdentityFile) return config.deviceIdentityFile;
  const cookieFile = config.cookieFile;
  return join(dirname(cookieFile), `${basename(cookieFile, extname(cookieFile))}.device.json`);
}

/** The identity in a local file, written atomically (0600) like the cookie file. One gateway owns it. */
export class FileDeviceIdentityStore implements DeviceIdentityStore {
  readonly kind = 'file' as const;
  private readonly logger = new Logger('DeviceIdentity');

  /** `link`: workers of one gateway (WORKERS > 1) make the identity one at a time, so all of them use the first one made. */
  constructor(
    private readonly path: string,
    private readonly link: ClusterLink | null = null,
  ) {}

  async load(): Promise<StoredIdentity | null> {
    return this.read(true);
  }

  /** The file's identity; null when absent or unreadable (`report`: say so, once per load rather than per read). */
  private read(report: boolean): StoredIdentity | null {
    let text: string;
    try {
      text = readFileSync(this.path, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    let identity: StoredIdentity | null = null;
    try {
      identity = readStoredIdentity(JSON.parse(text));
    } catch {
      identity = null;
    }
    if (!identity && report) this.logger.warn(`${this.path} holds no device identity it can read; a new one replaces it`);
    return identity;
  }

  async create(identity: StoredIdentity): Promise<StoredIdentity> {
    if (this.link) return this.link.exclusive('device-identity', 10_000, () => this.createHere(identity));
    return this.createHere(identity);
  }

  private async createHere(identity: StoredIdentity): Promise<StoredIdentity> {
    const existing = this.read(false);
    if (existing) return existing;
    await this.save(identity);
    return identity;
  }

  async save(identity: StoredIdentity): Promise<void> {
    writeFileAtomic(this.path, `${JSON.stringify(identity, null, 2)}\n`);
  }
}

/** Sets KEYS[1] to ARGV[2] only while it still holds ARGV[1] ('' for none): another instance's write is kept. */
const SET_IF_UNCHANGED = "if (redis.call('get', KEYS[1]) or '') == ARGV[1] then redis.call('set', KEYS[1], ARGV[2]) return 1 else return 0 end";

/** The identity in Redis (REDIS_URL), one JSON value every instance reads: the first instance to need one makes it. */
export class RedisDeviceIdentityStore implements DeviceIdentityStore {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger('DeviceIdentity');

  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly breaker: RedisBreaker,
  ) {}

  async load(): Promise<StoredIdentity | null> {
    return identityOfText(await this.breaker.run(() => this.redis.get(this.key)));
  }

  async create(identity: StoredIdentity): Promise<StoredIdentity> {
    const text = JSON.stringify(identity);
    // NX: two instances making one at once keep the first; the other reads it back.
    const set = await this.breaker.run(() => this.redis.set(this.key, text, 'NX'));
    if (set === 'OK') return identity;
    const seen = await this.breaker.run(() => this.redis.get(this.key));
    const stored = identityOfText(seen);
    if (stored) return stored;
    // A value no instance can read (garbage, a hand edit): replaced, as the identity file is, unless another instance
    // replaced it meanwhile (then its identity is the one read back).
    this.logger.warn(`The Redis key ${this.key} holds no device identity it can read; a new one replaces it`);
    await this.breaker.run(() => this.redis.eval(SET_IF_UNCHANGED, 1, this.key, seen ?? '', text));
    return (await this.load()) ?? identity;
  }

  async save(identity: StoredIdentity): Promise<void> {
    await this.breaker.run(() => this.redis.set(this.key, JSON.stringify(identity)));
  }
}

/** A stored identity from its JSON text, or null when there is none or it is not one. */
function identityOfText(text: string | null): StoredIdentity | null {
  if (!text) return null;
  try {
    return readStoredIdentity(JSON.parse(text));
  } catch {
    return null;
  }
}
