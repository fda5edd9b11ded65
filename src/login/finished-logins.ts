import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { BackgroundWork } from '../common/background-work';
import { Clock } from '../common/clock';
import { requestContext } from '../common/request-context';
import { Shaped } from '../common/shaped';

/** How long a finished login stays available to its QR's next check, and how many are kept at most. */
const FINISHED_LOGIN_TTL_MS = 120_000;
const FINISHED_LOGIN_MAX = 1_000;

/**
 * The part of a login chain that cannot be repeated (QQ: the poll that reports the scan confirmed and what follows;
 * WeChat: the code exchange after 405) runs here, outside the calling request: the client hanging up neither aborts
 * it halfway (the QR or code already spent) nor loses its result. A success is kept per QR for a short while, so the
 * client's next check (a retry after a dropped answer) gets that session instead of starting a second login, which
 * would spend another device slot (code 20274) or meet an already-used QR. Concurrent checks of one QR share one run.
 * Per instance: behind a load balancer without sticky sessions a retry on another instance logs in afresh.
 */
@Injectable()
export class FinishedLogins {
  private readonly running = new Map<string, Promise<Shaped>>();
  private readonly finished: LRUCache<string, Shaped>;

  constructor(
    private readonly work: BackgroundWork,
    clock: Clock,
  ) {
    // ttlResolution 0: read the clock at every lookup instead of reusing one reading for 1 ms, so a moved clock is seen
    // at once (a performance.now() per lookup costs nothing next to a login).
    this.finished = new LRUCache({ max: FINISHED_LOGIN_MAX, ttl: FINISHED_LOGIN_TTL_MS, perf: clock, ttlResolution: 0 });
  }

  /** The running or finished login of this QR (`channel` + its qrsig or uuid), if there is one. */
  find(channel: string, qr: string): Promise<Shaped> | undefined {
    return this.byKey(keyOf(channel, qr));
  }

  /** Runs `chain` for this QR unless one is running or finished already; `isSuccess` says which results to keep. */
  run(channel: string, qr: string, chain: () => Promise<Shaped>, isSuccess: (result: Shaped) => boolean): Promise<Shaped> {
    const key = keyOf(channel, qr);
    const existing = this.byKey(key);
    if (existing) return existing;
    const run = requestContext
      .exit(chain)
      .then((result) => {
        if (isSuccess(result)) this.finished.set(key, result);
        return result;
      })
      .finally(() => this.running.delete(key));
    this.running.set(key, run);
    // Outside every request, so the HTTP drain does not wait for it: shutdown does (bounded), before the pools close.
    return this.work.track('QR login', run);
  }

  private byKey(key: string): Promise<Shaped> | undefined {
    const done = this.finished.get(key);
    return done ? Promise.resolve(done) : this.running.get(key);
  }
}

/** QR tokens are bearer secrets: only their hash is used as a key. */
function keyOf(channel: string, qr: string): string {
  return `${channel}:${createHash('sha256').update(qr).digest('base64url')}`;
}
