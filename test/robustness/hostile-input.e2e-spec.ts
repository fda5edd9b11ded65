import { answerValidator, type AnswerValidator } from '../support/answer-validator';
import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { FAKE_QQ, loginFake, wxConfirm } from '../../fake-upstream/handlers/login';
import { Endpoint, ParamKind } from '../support/endpoints';
import { ALL_ENDPOINTS, DERIVED } from '../support/derived-endpoints';
import { Harness, startHarness, waitForReady } from '../support/harness';
import { requireRedis, TEST_REDIS_URL } from '../support/redis';
import Redis from 'ioredis';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Fault, FaultMatch } from '../../fake-upstream/fake-upstream';
import { issuedQimei36, issuedSid } from '../../fake-upstream/handlers/identity';
import { UpstreamCanary } from '../../src/upstream/canary/upstream-canary.service';
import { generateDeviceProfile } from '../../src/upstream/identity/device-profile';
import { readStoredIdentity } from '../../src/upstream/identity/identity-store';

/**
 * Property: for EVERY endpoint and every parameter, hostile values (missing, empty, huge, unicode, control
 * characters, CR/LF, odd numbers, arrays where scalars belong, repeated params, wrong JSON types, broken bodies)
 * get either a 4xx JSON `{ error: string, ... }` or a valid 2xx JSON — never a 5xx (except an upstream-derived
 * code the endpoint table whitelists with its reason), never a hang, never a crash.
 *
 * Runs: HOSTILE_RUNS per endpoint (default 40), from the fixed seed of test/support/fast-check-seed.ts unless
 * FC_SEED says otherwise (`npm run test:fuzz`: random seeds, 400 runs); fast-check prints the seed and the shrunk
 * counterexample on failure.
 */

const RUNS = Number(process.env.HOSTILE_RUNS ?? 40);
/**
 * Budgets sized for a busy 2-core machine: a request takes a few ms there, ≈ 100 ms when the CPU is hogged; each
 * property makes RUNS requests and gets 1 s per request, never less than a minute.
 */
const PROPERTY_TIMEOUT_MS = Math.max(60_000, RUNS * 1000);
const FIXED_CASES_TIMEOUT_MS = 60_000;
/** "Never a hang": one request answering later than this is reported as one. */
const REQUEST_TIMEOUT_MS = 20_000;

/** A query parameter value: a plain string, a repeated parameter, or a bracket form. */
type QueryValue = { t: 'one'; v: string } | { t: 'repeat'; v: string[] } | { t: 'bracket'; v: string; key: string };

const NUMBERISH = fc.constantFrom(
  '-1', '0', '-0', 'NaN', 'Infinity', '-Infinity', '1e309', '1e-7', '99999999999999999999999', '9007199254740993',
  '0x10', '0b1', '1.5', ' 1 ', '+1', '1,2', '١٢', 'null', 'undefined', 'true', 'false', '[]', '{}', '[object Object]',
);
const NASTY = fc.constantFrom(
  '', ' ', '\t', '\r\n', 'a\r\nSet-Cookie: x=1', '%00', '\u0000', '\u202e', '\ufeff', '😀', '𠜎𠜱', 'é', '../../etc/passwd',
  'http://evil.example/', '//evil.example', '@evil.example', '?x=y&', '#frag', '%2F%2E%2E', '<script>alert(1)</script>',
  "' OR 1=1 --", '${jndi:ldap://x}', '__proto__', 'constructor', 'toString', 'hasOwnProperty',
);
const CONTROL = fc.string({ unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 8 });
const STRINGS = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  CONTROL,
  fc.string({ minLength: 200, maxLength: 3000 }), // long, but under Node's header limit
);
const hostileScalar = (kind: ParamKind): fc.Arbitrary<string> => {
  const valid: Record<ParamKind, fc.Arbitrary<string>> = {
    int: fc.integer({ min: -1e6, max: 1e6 }).map(String),
    bool: fc.constantFrom('true', 'false', '1', '0', 'yes', 'TRUE'),
    enum: fc.constantFrom('-1', '1', '2', '3', '5', '15', 'all', 'song', 'album', 'time', 'listen', 'flac', 'm4a'),
    mid: fc.stringMatching(/^[0-9A-Za-z]{1,40}$/),
    numid: fc.stringMatching(/^\d{1,20}$/),
    idlist: fc.array(fc.stringMatching(/^\d{1,16}$/), { maxLength: 25 }).map((a) => a.join(',')),
    text: fc.string({ unit: 'grapheme', maxLength: 120 }),
    token: fc.stringMatching(/^[\w*=.-]{1,140}$/),
    uin: fc.stringMatching(/^(o0)?\d{1,24}$/),
    array: fc.constant('1'),
  };
  return fc.oneof(valid[kind], NUMBERISH, NASTY, STRINGS);
};
const queryValue = (kind: ParamKind): fc.Arbitrary<QueryValue> =>
  fc.oneof(
    { weight: 6, arbitrary: hostileScalar(kind).map((v): QueryValue => ({ t: 'one', v })) },
    { weight: 1, arbitrary: fc.array(hostileScalar(kind), { minLength: 2, maxLength: 3 }).map((v): QueryValue => ({ t: 'repeat', v })) },
    { weight: 1, arbitrary: fc.tuple(fc.constantFrom('[]', '[0]', '[x]', '[__proto__]'), hostileScalar(kind)).map(([key, v]): QueryValue => ({ t: 'bracket', key, v })) },
  );

