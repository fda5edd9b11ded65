import { Inject, Injectable, Logger } from '@nestjs/common';
import type Redis from 'ioredis';
import { createHash, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { BackgroundWork } from '../common/background-work';
import { Clock } from '../common/clock';
import { requestContext } from '../common/request-context';
import { Shaped } from '../common/shaped';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { RedisBreaker, RedisStalled } from '../redis/redis-breaker';
import { REDIS, RELEASE_OWN_LOCK, redisConnectionDown } from '../redis/redis.module';

/** How long a finished login stays available to its QR's next check, and how many are kept at most. */
const FINISHED_LOGIN_TTL_MS = 120_000;
const FINISHED_LOGIN_MAX = 1_000;
/** The longest chain (QQ: ptqrlogin, check_sig, authorize, QQLogin) makes this many upstream calls, none retried. */
const CHAIN_UPSTREAM_CALLS = 4;
/** How often an instance waiting on another instance's run of a QR looks for its result. */
const SHARED_WAIT_POLL_MS = 100;

/**
 * KEYS[1] result, KEYS[2] lock; ARGV[1] token, ARGV[2] lock ms. Atomically: the stored result if there is one (1,
 * json), else the lock taken (2), else 0 (another instance holds it). One step, so no result can be stored and its
 * lock released between our look and our lock (we would then run a second chain against a spent QR).
 */
const CLAIM = `local stored = redis.call('get', KEYS[1])
if stored then return {1, stored} end
if redis.call('set', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {2} end
return {0}`;

/**
 * The part of a login chain that cannot be repeated (QQ: the poll that reports the scan confirmed and what follows;
 * WeChat: the code exchange after 405) runs here, outside the calling request: the client hanging up neither aborts
 * it halfway (the QR or code already spent) nor loses its result. A success is kept per QR for a short while, so the
 * client's next check (a retry after a dropped answer) gets that session instead of starting a second login, which
 * would spend another device slot (code 20274) or meet an already-used QR. Concurrent checks of one QR share one run.
 *
 * With REDIS_URL the same holds across instances (a retry may land on another one): a success is also stored in Redis
 * for 120 s, and a run takes a per-QR lock there; an instance finding it held waits for that run's result. Redis only
 * widens this: on any Redis failure the run goes on as it would on one instance.
 */
@Injectable()
export class FinishedLogins {
  private readonly logger = new Logger('Login');
  private readonly running = new Map<string, Promise<Shaped>>();
  private readonly finished: LRUCache<string, Shaped>;
  private readonly shared: SharedLogins | null;

  constructor(
    private readonly work: BackgroundWork,
    clock: Clock,
    @Inject(REDIS) redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
    breaker: RedisBreaker,
  ) {
    // ttlResolution 0: read the clock at every lookup instead of reusing one reading for 1 ms, so a moved clock is seen
    // at once (a performance.now() per lookup costs nothing next to a login).
    this.finished = new LRUCache({ max: FINISHED_LOGIN_MAX, ttl: FINISHED_LOGIN_TTL_MS, perf: clock, ttlResolution: 0 });
    // The lock outlives the longest legitimate chain (every upstream call at its full bound, plus the persist and the
    // result write to Redis), so a slow run is never joined by a second one; a holder that died frees the QR then.
    const lockMs = CHAIN_UPSTREAM_CALLS * config.upstreamTimeoutMs + 2 * config.redisTimeoutMs;
    this.shared = redis ? new SharedLogins(redis, breaker, `${config.credentialRedisKey}:login`, lockMs) : null;
  }

  /** The running or finished login of this QR (`channel` + its qrsig or uuid), here or (REDIS_URL) on any instance. */
  async find(channel: string, qr: string): Promise<Shaped | undefined> {
    const key = keyOf(channel, qr);
    const local = this.byKey(key);
    if (local) return local;
    if (!this.shared?.usable()) return undefined;
    try {
      return await this.shared.stored(key);
    } catch (err) {
      this.warnRedis(err);
      return undefined;
    }
  }

  /** Runs `chain` for this QR unless one is running or finished already; `isSuccess` says which results to keep. */
  run(channel: string, qr: string, chain: () => Promise<Shaped>, isSuccess: (result: Shaped) => boolean): Promise<Shaped> {
    const key = keyOf(channel, qr);
    const existing = this.byKey(key);
    if (existing) return existing;
    // Outside the request from here on: the Redis wait and the chain both belong to the login, not to this client.
    const run = requestContext.exit(() => this.runOnce(key, chain, isSuccess)).finally(() => this.running.delete(key));
    this.running.set(key, run);
    // Outside every request, so the HTTP drain does not wait for it: shutdown does (bounded), before the pools close.
    return this.work.track('QR login', run);
  }

  private async runOnce(key: string, chain: () => Promise<Shaped>, isSuccess: (result: Shaped) => boolean): Promise<Shaped> {
    const keep = (result: Shaped) => {
      if (isSuccess(result)) this.finished.set(key, result);
      return result;
    };
    const shared = this.shared;
    if (!shared?.usable()) return keep(await chain());

    let claim: Claim;
    try {
      claim = await this.claim(shared, key);
    } catch (err) {
      this.warnRedis(err);
      return keep(await chain());
    }
    if (claim.stored) return claim.stored;

    let result: Shaped;
    try {
      result = keep(await chain());
    } catch (err) {
      if (claim.token) await this.releaseQuietly(shared, key, claim.token);
      throw err;
    }
    try {
      // Stored before the lock goes: an instance waiting on it then always finds the result.
      if (isSuccess(result)) await shared.store(key, result, FINISHED_LOGIN_TTL_MS);
      if (claim.token) await shared.release(key, claim.token);
    } catch (err) {
      this.warnRedis(err); // the lock, if still ours, expires by itself
    }
    return result;
  }

  /**
   * A stored result of this QR, or the lock for our own run. While another instance holds the lock, waits for its
   * result (or for the lock to go: that run ended without a success, and ours may try) — at most one lock's lifetime,
   * after which this instance runs the chain without the lock rather than wait any longer.
   */
  private async claim(shared: SharedLogins, key: string): Promise<Claim> {
    const token = randomBytes(12).toString('hex');
    const deadline = performance.now() + shared.lockMs;
    for (;;) {
      const claim = await shared.claim(key, token);
      if (claim !== 'held') return claim === 'locked' ? { token } : { stored: claim };
      if (performance.now() >= deadline) {
        this.logger.warn(`Another instance held a QR login for ${shared.lockMs} ms without finishing it; running it here`);
        return {};
      }
      await new Promise((resolve) => setTimeout(resolve, SHARED_WAIT_POLL_MS));
    }
  }

  private async releaseQuietly(shared: SharedLogins, key: string, token: string): Promise<void> {
    try {
      await shared.release(key, token);
    } catch (err) {
      this.warnRedis(err);
    }
  }

  /**
   * Never the key's value (the session) nor the QR: Redis errors name the command's failure, not its arguments. A
   * stall is not logged here: the breaker logs it once for every Redis user.
   */
  private warnRedis(err: unknown): void {
    if (err instanceof RedisStalled) return;
    this.logger.warn(`Finished QR logins: Redis failed (${(err as Error).message}); this login is not shared with other instances`);
  }

  private byKey(key: string): Promise<Shaped> | undefined {
    const done = this.finished.get(key);
    return done ? Promise.resolve(done) : this.running.get(key);
  }
}

/** What a run found in Redis: another instance's result, our lock's token, or neither (run unlocked). */
interface Claim {
  stored?: Shaped;
  token?: string;
}

/** The Redis side of finished logins: `<prefix>:<channel>:<hash>` holds a success as JSON, `…:lock` the run's lock. */
class SharedLogins {
  constructor(
    private readonly redis: Redis,
    private readonly breaker: RedisBreaker,
    private readonly prefix: string,
    readonly lockMs: number,
  ) {}

  /** False while the connection is known to be down (a command could only fail after a reconnect attempt) or Redis is skipped after a stall. */
  usable(): boolean {
    return !redisConnectionDown(this.redis) && !this.breaker.skipping;
  }

  async stored(key: string): Promise<Shaped | undefined> {
    const text = await this.breaker.run(() => this.redis.get(this.resultKey(key)));
    return text ? parseShaped(text) : undefined;
  }

  async claim(key: string, token: string): Promise<Shaped | 'locked' | 'held'> {
    const answer = (await this.breaker.run(() => this.redis.eval(CLAIM, 2, this.resultKey(key), this.lockKey(key), token, this.lockMs))) as [number, string?];
    if (answer[0] === 1) return parseShaped(answer[1]!);
    return answer[0] === 2 ? 'locked' : 'held';
  }

  async store(key: string, result: Shaped, ttlMs: number): Promise<void> {
    await this.breaker.run(() => this.redis.set(this.resultKey(key), JSON.stringify({ body: result.body, raw: result.raw }), 'PX', ttlMs));
  }

  async release(key: string, token: string): Promise<void> {
    await this.breaker.run(() => this.redis.eval(RELEASE_OWN_LOCK, 1, this.lockKey(key), token));
  }

  private resultKey(key: string): string {
    return `${this.prefix}:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}:${key}:lock`;
  }
}

function parseShaped(text: string): Shaped {
  try {
    const { body, raw } = JSON.parse(text) as { body: unknown; raw: unknown };
    return new Shaped(body, raw);
  } catch {
    // JSON.parse quotes the text around the fault, which holds the session cookie: that message must not reach a log.
    throw new Error('stored login is not valid JSON');
  }
}

/** QR tokens are bearer secrets: only their hash is used as a key. */
function keyOf(channel: string, qr: string): string {
  return `${channel}:${createHash('sha256').update(qr).digest('base64url')}`;
}
