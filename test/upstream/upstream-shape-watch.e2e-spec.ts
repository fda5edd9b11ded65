import type { FakeRoutes } from '../../fake-upstream/fake-upstream';
import { chartsRoutes } from '../../fake-upstream/handlers/charts';
import { Harness, startHarness } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const MISMATCH = 'gateway_upstream_shape_mismatch_total{area="charts",field="detail.data.song[].singerName"}';

/** Upstream renamed a field the chart mapper reads: every row's `singerName` now comes as `singer_name`. */
const renamedSingerName: FakeRoutes = {
  musicu: {
    [DETAIL]: async (param, ctx) => {
      const answer = (await chartsRoutes.musicu![DETAIL](param, ctx)) as { code: number; data: any };
      for (const row of answer.data.data.song) {
        row.singer_name = row.singerName;
        delete row.singerName;
      }
      return answer;
    },
  },
};

/** The `/metrics` lines of one metric name. */
const lines = async (h: Harness, name: string): Promise<string[]> =>
  (await h.http().get('/metrics').expect(200)).text.split('\n').filter((l) => l.startsWith(`${name}{`));

describe('UPSTREAM_SHAPE_SAMPLE_RATE=1: a drifted answer is counted by area and declared field', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_SHAPE_SAMPLE_RATE: '1' }, routes: [renamedSingerName] });
  });
  afterAll(() => h.close());
  afterEach(() => h.fake.clearFaults());

  it('one chart request counts the renamed field once; the answer is the mapper\'s as before', async () => {
    const res = await h.http().get('/getRanks?topId=26&limit=3').expect(200);
    // The gateway still answers (the mapper reads no other name for it), but the singer is gone.
    expect(res.body.data.songInfoList.map((s: { singerName: string }) => s.singerName)).toEqual(['', '', '']);
    expect(await lines(h, 'gateway_upstream_shape_mismatch_total')).toEqual([`${MISMATCH} 1`]);
  });

  it('a fallback is counted under the primary call it replaced', async () => {
    h.fake.fault({ kind: 'business', code: 2000001 }, { module: DETAIL, times: 1 });
    await h.http().get('/getRanks?topId=26&limit=3').expect(200);
    expect(h.fake.musicuCalls('musicToplist.ToplistInfoServer.GetDetail')).toHaveLength(1);
    expect(await lines(h, 'gateway_upstream_fallbacks_total')).toEqual([`gateway_upstream_fallbacks_total{call="${DETAIL}"} 1`]);
  });
});

describe('UPSTREAM_SHAPE_SAMPLE_RATE=0: nothing is checked', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { UPSTREAM_SHAPE_SAMPLE_RATE: '0' }, routes: [renamedSingerName] });
  });
  afterAll(() => h.close());

  it('the same drifted answer counts nothing', async () => {
    await h.http().get('/getRanks?topId=26&limit=3').expect(200);
    expect(h.fake.musicuCalls(DETAIL)).toHaveLength(1);
    expect(await lines(h, 'gateway_upstream_shape_mismatch_total')).toEqual([]);
  });
});

describe('UPSTREAM_SHAPE_SAMPLE_RATE outside 0..1', () => {
  it.each(['1.5', '-0.1', 'half'])('%s is refused at start-up, naming the setting', async (rate) => {
    await expect(startHarness({ env: { UPSTREAM_SHAPE_SAMPLE_RATE: rate } })).rejects.toThrow(
      `UPSTREAM_SHAPE_SAMPLE_RATE="${rate}" must be a decimal from 0 to 1`,
    );
  });
});
