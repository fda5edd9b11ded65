import { Injectable, Module } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { unescape } from 'node:querystring';
import { SHAPE_QUERY } from '../legacy/legacy-shape';

export const REDACTED = '[Redacted]';

/**
 * Names whose value is a secret even if a route declared one: the caller cookie (and `data`, the references' name for
 * it on GET /user/setCookie), the login tokens, and the names a client may put the admin token under by mistake.
 * Compared in lower case.
 */
const SECRET_PARAMS = new Set(['cookie', 'data', 'token', 'qrsig', 'uuid', 'code', 'admin_token', 'admintoken', 'access_token', 'x-admin-token', 'authorization']);

/** Query parameters every route reads besides its own: the response shape (legacy) and the cache bypass (ResponseCacheMiddleware). */
const GATEWAY_WIDE_PARAMS = [SHAPE_QUERY, 'nocache'];

/**
 * What a logged URL may show of its query (docs/operations.md "Logs"): the values of the gateway's own parameters, as
 * the OpenAPI document declares them (so a new DTO property is logged without a list to update). Every other value,
 * whatever its spelling (`cookies`, `cookie[]`, `%20cookie`, `qqmusic_key`…), is `[Redacted]`, the name kept. Until
 * the document is read (start-up), every value is redacted.
 */
@Injectable()
export class LoggedQuery {
  private allowed: ReadonlySet<string> = new Set();

  /** Allows the query parameters `document` declares on any route, plus the gateway-wide ones, minus the secret ones. */
  allowDocumented(document: OpenAPIObject): void {
    const names = new Set(GATEWAY_WIDE_PARAMS);
    for (const operations of Object.values(document.paths)) {
      for (const operation of Object.values(operations as Record<string, { parameters?: unknown[] }>)) {
        for (const parameter of operation?.parameters ?? []) {
          const { in: where, name } = parameter as { in?: string; name?: string };
          if (where === 'query' && typeof name === 'string') names.add(name);
        }
      }
    }
    this.allowed = new Set([...names].filter((name) => !SECRET_PARAMS.has(name.toLowerCase())));
  }

  /** `url` with every query value that is not an allowed parameter's replaced by `[Redacted]`. */
  redact(url: string): string {
    const q = url.indexOf('?');
    if (q < 0) return url;
    const pairs = url.slice(q + 1).split('&').map((pair) => {
      if (!pair) return pair;
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      const name = decoded(rawName);
      // A name that itself holds `name=value` (an encoded cookie) or is long is no parameter name: not shown either.
      if (/[=;]/.test(name) || name.length > 64) return REDACTED;
      if (eq < 0) return pair;
      // An allowed value holding a pair (`topId=4;cookie=…`, `key=qqmusic_key%3D…`) is a secret pasted there.
      return this.allowed.has(name) && !/[=;#]/.test(decoded(pair.slice(eq + 1))) ? pair : `${rawName}=${REDACTED}`;
    });
    return `${url.slice(0, q)}?${pairs.join('&')}`;
  }
}

/**
 * A query name or value as the query parser (node:querystring) reads it: `+` as a space, then its unescape, which
 * decodes every valid escape even next to a malformed one (decodeURIComponent would give up on the whole string).
 */
const decoded = (raw: string): string => (/[%+]/.test(raw) ? unescape(raw.replace(/\+/g, ' ')) : raw);

/** Shared by the request logger (its factory) and the app, which hands it the OpenAPI document. */
@Module({ providers: [LoggedQuery], exports: [LoggedQuery] })
export class LoggedQueryModule {}