function buildQuery(values: Record<string, QueryValue | null>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (!value) continue; // missing
    const k = encodeURIComponent(name);
    if (value.t === 'one') parts.push(`${k}=${encodeURIComponent(value.v)}`);
    else if (value.t === 'repeat') for (const v of value.v) parts.push(`${k}=${encodeURIComponent(v)}`);
    else parts.push(`${k}${encodeURIComponent(value.key).replace(/%5B/g, '[').replace(/%5D/g, ']')}=${encodeURIComponent(value.v)}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

/** A JSON value where a field of this kind belongs: right type, wrong type, nested junk. */
const jsonValue = (kind: ParamKind): fc.Arbitrary<unknown> =>
  fc.oneof(
    hostileScalar(kind),
    fc.constantFrom(null, true, false, 0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, [], {}, [[]], [null], ['x'], [[1, 2, 3]]),
    fc.array(fc.array(hostileScalar('mid'), { maxLength: 3 }), { maxLength: 30 }),
    fc.array(fc.integer({ min: -10, max: 1e9 }), { maxLength: 25 }),
    fc.jsonValue({ maxDepth: 3 }),
  );

interface Outcome {
  status: number;
  contentType: string;
  body: any;
}

let harness: Harness;
let total = 0;
const byStatus: Record<string, number> = {};

async function call(e: Endpoint, build: () => Promise<any>): Promise<Outcome> {
  total++;
  const res = await build();
  byStatus[res.status] = (byStatus[res.status] ?? 0) + 1;
  return { status: res.status, contentType: String(res.headers['content-type'] ?? ''), body: res.body };
}

function checkOutcome(e: Endpoint, o: Outcome, what: string): void {
  const context = `${e.method} ${e.path} ${what.slice(0, 300)} → ${o.status} ${JSON.stringify(o.body).slice(0, 300)}`;
  if (o.status >= 500) {
    const allowed = e.hostile5xx ?? {};
    if (!(o.body?.errorCode in allowed)) throw new Error(`5xx on hostile input: ${context}`);
    return;
  }
  // Node's own HTTP parser answers an over-long URL/header before the app sees it (no JSON body possible)
  if (o.status === 414 || o.status === 431) return;
  if (o.status >= 400) {
    if (!/json/.test(o.contentType) || typeof o.body?.error !== 'string' || !o.body.error) {
      throw new Error(`4xx without a JSON { error }: ${context}`);
    }
    return;
  }
  if (o.status < 200 || o.status >= 300) throw new Error(`unexpected status: ${context}`);
  if (!/json/.test(o.contentType)) throw new Error(`2xx that is not JSON: ${context}`);
  // Whatever the input, an answer the gateway gives is one its schema declares (decision 021).
  const problems = o.status === 200 ? validate(`${e.method} ${e.path}`, o.body) : [];
  if (problems.length) throw new Error(`2xx outside its declared schema (${problems.join('; ')}): ${context}`);
}

let validate: AnswerValidator;
beforeAll(async () => {
  harness = await startHarness({
    // Generous bounds: an upstream call slowed by CPU load must not turn a valid request into a 504 (a 5xx here).
    env: { BODY_LIMIT: '100kb', UPSTREAM_TIMEOUT_MS: '10000', ALT_LOGIN_POLL_TIMEOUT_MS: '10000' },
  });
  validate = await answerValidator(harness);
});
afterAll(async () => {
  console.log(`hostile-input: ${total} requests over ${ALL_ENDPOINTS.length} endpoints (${RUNS} generated runs each); statuses ${JSON.stringify(byStatus)}`);
  await harness.close();
});
beforeEach(() => harness.fake.reset());

/** The gateway, with the headers the row's requests carry (a library write's login). */
const client = (e: Endpoint) => ({
  get: (path: string) => harness.http().get(path).set(e.headers ?? {}),
  post: (path: string) => harness.http().post(path).set(e.headers ?? {}),
});

describe.each(ALL_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s with hostile input', (_n, e) => {
  const names = Object.keys(e.params);

  it('generated values for every parameter → 4xx JSON error or 2xx JSON, never 5xx or a hang', async () => {
    if (e.method === 'GET') {
      const arb = fc.record(Object.fromEntries(names.map((n) => [n, fc.option(queryValue(e.params[n].kind), { freq: 4 })])), {
        requiredKeys: names,
      }) as fc.Arbitrary<Record<string, QueryValue | null>>;
      // also some runs keep the other params valid, so each param is attacked on its own
      const single = fc.constantFrom(...(names.length ? names : ['x'])).chain((n) =>
        queryValue(e.params[n]?.kind ?? 'text').map((v) => ({ ...Object.fromEntries(Object.entries(e.example).map(([k, x]) => [k, { t: 'one' as const, v: String(x) }])), [n]: v })),
      );
      await fc.assert(
        fc.asyncProperty(fc.oneof(arb, single), async (values) => {
          const q = buildQuery(values);
          const o = await call(e, () => client(e).get(`${e.path}${q}`).timeout(REQUEST_TIMEOUT_MS));
          checkOutcome(e, o, q);
        }),
        { numRuns: RUNS },
      );
    } else {
      const body = fc.oneof(
        fc.record(Object.fromEntries(names.map((n) => [n, jsonValue(e.params[n].kind)])), { requiredKeys: [] }),
        fc.constantFrom(...names).chain((n) => jsonValue(e.params[n].kind).map((v) => ({ ...e.example, [n]: v }))),
        fc.jsonValue({ maxDepth: 2 }),
      );
      await fc.assert(
        fc.asyncProperty(body, async (b) => {
          const text = JSON.stringify(b) ?? 'null';
          const o = await call(e, () => client(e).post(e.path).set('Content-Type', 'application/json').send(text).timeout(REQUEST_TIMEOUT_MS));
          checkOutcome(e, o, text);
        }),
        { numRuns: RUNS },
      );
    }
  }, PROPERTY_TIMEOUT_MS);

  it('fixed hostile shapes: CR/LF, 1 MB values, unicode, array forms, invalid bodies', async () => {
    const cases: [string, () => any][] = [];
    const target = names[0];
    if (e.method === 'GET') {
      const base = Object.fromEntries(Object.entries(e.example).map(([k, v]) => [k, { t: 'one' as const, v: String(v) }]));
      for (const n of names) {
        for (const v of ['a\r\nX-Injected: 1', '\u0000', '😀'.repeat(50), 'Infinity', '-1e400', 'x'.repeat(10_000)]) {
          const q = buildQuery({ ...base, [n]: { t: 'one', v } });
          cases.push([q, () => client(e).get(`${e.path}${q}`)]);
        }
        const rep = buildQuery({ ...base, [n]: { t: 'repeat', v: ['1', '2'] } });
        cases.push([rep, () => client(e).get(`${e.path}${rep}`)]);
        const br = `${buildQuery(base) || '?'}&${n}[]=1&${n}[a][b]=2`;
        cases.push([br, () => client(e).get(`${e.path}${br}`)]);
      }
      // 1 MB in the URL: Node itself answers 431 (headers too large) — still a 4xx, and the process lives
      const huge = `?${target ?? 'x'}=${'a'.repeat(1024 * 1024)}`;
      cases.push(['1 MB query', () => rawGet(`${e.path}${huge}`)]);
      // a body on a GET is ignored
      cases.push(['GET with a JSON body', () => client(e).get(`${e.path}${buildQuery(base)}`).set('Content-Type', 'application/json').send('{bad')]);
    } else {
      const post = (ct: string, text: string) => () => client(e).post(e.path).set('Content-Type', ct).send(text);
      cases.push(['invalid JSON', post('application/json', '{"qrsig": ')]);
      cases.push(['JSON null', post('application/json', 'null')]);
      cases.push(['JSON array', post('application/json', '[1,2]')]);
      cases.push(['JSON string', post('application/json', '"x"')]);
      cases.push(['empty body', post('application/json', '')]);
      cases.push(['text/plain', post('text/plain', JSON.stringify(e.example))]);
      cases.push(['form', post('application/x-www-form-urlencoded', 'a=1&a=2&b[]=3')]);
      cases.push(['xml', post('application/xml', '<a>1</a>')]);
      cases.push(['__proto__', post('application/json', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"x":1}}}')]);
      cases.push(['99 kB string', post('application/json', JSON.stringify({ [target]: 'a'.repeat(99 * 1024) }))]);
      cases.push(['over the body limit', post('application/json', JSON.stringify({ [target]: 'a'.repeat(1024 * 1024) }))]);
      for (const v of ['a\r\nX: 1', '\u0000', '😀'.repeat(100)]) cases.push([`${target}=${JSON.stringify(v)}`, post('application/json', JSON.stringify({ ...e.example, [target]: v }))]);
    }
    for (const [what, run] of cases) {
      const o = await call(e, () => {
        const r: any = run();
        return typeof r.timeout === 'function' ? r.timeout(REQUEST_TIMEOUT_MS) : r;
      });
      checkOutcome(e, o, what);
      if (what === '1 MB query') expect([414, 431]).toContain(o.status);
      if (what === 'over the body limit') expect(o).toMatchObject({ status: 413, body: { errorCode: 'PAYLOAD_TOO_LARGE' } });
      if (what === 'invalid JSON') expect(o.status).toBe(400);
      if (what === 'JSON null' || what === 'JSON array' || what === 'JSON string') {
        expect(o).toMatchObject({ status: 400, body: { error: 'Request body must be a JSON object', errorCode: 'BAD_REQUEST' } });
      }
    }
  }, FIXED_CASES_TIMEOUT_MS);
});

/** Its integer parameters (/user/getUserAvatar's size is any number > 0 (spec), only ever sent on snapped to 40, 100, 140 or 640). */
const intParams = (e: Endpoint): string[] =>
  Object.keys(e.params).filter((n) => e.params[n].kind === 'int' && !(e.path === '/user/getUserAvatar' && n === 'size'));

// Only endpoints that have one: for the others this test had nothing to check and passed with no assertion.
describe.each(ALL_ENDPOINTS.filter((e) => intParams(e).length).map((e) => [`${e.method} ${e.path}`, e] as const))('%s with hostile input', (_n, e) => {
  it('a whole number too large for its integer parameter is refused (400 naming it), never answered with another number', async () => {
    for (const n of intParams(e)) {
      for (const v of ['99999999999999999999', '9007199254740993', '2147483648']) {
        if (e.method === 'GET') {
          const res = await client(e).get(e.path).query({ ...e.example, [n]: v });
          expect({ param: n, v, status: res.status, names: String(res.body.error).startsWith(`${n} `) }).toEqual({ param: n, v, status: 400, names: true });
        } else {
          const res = await client(e).post(e.path).send({ ...e.example, [n]: v });
          expect({ param: n, v, status: res.status, names: String(res.body.error).startsWith(`${n} `) }).toEqual({ param: n, v, status: 400, names: true });
        }
      }
    }
  }, FIXED_CASES_TIMEOUT_MS);
});

/**
 * The kinds that hold numbers. Every spelling of one number is one value (docs/decisions/017-cache-key-and-limits.md,
 * its revision for numeric parameters): zero-padded, it is the same cache entry, the same answer and the same upstream
 * value.
 */
const NUMERIC_KINDS = new Set<ParamKind>(['int', 'numid', 'uin', 'idlist']);
/** A parameter's plain value: the row's example, else the route's OpenAPI example; only plain digits (lists of them). */
const plainValueOf = (e: Endpoint, name: string): string | undefined => {
  const documented = DERIVED.find((d) => d.method === e.method && d.path === e.path)?.example[name];
  const value = e.example[name] ?? documented;
  return (typeof value === 'string' || typeof value === 'number') && /^\d+(,\d+)*$/.test(String(value)) ? String(value) : undefined;
};
/** Each id of `value` with two leading zeros: `7024415872,7011264340` → `007024415872,007011264340`. */
const zeroPadded = (value: string): string => value.split(',').map((id) => `00${id}`).join(',');
const numericParams = (e: Endpoint): string[] => Object.keys(e.params).filter((n) => NUMERIC_KINDS.has(e.params[n].kind) && plainValueOf(e, n) !== undefined);

describe('numeric parameters, cache on', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      env: { CACHE_ENABLED: 'true', UPSTREAM_TIMEOUT_MS: '10000', ALT_LOGIN_POLL_TIMEOUT_MS: '2000' },
      // The personal routes answer with a stored login, so their plain request is a 200 to compare with.
      cookieFile: { cookie: 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_canonical; qm_keyst=Q_H_L_canonical', uin: '10001' },
    });
  });
  afterAll(() => h?.close());

  describe.each(ALL_ENDPOINTS.filter((e) => numericParams(e).length).map((e) => [`${e.method} ${e.path}`, e] as const))('%s', (_n, e) => {
    const ask = (name: string, value: string) => {
      const body = { ...e.example, [name]: value };
      const req = e.method === 'GET' ? h.http().get(e.path).query(body) : h.http().post(e.path).send(body);
      return req.set(e.headers ?? {}).timeout(REQUEST_TIMEOUT_MS);
    };
    /** What upstream was asked since request `from`: query strings and bodies. */
    const upstreamText = (from: number) => h.fake.requests.slice(from).map((r) => `${r.rawQuery}\n${r.body}`).join('\n');

    it.each(numericParams(e))('%s zero-padded is the plain value: one cache entry, or the same answer and upstream value', async (name) => {
      const plainValue = plainValueOf(e, name)!;
      const padded = zeroPadded(plainValue);
      h.fake.reset();
      const plain = await ask(name, plainValue);
      // The comparison means something only for an answer: a row whose example is refused is a broken row.
      if (plain.status >= 300) throw new Error(`${name}=${plainValue} → ${plain.status} ${JSON.stringify(plain.body).slice(0, 300)}`);
      const plainUpstream = upstreamText(0);
      if (plain.headers['x-cache']) {
        // A cached route: the padded spelling is the plain one's entry, answered without asking upstream again.
        const asked = h.fake.requests.length;
        const res = await ask(name, padded);
        expect({ name, padded, status: res.status, cache: res.headers['x-cache'], upstreamCalls: h.fake.requests.length - asked }).toEqual({
          name, padded, status: plain.status, cache: 'HIT', upstreamCalls: 0,
        });
        return;
      }
      // Not cached (a write, a per-call answer), asked again from the same upstream state: the same outcome.
      h.fake.reset();
      const res = await ask(name, padded);
      expect({ name, padded, status: res.status }).toEqual({ name, padded, status: plain.status });
      // An integer reaches upstream as a number: its spelling could only show in the answer.
      if (e.params[name].kind === 'int') return expect({ name, padded, body: res.body }).toEqual({ name, padded, body: plain.body });
      // An id is text: upstream gets the plain spelling wherever it got it for the plain request, never the padded one.
      const paddedUpstream = upstreamText(0);
      for (const [plainId, paddedId] of plainValue.split(',').map((id) => [id, `00${id}`])) {
        expect({ name, paddedId, sentUpstream: paddedUpstream.includes(paddedId) }).toEqual({ name, paddedId, sentUpstream: false });
        expect({ name, plainId, sentUpstream: paddedUpstream.includes(plainId) }).toEqual({ name, plainId, sentUpstream: plainUpstream.includes(plainId) });
      }
    }, FIXED_CASES_TIMEOUT_MS);
  });
});

/**
 * A GET over a raw socket: Node answers an over-long request line with 414/431 and closes the connection while the
 * client may still be writing, which a normal HTTP client reports as ECONNRESET. Here the status line is read
 * whatever happens to the rest of the write.
 */
function rawGet(pathAndQuery: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const { hostname, port } = new URL(harness.url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const timer = setTimeout(() => socket.destroy(new Error('raw GET timed out')), REQUEST_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (!m) return reject(new Error(`no HTTP status in ${JSON.stringify(received.slice(0, 100))}`));
      resolve({ status: Number(m[1]), headers: {}, body: received.split('\r\n\r\n')[1] ?? '' });
    };
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => finish());
    socket.on('close', () => finish());
    socket.write(`GET ${pathAndQuery} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`, () => undefined);
  });
}

/**
 * Chunked bodies Node's parser cannot read, with the status each is refused with. Such a body once left its request
 * waiting for an end that never came: no answer, the connection held open.
 */
const CHUNKED_GARBAGE: [string, string, number][] = [
  ['a chunk size that is no number', 'ZZ\r\n{}\r\n0\r\n\r\n', 400],
  ['a bad chunk size after a valid chunk', '1\r\n{\r\nZZ\r\n}\r\n0\r\n\r\n', 400],
  ['a 20 KB chunk extension', `2;${'e'.repeat(20_000)}\r\n{}\r\n0\r\n\r\n`, 413],
];

describe.each(ALL_ENDPOINTS.filter((e) => e.method === 'POST').map((e) => [`${e.method} ${e.path}`, e] as const))('%s with a malformed chunked body', (_n, e) => {
  it('each malformed chunked body → 4xx JSON at once and the connection closed, never left open unanswered', async () => {
    for (const [what, body, status] of CHUNKED_GARBAGE) {
      const o = await call(e, () => rawChunkedPost(e, body));
      checkOutcome(e, o, `chunked body: ${what}`);
      expect({ what, status: o.status }).toEqual({ what, status });
    }
  }, FIXED_CASES_TIMEOUT_MS);
});

/**
 * A chunked POST over a raw socket whose side stays open, as a stalled or hostile client's does (a client that closes
 * its side ends the body too): answered only if the server answers and closes on its own.
 */
function rawChunkedPost(e: Endpoint, chunkedBody: string): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const { hostname, port } = new URL(harness.url);
  const headers = Object.entries({ ...e.headers, 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' }).map(([k, v]) => `${k}: ${v}\r\n`);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname);
    const timer = setTimeout(() => socket.destroy(new Error(`no answer and no close within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS);
    socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const [head, text = ''] = received.split('\r\n\r\n');
      const m = /^HTTP\/1\.1 (\d{3}) /.exec(head);
      if (!m) return reject(new Error(`no HTTP answer in ${JSON.stringify(received.slice(0, 100))}`));
      const contentType = /^content-type: *(.*)$/im.exec(head)?.[1] ?? '';
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      resolve({ status: Number(m[1]), headers: { 'content-type': contentType }, body });
    });
    socket.write(`POST ${e.path} HTTP/1.1\r\nHost: ${hostname}\r\n${headers.join('')}\r\n${chunkedBody}`);
  });
}

