import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { UPSTREAM_HOST_NAMES } from '../src/config/app-config';
import { zzcSign } from '../src/upstream/zzc-sign';
import { FakeMqttBroker } from './mqtt-broker';
import { FakeState } from './state';
import { ROUTES } from './handlers';
import { identityRefusal } from './handlers/identity';

/** The upstream hosts the fake plays, one loopback port each, so every request is logged with its real host name. */
export const FAKE_HOSTS = UPSTREAM_HOST_NAMES;
export type FakeHost = keyof typeof FAKE_HOSTS;

const ENV_NAMES: Record<FakeHost, string> = {
  u: 'UPSTREAM_U_ORIGIN',
  c: 'UPSTREAM_C_ORIGIN',
  c6: 'UPSTREAM_C6_ORIGIN',
  y: 'UPSTREAM_Y_ORIGIN',
  ptlogin: 'UPSTREAM_PTLOGIN_ORIGIN',
  ptloginGraph: 'UPSTREAM_PTLOGIN_GRAPH_ORIGIN',
  graph: 'UPSTREAM_GRAPH_ORIGIN',
  wxOpen: 'UPSTREAM_WX_OPEN_ORIGIN',
  wxLp: 'UPSTREAM_WX_LP_ORIGIN',
  mu: 'UPSTREAM_MU_ORIGIN',
  qimei: 'UPSTREAM_QIMEI_ORIGIN',
};

export interface MusicuKeyCall {
  key: string;
  module: string;
  method: string;
  param: any;
}

/** One request as the fake received it. */
export interface RecordedRequest {
  host: (typeof FAKE_HOSTS)[FakeHost];
  hostKey: FakeHost;
  method: string;
  /** Path without the query string. */
  path: string;
  /** Raw query string (without `?`), byte-exact. */
  rawQuery: string;
  query: Record<string, string>;
  headers: IncomingMessage['headers'];
  cookie: string;
  body: string;
  /** For musicu.fcg: the parsed envelope's comm and each key's module/method/param. */
  comm?: any;
  musicu?: MusicuKeyCall[];
}

export type Fault =
  | { kind: 'latency'; ms: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'garbage' }
  | { kind: 'html' }
  | { kind: 'truncated' }
  | { kind: 'reset' }
  | { kind: 'hang' }
  /** An answer of `bytes` bytes (a JSON string of padding), announced by Content-Length or, with `chunked`, streamed. */
  | { kind: 'huge'; bytes: number; chunked?: boolean }
  /**
   * The normal answer, padded to `bytes` bytes by a `_pad` string, announced by Content-Length or, with `chunked`,
   * streamed. With `hold`, the second half waits for releasePadded() (or the client going away), so tests know how
   * many answers are half-read at once whatever the timing. With `paceMs`, a pause after every 64 KB (a slow link).
   */
  | { kind: 'padded'; bytes: number; chunked?: boolean; hold?: boolean; paceMs?: number }
  /** Upstream business code: on one musicu key's module when `module` matches, else the top-level code. */
  | { kind: 'business'; code: number }
  /**
   * A well-formed success whose payload is not what the gateway expects (upstream changed its schema): each musicu
   * key answers `{ code: 0, data }`; any other call answers the JSON `{ code: 0, data }`.
   */
  | { kind: 'shape'; data: unknown };

export interface FaultMatch {
  host?: FakeHost;
  /** Path prefix, e.g. '/cgi-bin/musicu.fcg' or '/splcloud/fcgi-bin/fcg_get_diss_by_tag.fcg'. */
  path?: string;
  /** musicu module (and optionally `.method`), e.g. 'music.pf_song_detail_svr'. */
  module?: string;
  /** Only the first N matching requests; default: every one until cleared. */
  times?: number;
}

interface FaultRule {
  fault: Fault;
  match: FaultMatch;
  remaining: number;
}

/** What a route answers. `json` is serialised; `text` is sent as is. */
export interface FakeReply {
  status?: number;
  headers?: Record<string, string | string[]>;
  json?: unknown;
  text?: string;
  body?: Buffer;
}

