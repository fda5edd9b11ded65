import type { Fault, FaultMatch } from '../../fake-upstream/fake-upstream';
import { UpstreamTransport } from '../../src/upstream/transport/upstream-transport';
import { Harness, startHarness, withUpstreamTimeout } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

// Its own file: nestjs-pino keeps one process-wide root logger (see startup-warning.e2e-spec.ts), so lines of apps
// booted in other suites of the same process could land in this one's capture.
const DETAIL = 'music.musicToplist.Toplist.GetDetail';
const FILE_KEY = 'Q_H_L_filesecret0001';
const CALLER_KEY = 'Q_H_L_callersecret0002';

interface UpstreamLine {
  level: number;
  msg: string;
  context?: string;
  upstream: { host: string; target: string; kind: string; status?: number; code?: string; upstreamCode?: number; attempts: number; durationMs: number };
}

describe('A failed upstream call is logged once, with its cause and without secrets', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({
      env: { LOG_LEVEL: 'info', UPSTREAM_RETRIES: '2', UPSTREAM_TIMEOUT_MS: '10000' },
      cookieFile: { cookie: `uin=o0111111111; qqmusic_key=${FILE_KEY}`, uin: '111111111' },
      logs,
    });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  const failureLines = (): UpstreamLine[] =>
    logs.map((l) => JSON.parse(l) as UpstreamLine).filter((l) => l.msg?.startsWith('Upstream call failed'));

  it.each<[string, Fault, FaultMatch, number, Partial<UpstreamLine['upstream']>, RegExp]>([
    ['HTTP 500 (retried)', { kind: 'status', status: 500 }, { host: 'u' }, 502, { kind: 'bad_status', status: 500, attempts: 3 }, /bad status 500 after 3 attempts/],
    ['a reset connection (retried)', { kind: 'reset' }, { host: 'u' }, 502, { kind: 'network', attempts: 3 }, /unreachable \(\w+\) after 3 attempts/],
    ['no answer (not retried)', { kind: 'hang' }, { host: 'u' }, 504, { kind: 'timeout', attempts: 1 }, /timed out after 1 attempt in/],
    ['a business code', { kind: 'business', code: 2001 }, { host: 'u' }, 503, { kind: 'business', upstreamCode: 2001, attempts: 1 }, /business code 2001/],
  ])('%s → one warn line naming host, target, kind, attempts and duration', async (_what, fault, match, status, expected, message) => {
    h.fake.fault(fault, match);
    // A caller cookie in the query: neither it nor the query string may reach the line.
    const call = () => h.http().get(`/getRanks?topId=4&limit=1&cookie=${encodeURIComponent(`uin=o0222; qqmusic_key=${CALLER_KEY}`)}`).expect(status);
    // Only a hung call runs under a short bound: CPU load must not time out the others.
    await (fault.kind === 'hang' ? withUpstreamTimeout(h, 300, call) : call());
    const lines = failureLines().filter((l) => l.upstream.target === DETAIL);
    expect(lines).toHaveLength(1);
    const [line] = lines;
    expect(line.level).toBe(40);
    expect(line.context).toBe('Upstream');
    expect(line.upstream).toMatchObject({ host: 'u', target: DETAIL, ...expected });
    expect(line.upstream.durationMs).toEqual(expect.any(Number));
    expect(line.msg).toMatch(message);
    if (fault.kind === 'reset') expect(line.upstream.code).toEqual(expect.any(String));
    expectNoSecretInLogs(logs, [CALLER_KEY, FILE_KEY, 'qqmusic_key=', 'uin=o0']);
  });

  it('does not repeat the line for each caller sharing one failed call', async () => {
    h.fake.fault({ kind: 'status', status: 503 }, { host: 'u' });
    await Promise.all([1, 2, 3].map(() => h.http().get('/getRanks?topId=4&limit=1').expect(502)));
    const lines = failureLines().filter((l) => l.upstream.target === DETAIL);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    // Identical concurrent reads share one upstream call (coalescing): one line per upstream call, not per caller.
    expect(lines.length).toBe(h.fake.musicuCalls(DETAIL).length / 3);
  });

  it('logs nothing at warn for a call that succeeds', async () => {
    await h.http().get('/getRanks?topId=4&limit=1').expect(200);
    expect(failureLines()).toHaveLength(0);
  });

  it('a CGI answering HTML is logged as a bad body, without the query string', async () => {
    h.fake.fault({ kind: 'html' }, { host: 'c', path: '/splcloud/fcgi-bin/smartbox_new.fcg' });
    await h.http().get('/getSmartbox?key=jay').expect(502);
    const lines = failureLines().filter((l) => l.upstream.target === 'smartbox_new.fcg');
    // The first try and the one retry with the y.qq.com Referer are two upstream calls.
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0].upstream).toMatchObject({ host: 'c', kind: 'bad_body', attempts: 1 });
    expect(logs.join('\n')).not.toMatch(/smartbox_new\.fcg\?/);
  });

  it('a call without a label is named by its path, each segment holding a digit (an id, a QR token) as :id, in the line and the metric', async () => {
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'c', path: '/test/qr/' });
    const res = await h.app.get(UpstreamTransport).send({ host: 'c', path: '/test/qr/t0ken9xyz/image?uuid=secret42' });
    expect(res.status).toBe(500);
    const lines = failureLines().filter((l) => l.upstream.host === 'c');
    expect(lines).toHaveLength(1);
    expect(lines[0].upstream).toMatchObject({ target: '/test/qr/:id/image', kind: 'bad_status', status: 500 });
    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(metrics).toContain('gateway_upstream_calls_total{host="c",target="/test/qr/:id/image",outcome="500"} 1');
    for (const text of [logs.join('\n'), metrics]) expect(text).not.toMatch(/t0ken9xyz|secret42/);
  });

  it('a CGI answering a business code is logged like a musicu one (the check lives in CgiProtocol)', async () => {
    h.fake.fault({ kind: 'status', status: 200, body: '{"code":2001}' }, { host: 'c', path: '/splcloud/fcgi-bin/smartbox_new.fcg' });
    const res = await h.http().get('/getSmartbox?key=jay').expect(503);
    expect(res.body).toMatchObject({ errorCode: 'UPSTREAM_RATE_LIMITED', upstreamCode: 2001 });
    const lines = failureLines().filter((l) => l.upstream.target === 'smartbox_new.fcg');
    expect(lines).toHaveLength(1);
    expect(lines[0].upstream).toMatchObject({ host: 'c', kind: 'business', upstreamCode: 2001, attempts: 1 });
  });
});

