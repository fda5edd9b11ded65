/** An answer's bytes would take the bytes held by all upstream answers past UPSTREAM_BODY_BUDGET_MB. */
export class BodyBudgetExceeded extends Error {
  constructor() {
    super('upstream answer bytes over budget');
    this.name = 'BodyBudgetExceeded';
  }
}

/**
 * The bytes of upstream answers held at once, across every call. Over budget a take fails at once rather than
 * waiting: a waiting answer holds its socket, and answers that each hold a part while waiting for more can wait on
 * one another for ever (docs/decisions/011-upstream-memory-budget.md). An answer that announces its length takes it
 * before its first byte is read, so one that cannot fit is refused before it costs anything.
 */
export class BodyBudget {
  private held = 0;

  constructor(readonly limitBytes: number) {}

  /** Bytes held right now by answers being read or decoded (the metric gateway_upstream_body_bytes_in_flight). */
  get bytesInFlight(): number {
    return this.held;
  }

  /** Holds `bytes` more, or throws BodyBudgetExceeded when they do not fit. */
  take(bytes: number): void {
    if (this.held + bytes > this.limitBytes) throw new BodyBudgetExceeded();
    this.held += bytes;
  }

  /** Lets go of `bytes` taken earlier. */
  give(bytes: number): void {
    this.held -= bytes;
  }
}