export interface FakeContext {
  req: RecordedRequest;
  state: FakeState;
  /** Origins of every fake host (for Location headers and redirect URLs). */
  origins: Record<FakeHost, string>;
  /** Resolves when the client goes away (for long polls). */
  closed: Promise<void>;
  /** The MQTT broker served on the `mu` host (the app QR login's pushes). */
  broker: FakeMqttBroker;
}

/** A musicu key's answer; `undefined` leaves the key out of the envelope (upstream sometimes omits one). */
export type MusicuHandler = (
  param: any,
  ctx: FakeContext & { comm: any },
) => { code: number; data?: unknown } | undefined | Promise<{ code: number; data?: unknown } | undefined>;
export type HttpHandler = (ctx: FakeContext) => FakeReply | Promise<FakeReply>;

export interface FakeRoutes {
  /** musicu handlers by `module.method`. */
  musicu?: Record<string, MusicuHandler>;
  /**
   * Plain HTTP handlers by `<host> <path>`, e.g. `c /splcloud/fcgi-bin/gethotkey.fcg`; a path ending in `*` matches
   * every path that starts with the rest (e.g. `wxOpen /connect/qrcode/*`).
   */
  http?: Record<string, HttpHandler>;
}

/**
 * A real HTTP server on loopback that plays QQ Music's part: musicu dispatch by module/method, the CGIs, the
 * login chains, fault modes, and a log of every request so tests can assert what the gateway sent.
 */
export class FakeUpstream {
  readonly requests: RecordedRequest[] = [];
  /**
   * Android-comm calls refused for want of an identity this fake issued (104009), kept across reset(): the harness
   * fails a suite that sent one unless it expects them (a suite about the identity services being down).
   */
  readonly identityRefusals: string[] = [];
  /** TCP connections accepted on every host so far (the bench checks the gateway reuses its upstream sockets). */
  connectionsAccepted = 0;
  state = new FakeState();
  /** The app QR login's push service, on the `mu` host's WebSocket upgrades. */
  readonly broker = new FakeMqttBroker();
  origins = {} as Record<FakeHost, string>;
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<Socket>();
  private faults: FaultRule[] = [];
  private readonly inFlight = new Map<string, number>();
  private readonly maxInFlight = new Map<string, number>();
  private holds = new Map<string, { waiters: (() => void)[] }>();
  /** Held padded answers, waiting to send their second half. */
  private paddedWaiters: (() => void)[] = [];
  private readonly musicuRoutes: Record<string, MusicuHandler> = {};
  private readonly httpRoutes: Record<string, HttpHandler> = {};

  constructor(routes: FakeRoutes[] = ROUTES) {
    for (const r of routes) {
      Object.assign(this.musicuRoutes, r.musicu);
      Object.assign(this.httpRoutes, r.http);
    }
  }

  async start(host = '127.0.0.1'): Promise<Record<FakeHost, string>> {
    for (const key of Object.keys(FAKE_HOSTS) as FakeHost[]) {
      const server = createServer((req, res) => void this.handle(key, req, res));
      server.keepAliveTimeout = 5000;
      if (key === 'mu') this.broker.attach(server);
      server.on('connection', (socket) => {
        this.connectionsAccepted++;
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
      });
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      this.origins[key] = `http://${host}:${(server.address() as AddressInfo).port}`;
      this.servers.push(server);
    }
    return this.origins;
  }

