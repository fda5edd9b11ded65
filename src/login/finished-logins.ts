import { HttpStatus, Inject, Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import type { LRUCache } from 'lru-cache';
import { boundedLru } from '../common/bounded-lru';
import { BackgroundWork } from '../common/background-work';
import { Clock } from '../common/clock';
import { GatewayError } from '../common/http-error';
import { requestContext } from '../common/request-context';
import { Shaped } from '../common/shaped';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { isRedisStall, RedisBreaker } from '../redis/redis-breaker';
import { REDIS } from '../redis/redis.module';
import { clusterLink } from '../cluster/cluster-link';
import { ClusterLogins } from './cluster-logins';
import { deliver, LoginAdmission, type LoginCheck, qrUsed } from './login-admission';
import { type LoginShare, type Outcome, SharedLogins } from './shared-logins';

/** How long a finished login can be redeemed by its owner, and how many are kept at most. */
const FINISHED_LOGIN_TTL_MS = 120_000;
const FINISHED_LOGIN_MAX = 1_000;
/**
 * How long a QR stays known as used after its login finished (no session kept), and the loginToken it was issued with
 * is kept for it (LoginAdmission): longer than either QR lives upstream.
 */
const USED_QR_TTL_MS = 10 * 60_000;
const USED_QR_MAX = 10_000;
/** The longest chain (QQ: ptqrlogin, check_sig, authorize, QQLogin) makes this many upstream calls, none retried. */
const CHAIN_UPSTREAM_CALLS = 4;
/** How often an instance waiting on another instance's run of a QR looks for its result. */
const SHARED_WAIT_POLL_MS = 100;

/** Thrown inside a chain when another instance turns out to hold this QR's finished login: the run answers that instead. */
class FinishedElsewhere extends Error {
  constructor(readonly outcome: Outcome) {
    super('finished on another instance');
  }
}

/**
 * What a chain calls right before its first step that spends the QR (QQ: check_sig after the confirming poll; WeChat:
 * the code exchange). It throws when another instance turns out to have used this QR already.
 */
export type SpendGuard = () => Promise<void>;

/**
 * The part of a login chain that cannot be repeated (QQ: the poll that reports the scan confirmed and what follows;
 * WeChat: the code exchange after 405) runs here, outside the calling request: the client hanging up neither aborts
 * it halfway (the QR or code already spent) nor loses its result. Concurrent checks of one QR share one run.
 *
 * Each QR is bound at issue to the hash of its loginToken (kept 10 min): a check sending another loginToken is refused
 * (403) before upstream is asked, so it neither spends the QR nor gets its session. A finished session goes only to
 * the party that started the login (docs/login.md "Who gets the session"): the checks that saw it finish on their own
 * poll (the run's starter and identical checks that joined it), and for 120 s a check presenting the QR's loginToken.
 * Everyone else gets 410 LOGIN_QR_USED, for 10 min; a used QR never runs the chain again. With LOGIN_TOKEN_REQUIRED a
 * check without loginToken (400) or of a QR no instance issued (403) is refused.
 *
 * With REDIS_URL the same holds across instances: the issue record, a success (owner included) and the used mark are
 * stored in Redis, and a run takes a per-QR lock there; an instance finding it held waits for that run's result.
 * Before spending a QR (or binding a check to a QR whose issue record Redis lacks) it asks the other instances (Redis
 * pub/sub) whether one of them holds it, so a Redis emptied by a restart neither lets a used QR log in twice nor
 * unbinds a QR. Redis only widens this: on any Redis failure the run goes on as it would on one instance.
 */
@Injectable()
export class FinishedLogins implements OnApplicationShutdown {
  private readonly logger = new Logger('Login');
  private readonly running = new Map<string, Promise<Outcome>>();
  private readonly finished: LRUCache<string, { result: Shaped; owner: string | null }>;
  private readonly used: LRUCache<string, true>;
  private readonly shared: LoginShare | null;
  private readonly admission: LoginAdmission;
  /** How long a check waiting on a run still waits once shutdown began: half the drain bound, so it is answered. */
  private readonly shutdownWaitMs: number;

  constructor(
    private readonly work: BackgroundWork,
    clock: Clock,
    @Inject(REDIS) redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    breaker: RedisBreaker,
  ) {
    // ttlResolution 0: read the clock at every lookup instead of reusing one reading for 1 ms, so a moved clock is seen
    // at once (a performance.now() per lookup costs nothing next to a login).
    this.finished = boundedLru(FINISHED_LOGIN_MAX, { ttl: FINISHED_LOGIN_TTL_MS, perf: clock, ttlResolution: 0 });
    this.used = boundedLru(USED_QR_MAX, { ttl: USED_QR_TTL_MS, perf: clock, ttlResolution: 0 });
    // The lock outlives the longest legitimate chain (every upstream call at its full bound, plus the persist and the
    // result write to Redis), so a slow run is never joined by a second one; a holder that died frees the QR then.
    const lockMs = CHAIN_UPSTREAM_CALLS * config.upstreamTimeoutMs + 2 * config.redisTimeoutMs;
    this.shutdownWaitMs = Math.floor(config.shutdownDrainTimeoutMs / 2);
    // Without Redis, the workers of one gateway (WORKERS > 1) share them through their primary.
    const link = clusterLink(config.redisUrl);
    this.shared = redis
      ? new SharedLogins(redis, breaker, `${config.credentialRedisKey}:login`, lockMs, config.redisTimeoutMs, (key) => this.reseed(key), (err) => this.warnRedis(err))
      : link
        ? new ClusterLogins(link, lockMs)
        : null;
    this.admission = new LoginAdmission(clock, config, this.shared, USED_QR_TTL_MS, (err) => this.warnRedis(err));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.shared?.close();
  }

  /** A new QR's loginToken, bound to the QR here and for every instance (LoginAdmission.issue). */
  issue(channel: string, qr: string, ttlMs?: number): Promise<string> {
    return this.admission.issue(channel, qr, ttlMs);
  }

  /** Who checks this QR, settled before upstream is asked (LoginAdmission.admit: 400/403 refusals). */
  admit(channel: string, qr: string, token: string | undefined, unissued?: () => GatewayError): Promise<LoginCheck> {
    return this.admission.admit(channel, qr, token, unissued);
  }

  /**
   * This QR's login as the caller may see it: a running run's answer (joined), a finished session its owner may
   * redeem, 410 for a used QR; undefined when nothing is known here nor (REDIS_URL) on any instance through Redis.
   */
  async find(check: LoginCheck): Promise<Shaped | undefined> {
    const { key, caller } = check;
    const local = this.byKey(key, caller);
    if (local) return local;
    if (!this.shared?.usable()) return undefined;
    let stored: Outcome | 'used' | undefined;
    try {
      stored = await this.shared.stored(key);
    } catch (err) {
      this.warnRedis(err);
      return undefined;
    }
    if (stored === 'used') throw this.knownUsed(key);
    return stored ? deliver(stored, caller) : undefined;
  }

  /**
   * Runs `chain` for this QR unless one is running or finished already; `isSuccess` says which results are logins.
   * A login this run finishes belongs to the check's owner (the QR's loginToken, or the caller's for an unknown QR).
   */
  run(check: LoginCheck, chain: (guard: SpendGuard) => Promise<Shaped>, isSuccess: (result: Shaped) => boolean): Promise<Shaped> {
    const { key, caller } = check;
    const existing = this.byKey(key, caller);
    if (existing) return existing;
    // Outside the request from here on: the Redis wait and the chain both belong to the login, not to this client.
    const run = requestContext.exit(() => this.runOnce(check, chain, isSuccess)).finally(() => this.running.delete(key));
    this.running.set(key, run);
    // Outside every request, so the HTTP drain does not wait for it: shutdown does (bounded), before the pools close.
    void this.work.track('QR login', run);
    return this.bounded(run.then((outcome) => deliver(outcome, caller)));
  }

  private async runOnce(check: LoginCheck, chain: (guard: SpendGuard) => Promise<Shaped>, isSuccess: (result: Shaped) => boolean): Promise<Outcome> {
    const { key, owner } = check;
    const startedByIdAlone = check.caller === null;
    const keep = (result: Shaped): Outcome => {
      const success = isSuccess(result);
      if (success) {
        this.finished.set(key, { result, owner });
        this.used.set(key, true);
      }
      return { result, success, owner, stored: false, startedByIdAlone };
    };
    const shared = this.shared;
    // One instance: a used QR never reaches a run (byKey answers first), so the guard has nothing to check.
    const localGuard: SpendGuard = () => Promise.resolve();
    if (!shared?.usable()) return keep(await chain(localGuard));

    let claim: Claim;
    try {
      claim = await this.claim(shared, key);
    } catch (err) {
      this.warnRedis(err);
      return keep(await chain(localGuard));
    }
    if (claim.used) throw this.knownUsed(key);
    if (claim.stored) return claim.stored;

    let outcome: Outcome;
    try {
      outcome = keep(await chain(() => this.guard(shared, key)));
    } catch (err) {
      if (claim.token) await this.releaseQuietly(shared, key, claim.token);
      if (err instanceof FinishedElsewhere) {
        this.knownUsed(key);
        return err.outcome;
      }
      throw err;
    }
    try {
      // Stored before the lock goes: an instance waiting on it then always finds the result.
      if (outcome.success) await shared.store(key, outcome, FINISHED_LOGIN_TTL_MS, USED_QR_TTL_MS);
      if (claim.token) await shared.release(key, claim.token);
    } catch (err) {
      this.warnRedis(err); // the lock, if still ours, expires by itself
    }
    return outcome;
  }

  /**
   * Right before a chain spends the QR: Redis knows nothing of it (the claim said so), but Redis may have been emptied
   * since another instance finished it. Asks every instance; one that holds it writes it back, and this run answers
   * that instead of logging in a second time. A Redis failure here lets the chain go on, as without Redis.
   */
  private async guard(shared: LoginShare, key: string): Promise<void> {
    let stored: Outcome | 'used' | undefined;
    try {
      if (!(await shared.askOthers(key))) return;
      stored = await shared.stored(key);
    } catch (err) {
      this.warnRedis(err);
      return;
    }
    if (stored === 'used' || !stored) throw this.knownUsed(key);
    throw new FinishedElsewhere(stored);
  }

  /** Remembers here that another instance used this QR (Redis may lose it again), and returns the 410 to throw. */
  private knownUsed(key: string): GatewayError {
    this.used.set(key, true);
    return qrUsed();
  }

  /**
   * Another instance asked for this QR: writes what this one holds back to Redis. True when it held a finished login
   * or the used mark (an issue record alone, written back too, is no reason for the asker to stop spending the QR).
   */
  private async reseed(key: string): Promise<boolean> {
    // Written before the answer goes out: an asker reads it as soon as every instance answered.
    await this.admission.writeBack(key);
    const done = this.finished.get(key);
    const used = this.used.has(key);
    if (!done && !used) return false;
    // Whole milliseconds: PX refuses a fraction, and the LRU's clock is performance.now().
    const usedMs = Math.max(1, Math.ceil(this.used.getRemainingTTL(key)));
    if (done) {
      const outcome: Outcome = { result: done.result, success: true, owner: done.owner, stored: true, startedByIdAlone: false };
      await this.shared!.store(key, outcome, Math.max(1, Math.ceil(this.finished.getRemainingTTL(key))), usedMs);
    } else {
      await this.shared!.markUsed(key, usedMs);
    }
    return true;
  }

  /** At shutdown a check stops waiting on a run after half the drain bound and says so (the run goes on, bounded). */
  private bounded<T>(answer: Promise<T>): Promise<T> {
    const stopping = requestContext.getStore()?.shuttingDown;
    if (!stopping) return answer;
    let timer: NodeJS.Timeout | undefined;
    let onStop: (() => void) | undefined;
    const refused = new Promise<never>((_, reject) => {
      onStop = () => {
        timer = setTimeout(() => reject(loginStillRunning()), this.shutdownWaitMs);
      };
      if (stopping.aborted) onStop();
      else stopping.addEventListener('abort', onStop, { once: true });
    });
    return Promise.race([answer, refused]).finally(() => {
      clearTimeout(timer);
      if (onStop) stopping.removeEventListener('abort', onStop);
    });
  }

  /**
   * A stored result of this QR, its used mark, or the lock for our own run. While another instance holds the lock,
   * waits for its result (or for the lock to go: that run ended without a success, and ours may try) — at most one
   * lock's lifetime, after which this instance runs the chain without the lock rather than wait any longer.
   */
  private async claim(shared: LoginShare, key: string): Promise<Claim> {
    const token = randomBytes(12).toString('hex');
    const deadline = performance.now() + shared.lockMs;
    for (;;) {
      const claim = await shared.claim(key, token);
      if (claim === 'used') return { used: true };
      if (claim !== 'held') return claim === 'locked' ? { token } : { stored: claim };
      if (performance.now() >= deadline) {
        this.logger.warn(`Another instance held a QR login for ${shared.lockMs} ms without finishing it; running it here`);
        return {};
      }
      await new Promise((resolve) => setTimeout(resolve, SHARED_WAIT_POLL_MS));
    }
  }

  private async releaseQuietly(shared: LoginShare, key: string, token: string): Promise<void> {
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
    if (isRedisStall(err)) return;
    const processes = this.shared instanceof ClusterLogins ? 'workers' : 'instances';
    this.logger.warn(`Finished QR logins: ${this.shared?.name ?? 'Redis'} failed (${(err as Error).message}); this login is not shared with other ${processes}`);
  }

  /** What this instance knows of the QR, as `caller` may see it: a run to join, a session, or 410. */
  private byKey(key: string, caller: string | null): Promise<Shaped> | undefined {
    const done = this.finished.get(key);
    if (done) return Promise.resolve().then(() => deliver({ ...done, success: true, stored: true, startedByIdAlone: false }, caller));
    const running = this.running.get(key);
    if (running) return this.bounded(running.then((outcome) => deliver(outcome, caller)));
    if (this.used.has(key)) return this.usedHere(key, caller);
    return undefined;
  }

  /** A QR used (here or, as this instance learnt, elsewhere) without its session here: its owner may find it in Redis. */
  private async usedHere(key: string, caller: string | null): Promise<Shaped> {
    if (caller !== null && this.shared?.usable()) {
      try {
        const stored = await this.shared.stored(key);
        if (stored && stored !== 'used') return deliver(stored, caller);
      } catch (err) {
        this.warnRedis(err);
      }
    }
    throw qrUsed();
  }
}

function loginStillRunning(): GatewayError {
  return new GatewayError(
    HttpStatus.SERVICE_UNAVAILABLE,
    'SHUTTING_DOWN',
    'The gateway is restarting while this login finishes; check again (with the loginToken of the QR answer) in a moment',
    {},
    { 'Retry-After': '1', Connection: 'close' },
  );
}

/** What a run found in Redis: another instance's result, the QR's used mark, our lock's token, or none (run unlocked). */
interface Claim {
  stored?: Outcome;
  used?: boolean;
  token?: string;
}
