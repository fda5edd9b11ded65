import { documentedPosts } from '../support/documented-routes';
import { Controller, Get, INestApplication, Module, UseGuards } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';

jest.mock('node:crypto', () => {
  const actual = jest.requireActual('node:crypto');
  return { ...actual, timingSafeEqual: jest.fn(actual.timingSafeEqual) };
});
import * as crypto from 'node:crypto';
import { AdminTokenGuard } from '../../src/common/admin-token.guard';
import { AllExceptionsFilter } from '../../src/common/all-exceptions.filter';
import { APP_CONFIG } from '../../src/config/config.constants';
import { FAKE_HOSTS, RecordedRequest } from '../../fake-upstream/fake-upstream';
import {
  FAKE_MUSICKEY_QQ,
  FAKE_MUSICKEY_WX,
  loginFake,
  qqConfirm,
  wxConfirm,
} from '../../fake-upstream/handlers/login';
import { Endpoint, exampleQuery } from '../support/endpoints';
import { ALL_ENDPOINTS } from '../support/derived-endpoints';
import { Harness, startHarness } from '../support/harness';
import { expectNoSecretInLogs } from '../support/log-secrets';

/** Values that try to change the upstream host, path or query. */
const SSRF_PAYLOADS = [
  'http://evil.example/x',
  '//evil.example',
  '@evil.example',
  'user@evil.example:80',
  '../../../etc/passwd',
  '..%2F..%2Fadmin',
  '%2F%2Fevil.example',
  'a\r\nHost: evil.example',
  '?x=y&',
  '&callback=evil&x=',
  '#frag',
  'a b/c?d=e',
];
const STRING_KINDS = new Set(['mid', 'numid', 'idlist', 'text', 'token', 'uin']);

const send = (h: Harness, e: Endpoint, overrides: Record<string, unknown>) =>
  e.method === 'GET'
    ? h.http().get(`${e.path}${exampleQuery(e, overrides as Record<string, string>)}`).set(e.headers ?? {})
    : h.http().post(e.path).set(e.headers ?? {}).send({ ...e.example, ...overrides });

const queryKeys = (r: RecordedRequest) => [...new URLSearchParams(r.rawQuery).keys()];
const target = (r: RecordedRequest) => `${r.hostKey} ${r.path}`;

/** Budget of one data-driven or heavy case, sized for a busy 2-core machine. */
const SUITE_CASE_BUDGET_MS = 60_000;

