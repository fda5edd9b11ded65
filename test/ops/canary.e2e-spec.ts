import { drifts, driftable } from '../../fake-upstream/drift';
import { ROUTES } from '../../fake-upstream/handlers';
import { UpstreamCanary } from '../../src/upstream/canary/upstream-canary.service';
import { AREA_READS, CANARY_AREAS, type CanaryArea } from '../../src/upstream/shape/area-reads';
import { OLD_KEY, qqLogin, TOKEN } from '../support/credentials';
import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';

/**
 * The upstream canary against a drifting fake (docs/operations.md "Upstream canary"). The suite's canary has no timer
 * (CANARY_INTERVAL_S=0, the harness default): each round or area check is run on demand through the service, so every
 * outcome is awaited, never waited for.
 */

const CHART = 'music.musicToplist.Toplist.GetDetail';
const SONG_DETAIL = 'music.pf_song_detail_svr';
/** The gauge's value per state (docs/operations.md). */
const GAUGE = { ok: 0, fallback: 1, changed: 2, refused: 3, unreachable: 4 };

interface LogLine {
  level: number;
  msg: string;
}

describe('Upstream canary', () => {
  let h: Harness;
  let logs: string[];
  let canary: UpstreamCanary;

  const canaryLines = (): LogLine[] =>
    logs.map((l) => JSON.parse(l) as LogLine).filter((l) => typeof l.msg === 'string' && l.msg.startsWith('Upstream canary:'));
  const areaOf = async (area: CanaryArea) => {
    const body = (await h.http().get('/health/upstream').set('Authorization', `Bearer ${TOKEN}`).expect(200)).body as {
      areas: { area: string; state: string; detail: string | null; since: string | null; checkedAt: string | null }[];
    };
    return body.areas.find((a) => a.area === area)!;
  };
  const gauge = async (area: CanaryArea): Promise<number | undefined> => {
    const series = `gateway_upstream_canary_status{area="${area}"}`;
    const line = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };
  const checks = async (area: CanaryArea, state: string): Promise<number> => {
    const series = `gateway_upstream_canary_checks_total{area="${area}",state="${state}"}`;
    const line = (await h.http().get('/metrics').expect(200)).text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };

  /**
   * Checks `area` twice while `drift` holds (one warn line, not two), then once after `undo` (one info line): the
   * state each time in /health/upstream and /metrics.
   */
  async function changesAndRecovers(area: CanaryArea, state: keyof typeof GAUGE, detail: (d: string) => void, undo: () => void): Promise<void> {
    const before = canaryLines().length;
    expect((await canary.check(area))?.state).toBe(state);
    const first = await areaOf(area);
    expect(first.state).toBe(state);
    detail(first.detail!);
    expect(await gauge(area)).toBe(GAUGE[state]);
    expect((await canary.check(area))?.state).toBe(state);
    const second = await areaOf(area);
    expect(second.since).toBe(first.since);
    expect(Date.parse(second.checkedAt!)).toBeGreaterThanOrEqual(Date.parse(first.checkedAt!));
    expect(await checks(area, state)).toBe(2);
    const changed = canaryLines().slice(before);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ level: 40 });
    expect(changed[0].msg).toContain(`${area} (${AREA_READS[area].call}) is ${state} (was ok)`);

    undo();
    expect((await canary.check(area))?.state).toBe('ok');
    expect((await areaOf(area)).state).toBe('ok');
    expect(await gauge(area)).toBe(GAUGE.ok);
    const recovered = canaryLines().slice(before + 1);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ level: 30 });
    expect(recovered[0].msg).toContain(`${area} (${AREA_READS[area].call}) is ok again (was ${state} since `);
  }

  beforeAll(async () => {
    logs = [];
    // No sampled live check here: its problems would show beside the canary's.
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN, LOG_LEVEL: 'info', UPSTREAM_SHAPE_SAMPLE_RATE: '0' }, routes: [driftable(ROUTES)], logs });
    canary = h.app.get(UpstreamCanary);
  });
  afterAll(() => h.close());
  afterEach(() => {
    h.fake.clearFaults();
    drifts(h.fake.state).length = 0;
  });

  it('is off in the harness: nothing checked, nothing called; /health/upstream is admin-only', async () => {
    await h.http().get('/health/upstream').expect(401);
    const body = (await h.http().get('/health/upstream').set('X-Admin-Token', TOKEN).expect(200)).body;
    expect(body.intervalSeconds).toBe(0);
    expect(body.areas.map((a: { area: string }) => a.area)).toEqual([...CANARY_AREAS]);
    expect(body.areas.every((a: { state: string; checkedAt: unknown }) => a.state === 'unknown' && a.checkedAt === null)).toBe(true);
    expect(h.fake.requests).toHaveLength(0);
    expect(await gauge('charts')).toBeUndefined();
  });

  it('a round over the undrifted fake: every area ok, each through its own call, without a log line', async () => {
    const report = await canary.runRound();
    expect(report.areas.map((a) => [a.area, a.state, a.detail])).toEqual(CANARY_AREAS.map((area) => [area, 'ok', null]));
    for (const area of CANARY_AREAS) expect(await gauge(area)).toBe(GAUGE.ok);
    // One call per area, none anonymous-by-accident: no login is stored, so none carries a music key.
    expect(h.fake.musicuCalls(CHART)).toHaveLength(1);
    expect(h.fake.requestsTo('ptlogin', '/ptqrshow')).toHaveLength(1);
    expect(h.fake.requests.every((r) => !r.cookie.includes('qqmusic_key'))).toBe(true);
    expect(canaryLines()).toEqual([]);
    // The readiness probe never depends on the canary.
    await h.http().get('/health/ready').expect(200);
  });

  it('a renamed field: changed, naming the declared path it broke; one warn line, one line on recovery', async () => {
    // The first field the chart's mapper must have (a plain name, not one of alternatives).
    const [declared] = Object.keys(AREA_READS.charts.reads).filter((p) => !p.endsWith('?') && !p.includes('|') && !p.includes('*'));
    const field = declared.split('.').pop()!.replace('[]', '');
    const path = declared.replace(/\[\]/g, '[0]');
    drifts(h.fake.state).push({ target: CHART, from: field, to: `${field}V2` });
    await changesAndRecovers('charts', 'changed', (detail) => expect(detail.startsWith(`${path}:`)).toBe(true), () => (drifts(h.fake.state).length = 0));
  });

  it('a new business code: refused, naming the code', async () => {
    h.fake.fault({ kind: 'business', code: 540321 }, { module: SONG_DETAIL });
    await changesAndRecovers('song', 'refused', (detail) => expect(detail).toContain('code 540321'), () => h.fake.clearFaults());
  });

  it('the primary call retired, its fallback answering: fallback, naming the call that answered', async () => {
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musicToplist.Toplist' });
    await changesAndRecovers('charts', 'fallback', (detail) => expect(detail).toBe(`answered by a fallback of ${CHART}`), () => h.fake.clearFaults());
    expect(h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail').length).toBeGreaterThan(0);
  });

  it('the lyric CGI failing, PlayLyricInfo answering in its place: fallback, naming the CGI', async () => {
    h.fake.fault({ kind: 'status', status: 200, body: '{"retcode":-2,"code":-2,"subcode":-2}' }, { host: 'c', path: '/lyric/fcgi-bin/fcg_query_lyric_new.fcg' });
    await changesAndRecovers('lyric', 'fallback', (detail) => expect(detail).toBe('answered by a fallback of fcg_query_lyric_new.fcg'), () => h.fake.clearFaults());
    expect(h.fake.musicuCalls('music.musichallSong.PlayLyricInfo.GetPlayLyricInfo')).toHaveLength(2);
  });

  it('a signature now required (code 2000 on the unsigned call, the signed one answering): fallback, naming the unsigned call', async () => {
    const detailCall = 'music.pf_song_detail_svr.get_song_detail_yqq';
    h.fake.fault({ kind: 'business', code: 2000 }, { path: '/cgi-bin/musicu.fcg', module: SONG_DETAIL });
    await changesAndRecovers('song', 'fallback', (detail) => expect(detail).toBe(`answered by a fallback of ${detailCall} unsigned`), () => h.fake.clearFaults());
    expect(h.fake.requestsTo('u', '/cgi-bin/musics.fcg').length).toBeGreaterThan(0);
  });

  it('a hang: unreachable once UPSTREAM_TIMEOUT_MS passes; /health/ready stays up', async () => {
    h.fake.fault({ kind: 'hang' }, { module: SONG_DETAIL });
    await withUpstreamTimeout(h, 300, () =>
      changesAndRecovers('song', 'unreachable', (detail) => expect(detail).toContain('timeout'), () => h.fake.clearFaults()),
    );
    await h.http().get('/health/ready').expect(200);
  });
});