describe('An upstream 5xx is one short request line at error level', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    // A generous timeout and no retries: the answer's status does not depend on how busy the machine is.
    h = await startHarness({ env: { LOG_LEVEL: 'info', UPSTREAM_RETRIES: '0', UPSTREAM_TIMEOUT_MS: '10000' }, logs });
  });
  afterAll(() => h?.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });

  it.each<[string, Fault, number, string, string]>([
    ['HTTP 502', { kind: 'status', status: 502 }, 502, 'UPSTREAM_BAD_STATUS', 'bad_status'],
    ['a reset connection', { kind: 'reset' }, 502, 'UPSTREAM_UNREACHABLE', 'network'],
    ['business code 2001', { kind: 'business', code: 2001 }, 503, 'UPSTREAM_RATE_LIMITED', 'business'],
  ])('upstream %s → one short error line for the request: id, route, errorCode, upstream call, duration, no stack', async (what, fault, status, errorCode, kind) => {
    h.fake.fault(fault, { host: 'u' });
    const id = `outage-${what.replace(/\W/g, '')}`;
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Request-Id', id).expect(status);
    const mine = logs.filter((l) => l.includes(id));
    const errors = mine.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({
      level: 50,
      req: { id, method: 'GET', url: '/getRanks?topId=4&limit=1' },
      res: { statusCode: status },
      route: '/getRanks',
      errorCode,
      upstreamCall: { host: 'u', target: DETAIL, kind },
      responseTime: expect.any(Number),
      msg: expect.stringMatching(new RegExp(`^GET /getRanks failed: ${status} ${errorCode} \\(upstream u ${DETAIL.replace(/\./g, '\\.')} ${kind}\\) in \\d+ ms$`)),
    });
    expect(errors[0].err).toBeUndefined();
    // pino-http's made-up Error put ~1 KB of stack naming the install path on this line
    for (const line of mine) expect(line).not.toMatch(/stack|node_modules|\n\s+at /);
    expect(mine.join('\n').length).toBeLessThan(2000);
  });
});
