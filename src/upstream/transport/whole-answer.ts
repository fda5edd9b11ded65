import type { IncomingHttpHeaders } from 'node:http';
import type { Dispatcher } from 'undici';
import type { BodyBudget } from './body-budget';

/** What one exchange brought back: its status, headers and whole body. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  bytes: Buffer;
}

/**
 * How long an upstream call may still run once every caller waiting on it has hung up. A call that answers by then
 * keeps its keep-alive socket (destroying it mid-answer is the only way to cancel an HTTP/1.1 request, and the next
 * call would pay a new TLS handshake); a hung one is still closed long before its deadline.
 */
export const HANG_UP_GRACE_MS = 250;

/** When a try must end: its deadline, and how long it may go on once its caller has hung up. */
export interface TryLimits {
  timeoutMs: number;
  caller?: AbortSignal;
  graceMs: number;
}

/**
 * One upstream exchange through undici's dispatch API, its body gathered whole against the memory budget. undici's
 * `request()` would wrap each answer in a stream read through an async iterator and want an AbortSignal per try;
 * here a try is one handler object and one timer (decision 010).
 *
 * It fails at `timeoutMs` (a TimeoutError, as AbortSignal.timeout gives), the wait for a free socket included, or
 * `graceMs` after `caller` aborts (with the caller's reason). The bytes count against the budget until `use` has
 * turned them into what the caller keeps.
 */
export function exchange<T>(
  dispatcher: Dispatcher,
  options: Dispatcher.DispatchOptions,
  budget: BodyBudget,
  limits: TryLimits,
  use: (answer: RawAnswer) => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handler = new WholeAnswer(budget, limits, use, resolve, reject);
    if (handler.settled) return;
    try {
      dispatcher.dispatch(options, handler);
    } catch (err) {
      handler.onResponseError(undefined, err as Error);
    }
  });
}

class WholeAnswer<T> implements Dispatcher.DispatchHandler {
  settled = false;
  private controller?: Dispatcher.DispatchController;
  private reason?: Error;
  private status = 0;
  private headers: IncomingHttpHeaders = {};
  private readonly chunks: Buffer[] = [];
  private received = 0;
  private reserved = 0;
  private readonly deadline: NodeJS.Timeout;
  private grace?: NodeJS.Timeout;
  private readonly hungUp?: () => void;

  constructor(
    private readonly budget: BodyBudget,
    private readonly limits: TryLimits,
    private readonly use: (answer: RawAnswer) => T,
    private readonly resolve: (value: T) => void,
    private readonly reject: (err: Error) => void,
  ) {
    this.deadline = setTimeout(() => this.stop(new DOMException(`The operation timed out after ${limits.timeoutMs} ms`, 'TimeoutError')), limits.timeoutMs);
    const caller = limits.caller;
    if (!caller) return;
    if (caller.aborted) {
      this.stop(callerReason(caller));
      return;
    }
    this.hungUp = () => {
      if (limits.graceMs <= 0) this.stop(callerReason(caller));
      else this.grace = setTimeout(() => this.stop(callerReason(caller)), limits.graceMs);
    };
    caller.addEventListener('abort', this.hungUp, { once: true });
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    // Stopped while it waited for a socket: it goes no further.
    if (this.reason) controller.abort(this.reason);
  }

  onResponseStart(controller: Dispatcher.DispatchController, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200) return;
    this.status = statusCode;
    this.headers = headers;
    const announced = announcedLength(headers['content-length']);
    if (announced !== undefined) this.take(controller, announced);
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.received += chunk.length;
    this.chunks.push(chunk);
    if (this.received > this.reserved) this.take(controller, this.received - this.reserved);
  }

  onResponseEnd(): void {
    if (this.settled) return;
    // Most answers arrive in one chunk: no copy then.
    const bytes = this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.received);
    let value: T;
    try {
      value = this.use({ status: this.status, headers: this.headers, bytes });
    } catch (err) {
      this.finish();
      return this.reject(err as Error);
    }
    this.finish();
    this.resolve(value);
  }

  onResponseError(_controller: Dispatcher.DispatchController | undefined, err: Error): void {
    if (this.settled) return;
    this.finish();
    this.reject(err);
  }

  /** Ends the try with `reason` now; undici drops the request (closing its socket if the answer had begun). */
  private stop(reason: Error): void {
    if (this.settled) return;
    this.reason = reason;
    this.onResponseError(undefined, reason);
    this.controller?.abort(reason);
  }

  /** Holds `bytes` more against the budget; over it, the try fails at once (BodyBudgetExceeded). */
  private take(controller: Dispatcher.DispatchController, bytes: number): void {
    try {
      this.budget.take(bytes);
      this.reserved += bytes;
    } catch (err) {
      this.controller ??= controller;
      this.stop(err as Error);
    }
  }

  private finish(): void {
    this.settled = true;
    clearTimeout(this.deadline);
    clearTimeout(this.grace);
    if (this.hungUp) this.limits.caller?.removeEventListener('abort', this.hungUp);
    this.budget.give(this.reserved);
    this.reserved = 0;
    this.chunks.length = 0;
  }
}

const callerReason = (caller: AbortSignal): Error => (caller.reason instanceof Error ? caller.reason : new DOMException('The caller hung up', 'AbortError'));

/** The `Content-Length` an answer announces, when it is a plain byte count. */
export function announcedLength(header: string | string[] | undefined): number | undefined {
  return typeof header === 'string' && /^\d{1,15}$/.test(header) ? Number(header) : undefined;
}
