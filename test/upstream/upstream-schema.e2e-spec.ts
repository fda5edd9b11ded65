import type { Fault } from '../../fake-upstream/fake-upstream';
import { type Endpoint, exampleQuery } from '../support/endpoints';
import { ALL_ENDPOINTS } from '../support/derived-endpoints';
import { Harness, startHarness } from '../support/harness';

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
/** Whole answers that parse but are no usable envelope (HTTP 200). */
const BODIES = [
  'null',
  '[]',
  '"x"',
  'true',
  '{"code":"0"}',
  '{"code":0,"req_1":null,"req_0":null,"req":null,"songinfo":null}',
  '{"code":0,"req_1":"x","req_0":"x","req":"x","songinfo":7}',
  'MusicJsonCallback([1])',
  '{"code":null}',
];
const COOKIE = 'uin=o0123456; qqmusic_key=Q_H_L_schema';

describe('upstream answers of an unexpected shape never cause a 500', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  /** Every fault in both response shapes: each answer is < 500 or a 502, and every error is the JSON error body. */
  const expectNoServerError = async (e: Endpoint, faults: { fault: Fault; label: string }[]) => {
    for (const shape of ['normalised', 'legacy']) {
      for (const { fault, label } of faults) {
        h.fake.reset();
        h.fake.fault(fault);
        const req = e.method === 'GET' ? h.http().get(`${e.path}${exampleQuery(e)}`) : h.http().post(e.path).send(e.example);
        const res = await req.set('X-Response-Shape', shape).set('Cookie', COOKIE).set(e.headers ?? {});
        const what = `${shape} shape, upstream ${label} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(h.fake.requests.length).toBeGreaterThan(0);
        expect({ what, serverError: res.status >= 500 && res.status !== 502 }).toEqual({ what, serverError: false });
        if (res.status >= 400) expect(res.body).toEqual(expect.objectContaining({ error: expect.any(String), errorCode: expect.any(String) }));
      }
    }
  };
  const calling = ALL_ENDPOINTS.filter((e) => e.upstream.length).map((e) => [e.name, e] as const);

  it.each(calling)('%s: success answers whose data has another shape', (_name, e) =>
    expectNoServerError(e, PAYLOADS.map((data) => ({ fault: { kind: 'shape', data }, label: `data ${JSON.stringify(data)}` }))));

  it.each(calling)('%s: whole answers that parse but are no envelope', (_name, e) =>
    expectNoServerError(e, BODIES.map((body) => ({ fault: { kind: 'status', status: 200, body }, label: `body ${body}` }))));
});