/**
 * The login checks above attack a QR no instance issued. Here the QR is issued on A, confirmed on both instances'
 * fakes (a check let through would log in), and every check carries a hostile loginToken: on A (the issuing instance)
 * and on B (which reads the binding from Redis) each is refused, 400 or 403, before upstream is asked, so the QR is
 * never spent and its owner still logs in.
 */
describe('hostile loginToken values against an issued, confirmed QR, on two instances sharing Redis', () => {
  let a: Harness;
  let b: Harness;
  const credentialKey = `test:hostile-login:${randomBytes(6).toString('hex')}`;
  beforeAll(async () => {
    requireRedis();
    const env = { REDIS_URL: TEST_REDIS_URL, CREDENTIAL_REDIS_KEY: credentialKey, REDIS_TIMEOUT_MS: '5000', ALT_LOGIN_POLL_TIMEOUT_MS: '10000' };
    a = await startHarness({ env });
    b = await startHarness({ env });
    await waitForReady('both instances to reach Redis', a, b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  // Anything but an absent loginToken (null and undefined are absent: an id-only check, which logs in by default).
  const hostileToken = fc.oneof(hostileScalar('token'), jsonValue('token')).filter((v) => v !== null && v !== undefined);
  const channels = [
    { name: 'QQ', get: '/getMainLoginQr', check: '/checkMainLoginQr', id: 'qrsig' },
    { name: 'WeChat', get: '/getAltLoginQr', check: '/checkAltLoginQr', id: 'uuid' },
  ] as const;

  it.each(channels)('$name: every hostile loginToken gets a 4xx JSON error on either instance; upstream is never asked', async (channel) => {
    const qr = (await a.http().get(channel.get).expect(200)).body as Record<string, string>;
    const qrId = qr[channel.id];
    for (const h of [a, b]) {
      h.fake.reset();
      if (channel.name === 'QQ') loginFake(h.fake.state).qq.set(qrId, { state: 'confirmed', qq: FAKE_QQ });
      else {
        loginFake(h.fake.state).wx.set(qrId, { state: 'waiting', listeners: [] });
        wxConfirm(h.fake.state, qrId);
      }
    }
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(a, b), hostileToken, async (h, loginToken) => {
        const text = JSON.stringify({ [channel.id]: qrId, loginToken });
        const res = await h.http().post(channel.check).set('Content-Type', 'application/json').send(text).timeout(REQUEST_TIMEOUT_MS);
        const context = `${channel.check} on ${h === a ? 'A' : 'B'} ${text.slice(0, 200)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
        if (![400, 403].includes(res.status) || typeof res.body?.error !== 'string') throw new Error(`not refused: ${context}`);
        if (a.fake.requests.length + b.fake.requests.length) throw new Error(`asked upstream: ${context}`);
      }),
      { numRuns: RUNS },
    );
    // Nothing was spent: the owner logs in, on the instance that did not issue the QR.
    const owner = await b.http().post(channel.check).send({ [channel.id]: qrId, loginToken: qr.loginToken }).expect(200);
    expect(owner.body.isOk).toBe(true);
  }, PROPERTY_TIMEOUT_MS);
});

const HOTKEY_MODULE = 'music.musicsearch.HotkeyService.GetHotkeyForQQMusicMobile';
const SESSION_MODULE = 'music.getSession.session.GetSession';
/**
 * Every hostile text below carries this mark (a number cannot: its case marks the value beside it), so "never in a
 * log line, the identity file, Redis or an answer" is one search, whatever escaping a log line applies.
 */
const MARK = 'HOSTILE';
const IDENTITY_ADMIN_TOKEN = 'hostile-identity-admin-token-0123';

/** The QIMEI service's answer around `pair`, `data` being the JSON text of `{code, data: pair}` as the service sends it. */
const qimeiAnswer = (pair: Record<string, unknown>): Fault => ({ kind: 'status', status: 200, body: JSON.stringify({ code: 0, data: JSON.stringify({ code: 0, data: pair }) }) });
/** GetSession's answer with `session` in it, the QIMEI service answering as usual. */
const sessionAnswer = (session: Record<string, unknown>): Fault => ({ kind: 'shape', data: { session: { vkey: '', ...session } } });
const Q16 = `${MARK}q16abcdef`;
const Q36 = `${MARK}q36${'0'.repeat(26)}`;

const HOSTILE_IDENTITY_ANSWERS: { name: string; part: 'qimei' | 'session'; fault: Fault }[] = [
  { name: 'q36 with CR/LF', part: 'qimei', fault: qimeiAnswer({ q16: Q16, q36: `${MARK}crlf\r\nX-Injected: 1` }) },
  { name: 'q36 with ANSI escapes', part: 'qimei', fault: qimeiAnswer({ q16: Q16, q36: `\u001b[31m${MARK}ansi\u001b[0m\u001b[2J` }) },
  { name: 'q36 of 10 KB', part: 'qimei', fault: qimeiAnswer({ q16: Q16, q36: `${MARK}${'x'.repeat(10_240)}` }) },
  { name: 'q36 a number', part: 'qimei', fault: qimeiAnswer({ q16: Q16, q36: 123456789012345 }) },
  { name: 'q36 a nested object', part: 'qimei', fault: qimeiAnswer({ q16: Q16, q36: { q36: Q36 } }) },
  { name: 'q16 with CR/LF', part: 'qimei', fault: qimeiAnswer({ q16: `${MARK}q16\r\nX-Injected: 1`, q36: Q36 }) },
  {
    name: 'data a JSON string of a JSON string',
    part: 'qimei',
    fault: { kind: 'status', status: 200, body: JSON.stringify({ code: 0, data: JSON.stringify(JSON.stringify({ code: 0, data: { q16: Q16, q36: Q36 } })) }) },
  },
  { name: 'sid with spaces', part: 'session', fault: sessionAnswer({ uid: '1234567890', sid: `${MARK} sid with spaces` }) },
  { name: 'sid of 1 KB', part: 'session', fault: sessionAnswer({ uid: '1234567890', sid: `${MARK}${'s'.repeat(1024)}` }) },
  { name: 'uid -1', part: 'session', fault: sessionAnswer({ uid: -1, sid: `${MARK}sidUidMinusOne` }) },
  { name: 'uid 1e21', part: 'session', fault: sessionAnswer({ uid: 1e21, sid: `${MARK}sidUid1e21` }) },
  { name: 'uid of letters', part: 'session', fault: sessionAnswer({ uid: `${MARK}uid`, sid: `${MARK}sidUidLetters` }) },
];

/** The identity file of a harness: beside its cookie file (`user-info.json` → `user-info.device.json`). */
const identityFileOf = (h: Harness) => h.cookieFile.replace(/\.json$/, '.device.json');
const hotkeyComm = (h: Harness) => h.fake.musicuCalls(HOTKEY_MODULE).at(-1)!.request.comm;
const expectNoMark = (where: string, lines: string[]) => expect({ where, marked: lines.filter((l) => l.includes(MARK)).map((l) => l.slice(0, 200)) }).toEqual({ where, marked: [] });

/**
 * Hostile answers from the identity services (docs/upstream/identity.md): never adopted (the next Android-comm call
 * carries the fallback "0"), never stored, never in a log line, an answer or /health/upstream; the canary calls the
 * answer `changed`; no 500. Each case has its own harness (a fresh identity; ≈ 0.2 s).
 */
describe('hostile answers from the identity services', () => {
  it.each(HOSTILE_IDENTITY_ANSWERS.map((c) => [c.name, c] as const))('%s: never adopted, stored or logged; the fallback is sent; no 500', async (_n, c) => {
    const logs: string[] = [];
    const h = await startHarness({ warmIdentity: false, allowIdentityRefusals: true, logs, env: { LOG_LEVEL: 'debug', ADMIN_TOKEN: IDENTITY_ADMIN_TOKEN } });
    try {
      const match: FaultMatch = c.part === 'qimei' ? { host: 'qimei' } : { module: SESSION_MODULE };
      h.fake.fault(c.fault, match);
      const answers = [];
      for (let i = 0; i < 2; i++) {
        const res = await h.http().get('/getHotkey').timeout(REQUEST_TIMEOUT_MS);
        expect({ status: res.status, body: res.body }).toEqual({ status: 502, body: expect.objectContaining({ errorCode: 'UPSTREAM_DEVICE_IDENTITY_REQUIRED', upstreamCode: 104009 }) });
        answers.push(JSON.stringify(res.body));
        // The fallback went out: "0" for what was not issued (no session without a QIMEI).
        const comm = hotkeyComm(h);
        expect({ sid: comm.sid, uid: comm.uid }).toEqual({ sid: '0', uid: '0' });
        if (c.part === 'qimei') expect({ QIMEI: comm.QIMEI, QIMEI36: comm.QIMEI36 }).toEqual({ QIMEI: '0', QIMEI36: '0' });
        else expect(issuedQimei36(comm.QIMEI36)).toBe(true);
      }
      // The canary's probe reads the same answer: `changed`, and it adopts nothing either.
      expect((await h.app.get(UpstreamCanary).check('identity'))?.state).toBe('changed');
      const health = await h.http().get('/health/upstream').set('Authorization', `Bearer ${IDENTITY_ADMIN_TOKEN}`).expect(200);
      expect(health.body.identity).toMatchObject({ fallback: true, [c.part]: { state: 'fallback', problem: expect.stringMatching(/^bad_body/) } });
      const text = readFileSync(identityFileOf(h), 'utf8');
      const stored = JSON.parse(text);
      if (c.part === 'qimei') expect(stored.qimei).toBeUndefined();
      else expect(issuedQimei36(stored.qimei?.q36)).toBe(true);
      expect(stored.session).toBeUndefined();
      await h.http().get('/getHotkey').expect(502);
      expect(hotkeyComm(h).sid).toBe('0');
      expect(logs.length).toBeGreaterThan(0);
      expectNoMark('log lines', logs);
      expectNoMark('answers', [...answers, JSON.stringify(health.body)]);
      expectNoMark('the identity file', [text, readFileSync(identityFileOf(h), 'utf8')]);
      expect(logs.filter((l) => l.includes('X-Injected') || l.includes('\u001b'))).toEqual([]);
    } finally {
      await h.close();
    }
  }, FIXED_CASES_TIMEOUT_MS);
});

/** A profile of the generated kind whose `model` is 1 MB (a corrupted or hand-edited store). */
const profileWithHugeField = () => ({ device: { ...generateDeviceProfile(new Date()), model: `${MARK}${'m'.repeat(2 ** 20)}` } });
const HOSTILE_STORED: [string, string][] = [
  ['garbage', `${MARK} \u0000\u00ff not JSON {{{`],
  ['a JSON array', JSON.stringify([{ device: { ...generateDeviceProfile(new Date()), model: `${MARK}array` } }])],
  ['a profile with a 1 MB field', JSON.stringify(profileWithHugeField())],
];

/** The stored identity after the first call: a new valid profile, the one the call carried, and nothing hostile. */
function expectReplaced(h: Harness, text: string | null, issued: boolean): void {
  expect(text).not.toBeNull();
  expectNoMark('the store', [text!]);
  expect(text!.length).toBeLessThan(4096);
  const stored = readStoredIdentity(JSON.parse(text!));
  const comm = hotkeyComm(h);
  expect(stored?.device.openUdid).toBe(comm.udid);
  expect(comm.phonetype).toBe('MI 6');
  if (issued) {
    expect(stored?.qimei?.q36).toBe(comm.QIMEI36);
    expect(issuedQimei36(comm.QIMEI36) && issuedSid(comm.sid, comm.QIMEI36)).toBe(true);
  }
}

/**
 * Hostile device identities in the store (a corrupted or hand-edited file, a Redis value another program wrote): never
 * used; a new valid profile is made and replaces it, and the gateway works. Nothing of it reaches a log line.
 */
describe('a hostile device identity in the store', () => {
  it.each(HOSTILE_STORED)('the identity file holding %s → replaced by a new valid profile; the gateway works', async (_n, content) => {
    const logs: string[] = [];
    const h = await startHarness({ warmIdentity: false, logs, env: { LOG_LEVEL: 'debug' } });
    try {
      writeFileSync(identityFileOf(h), content);
      await h.http().get('/getHotkey').timeout(REQUEST_TIMEOUT_MS).expect(200);
      expectReplaced(h, readFileSync(identityFileOf(h), 'utf8'), true);
      await h.http().get('/getHotkey').expect(200);
      expectNoMark('log lines', logs);
    } finally {
      await h.close();
    }
  }, FIXED_CASES_TIMEOUT_MS);

  describe('in Redis (<CREDENTIAL_REDIS_KEY>:device)', () => {
    let redis: Redis;
    const prefix = `qqgw-test:hostile-identity:${randomBytes(6).toString('hex')}`;
    let n = 0;
    beforeAll(async () => {
      requireRedis();
      redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
      await redis.connect();
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
      await redis.quit();
    });

    it.each([
      ['garbage', false],
      ['garbage', true],
      ['a profile with a 1 MB field', false],
    ] as const)('a Redis value of %s (the QIMEI service down: %s) → replaced by a new valid profile; the gateway works', async (what, qimeiDown) => {
      const key = `${prefix}:${n++}`;
      await redis.set(`${key}:device`, HOSTILE_STORED.find(([name]) => name === what)![1]);
      const logs: string[] = [];
      const h = await startHarness({
        warmIdentity: false,
        allowIdentityRefusals: qimeiDown,
        logs,
        env: { LOG_LEVEL: 'debug', REDIS_URL: TEST_REDIS_URL, REDIS_TIMEOUT_MS: '5000', CREDENTIAL_REDIS_KEY: key },
      });
      try {
        await waitForReady('the gateway to reach Redis', h);
        // Down, the QIMEI service issues nothing to store: the profile alone must replace the value.
        if (qimeiDown) h.fake.fault({ kind: 'status', status: 503 }, { host: 'qimei' });
        await h.http().get('/getHotkey').timeout(REQUEST_TIMEOUT_MS).expect(qimeiDown ? 502 : 200);
        expectReplaced(h, await redis.get(`${key}:device`), !qimeiDown);
        expectNoMark('log lines', logs);
      } finally {
        await h.close();
      }
    }, FIXED_CASES_TIMEOUT_MS);
  });
});

describe('after the run', () => {
  it('the process still answers: health, a valid request, metrics', async () => {
    await harness.http().get('/health/live').expect(200);
    const e = ALL_ENDPOINTS.find((x) => x.name === 'getRanks')!;
    await harness.http().get('/getRanks?topId=4&limit=2').expect(200);
    expect(e.upstream[0].host).toBe('u');
    expect(harness.fake.musicuCalls('music.musicToplist.Toplist.GetDetail')).toHaveLength(1);
    await harness.http().get('/metrics').expect(200);
  }, FIXED_CASES_TIMEOUT_MS);
});
