import type { ClusterLink } from '../cluster/cluster-link';
import { type LoginShare, type Outcome, outcomeJson, parseOutcome } from './shared-logins';

/**
 * Finished QR logins shared by the workers of one gateway without Redis, held by the cluster primary
 * (docs/decisions/034-workers.md): a QR issued on one worker and checked on another is bound to its loginToken, run
 * once, and its session answered to its owner wherever the check lands. The primary outlives every worker, so no
 * worker ever has to be asked to write a record back (askOthers): a worker that dies loses only its own copy.
 */
export class ClusterLogins implements LoginShare {
  readonly name = 'the cluster primary';

  constructor(
    private readonly link: ClusterLink,
    readonly lockMs: number,
  ) {}

  usable(): boolean {
    return this.link.connected;
  }

  async stored(key: string): Promise<Outcome | 'used' | undefined> {
    const { result, used } = await this.link.call<{ result?: string; used: boolean }>('login.stored', key);
    if (result) return parseOutcome(result);
    return used ? 'used' : undefined;
  }

  async claim(key: string, token: string): Promise<Outcome | 'used' | 'locked' | 'held'> {
    const answer = await this.link.call<{ stored: string } | 'used' | 'locked' | 'held'>('login.claim', key, token, this.lockMs);
    return typeof answer === 'object' ? parseOutcome(answer.stored) : answer;
  }

  async store(key: string, outcome: Outcome, ttlMs: number, usedMs: number): Promise<void> {
    await this.link.call('login.store', key, outcomeJson(outcome), ttlMs, usedMs);
  }

  async recordIssue(key: string, owner: string, ttlMs: number): Promise<void> {
    await this.link.call('login.recordIssue', key, owner, ttlMs);
  }

  async issuedTo(key: string): Promise<string | undefined> {
    return (await this.link.call<string | null>('login.issuedTo', key)) ?? undefined;
  }

  async markUsed(key: string, usedMs: number): Promise<void> {
    await this.link.call('login.markUsed', key, usedMs);
  }

  async release(key: string, token: string): Promise<void> {
    await this.link.call('login.release', key, token);
  }

  async askOthers(): Promise<boolean> {
    return false;
  }

  async close(): Promise<void> {
    return undefined;
  }
}
