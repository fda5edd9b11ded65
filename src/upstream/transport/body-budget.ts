import type { Readable } from 'node:stream';

/** An answer's bytes would take the bytes held by all upstream answers past UPSTREAM_BODY_BUDGET_MB. */
export class BodyBudgetExceeded extends Error {
  constructor() {
    super('upstream answer bytes over budget');
    this.name = 'BodyBudgetExceeded';
  }
}

/** An answer announced (Content-Length) past UPSTREAM_MAX_BODY_MB: refused as too large, whatever the budget holds. */
export class BodyTooLarge extends Error {
  constructor() {
    super('upstream answer announced past the per-answer cap');
    this.name = 'BodyTooLarge';
  }
}

/**
 * The bytes of upstream answers held at once, across every call, and the one place that reads an answer's body.
 * Over budget a read fails at once rather than waiting: a waiting answer holds its socket, and answers that each hold
 * a part while waiting for more can wait on one another for ever (docs/decisions/011-upstream-memory-budget.md).
 */
export class BodyBudget {
  private held = 0;

  constructor(
    readonly limitBytes: number,
    /** One answer's cap (UPSTREAM_MAX_BODY_MB); past it an answer is too large, not a reason to be busy. */
    readonly maxAnswerBytes = Infinity,
  ) {}

  /** Bytes held right now by answers being read, decoded or written (the metric gateway_upstream_body_bytes_in_flight). */
  get bytesInFlight(): number {
    return this.held;
  }

  /**
   * Holds `bytes` until the returned function is called (once is enough; later calls do nothing), even past the
   * limit: the legacy shape's copy of answers already read, while it is written. Refusing it would throw away the
   * work just done; counted, it keeps new reads out until it is written (decision 018).
   */
  hold(bytes: number): () => void {
    this.take(bytes);
    let held = bytes;
    return () => {
      this.give(held);
      held = 0;
    };
  }

  /**
   * Called once the budget has been empty for `quietMs` after holding at least `burstBytes`, and again `2 × quietMs`
   * later if it is still quiet (the timers are unref'd).
   */
  onQuietAfterBurst(burstBytes: number, quietMs: number, quiet: () => void): void {
    this.quiet = { burstBytes, quietMs, quiet };
  }

  /**
   * Marks an upstream call under way until the returned function is called: the quiet time starts only when no call
   * is under way either, so answers still on their way after a burst do not arrive after the collection.
   */
  callStarted(): () => void {
    this.calls++;
    this.stopQuietTimer();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.calls--;
      this.startQuietTimer();
    };
  }

  private calls = 0;
  private quiet?: { burstBytes: number; quietMs: number; quiet: () => void };
  /** Bytes held at most since the last quiet callback. */
  private peak = 0;
  private quietTimer?: NodeJS.Timeout;

  private take(bytes: number): void {
    this.held += bytes;
    if (this.held > this.peak) this.peak = this.held;
    this.stopQuietTimer();
  }

  private give(bytes: number): void {
    if (bytes === 0) return;
    this.held -= bytes;
    this.startQuietTimer();
  }

  private stopQuietTimer(): void {
    clearTimeout(this.quietTimer);
    this.quietTimer = undefined;
  }

  /** After a burst, once nothing is held and no call is under way. */
  private startQuietTimer(): void {
    const q = this.quiet;
    if (this.held !== 0 || this.calls !== 0 || !q || this.peak < q.burstBytes) return;
    this.stopQuietTimer();
    this.quietTimer = setTimeout(() => {
      this.peak = 0;
      q.quiet();
      // Once more after twice as long still quiet: V8 shrinks its young generation only once allocation has been low
      // for a while, which the first call follows too closely (measured: 15–28 MB more RSS back, decision 018).
      this.quietTimer = setTimeout(() => {
        this.quietTimer = undefined;
        q.quiet();
      }, q.quietMs * 2);
      this.quietTimer.unref();
    }, q.quietMs);
    this.quietTimer.unref();
  }

  /**
   * Reads `body` whole and hands its bytes to `use`, holding them against the budget until `use` returns or throws.
   * An announced length (`Content-Length`) is reserved before the first byte is read, so an answer that cannot fit
   * is refused before it costs anything; without one, the bytes are reserved as they arrive. An announced length past
   * the per-answer cap is checked first: that answer could never be read, so "busy, retry" would mislead.
   */
  async read<T>(body: Readable, announced: number | undefined, use: (bytes: Buffer) => T): Promise<T> {
    let reserved = 0;
    const reserve = (bytes: number): void => {
      if (this.held + bytes > this.limitBytes) throw new BodyBudgetExceeded();
      this.take(bytes);
      reserved += bytes;
    };
    try {
      if (announced !== undefined && announced > this.maxAnswerBytes) throw new BodyTooLarge();
      if (announced) reserve(announced);
      const chunks: Buffer[] = [];
      let total = 0;
      for await (const chunk of body as AsyncIterable<Buffer>) {
        total += chunk.length;
        if (total > reserved) reserve(total - reserved);
        chunks.push(chunk);
      }
      // Most answers arrive in one chunk: no copy then.
      return use(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, total));
    } catch (err) {
      // Refused before reading: the unread answer must still be dropped (undici then closes its socket).
      if (!body.destroyed) body.destroy();
      throw err;
    } finally {
      this.give(reserved);
    }
  }
}

/** undici's code for an answer past maxResponseSize (UPSTREAM_MAX_BODY_MB). */
export const TOO_LARGE_CODE = 'UND_ERR_RES_EXCEEDED_MAX_SIZE';

/**
 * The host answered, and the gateway refused the answer by its own limits (the body budget, the per-answer cap):
 * nothing wrong with the host, so its circuit breaker counts it as an answer, not a failure.
 */
export function refusedByGateway(err: unknown): boolean {
  return err instanceof BodyBudgetExceeded || err instanceof BodyTooLarge || (err as { code?: unknown } | null)?.code === TOO_LARGE_CODE;
}

/** The `Content-Length` an answer announces, when it is a plain byte count. */
export function announcedLength(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
}
