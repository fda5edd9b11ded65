/**
 * How long an upstream call may still run once every caller waiting on it has hung up. A call that answers by then
 * keeps its keep-alive socket (destroying it mid-answer is the only way to cancel an HTTP/1.1 request, and the next
 * call would pay a new TLS handshake); a hung one is still closed long before its deadline.
 */
export const HANG_UP_GRACE_MS = 250;

/** What one upstream try runs under: its signal, and `dispose()` once the try has settled. */
export interface AttemptSignal {
  signal: AbortSignal;
  dispose(): void;
}

/**
 * A signal that fires at the try's deadline (reason: a TimeoutError, as AbortSignal.timeout gives), or `graceMs`
 * after `caller` aborts (reason: the caller's). One controller and at most two timers per try, instead of
 * AbortSignal.timeout plus AbortSignal.any on every call.
 */
export function attemptSignal(caller: AbortSignal | undefined, timeoutMs: number, graceMs: number): AttemptSignal {
  const controller = new AbortController();
  const deadline = setTimeout(() => controller.abort(new DOMException(`The operation timed out after ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
  let grace: NodeJS.Timeout | undefined;
  const hungUp = () => {
    if (graceMs <= 0) controller.abort(caller!.reason);
    else grace = setTimeout(() => controller.abort(caller!.reason), graceMs);
  };
  if (caller?.aborted) controller.abort(caller.reason);
  else caller?.addEventListener('abort', hungUp, { once: true });
  return {
    signal: controller.signal,
    dispose() {
      clearTimeout(deadline);
      clearTimeout(grace);
      caller?.removeEventListener('abort', hungUp);
    },
  };
}
