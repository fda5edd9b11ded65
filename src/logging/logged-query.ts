import { Injectable, Module, type INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { unescape } from 'node:querystring';
import { declaredQueryNames } from '../common/query-names';
import { SHAPE_QUERY } from '../common/response-shape';

export const REDACTED = '[Redacted]';

/**
 * Names whose value is a secret even if a route declared one: the caller cookie (and `data`, the references' name for
 * it on GET /user/setCookie), the login tokens, and the names a client may put the admin token under by mistake.
 * Compared in lower case.
 */
export const SECRET_PARAMS = new Set(['cookie', 'data', 'token', 'logintoken', 'qrsig', 'uuid', 'code', 'admin_token', 'admintoken', 'access_token', 'x-admin-token', 'authorization']);

/** Query parameters every route reads besides its own: the response shape (legacy) and the cache bypass (ResponseCacheMiddleware). */
const GATEWAY_WIDE_PARAMS = [SHAPE_QUERY, 'nocache'];

/**
 * What a logged URL may show of its query (docs/operations.md "Logs"): the values of the gateway's own parameters, as
 * the OpenAPI document declares them (read from the same decorators: documentedQueryNames), so a new DTO property is
 * logged without a list to update. Every other value, whatever its spelling (`cookies`, `cookie[]`, `%20cookie`,
 * `qqmusic_key`…), is `[Redacted]`, the name kept. Until the names are read (start-up), every value is redacted.
 */
@Injectable()
export class LoggedQuery {
  private allowed: ReadonlySet<string> = new Set();

  /** Allows `names` (the routes' documented query parameters), plus the gateway-wide ones, minus the secret ones. */
  allow(names: Iterable<string>): void {
    const all = new Set([...GATEWAY_WIDE_PARAMS, ...names]);
    this.allowed = new Set([...all].filter((name) => !SECRET_PARAMS.has(name.toLowerCase())));
  }

  /** The parameter names whose values logged URLs show. */
  allowedNames(): string[] {
    return [...this.allowed].sort();
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
 * The query parameters the OpenAPI document lists, read from the same decorators (declaredQueryNames) without
 * building the document, which is built only when /docs is asked for.
 */
export function documentedQueryNames(app: Pick<INestApplication, 'get'>): Set<string> {
  const names = new Set<string>();
  const scanner = app.get(MetadataScanner);
  for (const { instance, metatype } of app.get(DiscoveryService).getControllers()) {
    if (!instance || !metatype) continue;
    const prototype = Object.getPrototypeOf(instance) as object;
    for (const method of scanner.getAllMethodNames(prototype)) for (const name of declaredQueryNames(metatype, prototype, method)) names.add(name);
  }
  return names;
}

/**
 * A query name or value as the query parser (node:querystring) reads it: `+` as a space, then its unescape, which
 * decodes every valid escape even next to a malformed one (decodeURIComponent would give up on the whole string).
 */
const decoded = (raw: string): string => (/[%+]/.test(raw) ? unescape(raw.replace(/\+/g, ' ')) : raw);

/** Shared by the request logger (its factory) and the app, which hands it the OpenAPI document. */
@Module({ providers: [LoggedQuery], exports: [LoggedQuery] })
export class LoggedQueryModule {}
