import { judgeUpstream } from '../../src/health/upstream-state';
import { REACHABILITY_WINDOW_MS, type RecentCalls, UpstreamReachability } from '../../src/upstream/transport/upstream-reachability';
import type { Clock } from '../../src/common/clock';

const calls = (answered: number, failed: number): RecentCalls => ({
  windowSeconds: 60,
  answered,
  failed,
  lastAnsweredAt: null,
  lastFailedAt: null,
  lastFailure: null,
});
const areas = (...states: string[]) => states.map((state) => ({ state })) as { state: 'ok' }[];

describe('judgeUpstream (docs/operations.md "Health probes")', () => {
  it.each([
    ['no evidence', calls(0, 0), areas('unknown', 'unknown'), 'unknown', 'none'],
    ['answered calls', calls(3, 0), areas('unknown'), 'ok', 'recent calls'],
    ['some calls failed', calls(3, 1), areas(), 'degraded', 'recent calls'],
    ['every call failed', calls(0, 2), areas('ok'), 'unreachable', 'recent calls'],
    ['calls answered, the canary finds a changed area', calls(3, 0), areas('ok', 'changed'), 'degraded', 'recent calls'],
    ['calls answered, an area on its fallback', calls(3, 0), areas('fallback'), 'degraded', 'recent calls'],
    ['calls answered, an old unreachable check', calls(3, 0), areas('unreachable'), 'ok', 'recent calls'],
    ['canary only: all ok', calls(0, 0), areas('ok', 'unknown'), 'ok', 'canary'],
    ['canary only: all unreachable', calls(0, 0), areas('unreachable', 'unreachable', 'unknown'), 'unreachable', 'canary'],
    ['canary only: one unreachable', calls(0, 0), areas('unreachable', 'ok'), 'degraded', 'canary'],
    ['canary only: a refused area', calls(0, 0), areas('refused', 'ok'), 'degraded', 'canary'],
  ])('%s', (_name, recent, checked, state, basis) => {
    expect(judgeUpstream(recent, checked)).toEqual({ state, basis });
  });
});

describe('UpstreamReachability', () => {
  let monotonic = 1_000_000;
  const clock: Clock = { now: () => monotonic, wallNow: () => 1_764_000_000_000 + monotonic };

  it('counts answers and failures of the last minute; older buckets drop out; only "not reached" kinds are failures', () => {
    const seen = new UpstreamReachability(clock);
    seen.answeredNow();
    seen.failedWith('timeout');
    seen.failedWith('business'); // a business code is an answer
    seen.failedWith('bad_body');
    expect(seen.recent()).toMatchObject({ answered: 3, failed: 1, lastFailure: 'timeout' });
    monotonic += REACHABILITY_WINDOW_MS / 2;
    seen.failedWith('network');
    expect(seen.recent()).toMatchObject({ answered: 3, failed: 2, lastFailure: 'network' });
    monotonic += REACHABILITY_WINDOW_MS / 2 + 10_000;
    expect(seen.recent()).toMatchObject({ answered: 0, failed: 1 });
    monotonic += REACHABILITY_WINDOW_MS;
    const after = seen.recent();
    expect(after).toMatchObject({ answered: 0, failed: 0, lastFailure: 'network' });
    expect(after.lastAnsweredAt).not.toBeNull();
  });
});
