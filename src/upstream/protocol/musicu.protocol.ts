import { Injectable } from '@nestjs/common';
import { describeCode, LOGIN_CODES } from '../../common/upstream-codes';
import { CookieChoice } from '../credential/cookie-choice';
import { UpstreamFallbacks } from '../shape/fallback-witness';
import { UpstreamTransport } from '../transport/upstream-transport';
import { businessError, UpstreamError } from '../upstream.errors';
import {
  type MusicuCall,
  type MusicuOptions,
  type MusicuPartialResponse,
  type MusicuResponse,
  type QueryValue,
  type UpstreamRequest,
} from '../upstream.types';
import { zzcSign } from '../zzc-sign';
import { ClientIdentity } from '../identity/client-identity.service';
import { androidComm, androidUserAgent, appQrLoginComm, desktopSearchComm, isAndroidProfile, loginExchangeComm, phoneLoginComm, webComm } from '../identity/comm-profiles';

/** musicu's "signature required": the call is asked again on musics.fcg, signed (docs/upstream/README.md "Signing"). */
const SIGNATURE_REQUIRED = 2000;

/** The musicu.fcg JSON-RPC: the envelope, its comm, its codes, and signing (docs/upstream/README.md "Musicu envelope"). */
@Injectable()
export class MusicuProtocol {
  constructor(
    private readonly transport: UpstreamTransport,
    private readonly cookies: CookieChoice,
    private readonly fallbacks: UpstreamFallbacks,
    private readonly identity: ClientIdentity,
  ) {}

  /** A musicu.fcg call; every key must answer code 0, else UpstreamError('business') with that code. */
  async call<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions = {}): Promise<MusicuResponse<K>> {
    const { raw, results } = await this.callPartial(calls, options);
    const data = {} as Record<K, any>;
    for (const key of Object.keys(calls) as K[]) {
      const result = results[key];
      if (result.code !== 0) {
        const call = calls[key];
        throw this.transport.failed(raw, businessError(result.code, `${call.module}.${call.method}`));
      }
      data[key] = result.data;
    }
    return { raw, data };
  }

  /**
   * A musicu.fcg call that keeps each key's outcome (aggregate endpoints keep the good parts).
   * Still throws when the envelope itself fails (transport, non-JSON, top-level code ≠ 0).
   */
  async callPartial<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions = {}): Promise<MusicuPartialResponse<K>> {
    // The Android comm carries the device identity: obtained at the first such call, from memory afterwards.
    if (isAndroidProfile(options.profile)) await this.identity.ready();
    return this.cookies.withStoredCredential(
      options.cookie,
      (cookie) => this.once(calls, { ...options, cookie }, options.signed === true),
      (res) => Object.values<MusicuPartialResponse['results'][string]>(res.results).map((r) => r.code).find((c) => LOGIN_CODES.has(c)),
    );
  }

  /**
   * One musicu call. `signed`: the same envelope POSTed to musics.fcg with its zzc `sign`, used from the start when
   * `options.signed` asks for it, else once when the unsigned call answers code 2000 ("signature required"); the
   * signed bytes are exactly the sent body.
   */
  private async once<K extends string>(calls: Record<K, MusicuCall>, options: MusicuOptions, signed = false): Promise<MusicuPartialResponse<K>> {
    const cookie = this.cookies.cookieFor(options.cookie);
    const comm = this.commFor(cookie, options);
    const payload = JSON.stringify({ comm, ...calls });
    const label = Object.values<MusicuCall>(calls).map((c) => `${c.module}.${c.method}`).join(',');
    const via = signed ? 'POST' : (options.via ?? 'POST');
    const request: UpstreamRequest = {
      host: 'u',
      path: signed ? '/cgi-bin/musics.fcg' : '/cgi-bin/musicu.fcg',
      method: via,
      query: signed ? { _: Date.now(), sign: zzcSign(payload) } : musicuQuery(via, payload),
      body: via === 'POST' ? payload : undefined,
      headers: {
        Referer: 'https://y.qq.com/',
        Origin: 'https://y.qq.com',
        ...(via === 'POST' ? { 'Content-Type': 'application/json' } : {}),
        ...(isAndroidProfile(options.profile) ? { 'User-Agent': androidUserAgent(this.identity.android().osRelease) } : {}),
        ...options.headers,
      },
      cookie: options.cookie === false ? false : cookie,
      label,
    };
    const idempotent = options.idempotent !== false;
    const res = idempotent ? await this.transport.fetchShared(request) : await this.transport.fetch(request, false);
    let raw: Record<string, any>;
    try {
      raw = JSON.parse(res.text);
    } catch {
      throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered a body that is not JSON`, 'u', { target: label }));
    }
    if (!raw || typeof raw !== 'object') {
      throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered an unexpected body`, 'u', { target: label }));
    }
    // Signature required, on the envelope or on one of its keys: ask once more, signed (never for a single-use call).
    const wantsSignature = Number(raw.code) === SIGNATURE_REQUIRED || Object.keys(calls).some((key) => Number(raw[key]?.code) === SIGNATURE_REQUIRED);
    if (wantsSignature && !signed && idempotent) {
      // The first sign of "a signature became required": counted, and the canary reports it as a fallback.
      this.fallbacks.fellBack(`${label} unsigned`);
      return this.once(calls, options, true);
    }
    if (raw.code !== undefined && Number(raw.code) !== 0) throw this.transport.failed(res, businessError(Number(raw.code), label));
    this.transport.sameCall(res, raw);
    const results = {} as MusicuPartialResponse<K>['results'];
    for (const key of Object.keys(calls) as K[]) {
      const part = raw[key];
      if (!part || typeof part !== 'object') {
        results[key] = { code: -1, data: null, error: `missing "${key}" in the upstream answer` };
      } else if (Number(part.code) !== 0) {
        const code = Number(part.code);
        results[key] = { code, data: null, error: describeCode(code) };
      } else {
        results[key] = { code: 0, data: part.data };
      }
    }
    return { raw, results };
  }

  /** The call's comm (identity/comm-profiles.ts builds every profile), from the cookie this very call carries. */
  private commFor(cookie: string, { profile = 'web', overrides = {} }: MusicuOptions): Record<string, unknown> {
    switch (profile) {
      case 'android':
        return androidComm(cookie, this.identity.android());
      case 'desktopSearch':
        return desktopSearchComm(cookie);
      case 'loginExchange':
        return loginExchangeComm(cookie, overrides);
      case 'phoneLogin':
        return phoneLoginComm(cookie, this.identity.android(), overrides);
      case 'appQrLogin':
        return appQrLoginComm(cookie, this.identity.android(), overrides);
      default:
        return webComm(cookie, overrides);
    }
  }
}

/** The query of an unsigned musicu call: GET carries the envelope as a `data` JSON string, POST a cache-buster. */
function musicuQuery(via: 'GET' | 'POST', payload: string): Record<string, QueryValue> {
  return via === 'GET' ? { format: 'json', data: payload } : { _: Date.now() };
}
