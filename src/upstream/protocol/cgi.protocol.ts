import { Injectable } from '@nestjs/common';
import { cookieUin, parseCookie } from '../../common/cookie';
import { LOGIN_CODES } from '../../common/upstream-codes';
import { CookieChoice } from '../credential/cookie-choice';
import { looksLikeRefusal, parseJsonOrJsonp } from '../parse';
import { UpstreamFallbacks } from '../shape/fallback-witness';
import { UpstreamTransport } from '../transport/upstream-transport';
import { businessError, UpstreamError } from '../upstream.errors';
import { type CgiOptions, type CgiResponse, type QueryValue, type UpstreamRequest } from '../upstream.types';
import { gtkOf } from '../identity/comm-profiles';

/** The c.y.qq.com-style CGIs: GET with a query, JSON/JSONP/XML out (docs/upstream/README.md "CGI answers"). */
@Injectable()
export class CgiProtocol {
  constructor(
    private readonly transport: UpstreamTransport,
    private readonly cookies: CookieChoice,
    private readonly fallbacks: UpstreamFallbacks,
  ) {}

  /**
   * One CGI call. An empty, `{}`, HTML or unparseable answer, a network error, a 5xx, a 429 or a 403 is retried once
   * with the y.qq.com Referer (docs/upstream/README.md "Referer retry").
   */
  async call<T = any>(path: string, query: Record<string, QueryValue>, options: CgiOptions = {}): Promise<CgiResponse<T>> {
    return this.cookies.withStoredCredential(
      options.cookie,
      (cookie) => this.once<T>(path, query, { ...options, cookie }),
      (res) => authCodeOfBody(res.raw),
    );
  }

  private async once<T>(path: string, query: Record<string, QueryValue>, options: CgiOptions): Promise<CgiResponse<T>> {
    const { format = 'json', referer = 'https://c.y.qq.com/', noRefererRetry, host = 'c', gtk, ownCodes, ...rest } = options;
    const label = path.split('/').pop()?.split('?')[0] ?? path;
    const cookie = this.cookies.cookieFor(rest.cookie);
    if (gtk) {
      const signed = gtkOf(cookie);
      query = { ...query, g_tk_new_20200303: signed, g_tk: signed };
    }
    // commonParams' loginUin (sent as 0) is the account of the cookie sent, '0' when anonymous; a call naming another
    // uin there (the homepage of the user asked for) keeps it.
    if (query.loginUin === 0) query = { ...query, loginUin: cookieUin(parseCookie(cookie)) };
    const attempt = async (ref: string): Promise<CgiResponse<T>> => {
      const request: UpstreamRequest = { ...rest, host, path, query, label, headers: { Referer: ref, ...rest.headers } };
      const res = await this.transport.fetchShared(request);
      if (format === 'xml') {
        if (!res.text.trim().startsWith('<')) {
          throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${label} did not answer XML`, host, { target: label }));
        }
        return { raw: res.text as T, text: res.text };
      }
      if (looksLikeRefusal(res.text)) {
        throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered an empty or HTML body`, host, { target: label }));
      }
      let raw: unknown;
      try {
        raw = parseJsonOrJsonp(res.text);
      } catch {
        throw this.transport.failed(res, new UpstreamError('bad_body', `Upstream ${label} answered a body that is not JSON`, host, { target: label }));
      }
      const code = raw && typeof raw === 'object' ? Number((raw as { code?: unknown }).code ?? 0) : 0;
      if (!ownCodes && Number.isFinite(code) && code !== 0) throw this.transport.failed(res, businessError(code, label, host));
      return { raw: raw as T, text: res.text };
    };
    try {
      return await attempt(referer);
    } catch (err) {
      if (noRefererRetry || !isRetriableForReferer(err)) throw err;
      this.fallbacks.fellBack(`${label} first Referer`);
      return attempt('https://y.qq.com/');
    }
  }
}

/** A CGI body's top-level code when it is an auth failure (the c6 homepage answers `{code:1000}` for a dead login). */
function authCodeOfBody(raw: unknown): number | undefined {
  const code = raw && typeof raw === 'object' ? Number((raw as { code?: unknown }).code) : NaN;
  return LOGIN_CODES.has(code) ? code : undefined;
}

function isRetriableForReferer(err: unknown): boolean {
  if (!(err instanceof UpstreamError)) return false;
  if (err.kind === 'bad_body' || err.kind === 'network') return true;
  const status = err.details.status ?? 0;
  return err.kind === 'bad_status' && (status >= 500 || status === 429 || status === 403);
}
