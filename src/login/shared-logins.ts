import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';
import { Shaped } from '../common/shaped';
import type { RedisBreaker } from '../redis/redis-breaker';
import { RELEASE_OWN_LOCK, redisConnectionDown, reportRedisOutages } from '../redis/redis.module';

/** What a run ended with: its answer, whether it is a login, and whose (the hash of the starter's loginToken, or null). */
export interface Outcome {
  result: Shaped;
  success: boolean;
  owner: string | null;
  /** Read back from storage (not this run's own answer): only a caller presenting the owner's loginToken gets it. */
  stored: boolean;
  /** The run was started by a check sending the QR id alone: identical checks that joined it share its answer. */
  startedByIdAlone: boolean;
}

/**
 * KEYS[1] result, KEYS[2] lock, KEYS[3] used mark; ARGV[1] token, ARGV[2] lock ms. Atomically: the stored result if
 * there is one (1, json), else 3 if the QR is known as used, else the lock taken (2), else 0 (another instance holds
 * it). One step, so no result can be stored and its lock released between our look and our lock (we would then run a
 * second chain against a spent QR).
 */
const CLAIM = `local stored = redis.call('get', KEYS[1])
if stored then return {1, stored} end
if redis.call('exists', KEYS[3]) == 1 then return {3} end
if redis.call('set', KEYS[2], ARGV[1], 'NX', 'PX', ARGV[2]) then return {2} end
return {0}`;

/** A question to the other instances, waiting for every answer. */
interface Asking {
  expected: number;
  answers: number;
  held: boolean;
  done: (held: boolean) => void;
}

/**
 * Where finished logins are shared between processes: Redis between instances (SharedLogins), or the cluster primary
 * between the workers of one instance without Redis (ClusterLogins). Each operation is atomic where it stores.
 */
