import { boundedLru } from '../common/bounded-lru';
import { randomBytes } from 'node:crypto';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { OpName } from './cluster-protocol';

/** Entries the login records may hold at most (results, locks, used marks, issue records: four per QR at most). */
const LOGIN_ENTRIES_MAX = 50_000;

interface HeldLock {
  token: string;
  worker: number;
  timer: NodeJS.Timeout;
}

/**
 * The state the workers share when there is no Redis, held by the primary alone (docs/decisions/034-workers.md).
 * The primary runs one call at a time, so each operation is atomic as a Redis script is: the finished-login claim
 * (result, used mark, lock) in one step, a lock taken once, a counter incremented once.
 */
export class PrimaryState {
  /** `r:<key>` a finished login (JSON), `l:<key>` a run's lock, `u:<key>` a used mark, `i:<key>` an issue record. */
  private readonly logins = boundedLru<string, string>(LOGIN_ENTRIES_MAX, { ttlAutopurge: false });
  private readonly locks = new Map<string, HeldLock>();
  private readonly lockWaiters = new Map<string, Set<() => void>>();
  private throttler: ThrottlerStorage | undefined;

  /** Runs one worker's call; `worker` is its cluster id (its locks are freed when it dies). */
  async run(worker: number, op: OpName, args: unknown[]): Promise<unknown> {
    switch (op) {
      case 'login.stored': {
        const [key] = args as [string];
        return { result: this.logins.get(`r:${key}`), used: this.logins.has(`u:${key}`) };
      }
      case 'login.claim': {
        const [key, token, lockMs] = args as [string, string, number];
        const stored = this.logins.get(`r:${key}`);
        if (stored) return { stored };
        if (this.logins.has(`u:${key}`)) return 'used';
        if (this.logins.has(`l:${key}`)) return 'held';
        this.logins.set(`l:${key}`, token, { ttl: lockMs });
        return 'locked';
      }
      case 'login.store': {
        const [key, json, ttlMs, usedMs] = args as [string, string, number, number];
        this.logins.set(`r:${key}`, json, { ttl: ttlMs });
        this.logins.set(`u:${key}`, '1', { ttl: usedMs });
        return null;
      }
      case 'login.recordIssue': {
        const [key, owner, ttlMs] = args as [string, string, number];
        this.logins.set(`i:${key}`, owner, { ttl: ttlMs });
        return null;
      }
      case 'login.issuedTo':
        return this.logins.get(`i:${(args as [string])[0]}`) ?? null;
      case 'login.markUsed': {
        const [key, usedMs] = args as [string, number];
        this.logins.set(`u:${key}`, '1', { ttl: usedMs });
        return null;
      }
      case 'login.release': {
        const [key, token] = args as [string, string];
        if (this.logins.get(`l:${key}`) === token) this.logins.delete(`l:${key}`);
        return null;
      }
      case 'lock.acquire':
        return this.acquire(worker, ...(args as [string, number]));
      case 'lock.release':
        this.release(...(args as [string, string]));
        return null;
      case 'lock.wait':
        return this.waitUnlocked(...(args as [string, number]));
      case 'throttle.increment':
        return (await this.counters()).increment(...(args as [string, number, number, number, string]));
      default:
        throw new Error(`unknown operation ${String(op)}`);
    }
  }

  /** A worker died: the locks it held are free at once (its refresh or file write ended with it). */
  forget(worker: number): void {
    for (const [name, lock] of this.locks) if (lock.worker === worker) this.release(name, lock.token);
  }

  private acquire(worker: number, name: string, ttlMs: number): string | null {
    if (this.locks.has(name)) return null;
    const token = randomBytes(12).toString('hex');
    // Bounded like the Redis lock: a holder that hangs cannot keep the others out for ever.
    const timer = setTimeout(() => this.release(name, token), ttlMs);
    timer.unref();
    this.locks.set(name, { token, worker, timer });
    return token;
  }

  private release(name: string, token: string): void {
    const lock = this.locks.get(name);
    if (!lock || lock.token !== token) return;
    clearTimeout(lock.timer);
    this.locks.delete(name);
    const waiters = this.lockWaiters.get(name);
    this.lockWaiters.delete(name);
    waiters?.forEach((wake) => wake());
  }

  /** Resolves once `name` is free, or after `maxMs`. */
  private waitUnlocked(name: string, maxMs: number): Promise<null> | null {
    if (!this.locks.has(name)) return null;
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.lockWaiters.get(name)?.delete(wake);
        resolve(null);
      };
      const timer = setTimeout(wake, maxMs);
      timer.unref();
      let waiters = this.lockWaiters.get(name);
      if (!waiters) this.lockWaiters.set(name, (waiters = new Set()));
      waiters.add(wake);
    });
  }

  /** @nestjs/throttler's own in-memory storage, the one a single process uses: loaded when a worker first counts. */
  private async counters(): Promise<ThrottlerStorage> {
    if (!this.throttler) {
      const { ThrottlerStorageService } = await import('@nestjs/throttler/dist/throttler.service');
      this.throttler = new ThrottlerStorageService();
    }
    return this.throttler;
  }
}