describe('SSRF: no input changes which upstream host, path or query is called', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({
      // Generous: a WeChat poll cut short by CPU load must not change what the attempt saw upstream.
      env: { ALT_LOGIN_POLL_TIMEOUT_MS: '10000' },
      cookieFile: { cookie: 'uin=o0010001; qqmusic_uin=10001; qqmusic_key=Q_H_L_ssrf', uin: '10001' },
    });
  });
  afterAll(() => h.close());
  beforeEach(() => h.fake.reset());

  const attacked = ALL_ENDPOINTS.filter((e) => e.upstream.length && Object.values(e.params).some((p) => STRING_KINDS.has(p.kind)));
  let checked = 0;
  afterAll(() => console.log(`security: ${checked} SSRF attempts over ${attacked.length} endpoints`));

  it.each(attacked.map((e) => [e.name, e] as const))('%s', async (_n, e) => {
    // Baseline: the hosts, paths and query keys a valid request uses.
    await send(h, e, {}).expect((r) => expect(r.status).toBeLessThan(300));
    const allowedTargets = new Set(h.fake.requests.map(target));
    for (const dep of [...e.upstream, ...(e.fallback ? [e.fallback] : [])]) allowedTargets.add(`${dep.host} ${dep.path}`);
    const keysByTarget = new Map<string, Set<string>>();
    for (const r of h.fake.requests) keysByTarget.set(target(r), new Set([...(keysByTarget.get(target(r)) ?? []), ...queryKeys(r)]));

    for (const [name, spec] of Object.entries(e.params)) {
      if (!STRING_KINDS.has(spec.kind)) continue;
      for (const payload of SSRF_PAYLOADS) {
        checked++;
        h.fake.reset();
        const res = await send(h, e, { [name]: payload });
        expect(res.status).toBeLessThan(500);
        for (const r of h.fake.requests) {
          // same fake server (= same upstream host), and the Host header is that host's own origin
          expect(allowedTargets).toContain(target(r));
          expect(r.headers.host).toBe(new URL(h.fake.origins[r.hostKey]).host);
          expect(r.host).toBe(FAKE_HOSTS[r.hostKey]);
          const known = keysByTarget.get(target(r));
          if (known) for (const k of queryKeys(r)) expect([...known, '_']).toContain(k);
          expect(r.rawQuery).not.toMatch(/[\r\n ]/);
          expect(JSON.stringify(r.headers)).not.toContain('evil.example\r');
        }
        if (res.status < 300 && h.fake.requests.length) {
          // an accepted value arrives intact: as one decoded query value or inside the musicu param
          const carried = h.fake.requests.some(
            (r) =>
              [...new URLSearchParams(r.rawQuery).values()].some((v) => v.includes(payload.trim())) ||
              JSON.stringify(r.musicu ?? []).includes(JSON.stringify(payload.trim()).slice(1, -1)) ||
              r.body.includes(encodeURIComponent(payload.trim())) ||
              r.cookie.split('; ').includes(`qrsig=${payload}`), // checkMainLoginQr: the qrsig travels as a cookie
          );
          expect({ payload, name, carried }).toEqual({ payload, name, carried: true });
        }
      }
    }
  }, SUITE_CASE_BUDGET_MS);

  it('a cookie carrying CR/LF or other control characters is refused (400) and never forwarded', async () => {
    for (const bad of ['uin=1\r\nX-Evil: 1', 'uin=1\nqqmusic_key=x', 'uin=1\u0000', 'uin=1\u007f']) {
      h.fake.reset();
      const res = await h.http().get(`/getRanks?topId=4&limit=2&cookie=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.stringMatching(/cookie/i), errorCode: expect.any(String) });
      expect(h.fake.requests).toHaveLength(0);
    }
    // header forms: Node's client will not even send CR/LF, so write the raw request; other control characters
    for (const header of ['X-Custom-Cookie: uin=1\u0001x', 'Cookie: uin=1\u0001x', 'X-Custom-Cookie: uin=1\rX-Evil: 1']) {
      h.fake.reset();
      const status = await rawStatus(h.url, `GET /getRanks?topId=4&limit=2 HTTP/1.1\r\nHost: x\r\n${header}\r\nConnection: close\r\n\r\n`);
      expect(status).toBe(400);
      expect(h.fake.requests).toHaveLength(0);
    }
  }, SUITE_CASE_BUDGET_MS);
});

describe('secrets never reach logs, error bodies or /metrics', () => {
  let h: Harness;
  const logs: string[] = [];
  const FILE_KEY = 'Q_H_L_fileSecret123';
  beforeAll(async () => {
    h = await startHarness({
      logs,
      env: { LOG_LEVEL: 'debug' },
      cookieFile: { cookie: `uin=o0010001; qqmusic_uin=10001; qqmusic_key=${FILE_KEY}; qm_keyst=${FILE_KEY}`, uin: '10001' },
    });
  });
  afterAll(() => h.close());

  it('during a QQ login, a WeChat login and cookie-bearing calls (file, Cookie, X-Custom-Cookie, ?cookie=)', async () => {
    const secrets: string[] = [FILE_KEY, FAKE_MUSICKEY_QQ, FAKE_MUSICKEY_WX];
    const errorBodies: string[] = [];

    // QQ login: qrsig → confirmed → check_sig (p_skey, pt4_token) → authorize (code) → QQLogin (musickey)
    const qr = (await h.http().get('/getMainLoginQr').expect(200)).body;
    secrets.push(qr.qrsig, qr.loginToken);
    errorBodies.push(JSON.stringify((await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig, ptqrtoken: '1' })).body));
    qqConfirm(h.fake.state, qr.qrsig);
    const qq = await h.http().post('/checkMainLoginQr').send({ qrsig: qr.qrsig }).expect(200);
    const entry = loginFake(h.fake.state).qq.get(qr.qrsig)!;
    secrets.push(entry.pSkey!, entry.pt4Token!, entry.code!, entry.ptsigx!);
    expect(qq.body.isOk).toBe(true);
    expect(qq.body.session.cookie).toContain(FAKE_MUSICKEY_QQ);

    // WeChat login: uuid → confirmed (code) → music.login (musickey)
    const wx = (await h.http().get('/getAltLoginQr').expect(200)).body;
    secrets.push(wx.loginToken);
    // Another QR's loginToken is refused naming the field, never the token sent nor the QR's own.
    errorBodies.push(JSON.stringify((await h.http().post('/checkAltLoginQr').send({ uuid: wx.uuid, loginToken: qr.loginToken }).expect(403)).body));
    wxConfirm(h.fake.state, wx.uuid);
    secrets.push(loginFake(h.fake.state).wx.get(wx.uuid)!.code!);
    const wxRes = await h.http().post('/checkAltLoginQr').send({ uuid: wx.uuid }).expect(200);
    expect(wxRes.body.isOk).toBe(true);
    expect(wxRes.body.session.cookie).toContain(FAKE_MUSICKEY_WX);

    // cookie-bearing calls in every form, successful and failing
    const HEADER_KEY = 'Q_H_L_headerSecret456';
    const CUSTOM_KEY = 'Q_H_L_customSecret789';
    const QUERY_KEY = 'Q_H_L_querySecret000';
    secrets.push(HEADER_KEY, CUSTOM_KEY, QUERY_KEY);
    await h.http().get('/user/getUserPlaylists?uin=10001').expect(200);
    await h.http().get('/user/getUserPlaylists?uin=10001').set('Cookie', `uin=o0010001; qqmusic_key=${HEADER_KEY}`);
    await h.http().get('/user/getUserPlaylists?uin=10001').set('X-Custom-Cookie', `uin=o0010001; qqmusic_key=${CUSTOM_KEY}`);
    await h.http().get(`/user/getUserPlaylists?uin=10001&cookie=${encodeURIComponent(`uin=o0010001; qqmusic_key=${QUERY_KEY}`)}`);
    await h.http().get(`/getRanks?topId=4&limit=2&cookie=${encodeURIComponent(`qqmusic_key=${QUERY_KEY}`)}`).expect(200);
    h.fake.fault({ kind: 'status', status: 200, body: JSON.stringify({ code: 1000 }) }, { host: 'c6' });
    for (const set of [{}, { 'X-Custom-Cookie': `qqmusic_key=${CUSTOM_KEY}` }, { Cookie: `qqmusic_key=${HEADER_KEY}` }]) {
      const res = await h.http().get(`/user/getUserPlaylists?uin=10001&cookie=${encodeURIComponent(`qqmusic_key=${QUERY_KEY}`)}`).set(set).expect(401);
      errorBodies.push(JSON.stringify(res.body));
    }
    h.fake.clearFaults();
    h.fake.fault({ kind: 'status', status: 500 }, { host: 'u' });
    errorBodies.push(JSON.stringify((await h.http().get('/getRanks?topId=4').set('Cookie', `qqmusic_key=${HEADER_KEY}`)).body));
    h.fake.clearFaults();
    // the upstream really received the secrets (so the absence below means something)
    expect(h.fake.requests.some((r) => r.cookie.includes(QUERY_KEY))).toBe(true);
    expect(h.fake.requests.some((r) => r.cookie.includes(FILE_KEY))).toBe(true);

    const metrics = (await h.http().get('/metrics').expect(200)).text;
    expect(logs.length).toBeGreaterThan(20); // debug logs really were captured
    // the fake's refresh_key / refresh_token / access_token (random per login) follow these shapes
    const TOKEN_SHAPES = /\b(RK|RT|AT)[0-9a-f]{16}\b/;
    expect(logs.filter((l) => TOKEN_SHAPES.test(l))).toEqual([]);
    expect(metrics).not.toMatch(TOKEN_SHAPES);
    // each is a real value of this run (one left undefined or tiny would check nothing)
    expect(secrets.filter((s) => !(typeof s === 'string' && s.length >= 6))).toEqual([]);
    for (const secret of secrets) {
      const leak = logs.find((l) => l.includes(secret) || l.includes(encodeURIComponent(secret)));
      expect({ secret, leak }).toEqual({ secret, leak: undefined });
      for (const body of errorBodies) expect(body).not.toContain(secret);
      expect(metrics).not.toContain(secret);
    }
  }, SUITE_CASE_BUDGET_MS);
});

describe('an invalid JSON body is refused without echoing it (errors and logs)', () => {
  let h: Harness;
  const logs: string[] = [];
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'debug', ADMIN_TOKEN: 'admin-token-1234567890' } });
  });
  afterAll(() => h.close());

  const SECRET = 'Q_H_L_bodySecret4242';
  // What a client sends by mistake: a cookie string, a truncated object, a lone string, a trailing comma.
  const BODIES = [`uin=o0123456; qqmusic_key=${SECRET}`, `{"cookie": "uin=o0123456; qqmusic_key=${SECRET}"`, `'${SECRET}'`, `{"qrsig": "${SECRET}",}`];

  it('every POST route answers 400 "Request body is not valid JSON" (BAD_REQUEST)', async () => {
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const posts = documentedPosts(doc);
    expect(posts).toEqual(expect.arrayContaining(['/checkMainLoginQr', '/checkAltLoginQr', '/batchGetSongInfo', '/batchGetSongLists', '/user/setCookie']));
    expect(posts.length).toBeGreaterThanOrEqual(11); // login aliases and /user/ prefixes included
    for (const path of posts) {
      for (const body of BODIES) {
        const res = await h.http().post(path).set('Content-Type', 'application/json').set('X-Admin-Token', 'admin-token-1234567890').send(body);
        expect({ path, body, status: res.status, answer: res.body }).toEqual({
          path,
          body,
          status: 400,
          answer: { error: 'Request body is not valid JSON', errorCode: 'BAD_REQUEST' },
        });
      }
    }
    expect(h.fake.requests).toHaveLength(0);
    // this harness's logs are really captured (a request line), and none holds any part of a body
    await h.http().get('/getRanks?topId=4&limit=1').set('X-Request-Id', 'json-probe-1').expect(200);
    expect(logs.some((l) => l.includes('json-probe-1'))).toBe(true);
    expect(logs.filter((l) => l.includes(SECRET) || l.includes('o0123456'))).toEqual([]);
    // each refusal is logged (the request logger never sees these requests), without the body
    const refusals = logs.filter((l) => l.includes('Request body refused (400 Request body is not valid JSON): POST /'));
    expect(refusals).toHaveLength(posts.length * BODIES.length);
  }, SUITE_CASE_BUDGET_MS);

  it('the admin token sent in the query by mistake is refused (401) and never logged, under any of the usual names', async () => {
    const TOKEN = 'admin-token-1234567890';
    const names = ['admin_token', 'adminToken', 'access_token', 'X-Admin-Token', 'authorization', 'token'];
    for (const name of names) {
      const value = name === 'authorization' ? `Bearer ${TOKEN}` : TOKEN;
      const res = await h.http().get(`/user/getCookie?${name}=${encodeURIComponent(value)}`).set('X-Request-Id', `query-token-${name}`).expect(401);
      expect(res.body).toEqual({ error: 'A valid admin token is required', errorCode: 'ADMIN_TOKEN_REQUIRED' });
    }
    const lines = logs.map((l) => JSON.parse(l)).filter((l) => String(l.req?.id).startsWith('query-token-') && l.res);
    expect(lines.map((l) => l.req.url).sort()).toEqual(names.map((name) => `/user/getCookie?${name}=[Redacted]`).sort());
    expectNoSecretInLogs(logs, [TOKEN]);
  }, SUITE_CASE_BUDGET_MS);

  it('every POST route answers 400 to a body nested past 32 levels (a few KB of [[[…]]] overflowed the stack: 500)', async () => {
    h.fake.reset();
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const posts = documentedPosts(doc);
    const deep = `{"x":${'['.repeat(2500)}${']'.repeat(2500)}}`;
    const deepObject = `${'{"a":'.repeat(40)}1${'}'.repeat(40)}`;
    // A login cookie too: a library write refuses a caller without one (401) before it reads the body at all.
    const login = 'uin=o0123456; qqmusic_key=Q_H_L_depthProbe';
    for (const path of posts) {
      for (const body of [deep, deepObject]) {
        const res = await h.http().post(path).set('Content-Type', 'application/json').set('X-Admin-Token', 'admin-token-1234567890').set('X-Custom-Cookie', login).send(body);
        expect({ path, status: res.status, answer: res.body }).toEqual({
          path,
          status: 400,
          answer: { error: 'Request body is nested too deeply (more than 32 levels)', errorCode: 'BAD_REQUEST' },
        });
      }
    }
    expect(h.fake.requests).toHaveLength(0);
    // an ordinary body still goes through
    await h.http().post('/batchGetSongInfo').send({ songs: [['0039MnYb0qxYhV']] }).expect(200);
  }, SUITE_CASE_BUDGET_MS);

  it('accepts the Bearer scheme in any case (RFC 7235: schemes are case-insensitive) on the admin routes', async () => {
    const TOKEN = 'admin-token-1234567890';
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const res = await h.http().get('/user/getCookie').set('Authorization', `${scheme} ${TOKEN}`);
      expect({ scheme, status: res.status }).toEqual({ scheme, status: 200 });
      const status = await h.http().get('/user/credential/status').set('Authorization', `${scheme} ${TOKEN}`);
      expect({ scheme, status: status.status }).toEqual({ scheme, status: 200 });
    }
    // the token itself is still compared exactly
    for (const header of ['bearer admin-token-1234567890x', 'bearer ADMIN-TOKEN-1234567890', 'bearer', 'Basic admin-token-1234567890']) {
      const res = await h.http().get('/user/getCookie').set('Authorization', header);
      expect({ header, status: res.status, errorCode: res.body.errorCode }).toEqual({ header, status: 401, errorCode: 'ADMIN_TOKEN_REQUIRED' });
    }
  });
});

describe('logged URLs show only the values of the gateway\'s own query parameters', () => {
  let h: Harness;
  const logs: string[] = [];
  const MARK = 'SECRETMARK123';
  beforeAll(async () => {
    h = await startHarness({ logs, env: { LOG_LEVEL: 'debug' } });
  });
  afterAll(() => h.close());
  beforeEach(() => {
    h.fake.reset();
    logs.length = 0;
  });
  afterEach(() => jest.restoreAllMocks());

  // The spellings that slipped past a list of secret names, each with a bare and a cookie-shaped value.
  const SPELLINGS = ['cookie[]', 'cookie[x]', 'cookie%00', '%20cookie', 'cookies', 'qqmusic_key', 'musickey', 'refresh_key', 'password', 'Cookie', 'c%6Fokie', 'cookie+'];
  const VALUES = [MARK, `uin%3Do0123%3B%20qqmusic_key%3D${MARK}`, `qqmusic_key%3D${MARK}`];
  const queries = SPELLINGS.flatMap((name) => VALUES.map((value) => `${name}=${value}`));
  const linesOf = (id: string) => logs.filter((l) => l.includes(id));
  const noMark = () => expect(logs.filter((l) => l.includes(MARK) || l.includes(encodeURIComponent(MARK)))).toEqual([]);

  it('on request lines (200, 400, 404 and 405), every other name\'s value is [Redacted], the name kept; allowed values stay readable', async () => {
    for (const [i, query] of queries.entries()) {
      await Promise.all([
        h.http().get(`/getRanks?topId=4&limit=1&${query}`).set('X-Request-Id', `ok-${i}`).expect(200),
        h.http().get(`/getLyric?songmid=0039MnYb0qxYhV&${query}`).set('X-Request-Id', `lyric-${i}`),
        h.http().get(`/getRanks?topId=x&${query}`).set('X-Request-Id', `bad-${i}`).expect(400),
        h.http().get(`/no-such-route?${query}`).set('X-Request-Id', `none-${i}`).expect(404),
        h.http().put(`/getRanks?${query}`).set('X-Request-Id', `put-${i}`).expect(405),
      ]);
    }
    noMark();
    const urls = new Map(logs.map((l) => JSON.parse(l)).filter((l) => l.req && l.res).map((l) => [l.req.id as string, l.req.url as string]));
    for (const [i, query] of queries.entries()) {
      const name = query.slice(0, query.indexOf('='));
      expect(urls.get(`ok-${i}`)).toBe(`/getRanks?topId=4&limit=1&${name}=[Redacted]`);
      expect(urls.get(`lyric-${i}`)).toBe(`/getLyric?songmid=0039MnYb0qxYhV&${name}=[Redacted]`);
      expect(urls.get(`bad-${i}`)).toBe(`/getRanks?topId=x&${name}=[Redacted]`);
      expect(urls.get(`none-${i}`)).toBe(`/no-such-route?${name}=[Redacted]`);
      expect(urls.get(`put-${i}`)).toBe(`/getRanks?${name}=[Redacted]`);
    }
  }, 60_000);

  it('an allowed name carrying a name=value pair, or a name that is itself one, is redacted too', async () => {
    await h.http().get(`/getSmartbox?key=qqmusic_key%3D${MARK}`).set('X-Request-Id', 'pair-1');
    await h.http().get(`/getRanks?topId=4;cookie=${MARK}`).set('X-Request-Id', 'pair-2');
    await h.http().get(`/getRanks?topId=4&uin%3Do0123%3B%20qqmusic_key%3D${MARK}`).set('X-Request-Id', 'pair-3');
    await h.http().get(`/getRanks?topId=4&limit=1&page=0`).set('X-Request-Id', 'pair-4').expect(200);
    noMark();
    const urls = logs.map((l) => JSON.parse(l)).filter((l) => String(l.req?.id).startsWith('pair-') && l.res).map((l) => l.req.url);
    expect(urls).toEqual(['/getSmartbox?key=[Redacted]', '/getRanks?topId=[Redacted]', '/getRanks?topId=4&[Redacted]', '/getRanks?topId=4&limit=1&page=0']);
  });

  it('every query parameter the OpenAPI document declares is shown (the allow-list is read from it), but the secret names', async () => {
    const doc = (await h.http().get('/docs-json').expect(200)).body;
    const names = new Set<string>();
    for (const ops of Object.values<Record<string, { parameters?: { in: string; name: string }[] }>>(doc.paths)) {
      for (const op of Object.values(ops)) for (const p of op.parameters ?? []) if (p.in === 'query') names.add(p.name);
    }
    expect([...names]).toEqual(expect.arrayContaining(['topId', 'limit', 'songmid', 'key', 'uin']));
    // GET /user/setCookie declares the cookie itself (`cookie`, or the references' `data`): secret names, never shown
    expect([...names]).toEqual(expect.arrayContaining(['cookie', 'data']));
    const all = [...names, 'shape', 'nocache'];
    const query = all.map((name) => `${name}=shown-${name}`).join('&');
    await h.http().get(`/no-such-route?${query}`).set('X-Request-Id', 'documented').expect(404);
    const line = logs.map((l) => JSON.parse(l)).find((l) => l.req?.id === 'documented' && l.res);
    const secret = new Set(['cookie', 'data']);
    expect(line.req.url).toBe(`/no-such-route?${all.map((name) => `${name}=${secret.has(name) ? '[Redacted]' : `shown-${name}`}`).join('&')}`);
  }, SUITE_CASE_BUDGET_MS);

  it('on the refused-body line, the upstream failure lines and the 500 line (with its stack)', async () => {
    for (const [i, query] of queries.entries()) {
      await h.http().post(`/checkMainLoginQr?${query}`).set('Content-Type', 'application/json').set('X-Request-Id', `body-${i}`).send('{"qrsig":').expect(400);
    }
    expect(logs.filter((l) => l.includes('Request body refused'))).toHaveLength(queries.length);
    // At most 18 failing calls per process, so the per-host breaker (20+ calls, over half failing in 10 s) cannot open:
    // on a slow machine the earlier successes had left its window and this read 503 UPSTREAM_CIRCUIT_OPEN.
    for (let from = 0; from < queries.length; from += 18) {
      const own = await startHarness({ logs, env: { LOG_LEVEL: 'debug' } });
      try {
        own.fake.fault({ kind: 'status', status: 502 }, { host: 'u' });
        for (const [i, query] of queries.entries()) {
          if (i < from || i >= from + 18) continue;
          await own.http().get(`/getRanks?topId=4&limit=1&${query}`).set('X-Request-Id', `upstream-${i}`).expect(502);
        }
      } finally {
        await own.close();
      }
    }
    const { ChartsService } = await import('../../src/charts/charts.service');
    for (const [i, query] of queries.entries()) {
      jest.spyOn(h.app.get(ChartsService), 'getRanks').mockRejectedValueOnce(new TypeError('unexpected'));
      await h.http().get(`/getRanks?topId=4&limit=1&${query}`).set('X-Request-Id', `crash-${i}`).expect(500);
    }
    noMark();
    // the lines were really written, each naming the request and its (redacted) URL
    expect(linesOf('upstream-0').some((l) => l.includes('/getRanks?topId=4&limit=1&cookie[]=[Redacted]'))).toBe(true);
    expect(linesOf('crash-0').some((l) => l.includes('TypeError: unexpected'))).toBe(true);
  }, 60_000);
});

describe('HTTP hardening', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('security headers (helmet) are set and X-Powered-By is not', async () => {
    for (const res of [await h.http().get('/getRanks?topId=4&limit=2').expect(200), await h.http().get('/nope').expect(404)]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['content-security-policy']).toEqual(expect.any(String));
      expect(res.headers['strict-transport-security']).toEqual(expect.any(String));
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('CORS is closed by default: no Access-Control-Allow-Origin, preflight not granted', async () => {
    const res = await h.http().get('/getRanks?topId=4&limit=2').set('Origin', 'https://evil.example').expect(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await h.http().options('/batchGetSongInfo').set('Origin', 'https://evil.example').set('Access-Control-Request-Method', 'POST');
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    expect(pre.headers['access-control-allow-methods']).toBeUndefined();
  });

  it('with CORS_ORIGINS only the listed origin is allowed', async () => {
    const c = await startHarness({ env: { CORS_ORIGINS: 'https://app.example' } });
    try {
      const ok = await c.http().get('/getRanks?topId=4&limit=2').set('Origin', 'https://app.example').expect(200);
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
      const other = await c.http().get('/getRanks?topId=4&limit=2').set('Origin', 'https://evil.example').expect(200);
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await c.close();
    }
  });

  it('bodies over BODY_LIMIT are refused with 413 before any upstream call', async () => {
    const res = await h.http().post('/batchGetSongInfo').send({ songs: [['a'.repeat(200_000)]] }).expect(413);
    expect(res.body).toEqual({ error: 'Request body is too large', errorCode: 'PAYLOAD_TOO_LARGE' });
    expect(h.fake.requests.filter((r) => r.musicu?.some((c) => c.module === 'music.pf_song_detail_svr'))).toHaveLength(0);
  });

  it('a body that does not match its Content-Encoding is a 400 naming that (was 500 INTERNAL); a compressed bomb is a 413', async () => {
    const json = Buffer.from(JSON.stringify({ songs: [['0039MnYb0qxYhV']] }));
    const compress = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };
    for (const [encoding, zip] of Object.entries(compress)) {
      for (const body of [json, zip(json).subarray(0, 10)]) {
        const res = await rawPost(h.url, '/batchGetSongInfo', body, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
        expect({ encoding, status: res.status, body: JSON.parse(res.text) }).toEqual({
          encoding,
          status: 400,
          body: { error: 'Request body could not be decompressed: it does not match its Content-Encoding', errorCode: 'BAD_REQUEST' },
        });
      }
      // a well-formed compressed body is read; one inflating past BODY_LIMIT stops there
      expect((await rawPost(h.url, '/batchGetSongInfo', zip(json), { 'Content-Type': 'application/json', 'Content-Encoding': encoding })).status).toBe(200);
      const bomb = zip(Buffer.from(JSON.stringify({ songs: [['a'.repeat(20_000_000)]] })));
      const tooLarge = await rawPost(h.url, '/batchGetSongInfo', bomb, { 'Content-Type': 'application/json', 'Content-Encoding': encoding });
      expect({ encoding, status: tooLarge.status, body: JSON.parse(tooLarge.text) }).toEqual({ encoding, status: 413, body: { error: 'Request body is too large', errorCode: 'PAYLOAD_TOO_LARGE' } });
    }
  }, SUITE_CASE_BUDGET_MS); // compressing three 20 MB bombs alone took over 5 s on a busy machine

  it('an upstream origin with a user and password in it stops start-up, naming the setting but not the password', async () => {
    // undici would never send these credentials; refused at start-up (the config check), so /health/ready cannot show them.
    const failure: Error = await startHarness({ env: { UPSTREAM_U_ORIGIN: 'http://mirror:originPw_77@127.0.0.1:9' } }).then(
      async (c) => {
        await c.close();
        throw new Error('started');
      },
      (err: Error) => err,
    );
    expect(failure.message).toMatch(/UPSTREAM_U_ORIGIN=.* must be an http:\/\/ or https:\/\/ origin/);
    expect(failure.message).not.toContain('originPw_77');
    const plain = await h.http().get('/health/ready').expect(200);
    expect(plain.body.info.config).toEqual({ status: 'up' });
    expect(plain.text).not.toContain('originPw_77');
  });

  it('a cookie file that is a directory fails start-up with an error naming the path', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qqgw-dir-'));
    try {
      await expect(startHarness({ env: { COOKIE_FILE: dir } })).rejects.toThrow(dir);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('AdminTokenGuard', () => {
  @Controller('admin-probe')
  @UseGuards(AdminTokenGuard)
  class ProbeController {
    @Get()
    get() {
      return { ok: true };
    }
  }

  const build = async (adminToken?: string): Promise<INestApplication> => {
    @Module({ controllers: [ProbeController], providers: [AdminTokenGuard, { provide: APP_CONFIG, useValue: { adminToken } }] })
    class ProbeModule {}
    const ref = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    app.useGlobalFilters(new AllExceptionsFilter());
    await app.init();
    return app;
  };

  it('without ADMIN_TOKEN the guarded route does not exist (404)', async () => {
    const app = await build(undefined);
    try {
      const res = await request(app.getHttpServer()).get('/admin-probe').set('Authorization', 'Bearer anything').expect(404);
      expect(res.body.errorCode).toBe('NOT_FOUND');
    } finally {
      await app.close();
    }
  });

  it('wrong or missing token → 401; right token (Bearer or X-Admin-Token) → 200; compared with timingSafeEqual', async () => {
    const app = await build('s3cret-token');
    const safeEqual = crypto.timingSafeEqual as unknown as jest.Mock;
    try {
      const server = app.getHttpServer();
      for (const headers of [{}, { Authorization: 'Bearer wrong' }, { 'X-Admin-Token': 's3cret-tokeN' }, { Authorization: 's3cret-token' }, { 'X-Admin-Token': 's3cret-token-longer' }]) {
        const res = await request(server).get('/admin-probe').set(headers).expect(401);
        expect(res.body).toEqual({ error: 'A valid admin token is required', errorCode: 'ADMIN_TOKEN_REQUIRED' });
        expect(JSON.stringify(res.body)).not.toContain('s3cret');
      }
      safeEqual.mockClear();
      await request(server).get('/admin-probe').set('Authorization', 'Bearer s3cret-token').expect(200, { ok: true });
      expect(safeEqual).toHaveBeenCalledTimes(1);
      await request(server).get('/admin-probe').set('X-Admin-Token', 's3cret-token').expect(200);
      safeEqual.mockClear();
      await request(server).get('/admin-probe').set('X-Admin-Token', 'x').expect(401);
      // different lengths still go through the constant-time comparison (both sides are hashed first)
      expect(safeEqual).toHaveBeenCalledTimes(1);
    } finally {
      await app.close();
    }
  });
});

/** A POST of exact bytes (supertest would JSON-encode a Buffer sent as application/json). */
function rawPost(url: string, path: string, body: Buffer, headers: Record<string, string>): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(new URL(path, url), { method: 'POST', headers: { ...headers, 'Content-Length': body.length } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function rawStatus(url: string, text: string): Promise<number> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname);
    socket.setTimeout(20_000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (d) => (received += d.toString('latin1')));
    const done = () => {
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (m) resolve(Number(m[1]));
      else reject(new Error(`no status: ${JSON.stringify(received.slice(0, 80))}`));
    };
    socket.on('close', done);
    socket.on('error', () => undefined);
    socket.write(text);
  });
}