  async stop(): Promise<void> {
    this.releaseAll();
    this.broker.close();
    for (const socket of this.sockets) socket.destroy();
    await Promise.all(this.servers.map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    this.servers.length = 0;
  }

  /** The gateway environment that points every upstream origin at this fake. */
  env(): Record<string, string> {
    const env: Record<string, string> = {};
    for (const key of Object.keys(ENV_NAMES) as FakeHost[]) env[ENV_NAMES[key]] = this.origins[key];
    return env;
  }

  /** Forget recorded requests, faults, holds, concurrency figures and scenario state. */
  reset(): void {
    this.requests.length = 0;
    this.faults = [];
    this.releaseAll();
    this.holds.clear();
    this.releasePadded();
    this.inFlight.clear();
    this.maxInFlight.clear();
    this.state = new FakeState();
    this.broker.reset();
  }

  fault(fault: Fault, match: FaultMatch = {}): void {
    this.faults.push({ fault, match, remaining: match.times ?? Infinity });
  }

  clearFaults(): void {
    this.faults = [];
  }

  /** Every musicu key call received, optionally only those of one module (and method: `module.method`). */
  musicuCalls(target?: string): (MusicuKeyCall & { request: RecordedRequest })[] {
    return this.requests.flatMap((request) =>
      (request.musicu ?? [])
        .filter((c) => !target || c.module === target || `${c.module}.${c.method}` === target)
        .map((c) => ({ ...c, request })),
    );
  }

  /** Requests received on one host (and path prefix). */
  requestsTo(host: FakeHost, path?: string): RecordedRequest[] {
    return this.requests.filter((r) => r.hostKey === host && (!path || r.path.startsWith(path)));
  }

  /** The most requests of one target (musicu `module.method`, or `<host> <path>`) that were in flight at once. */
  peakConcurrency(target: string): number {
    return this.maxInFlight.get(target) ?? 0;
  }

  currentConcurrency(target: string): number {
    return this.inFlight.get(target) ?? 0;
  }

  /** Hold every request of a target (musicu `module.method` or `<host> <path>`) until release(). */
  hold(target: string): void {
    this.holds.set(target, { waiters: [] });
  }

  release(target: string): void {
    const hold = this.holds.get(target);
    this.holds.delete(target);
    hold?.waiters.forEach((w) => w());
  }

  /** Lets every held padded answer (fault `padded` with `hold`) send its second half. */
  releasePadded(): void {
    this.paddedWaiters.splice(0).forEach((w) => w());
  }

  private releaseAll(): void {
    for (const target of [...this.holds.keys()]) this.release(target);
  }

  private async handle(hostKey: FakeHost, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    const rawQuery = q < 0 ? '' : url.slice(q + 1);
    const query: Record<string, string> = {};
    for (const [k, v] of new URLSearchParams(rawQuery)) if (!(k in query)) query[k] = v;
    const recorded: RecordedRequest = {
      host: FAKE_HOSTS[hostKey],
      hostKey,
      method: req.method ?? 'GET',
      path,
      rawQuery,
      query,
      headers: req.headers,
      cookie: String(req.headers.cookie ?? ''),
      body: Buffer.concat(chunks).toString('utf8'),
    };
    const isMusicu = hostKey === 'u' && /^\/cgi-bin\/music[us]\.fcg$/.test(path);
    let envelope: Record<string, any> | undefined;
    if (isMusicu) {
      try {
        envelope = JSON.parse(recorded.method === 'GET' ? (query.data ?? '') : recorded.body);
      } catch {
        envelope = undefined;
      }
      if (envelope && typeof envelope === 'object') {
        recorded.comm = envelope.comm;
        recorded.musicu = Object.entries(envelope)
          .filter(([k, v]) => k !== 'comm' && v && typeof v === 'object' && 'module' in (v as object))
          .map(([key, v]) => ({ key, module: String(v.module), method: String(v.method), param: v.param ?? {} }));
      }
    }
    this.requests.push(recorded);

    const targets = recorded.musicu?.length
      ? recorded.musicu.map((c) => `${c.module}.${c.method}`)
      : [`${hostKey} ${path}`];
    for (const t of targets) {
      const n = (this.inFlight.get(t) ?? 0) + 1;
      this.inFlight.set(t, n);
      this.maxInFlight.set(t, Math.max(n, this.maxInFlight.get(t) ?? 0));
    }
    const closed = new Promise<void>((resolve) => res.on('close', () => resolve()));
    try {
      for (const t of targets) {
        const hold = this.holds.get(t);
        if (hold) await new Promise<void>((resolve) => hold.waiters.push(resolve));
      }
      const ctx: FakeContext = { req: recorded, state: this.state, origins: this.origins, closed, broker: this.broker };
      const rules = this.takeFaults(recorded);
      for (const { fault } of rules) if (fault.kind === 'latency') await Promise.race([sleep(fault.ms), closed]);
      const terminal = rules.find(({ fault }) => fault.kind !== 'latency' && fault.kind !== 'business' && fault.kind !== 'padded');
      if (terminal) return await this.applyFault(terminal.fault, res, closed, isMusicu ? envelope : undefined);
      const business = rules.filter(({ fault }) => fault.kind === 'business');
      const reply = isMusicu
        ? await this.dispatchMusicu(envelope, recorded, ctx, business)
        : await this.dispatchHttp(hostKey, path, ctx);
      const padded = rules.find(({ fault }) => fault.kind === 'padded')?.fault;
      if (padded?.kind === 'padded') await this.sendPadded(res, reply, padded, closed);
      else send(res, reply);
    } catch (err) {
      send(res, { status: 500, text: `fake upstream error: ${(err as Error).message}` });
    } finally {
      for (const t of targets) this.inFlight.set(t, (this.inFlight.get(t) ?? 1) - 1);
    }
  }

  private takeFaults(req: RecordedRequest): FaultRule[] {
    const out: FaultRule[] = [];
    for (const rule of this.faults) {
      if (rule.remaining <= 0) continue;
      const m = rule.match;
      if (m.host && m.host !== req.hostKey) continue;
      if (m.path && !req.path.startsWith(m.path)) continue;
      if (m.module && !(req.musicu ?? []).some((c) => c.module === m.module || `${c.module}.${c.method}` === m.module)) continue;
      rule.remaining--;
      out.push(rule);
    }
    return out;
  }

  private async applyFault(fault: Fault, res: ServerResponse, closed: Promise<void>, envelope?: Record<string, any>): Promise<void> {
    switch (fault.kind) {
      case 'status':
        return send(res, { status: fault.status, text: fault.body ?? `<html><body>${fault.status}</body></html>` });
      case 'garbage':
        return send(res, { text: '\u0000\u00ff garbage %%% not json' });
      case 'html':
        return send(res, { text: '<!DOCTYPE html><html><body>error page</body></html>', headers: { 'Content-Type': 'text/html' } });
      case 'truncated':
        return send(res, { text: '{"code":0,"req_1":{"code":0,"data":{"list":[1,2' });
      case 'reset':
        res.socket?.destroy();
        return;
      case 'hang':
        await closed;
        return;
      case 'shape': {
        const answer = { code: 0, data: fault.data };
        if (!envelope) return send(res, { json: answer });
        const keys = Object.keys(envelope).filter((k) => k !== 'comm');
        return send(res, { json: { code: 0, ...Object.fromEntries(keys.map((k) => [k, answer])) } });
      }
      case 'huge': {
        const chunk = Buffer.alloc(64 * 1024, 'x');
        res.writeHead(200, { 'Content-Type': 'application/json', ...(fault.chunked ? {} : { 'Content-Length': fault.bytes }) });
        for (let sent = 0; sent < fault.bytes && !res.destroyed; sent += chunk.length) {
          if (!res.write(chunk.subarray(0, Math.min(chunk.length, fault.bytes - sent)))) await Promise.race([new Promise((r) => res.once('drain', r)), closed]);
        }
        res.end();
        return;
      }
      default:
        return;
    }
  }

  private async sendPadded(res: ServerResponse, reply: FakeReply, fault: Extract<Fault, { kind: 'padded' }>, closed: Promise<void>): Promise<void> {
    const json = (reply.json && typeof reply.json === 'object' ? reply.json : {}) as Record<string, unknown>;
    const plain = Buffer.byteLength(JSON.stringify(json));
    // The padding is spliced into the answer as bytes: stringifying and encoding a 4 MB string per answer made a
    // 64-answer burst wait on the fake itself on a loaded machine.
    const unpadded = JSON.stringify({ ...json, _pad: '' });
    const padding = Buffer.alloc(Math.max(0, fault.bytes - plain - 10), 'x');
    const body = Buffer.concat([Buffer.from(unpadded.slice(0, -2)), padding, Buffer.from(unpadded.slice(-2))]);
    res.writeHead(reply.status ?? 200, { 'Content-Type': 'application/json; charset=utf-8', ...(fault.chunked ? {} : { 'Content-Length': body.length }) });
    const writeRange = async (from: number, to: number): Promise<void> => {
      const step = fault.paceMs ? 64 * 1024 : Math.max(1, to - from);
      for (let at = from; at < to && !res.destroyed; at += step) {
        if (at > 0 && fault.paceMs) await Promise.race([sleep(fault.paceMs), closed]);
        res.write(body.subarray(at, Math.min(at + step, to)));
      }
    };
    const half = body.length >> 1;
    await writeRange(0, half);
    if (fault.hold) await Promise.race([new Promise<void>((resolve) => this.paddedWaiters.push(resolve)), closed]);
    await writeRange(half, body.length);
    if (!res.destroyed) res.end();
  }

  private async dispatchMusicu(
    envelope: Record<string, any> | undefined,
    req: RecordedRequest,
    ctx: FakeContext,
    business: FaultRule[],
  ): Promise<FakeReply> {
    if (!envelope || typeof envelope !== 'object') return { json: { code: 500, message: 'bad request body' } };
    const base = { ts: Date.now(), start_ts: Date.now(), traceid: 'fake0000000000' };
    // musics.fcg serves only a POST whose `sign` is the zzc of its exact body (docs/upstream/README.md "Signing"); else 2000, as upstream.
    if (req.path === '/cgi-bin/musics.fcg' && (req.method !== 'POST' || req.query.sign !== zzcSign(req.body))) return { json: { code: 2000, ...base } };
    const codeOf = (rule: FaultRule) => (rule.fault.kind === 'business' ? rule.fault.code : 0);
    // A business fault matched by module applies to that key only; otherwise to the whole envelope.
    const whole = business.find((rule) => !rule.match.module);
    if (whole) return { json: { code: codeOf(whole), ...base } };
    const out: Record<string, unknown> = { code: 0, ...base };
    // The Android comm without an identity this fake issued: every key refused, as the live service does ("invalidq").
    const refusal = identityRefusal(envelope.comm);
    for (const call of req.musicu ?? []) {
      if (refusal && `${call.module}.${call.method}` !== 'music.getSession.session.GetSession') {
        this.identityRefusals.push(`${call.module}.${call.method}: ${refusal}`);
        out[call.key] = { code: 104009, data: {}, msg: `invalidq: ${refusal}` };
        continue;
      }
      const rule = business.find((r) => r.match.module === call.module || r.match.module === `${call.module}.${call.method}`);
      if (rule) {
        out[call.key] = { code: codeOf(rule), data: {} };
        continue;
      }
      const handler = this.musicuRoutes[`${call.module}.${call.method}`];
      const answer = handler
        ? await handler(call.param, { ...ctx, comm: envelope.comm ?? {} })
        : { code: 500003, data: {}, message: `fake: no module ${call.module}.${call.method}` };
      if (answer !== undefined) out[call.key] = answer;
    }
    return { json: out };
  }

  private async dispatchHttp(host: FakeHost, path: string, ctx: FakeContext): Promise<FakeReply> {
    const handler = this.httpRoutes[`${host} ${path}`] ?? this.prefixRoute(host, path);
    if (!handler) return { status: 404, text: '<html><body>404 Not Found</body></html>', headers: { 'Content-Type': 'text/html' } };
    return handler(ctx);
  }

  private prefixRoute(host: FakeHost, path: string): HttpHandler | undefined {
    const key = Object.keys(this.httpRoutes).find((k) => k.endsWith('*') && `${host} ${path}`.startsWith(k.slice(0, -1)));
    return key ? this.httpRoutes[key] : undefined;
  }
}

function send(res: ServerResponse, reply: FakeReply): void {
  if (res.headersSent || res.destroyed) return;
  const headers: Record<string, string | string[]> = { ...reply.headers };
  let body: Buffer;
  if (reply.body) body = reply.body;
  else if (reply.json !== undefined) {
    body = Buffer.from(JSON.stringify(reply.json));
    headers['Content-Type'] ??= 'application/json; charset=utf-8';
  } else body = Buffer.from(reply.text ?? '');
  headers['Content-Type'] ??= 'text/plain; charset=utf-8';
  res.writeHead(reply.status ?? 200, headers);
  res.end(body);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());
