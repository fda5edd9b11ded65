import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import type { MusicuHandler } from '../../fake-upstream/fake-upstream';
import { ROUTES } from '../../fake-upstream/handlers';
import { UpstreamCanary } from '../../src/upstream/canary/upstream-canary.service';
import { CANARY_AREAS } from '../../src/upstream/shape/area-reads';
import { TOKEN } from '../support/credentials';
import { Harness, startHarness, waitFor } from '../support/harness';

/**
 * The canary's own timer (CANARY_INTERVAL_S=60: one area every 6 s): the first area soon after the server listens,
 * the next not before its turn, and a probe in flight at shutdown aborted rather than waited for. The fake holds the
 * first probe's call at a gate the test opens, so nothing depends on how fast the machine is.
 */

const CHART = 'music.musicToplist.Toplist.GetDetail';
const realChart: MusicuHandler = Object.assign({}, ...ROUTES.map((r) => r.musicu ?? {}))[CHART];

describe('Upstream canary on its timer', () => {
  let h: Harness;
  let logs: string[];
  let entered: number;
  let open: () => void;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeEach(async () => {
    logs = [];
    entered = 0;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated: MusicuHandler = async (param, ctx) => {
      entered++;
      await gate;
      return realChart(param, ctx);
    };
    process.on('unhandledRejection', onRejection);
    h = await startHarness({
      env: { CANARY_INTERVAL_S: '60', ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info', SHUTDOWN_WORK_TIMEOUT_MS: '60000' },
      routes: [{ musicu: { [CHART]: gated } }],
      logs,
    });
  });
  afterEach(async () => {
    open();
    process.removeListener('unhandledRejection', onRejection);
    await h.fake.stop();
    rmSync(dirname(h.cookieFile), { recursive: true, force: true });
  });

  it('checks the first area soon after the server listens, and only that one until its turn comes', async () => {
    await waitFor(() => entered === 1, 3000, "the first area's probe");
    open();
    await waitFor(
      async () => {
        const body = (await h.http().get('/health/upstream').set('X-Admin-Token', TOKEN).expect(200)).body;
        return body.areas[0].state === 'ok';
      },
      3000,
      'the first area to be checked',
    );
    const { areas, intervalSeconds } = h.app.get(UpstreamCanary).report();
    expect(intervalSeconds).toBe(60);
    expect(areas.map((a) => a.state)).toEqual(CANARY_AREAS.map((_, i) => (i === 0 ? 'ok' : 'unknown')));
    // Spread over the interval: the second area waits its 6 s, so the fake has seen the chart call alone.
    expect(h.fake.requests.map((r) => r.musicu?.map((c) => `${c.module}.${c.method}`).join())).toEqual([CHART]);
    await h.app.close();
  });

  it('a probe in flight at shutdown is aborted: the close does not wait for it, records nothing, rejects nothing', async () => {
    await waitFor(() => entered === 1, 3000, "the first area's probe");
    const canary = h.app.get(UpstreamCanary);
    await h.app.close();
    // Still held at the fake: the close went on without it (SHUTDOWN_WORK_TIMEOUT_MS is a minute).
    expect(entered).toBe(1);
    expect(logs.filter((l) => l.includes('Shutdown: waiting up to') || l.includes('stopped waiting'))).toEqual([]);
    expect(canary.report().areas.every((a) => a.state === 'unknown')).toBe(true);
    expect(logs.filter((l) => l.includes('Upstream canary:'))).toEqual([]);
    expect(rejections).toEqual([]);
    // Nothing more is scheduled: the fake's log stays at the one held call.
    expect(await canary.check('charts')).toBeUndefined();
    expect(h.fake.requests).toHaveLength(1);
  });
});
