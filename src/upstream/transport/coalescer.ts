import { requestContext } from '../../common/request-context';
import type { MetricsService } from '../../metrics/metrics.service';

/**
 * A read in flight that identical calls join. Once settled it lets go of its promise and callers: a Map keeps its
 * superseded tables until the next full collection, and through one a deleted entry would keep the whole answer
 * alive, to be promoted to the old generation on every young collection (decision 014).
 */
interface SharedCall<T> {
  promise?: Promise<T>;
  waiters?: WaitingCallers;
}

/**
 * The callers waiting on one shared call. Its signal fires once every one of them has hung up; a caller without a
 * signal (work outside a request) can never hang up, so it keeps the call alive.
 */
class WaitingCallers {
  private readonly controller = new AbortController();
  private waiting = 0;
  private unbounded = false;

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  join(signal: AbortSignal | undefined): void {
    if (!signal) {
      this.unbounded = true;
      return;
    }
    this.waiting++;
    const leave = () => {
      if (--this.waiting === 0 && !this.unbounded) this.controller.abort(signal.reason);
    };
    if (signal.aborted) leave();
    else signal.addEventListener('abort', leave, { once: true });
  }
}

/**
 * Identical reads already in flight are shared, not repeated: N concurrent identical calls → 1 upstream call.
 * The key (the caller's) covers everything that shapes the answer, including which account's cookie is sent. The
 * shared call runs under a signal that fires only once every caller waiting on it has hung up, so one client's
 * disconnect never cancels (or turns into a 499 for) the others; a caller arriving after that starts a fresh call.
 */
export class Coalescer {
  private readonly inFlight = new Map<string, SharedCall<unknown>>();

  constructor(private readonly metrics: MetricsService) {}

  run<T>(key: string, call: () => Promise<T>): Promise<T> {
    const context = requestContext.getStore();
    const pending = this.inFlight.get(key) as SharedCall<T> | undefined;
    if (pending?.promise && pending.waiters && !pending.waiters.signal.aborted) {
      this.metrics.coalesced.inc({ level: 'upstream' });
      pending.waiters.join(context?.signal);
      return pending.promise;
    }
    const waiters = new WaitingCallers();
    waiters.join(context?.signal);
    const shared: SharedCall<T> = { waiters };
    const promise = requestContext.run({ ...context, signal: waiters.signal }, call).finally(() => {
      if (this.inFlight.get(key) === shared) this.inFlight.delete(key);
      shared.promise = shared.waiters = undefined;
    });
    shared.promise = promise;
    this.inFlight.set(key, shared);
    return promise;
  }
}
