import type { ShapeProblem } from '../shape/shape';
import { UpstreamError } from '../upstream.errors';

/**
 * What one canary check found, worst last: the order is the gauge's value (docs/operations.md "Upstream canary"),
 * so `gateway_upstream_canary_status > 0` means "not as the gateway expects".
 */
export const CANARY_STATES = ['ok', 'fallback', 'changed', 'refused', 'unreachable'] as const;
export type CanaryState = (typeof CANARY_STATES)[number];

/** One check's outcome: its state and, unless ok, what to look at (a field path, a code, a call). */
export interface CanaryOutcome {
  state: CanaryState;
  detail?: string;
}

/**
 * The outcome of an answer: `fallback` naming the primary calls given up (the declarations describe the primary call's
 * answer, so a fallback's is not checked against them), else `changed` when it lacks a declared field or has it
 * with another type (`problem()`, checkArea's), else `ok`.
 */
export function outcomeOfAnswer(fallbacks: readonly string[], problem: () => ShapeProblem | undefined): CanaryOutcome {
  if (fallbacks.length) return { state: 'fallback', detail: `answered by a fallback of ${fallbacks.join(', ')}` };
  const found = problem();
  if (found) return { state: 'changed', detail: `${found.path}: expected ${found.expected}, got ${found.got}` };
  return { state: 'ok' };
}

/**
 * The outcome of a failed call: a business code is `refused`; no answer (timeout, connection, 5xx, breaker open, the
 * gateway's own body budget) is `unreachable`; an answer the client could not read (another status, a body that is not
 * what it parses, a client that threw on it) is `changed`.
 */
export function outcomeOfError(err: unknown): CanaryOutcome {
  if (!(err instanceof UpstreamError)) return { state: 'changed', detail: `the client failed on the answer: ${(err as Error)?.message ?? String(err)}` };
  const target = err.details.target ? ` (${err.details.target})` : '';
  switch (err.kind) {
    case 'business':
      return { state: 'refused', detail: `code ${err.details.upstreamCode}${target}` };
    case 'bad_status':
      return (err.details.status ?? 500) >= 500
        ? { state: 'unreachable', detail: `HTTP ${err.details.status}${target}` }
        : { state: 'changed', detail: `HTTP ${err.details.status}${target}` };
    case 'bad_body':
      return { state: 'changed', detail: `unreadable answer${target}` };
    default:
      return { state: 'unreachable', detail: `${err.kind}${target}` };
  }
}
