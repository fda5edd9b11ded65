import fc from 'fast-check';
import type { FakeRoutes } from '../../fake-upstream/fake-upstream';
import type { AppConfig } from '../../src/config/app-config';
import { APP_CONFIG } from '../../src/config/config.constants';
import { CgiProtocol } from '../../src/upstream/protocol/cgi.protocol';
import { MusicuProtocol } from '../../src/upstream/protocol/musicu.protocol';
import { UpstreamTransport } from '../../src/upstream/transport/upstream-transport';
import { BROWSER_UA } from '../../src/upstream/upstream.types';
import { UpstreamError } from '../../src/upstream/upstream.errors';
import { requestContext } from '../../src/common/request-context';
import { clientThatLeaves, Harness, startHarness, waitFor } from '../support/harness';

/** CGIs that refuse a c.y.qq.com Referer, as several real ones do (docs/upstream/README.md "Referer retry"). */
const testRoutes: FakeRoutes = {
  http: {
    'c /test/referer-checked.fcg': ({ req }) =>
      String(req.headers.referer).startsWith('https://y.qq.com') ? { text: 'cb({"code":0,"data":{"name":"a (b) c"}})' } : { text: '' },
    'c /test/jsonp-nested.fcg': () => ({ text: 'MusicJsonCallback({"code":0,"text":"f(x) = (y)"});' }),
    'c /test/xml.fcg': () => ({ text: '<?xml version="1.0"?><result><code>0</code></result>' }),
    'c /test/always-html.fcg': () => ({ text: '<html>blocked</html>' }),
    // Refuses the c.y.qq.com Referer with the HTTP status given in ?status= (a 403 Referer check, a 429 throttle, …).
    'c /test/referer-status.fcg': ({ req }) =>
      String(req.headers.referer).startsWith('https://y.qq.com') ? { json: { code: 0, data: 'ok' } } : { status: Number(req.query.status), text: '' },
  },
};