export interface LoginShare {
  /** What the warnings name as failing: 'Redis', 'the cluster primary'. */
  readonly name: string;
  readonly lockMs: number;
  usable(): boolean;
  stored(key: string): Promise<Outcome | 'used' | undefined>;
  claim(key: string, token: string): Promise<Outcome | 'used' | 'locked' | 'held'>;
  store(key: string, outcome: Outcome, ttlMs: number, usedMs: number): Promise<void>;
  recordIssue(key: string, owner: string, ttlMs: number): Promise<void>;
  issuedTo(key: string): Promise<string | undefined>;
  markUsed(key: string, usedMs: number): Promise<void>;
  release(key: string, token: string): Promise<void>;
  /** Asks the other processes to write back what they hold of this QR (their store lost it); true if one held it. */
  askOthers(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** A finished login as stored: its answer and owner, never the run's own flags. */
export function outcomeJson(outcome: Outcome): string {
  return JSON.stringify({ body: outcome.result.body, raw: outcome.result.raw, owner: outcome.owner });
}

/**
 * The Redis side of finished logins: `<prefix>:<channel>:<hash>` holds a success as JSON (owner included), `…:lock` the
 * run's lock, `…:used` the used mark, `…:issued` the hash of the loginToken the QR was issued with. `<prefix>:ask` and
 * `<prefix>:told` are the pub/sub channels on which an instance asks the others for a QR it is about to spend (or whose
 * issue record Redis lacks), and they answer (after writing back what they hold).
 */
export class SharedLogins implements LoginShare {
  readonly name = 'Redis';
  private subscriber: Redis | undefined;
  private readonly asking = new Map<string, Asking>();
  private readonly instanceId = randomBytes(8).toString('hex');

  constructor(
    private readonly redis: Redis,
    private readonly breaker: RedisBreaker,
    private readonly prefix: string,
    readonly lockMs: number,
    private readonly answerWaitMs: number,
    private readonly reseed: (key: string) => Promise<boolean>,
    private readonly warn: (err: unknown) => void,
  ) {
    this.listen();
  }

  /** False while the connection is known to be down (a command could only fail after a reconnect attempt) or Redis is skipped after a stall. */
  usable(): boolean {
    return !redisConnectionDown(this.redis) && !this.breaker.skipping;
  }

  async stored(key: string): Promise<Outcome | 'used' | undefined> {
    const [text, used] = await this.breaker.run(() => this.redis.mget(this.resultKey(key), this.usedKey(key)));
    if (text) return parseOutcome(text);
    return used ? 'used' : undefined;
  }

  async claim(key: string, token: string): Promise<Outcome | 'used' | 'locked' | 'held'> {
    const keys = [this.resultKey(key), this.lockKey(key), this.usedKey(key)];
    const answer = (await this.breaker.run(() => this.redis.eval(CLAIM, 3, ...keys, token, this.lockMs))) as [number, string?];
    if (answer[0] === 1) return parseOutcome(answer[1]!);
    if (answer[0] === 3) return 'used';
    return answer[0] === 2 ? 'locked' : 'held';
  }

  async store(key: string, outcome: Outcome, ttlMs: number, usedMs: number): Promise<void> {
    const json = outcomeJson(outcome);
    const replies = await this.breaker.run(() =>
      this.redis.multi().set(this.resultKey(key), json, 'PX', ttlMs).set(this.usedKey(key), '1', 'PX', usedMs).exec(),
    );
    // A transaction reports each command's error in its replies instead of rejecting.
    const failed = replies?.find(([err]) => err)?.[0];
    if (failed) throw failed;
  }

  async recordIssue(key: string, owner: string, ttlMs: number): Promise<void> {
    await this.breaker.run(() => this.redis.set(this.issuedKey(key), owner, 'PX', ttlMs));
  }

  /** The loginToken hash this QR was issued with, if an instance recorded it. */
  async issuedTo(key: string): Promise<string | undefined> {
    return (await this.breaker.run(() => this.redis.get(this.issuedKey(key)))) ?? undefined;
  }

  async markUsed(key: string, usedMs: number): Promise<void> {
    await this.breaker.run(() => this.redis.set(this.usedKey(key), '1', 'PX', usedMs));
  }

  async release(key: string, token: string): Promise<void> {
    await this.breaker.run(() => this.redis.eval(RELEASE_OWN_LOCK, 1, this.lockKey(key), token));
  }

  /**
   * Asks every instance listening whether it holds this QR (each one that does writes it back to Redis first).
   * PUBLISH says how many listen, so the wait ends with the last answer; at most REDIS_TIMEOUT_MS for a slow one.
   */
  async askOthers(key: string): Promise<boolean> {
    if (!this.subscriber || this.subscriber.status !== 'ready') return false;
    const id = `${this.instanceId}:${randomBytes(6).toString('hex')}`;
    let timer: NodeJS.Timeout | undefined;
    const answered = new Promise<boolean>((resolve) => {
      this.asking.set(id, { expected: Infinity, answers: 0, held: false, done: resolve });
      timer = setTimeout(() => resolve(this.asking.get(id)?.held ?? false), this.answerWaitMs);
    });
    try {
      const listeners = await this.breaker.run(() => this.redis.publish(this.channel('ask'), JSON.stringify({ id, key })));
      const asking = this.asking.get(id)!;
      asking.expected = listeners;
      if (asking.answers >= listeners) asking.done(asking.held);
      return await answered;
    } finally {
      clearTimeout(timer);
      this.asking.delete(id);
    }
  }

  async close(): Promise<void> {
    const subscriber = this.subscriber;
    this.subscriber = undefined;
    if (!subscriber) return;
    // A connection that is not up has nothing to say goodbye on: quit would wait for a reconnect.
    if (subscriber.status !== 'ready') return subscriber.disconnect();
    await subscriber.quit().catch(() => subscriber.disconnect());
  }

  /** A second connection in subscriber mode: answers the others' questions and collects the answers to ours. */
  private listen(): void {
    // It subscribes itself on every 'ready': ioredis's own resubscribe after a reconnect leaves a SUBSCRIBE that times
    // out on a stalled Redis unhandled (an unhandled rejection in the process).
    const subscriber = this.redis.duplicate({ autoResubscribe: false });
    this.subscriber = subscriber;
    reportRedisOutages(subscriber, 'finished QR logins');
    // Subscribed only once the server answers PUBSUB as Redis does: ioredis throws from its socket handler (an
    // uncaught exception) when a SUBSCRIBE gets a reply of another shape, e.g. from a Redis-like proxy.
    subscriber.on('ready', () => {
      subscriber
        .call('PUBSUB', 'NUMSUB', this.channel('ask'))
        .then((reply) => {
          if (!Array.isArray(reply)) throw new Error('the server does not answer PUBSUB as Redis does; QR logins are not asked of other instances');
          return subscriber.subscribe(this.channel('ask'), this.channel('told'));
        })
        .catch((err) => this.warn(err));
    });
    subscriber.on('message', (channel: string, message: string) => {
      let parsed: { id?: unknown; key?: unknown; held?: unknown };
      try {
        parsed = JSON.parse(message) as typeof parsed;
      } catch {
        return;
      }
      if (typeof parsed.id !== 'string') return;
      if (channel === this.channel('ask') && typeof parsed.key === 'string') void this.answer(parsed.id, parsed.key);
      else if (channel === this.channel('told')) this.collect(parsed.id, parsed.held === true);
    });
  }

  private async answer(id: string, key: string): Promise<void> {
    let held = false;
    try {
      held = await this.reseed(key);
    } catch (err) {
      this.warn(err);
    }
    try {
      await this.breaker.run(() => this.redis.publish(this.channel('told'), JSON.stringify({ id, held })));
    } catch (err) {
      this.warn(err);
    }
  }

  private collect(id: string, held: boolean): void {
    const asking = this.asking.get(id);
    if (!asking) return;
    asking.answers++;
    asking.held ||= held;
    if (asking.held || asking.answers >= asking.expected) asking.done(asking.held);
  }

  private channel(name: 'ask' | 'told'): string {
    return `${this.prefix}:${name}`;
  }

  private resultKey(key: string): string {
    return `${this.prefix}:${key}`;
  }

  private lockKey(key: string): string {
    return `${this.prefix}:${key}:lock`;
  }

  private usedKey(key: string): string {
    return `${this.prefix}:${key}:used`;
  }

  private issuedKey(key: string): string {
    return `${this.prefix}:${key}:issued`;
  }
}

export function parseOutcome(text: string): Outcome {
  try {
    const { body, raw, owner } = JSON.parse(text) as { body: unknown; raw: unknown; owner?: unknown };
    return { result: new Shaped(body, raw), success: true, owner: typeof owner === 'string' ? owner : null, stored: true, startedByIdAlone: false };
  } catch {
    // JSON.parse quotes the text around the fault, which holds the session cookie: that message must not reach a log.
    throw new Error('stored login is not valid JSON');
  }
}
