import { zzcSign } from '../../src/upstream/zzc-sign';
import { Harness, startHarness } from '../support/harness';

const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const UNSIGNED = '/cgi-bin/musicu.fcg';
const SIGNED = '/cgi-bin/musics.fcg';

/** docs/upstream/README.md "Signing": code 2000 ("signature required") → the same envelope once more on musics.fcg, signed. */
describe('Signed retry on code 2000 (musics.fcg + zzc)', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const calls = (path: string) => h.fake.requestsTo('u', path);

  it.each([
    ['on the envelope', { path: UNSIGNED }],
    ['on the key', { path: UNSIGNED, module: DETAIL }],
  ])('2000 %s: asks musics.fcg once, POSTing the same bytes it signed, and answers', async (_where, match) => {
    h.fake.fault({ kind: 'business', code: 2000 }, match);
    const res = await h.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(res.body.data.songInfoList).toHaveLength(2);
    const [unsigned] = calls(UNSIGNED);
    const signed = calls(SIGNED);
    expect(signed).toHaveLength(1);
    expect(signed[0].method).toBe('POST');
    expect(signed[0].body).toBe(unsigned.body); // same envelope, same comm and cookie
    expect(signed[0].query.sign).toBe(zzcSign(signed[0].body));
    expect(signed[0].query._).toMatch(/^\d{13}$/);
    expect(signed[0].cookie).toBe(unsigned.cookie);
    // The first sign of a signature becoming required: counted as the unsigned call's fallback.
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(new RegExp(`^gateway_upstream_fallbacks_total\\{call="${DETAIL.replace(/\./g, '\\.')} unsigned"\\} \\d+$`, 'm'));
  });

  it('a fake signature is refused by the fake as by upstream (2000), so the sign really is checked', async () => {
    h.fake.fault({ kind: 'business', code: 2000 }, { path: UNSIGNED });
    const body = JSON.stringify({ comm: { ct: 24 }, req_1: { module: 'music.musicToplist.Toplist', method: 'GetDetail', param: { topId: 4, num: 1 } } });
    const origin = h.fake.env().UPSTREAM_U_ORIGIN;
    const bad = await fetch(`${origin}${SIGNED}?sign=zzc0000&_=1`, { method: 'POST', body, headers: { Host: 'u.y.qq.com' } });
    expect(await bad.json()).toMatchObject({ code: 2000 });
    const good = await fetch(`${origin}${SIGNED}?sign=${zzcSign(body)}&_=1`, { method: 'POST', body, headers: { Host: 'u.y.qq.com' } });
    expect(await good.json()).toMatchObject({ code: 0, req_1: { code: 0 } });
  });

  it('still 2000 when signed: 502 UPSTREAM_SIGNATURE_REQUIRED after exactly one signed try per call', async () => {
    h.fake.fault({ kind: 'business', code: 2000 }, { host: 'u' });
    const res = await h.http().get('/getRanks?topId=4&limit=2&nocache=1');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_SIGNATURE_REQUIRED', upstreamCode: 2000 });
    // the chart's primary module and its documented fallback: each asked once unsigned, once signed
    const modules = (path: string) => calls(path).map((c) => c.musicu![0].module);
    expect(modules(UNSIGNED)).toEqual(['music.musicToplist.Toplist', 'musicToplist.ToplistInfoServer']);
    expect(modules(SIGNED)).toEqual(modules(UNSIGNED));
  });

  it('other codes are not signed', async () => {
    h.fake.fault({ kind: 'business', code: 500001 }, { path: UNSIGNED, module: DETAIL });
    await h.http().get('/getRanks?topId=4&limit=2');
    expect(calls(SIGNED)).toHaveLength(0);
  });

  it('a single-use call (the QQ login code exchange) is never replayed signed', async () => {
    const { qrsig } = (await h.http().get('/getMainLoginQr').expect(200)).body;
    const { qqConfirm } = await import('../../fake-upstream/handlers/login');
    qqConfirm(h.fake.state, qrsig);
    h.fake.fault({ kind: 'business', code: 2000 }, { path: UNSIGNED, module: 'QQConnectLogin.LoginServer' });
    const res = await h.http().post('/checkMainLoginQr').send({ qrsig }).expect(502);
    expect(res.body).toMatchObject({ errorCode: 'LOGIN_REJECTED', upstreamCode: 2000 });
    expect(calls(SIGNED)).toHaveLength(0);
  });
});