describe('The upstream transport and protocols (the one door to QQ Music)', () => {
  let h: Harness;
  let cgi: CgiProtocol;
  let musicu: MusicuProtocol;
  let transport: UpstreamTransport;
  beforeAll(async () => {
    h = await startHarness({ routes: [testRoutes] });
    cgi = h.app.get(CgiProtocol);
    musicu = h.app.get(MusicuProtocol);
    transport = h.app.get(UpstreamTransport);
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  it('retries a refused CGI once with the y.qq.com Referer, then parses JSONP', async () => {
    const { raw } = await cgi.call('/test/referer-checked.fcg', { a: 1 });
    expect(raw).toEqual({ code: 0, data: { name: 'a (b) c' } });
    const seen = h.fake.requestsTo('c', '/test/referer-checked.fcg');
    expect(seen.map((r) => r.headers.referer)).toEqual(['https://c.y.qq.com/', 'https://y.qq.com/']);
    expect(seen[0].query.a).toBe('1');
    // A retry is a fallback too: counted under the call it gave up.
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^gateway_upstream_fallbacks_total\{call="referer-checked\.fcg first Referer"\} 1$/m);
  });

  it('a stored cookie that cannot go into a header fails at once, and never wedges the host\'s connection pool', async () => {
    const sockets = h.app.get<AppConfig>(APP_CONFIG).upstreamMaxConcurrency;
    const bad = Array.from({ length: sockets + 8 }, () =>
      transport.send({ host: 'c', path: '/test/jsonp-nested.fcg', cookie: 'uin=o01; k=\u4e2d' }, true).then(
        () => 'sent',
        (err: { errorCode?: string }) => err.errorCode,
      ),
    );
    expect(new Set(await Promise.all(bad))).toEqual(new Set(['STORED_COOKIE_INVALID']));
    expect(h.fake.requests).toHaveLength(0);
    // every socket of the host is still free: a good call answers
    const { raw } = await cgi.call('/test/jsonp-nested.fcg', {});
    expect(raw).toEqual({ code: 0, text: 'f(x) = (y)' });
  });

  it('parses JSONP with nested parentheses and a trailing semicolon', async () => {
    const { raw } = await cgi.call('/test/jsonp-nested.fcg', {});
    expect(raw).toEqual({ code: 0, text: 'f(x) = (y)' });
  });

  it('returns XML text as is for format xml', async () => {
    const { raw } = await cgi.call('/test/xml.fcg', {}, { format: 'xml' });
    expect(raw).toContain('<result>');
  });

  it.each([403, 429, 500, 503])('a CGI refusing the c.y.qq.com Referer with HTTP %d is asked once more with the y.qq.com one', async (status) => {
    const { raw } = await cgi.call('/test/referer-status.fcg', { status });
    expect(raw).toEqual({ code: 0, data: 'ok' });
    const seen = h.fake.requestsTo('c', '/test/referer-status.fcg');
    expect(seen.map((r) => r.headers.referer)).toEqual(['https://c.y.qq.com/', 'https://y.qq.com/']);
  });

  it('other 4xx statuses are no Referer refusal: one call, a bad_status error', async () => {
    await expect(cgi.call('/test/referer-status.fcg', { status: 404 })).rejects.toMatchObject({ kind: 'bad_status', details: { status: 404 } });
    expect(h.fake.requestsTo('c', '/test/referer-status.fcg')).toHaveLength(1);
  });

  it('gives up after the one retry with a bad_body error', async () => {
    await expect(cgi.call('/test/always-html.fcg', {})).rejects.toMatchObject({ kind: 'bad_body' });
    expect(h.fake.requestsTo('c', '/test/always-html.fcg')).toHaveLength(2);
  });

  it('every call carries the desktop Chrome User-Agent unless the caller names its own', async () => {
    await cgi.call('/test/jsonp-nested.fcg', {});
    await musicu.call({ songinfo: { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_id: 97773 } } });
    await transport.send({ host: 'c', path: '/test/xml.fcg', headers: { 'User-Agent': 'QQMusic 14090008(android 10)' } });
    expect(BROWSER_UA).toMatch(/^Mozilla\/5\.0 \(Windows NT 10\.0; Win64; x64\) .* Chrome\/120\.0\.0\.0 Safari\/537\.36$/);
    expect(h.fake.requests.map((r) => [r.path, r.headers['user-agent']])).toEqual([
      ['/test/jsonp-nested.fcg', BROWSER_UA],
      ['/cgi-bin/musicu.fcg', BROWSER_UA],
      ['/test/xml.fcg', 'QQMusic 14090008(android 10)'],
    ]);
  });

  it('leaves query parameters that are undefined or null out (never "undefined" or "null" upstream)', async () => {
    await cgi.call('/test/jsonp-nested.fcg', { a: 1, gone: undefined, none: null, zero: 0, no: false });
    const [req] = h.fake.requestsTo('c', '/test/jsonp-nested.fcg');
    expect(req.query).toEqual({ a: '1', zero: '0', no: 'false' });
  });

  it('sends musicu as GET with data as a JSON string when asked (never bracket notation)', async () => {
    await musicu.call(
      { songinfo: { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_id: 97773 } } },
      { via: 'GET' },
    );
    const [req] = h.fake.requestsTo('u', '/cgi-bin/musicu.fcg');
    expect(req.method).toBe('GET');
    expect(req.query.format).toBe('json');
    expect(JSON.parse(req.query.data)).toMatchObject({ songinfo: { param: { song_id: 97773 } }, comm: { ct: 24 } });
    expect(req.rawQuery).not.toContain('%5B'); // no data[comm][ct]=… brackets
  });

  it('keeps the good keys of a multi-key answer with musicuPartial', async () => {
    h.fake.fault({ kind: 'business', code: 1000 }, { module: 'music.musicToplist.Toplist.GetAll' });
    const { results } = await musicu.callPartial({
      a: { module: 'music.pf_song_detail_svr', method: 'get_song_detail_yqq', param: { song_id: 97773 } },
      b: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} },
      c: { module: 'no.such.Module', method: 'Nope', param: {} },
    });
    expect(results.a.code).toBe(0);
    expect(results.a.data.track_info.mid).toBe('0039MnYb0qxYhV');
    expect(results.b).toMatchObject({ code: 1000, data: null, error: 'login expired or missing (code 1000)' });
    expect(results.c.code).toBe(500003);
  });

  it('throws one typed error for a failing key with musicu', async () => {
    h.fake.fault({ kind: 'business', code: 2001 }, { module: 'music.musicToplist.Toplist' });
    const err = await musicu
      .call({ a: { module: 'music.musicToplist.Toplist', method: 'GetAll', param: {} } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(UpstreamError);
    expect(err).toMatchObject({ kind: 'business', details: { upstreamCode: 2001 } });
  });

  it('aborts the upstream call when the caller’s signal fires', async () => {
    h.fake.fault({ kind: 'hang' }, { host: 'c', path: '/test/xml.fcg' });
    const abort = new AbortController();
    const call = requestContext.run({ signal: abort.signal }, () => cgi.call('/test/xml.fcg', {}, { format: 'xml', noRefererRetry: true }));
    // Aborted once the call is really in flight upstream (an abort before it was sent proves nothing about cancelling).
    await waitFor(() => h.fake.currentConcurrency('c /test/xml.fcg') === 1, 3000, 'the call to reach upstream');
    abort.abort();
    await expect(call).rejects.toMatchObject({ name: 'RequestAbortedError' });
    // …and the hung upstream request was closed, not left to run until the timeout.
    await waitFor(() => h.fake.currentConcurrency('c /test/xml.fcg') === 0, 1000, 'the upstream request to be closed');
  });

  describe('identical calls in flight share one upstream call, and one caller hanging up cancels nobody else', () => {
    const XML = 'c /test/xml.fcg';
    const xmlAs = (signal: AbortSignal) =>
      requestContext.run({ signal }, () => cgi.call('/test/xml.fcg', {}, { format: 'xml', noRefererRetry: true }));
    afterEach(() => h.fake.release(XML));
    const upstreamJoins = async () => {
      const line = (await h.http().get('/metrics')).text.split('\n').find((l) => l.startsWith('gateway_coalesced_requests_total{level="upstream"}'));
      return Number(line?.split(' ')[1] ?? 0);
    };

    it('the others still get the answer when the first caller hangs up', async () => {
      h.fake.hold(XML);
      const first = new AbortController();
      const second = new AbortController();
      const calls = [xmlAs(first.signal), xmlAs(second.signal)];
      await waitFor(() => h.fake.currentConcurrency(XML) === 1, 3000, 'the shared call to reach upstream');
      first.abort();
      h.fake.release(XML);
      const [, answer] = await Promise.all(calls);
      expect(answer.raw).toContain('<result>');
      expect(h.fake.requestsTo('c', '/test/xml.fcg')).toHaveLength(1);
    });

    it('the upstream call is cancelled once every caller has hung up; a later caller starts a fresh one', async () => {
      h.fake.hold(XML);
      const callers = [new AbortController(), new AbortController()];
      const calls = callers.map((c) => xmlAs(c.signal));
      await waitFor(() => h.fake.currentConcurrency(XML) === 1, 3000, 'the shared call to reach upstream');
      callers.forEach((c) => c.abort());
      for (const call of calls) await expect(call).rejects.toMatchObject({ name: 'RequestAbortedError' });
      const later = xmlAs(new AbortController().signal);
      await waitFor(() => h.fake.requestsTo('c', '/test/xml.fcg').length === 2, 3000, 'a fresh call upstream');
      h.fake.release(XML);
      expect((await later).raw).toContain('<result>');
    });

    it('identical calls made as two different accounts are never shared: each goes upstream with its own cookie', async () => {
      h.fake.hold(XML);
      const cookies = ['uin=o0111; qqmusic_key=Q_H_L_first', 'uin=o0222; qqmusic_key=Q_H_L_second'];
      const calls = cookies.map((cookie) => cgi.call('/test/xml.fcg', {}, { format: 'xml', noRefererRetry: true, cookie }));
      // Both reach upstream at once: had the second joined the first's call, it would get the first account's answer.
      await waitFor(() => h.fake.currentConcurrency(XML) === 2, 3000, 'one upstream call per account');
      h.fake.release(XML);
      for (const answer of await Promise.all(calls)) expect(answer.raw).toContain('<result>');
      expect(h.fake.requestsTo('c', '/test/xml.fcg').map((r) => r.cookie).sort()).toEqual(cookies);
    });

    it('property: whichever callers hang up, the others get the answer from one upstream call; if all do, it is cancelled', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.boolean(), { minLength: 2, maxLength: 6 }), async (hangsUp) => {
          h.fake.reset();
          h.fake.hold(XML);
          const joinsBefore = await upstreamJoins();
          const callers = hangsUp.map(() => new AbortController());
          const outcomes = callers.map((c) => xmlAs(c.signal).then((r) => r.raw as string, (err: Error) => err));
          await waitFor(() => h.fake.currentConcurrency(XML) === 1, 3000, 'the shared call to reach upstream');
          await waitFor(async () => (await upstreamJoins()) === joinsBefore + callers.length - 1, 3000, 'every caller to join');
          callers.forEach((c, i) => hangsUp[i] && c.abort());
          h.fake.release(XML);
          const results = await Promise.all(outcomes);
          if (hangsUp.every(Boolean)) {
            for (const r of results) expect(r).toMatchObject({ name: 'RequestAbortedError' });
          } else {
            for (const r of results) expect(r).toContain('<result>');
          }
          expect(h.fake.requestsTo('c', '/test/xml.fcg')).toHaveLength(1);
          // Nothing is left behind: the next identical call goes upstream afresh.
          expect(await xmlAs(new AbortController().signal).then((r) => r.raw)).toContain('<result>');
          expect(h.fake.requestsTo('c', '/test/xml.fcg')).toHaveLength(2);
        }),
        { numRuns: 20 },
      );
    });

    it('over HTTP: a client that disconnects does not turn an identical request into an error', async () => {
      const DETAIL = 'music.musicToplist.Toplist.GetDetail';
      h.fake.hold(DETAIL);
      try {
        const leaving = clientThatLeaves(h, '/getRanks?topId=4&limit=2');
        await waitFor(() => h.fake.currentConcurrency(DETAIL) === 1, 3000, 'the first request to reach upstream');
        // The first client leaves only once the second has joined the call in flight (counted in /metrics)…
        const joinsBefore = await upstreamJoins();
        const staying = h.http().get('/getRanks?topId=4&limit=2').then((r) => r);
        await waitFor(async () => (await upstreamJoins()) > joinsBefore, 3000, 'the second request to join the call in flight');
        // …and upstream answers only once the gateway has seen it go (the second client's connection stays open).
        await leaving.leave(1);
        h.fake.release(DETAIL);
        const res = await staying;
        expect(res.status).toBe(200);
        expect(res.body.data.songInfoList).toHaveLength(2);
        expect(h.fake.requestsTo('u', '/cgi-bin/musicu.fcg')).toHaveLength(1);
      } finally {
        h.fake.release(DETAIL);
      }
    });
  });
});
