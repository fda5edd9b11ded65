import { ENDPOINTS, exampleQuery } from './support/endpoints';
import { Harness, startHarness } from './support/harness';

/**
 * QQ Music changes its answers without notice. A well-formed success whose payload has another shape (lists of
 * nulls, strings where objects were, objects where lists were) must never make the gateway fail with a 500: the
 * answer is mapped with what is usable, or it is a 502 naming the upstream. Data-driven over the endpoint table,
 * in both response shapes.
 */
const PAYLOADS: unknown[] = [
  null,
  [],
  'x',
  0,
  {},
  { list: 'x', songlist: 7, data: 'x', total: 'n' },
  { list: [null, 1, 'x', {}], songlist: [null, {}], data: { list: [null] } },
  { list: [[1]], songlist: [[null]], comment: { commentlist: [null] }, hotkey: [null], body: { song: { list: [null] } } },
  {
    data: { song: [null, 1], songInfoList: [null], list: {}, songlist: 'x', cdlist: [null], singer: null, mvlist: [null] },
    song: {},
    songInfoList: 3,
    total: {},
    midurlinfo: [null, { purl: 7 }],
    sip: [null],
    track_info: { mid: 'x', singer: [null, 1], album: null },
    songList: [{ songInfo: { mid: 'x', singer: [null] } }, null],
    basicInfo: { albumMid: 'x' },
    group: [null, { toplist: [null, 1] }],
  },
];
const COOKIE = 'uin=o0123456; qqmusic_key=Q_H_L_schema';

describe('upstream answers of an unexpected shape never cause a 500', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it.each(ENDPOINTS.filter((e) => e.upstream.length).map((e) => [e.name, e] as const))('%s', async (_name, e) => {
    for (const shape of ['normalised', 'legacy']) {
      for (const data of PAYLOADS) {
        h.fake.reset();
        h.fake.fault({ kind: 'shape', data });
        const req = e.method === 'GET' ? h.http().get(`${e.path}${exampleQuery(e)}`) : h.http().post(e.path).send(e.example);
        const res = await req.set('X-Response-Shape', shape).set('Cookie', COOKIE);
        const what = `${shape} shape, upstream data ${JSON.stringify(data)} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(h.fake.requests.length).toBeGreaterThan(0);
        expect({ what, serverError: res.status >= 500 && res.status !== 502 }).toEqual({ what, serverError: false });
        if (res.status >= 400) expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), errorCode: expect.any(String) }));
      }
    }
  });
});