describe('Upstream canary with a stored login', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ cookieFile: qqLogin() });
  });
  afterAll(() => h.close());

  it("checks as the stored login: the probe carries its key, as a request without the caller's own cookie does", async () => {
    expect((await h.app.get(UpstreamCanary).check('song'))?.state).toBe('ok');
    const [call] = h.fake.musicuCalls(SONG_DETAIL);
    expect(call.request.cookie).toContain(`qqmusic_key=${OLD_KEY}`);
  });
});

describe('/health/upstream beside the sampled live check', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { ADMIN_TOKEN: TOKEN, UPSTREAM_SHAPE_SAMPLE_RATE: '1' }, routes: [driftable(ROUTES)] });
  });
  afterAll(() => h.close());

  it('keeps its own answers and fallbacks out of the live-traffic counters', async () => {
    const canary = h.app.get(UpstreamCanary);
    const metrics = async () => (await h.http().get('/metrics').expect(200)).text;
    drifts(h.fake.state).push({ target: CHART, from: 'title', to: 'titleV2' });
    expect((await canary.check('charts'))?.state).toBe('changed');
    drifts(h.fake.state).length = 0;
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musicToplist.Toplist' });
    expect((await canary.check('charts'))?.state).toBe('fallback');
    h.fake.clearFaults();
    const text = await metrics();
    expect(text).not.toMatch(/^gateway_upstream_shape_mismatch_total\{/m);
    expect(text).not.toMatch(/^gateway_upstream_fallbacks_total\{/m);
    const { areas } = (await h.http().get('/health/upstream').set('X-Admin-Token', TOKEN).expect(200)).body;
    expect(areas.find((a: { area: string }) => a.area === 'charts')).toMatchObject({ state: 'fallback', liveProblem: null });
    // The same fallback taken for a caller counts.
    h.fake.fault({ kind: 'business', code: 500003 }, { module: 'music.musicToplist.Toplist' });
    await h.http().get('/getRanks?topId=62&limit=1').expect(200);
    h.fake.clearFaults();
    expect(await metrics()).toMatch(/^gateway_upstream_fallbacks_total\{call="music\.musicToplist\.Toplist\.GetDetail"\} 1$/m);
  });

  it("shows a live answer's problem under its area, whatever the canary last found", async () => {
    drifts(h.fake.state).push({ target: CHART, from: 'title', to: 'titleV2' });
    await h.http().get('/getRanks?topId=62&limit=1');
    const { areas } = (await h.http().get('/health/upstream').set('X-Admin-Token', TOKEN).expect(200)).body;
    const charts = areas.find((a: { area: string }) => a.area === 'charts');
    expect(charts).toMatchObject({ liveProblem: { path: 'detail.data.title', expected: 'string', got: 'undefined' } });
    expect(Date.parse(charts.liveProblem.at)).not.toBeNaN();
    expect(areas.filter((a: { liveProblem: unknown }) => a.liveProblem !== null)).toHaveLength(1);
  });
});
