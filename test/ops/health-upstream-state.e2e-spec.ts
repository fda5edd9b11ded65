import { Clock } from '../../src/common/clock';
import { UpstreamCanary } from '../../src/upstream/canary/upstream-canary.service';
import { REACHABILITY_WINDOW_MS } from '../../src/upstream/transport/upstream-reachability';
import { Harness, startHarness } from '../support/harness';

/**
 * /health/ready reports the upstream as the gateway has seen it (docs/operations.md "Health probes"): from the calls of
 * the last minute, else the canary's last checks, else `unknown`; it never calls upstream and never fails on it.
 * The window is ended by moving the app's monotonic clock, never by waiting; canary checks are run on demand.
 */

const CHART = 'music.musicToplist.Toplist.GetDetail';

interface Ready {
  checked: string[];
  info: Record<string, unknown>;
  upstream: {
    state: string;
    basis: string;
    affectsReadiness: boolean;
    recentCalls: { windowSeconds: number; answered: number; failed: number; lastAnsweredAt: string | null; lastFailedAt: string | null; lastFailure: string | null };
    canary: { intervalSeconds: number; checkedAreas: number; lastCheckedAt: string | null };
  };
}

describe('/health/ready: the upstream as lately seen, never "up" without evidence', () => {
  let h: Harness;
  let offset = 0;
  const ready = async (): Promise<Ready> => {
    const before = h.fake.requests.length;
    const res = await h.http().get('/health/ready');
    expect(res.status).toBe(200); // upstream trouble never fails readiness
    expect(h.fake.requests.length).toBe(before); // and the probe never calls upstream
    return res.body as Ready;
  };
  /** Ends the window of recent calls: what happened so far is older than a minute. */
  const aMinuteLater = () => {
    offset += REACHABILITY_WINDOW_MS + 1000;
  };

  beforeAll(async () => {
    h = await startHarness();
    const clock = h.app.get(Clock);
    const now = clock.now.bind(clock);
    jest.spyOn(clock, 'now').mockImplementation(() => now() + offset);
  });
  afterAll(() => h?.close());

  it('unknown with no call in the last minute and no canary check; says it checked config only (no Redis configured)', async () => {
    aMinuteLater(); // the harness's identity warm-up calls are evidence too: put them out of the window
    const body = await ready();
    expect(body.checked).toEqual(['config']);
    expect(Object.keys(body.info)).toEqual(['config']);
    expect(body.upstream).toMatchObject({ state: 'unknown', basis: 'none', affectsReadiness: false, canary: { intervalSeconds: 0, checkedAreas: 0, lastCheckedAt: null } });
    expect(body.upstream.recentCalls).toMatchObject({ windowSeconds: 60, answered: 0, failed: 0 });
  });

  it('ok on answered calls; degraded when some fail; unreachable when every recent call fails', async () => {
    await h.http().get('/getRanks?topId=4').expect(200);
    let body = await ready();
    expect(body.upstream).toMatchObject({ state: 'ok', basis: 'recent calls' });
    expect(body.upstream.recentCalls.answered).toBeGreaterThanOrEqual(1);
    expect(body.upstream.recentCalls.failed).toBe(0);

    h.fake.fault({ kind: 'status', status: 500 }, { module: CHART, times: 1 });
    await h.http().get('/getRanks?topId=5').expect(502);
    body = await ready();
    expect(body.upstream).toMatchObject({ state: 'degraded', basis: 'recent calls' });
    expect(body.upstream.recentCalls).toMatchObject({ failed: 1, lastFailure: 'bad_status' });
    expect(body.upstream.recentCalls.lastFailedAt).not.toBeNull();

    aMinuteLater();
    h.fake.fault({ kind: 'reset' });
    await h.http().get('/getRanks?topId=6').expect(502);
    body = await ready();
    expect(body.upstream).toMatchObject({ state: 'unreachable', basis: 'recent calls' });
    expect(body.upstream.recentCalls).toMatchObject({ answered: 0, failed: 1, lastFailure: 'network' });
    h.fake.clearFaults();
  });

  it('a business refusal is an answer (reached), not an outage', async () => {
    aMinuteLater();
    h.fake.fault({ kind: 'status', status: 404 }, { module: CHART, times: 1 });
    await h.http().get('/getRanks?topId=7');
    const body = await ready();
    expect(body.upstream).toMatchObject({ state: 'ok', recentCalls: { answered: 1, failed: 0 } });
  });

  it('without recent calls, the canary\'s last checks decide: ok, then unreachable when every checked area failed', async () => {
    const canary = h.app.get(UpstreamCanary);
    expect((await canary.check('charts'))?.state).toBe('ok');
    aMinuteLater();
    let body = await ready();
    expect(body.upstream).toMatchObject({ state: 'ok', basis: 'canary', canary: { checkedAreas: 1 } });
    expect(body.upstream.canary.lastCheckedAt).not.toBeNull();

    h.fake.fault({ kind: 'reset' }, { module: CHART });
    expect((await canary.check('charts'))?.state).toBe('unreachable');
    h.fake.clearFaults();
    aMinuteLater();
    body = await ready();
    expect(body.upstream).toMatchObject({ state: 'unreachable', basis: 'canary' });
  });
});
