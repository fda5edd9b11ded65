import type { CanaryAreaStatus } from '../upstream/canary/upstream-canary.service';
import type { RecentCalls } from '../upstream/transport/upstream-reachability';

export const UPSTREAM_STATES = ['ok', 'degraded', 'unreachable', 'unknown'] as const;
export type UpstreamState = (typeof UPSTREAM_STATES)[number];

export const UPSTREAM_STATE_BASES = ['recent calls', 'canary', 'none'] as const;
export type UpstreamStateBasis = (typeof UPSTREAM_STATE_BASES)[number];

export interface UpstreamVerdict {
  state: UpstreamState;
  basis: UpstreamStateBasis;
}

/** Canary states that mean "answered, but not as the gateway expects": the upstream is reached, the area is not well. */
const UNWELL = new Set(['fallback', 'changed', 'refused']);

/**
 * The upstream as the gateway has seen it (docs/operations.md "Health probes"). Reaching it is judged on the calls of
 * the last minute when there were any (all failed → unreachable, some → degraded), else on the canary's last checks
 * (every checked area unreachable → unreachable); with neither, `unknown`. A reachable upstream whose canary reports
 * an area changed, refused or on its fallback is `degraded`.
 */
export function judgeUpstream(calls: RecentCalls, areas: readonly Pick<CanaryAreaStatus, 'state'>[]): UpstreamVerdict {
  const checked = areas.filter((area) => area.state !== 'unknown');
  const unwell = checked.some((area) => UNWELL.has(area.state));
  if (calls.answered + calls.failed > 0) {
    if (calls.answered === 0) return { state: 'unreachable', basis: 'recent calls' };
    return { state: calls.failed > 0 || unwell ? 'degraded' : 'ok', basis: 'recent calls' };
  }
  if (checked.length === 0) return { state: 'unknown', basis: 'none' };
  const unreachable = checked.filter((area) => area.state === 'unreachable').length;
  if (unreachable === checked.length) return { state: 'unreachable', basis: 'canary' };
  return { state: unreachable > 0 || unwell ? 'degraded' : 'ok', basis: 'canary' };
}
