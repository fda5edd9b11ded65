import { CACHE_TTL_METADATA } from '@nestjs/cache-manager';
import { Inject, Injectable, Module, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule, DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AdminTokenGuard } from './admin-token.guard';
import { ACCEPTS_FORM, FORM_BODY, JSON_BODY } from './body-type';
import { declaredQueryForms, declaredQueryNames } from './query-names';
import type { CanonicalForm } from './validation';
import { CACHE_INVALIDATED_BY, type DeclaredInvalidatedBy, type InvalidatedBy } from './cache-invalidated-by';

/** Read before app.init() built the table: a start-up order bug, not a route that is never cached. */
class NotBuilt extends Map<string, never> {
  override get(): never {
    throw new Error('RouteTable read before app.init(): the route table is built at application bootstrap');
  }
}

/**
 * Every controller route, read once at start-up (application bootstrap, inside app.init(), so before the cache fast
 * lane is installed and the first request arrives):
 * - the methods each path answers, so a known path asked with another method is a 405 with `Allow` (RFC 9110
 *   section 15.5.6) rather than a 404. Paths are compared as Express routes them: case-insensitive, a trailing slash
 *   ignored. Routes behind AdminTokenGuard count only when ADMIN_TOKEN is set: without it they do not exist, not even
 *   for another method;
 * - how long the response cache keeps each path's GET answer: the handler's `@CacheTTL(seconds)`, absent = never
 *   cached. Every path of a handler (aliases) gets its TTL. Looked up by the exact path, as the cache saw it before
 *   the TTLs moved onto the routes (`/getranks` or `/getRanks/` are answered, but not cached);
 * - the query parameters each cached route declares: the only ones its cache key holds, each in its canonical form
 *   where the DTO declares one (ToInt, ToNumericId…), so `topId=04` and `topId=4` are one entry;
 * - the parameters whose value a write invalidates the route's answers by (`@CacheInvalidatedBy`);
 * - the body types each route reads: JSON, and a form too where the handler has `@AcceptsForm()` (the 415 check).
 */
@Injectable()
export class RouteTable implements OnApplicationBootstrap {
  private readonly byPath = new Map<string, Set<string>>();
  /** `POST /user/setcookie`: method and path key of each route marked @AcceptsForm. */
  private readonly formRoutes = new Set<string>();
  private ttlByPath: ReadonlyMap<string, number> = new NotBuilt();
  private paramsByPath: ReadonlyMap<string, ReadonlySet<string>> = new NotBuilt();
  private formsByPath: ReadonlyMap<string, ReadonlyMap<string, CanonicalForm>> = new NotBuilt();
  private invalidatedByPath: ReadonlyMap<string, readonly InvalidatedBy[]> = new NotBuilt();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const ttls = new Map<string, number>();
    const params = new Map<string, ReadonlySet<string>>();
    const forms = new Map<string, ReadonlyMap<string, CanonicalForm>>();
    const invalidatedBy = new Map<string, readonly InvalidatedBy[]>();
    for (const { metatype, instance } of this.discovery.getControllers()) {
      if (!metatype || !instance) continue;
      const prototype = Object.getPrototypeOf(instance);
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, metatype));
      const classGuarded = isAdminOnly(Reflect.getMetadata(GUARDS_METADATA, metatype));
      if (Reflect.getMetadata(CACHE_TTL_METADATA, metatype) !== undefined) {
        throw new Error(`${metatype.name}: @CacheTTL on the controller class is not read; put it on each cached handler`);
      }
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const routes = Reflect.getMetadata(PATH_METADATA, handler);
        if (method === undefined || routes === undefined) continue;
        const adminOnly = classGuarded || isAdminOnly(Reflect.getMetadata(GUARDS_METADATA, handler));
        const ttl = cacheTtlOf(handler, `${metatype.name}.${name}`, method, adminOnly);
        const queryNames = new Set(declaredQueryNames(metatype, prototype, name));
        const queryForms = declaredQueryForms(metatype, prototype, name);
        const tags = invalidatedByOf(handler, `${metatype.name}.${name}`, ttl, queryNames, queryForms);
        const acceptsForm = Reflect.getMetadata(ACCEPTS_FORM, handler) === true;
        if (adminOnly && !this.config.adminToken) continue;
        for (const prefix of prefixes) {
          for (const route of paths(routes)) {
            const path = join(prefix, route);
            this.add(path, RequestMethod[method]);
            if (acceptsForm) this.formRoutes.add(`${RequestMethod[method]} ${key(path)}`);
            if (ttl !== undefined) {
              ttls.set(path, ttl);
              params.set(path, queryNames);
              forms.set(path, queryForms);
              if (tags.length) invalidatedBy.set(path, tags);
            }
          }
        }
      }
    }
    this.ttlByPath = ttls;
    this.paramsByPath = params;
    this.formsByPath = forms;
    this.invalidatedByPath = invalidatedBy;
  }

  /** The parameters a write invalidates a cached route's answers by (`@CacheInvalidatedBy`), else undefined. */
  invalidatedBy(path: string): readonly InvalidatedBy[] | undefined {
    return this.invalidatedByPath.get(path);
  }

  /** What `Allow` lists for a path (GET brings HEAD), or undefined when no route has that path. */
  allowed(path: string): string[] | undefined {
    const methods = this.byPath.get(key(path));
    return methods && [...methods];
  }

  /** The body types a route reads (what its Content-Type must be): JSON, plus form-urlencoded where marked. */
  bodyTypes(path: string, method: string): string[] {
    return this.formRoutes.has(`${method} ${key(path)}`) ? [JSON_BODY, FORM_BODY] : [JSON_BODY];
  }

  /** The response cache's TTL (seconds) of a GET route's exact path, else undefined. Per request: one Map get. */
  ttlOf(path: string): number | undefined {
    return this.ttlByPath.get(path);
  }

  /** The query parameters a cached GET route declares (its DTO), by the exact path ttlOf uses; else undefined. */
  queryParamsOf(path: string): ReadonlySet<string> | undefined {
    return this.paramsByPath.get(path);
  }

  /** The canonical form of each declared query parameter of a cached GET route that has one, by the exact path ttlOf uses. */
  queryFormsOf(path: string): ReadonlyMap<string, CanonicalForm> | undefined {
    return this.formsByPath.get(path);
  }

  /** Every cached path and its TTL (seconds). */
  ttls(): ReadonlyMap<string, number> {
    return new Map(this.ttlByPath);
  }

  private add(path: string, method: string): void {
    const methods = this.byPath.get(key(path)) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    this.byPath.set(key(path), methods);
  }
}

/**
 * A handler's `@CacheTTL(seconds)`. That is @nestjs/cache-manager's decorator, used as metadata only: the gateway
 * caches in its own middleware (ResponseCacheMiddleware and the fast lane), never through Nest's CacheInterceptor,
 * and reads the value as seconds (CacheInterceptor, not installed, would hand it to cache-manager 7 as milliseconds).
 * What the cache could not honour stops the start: a TTL that is no whole number of seconds (or a factory), on
 * another method than GET (only GET and HEAD are cached), or on an admin route (the cache answers before its guard).
 */
function cacheTtlOf(handler: object, where: string, method: RequestMethod, adminOnly: boolean): number | undefined {
  const ttl: unknown = Reflect.getMetadata(CACHE_TTL_METADATA, handler);
  if (ttl === undefined) return undefined;
  if (typeof ttl !== 'number' || !Number.isSafeInteger(ttl) || ttl <= 0) {
    throw new Error(`${where}: @CacheTTL must be a whole number of seconds > 0 (got ${typeof ttl === 'function' ? 'a function' : String(ttl)})`);
  }
  if (method !== RequestMethod.GET) throw new Error(`${where}: @CacheTTL on a ${RequestMethod[method]} route; only GET answers are cached`);
  if (adminOnly) throw new Error(`${where}: @CacheTTL on an admin route; the response cache answers before AdminTokenGuard`);
  return ttl;
}

/**
 * A handler's `@CacheInvalidatedBy` parameters: only on a cached route, and only parameters its key holds. A tag's value
 * is written as the key writes the parameter (its declared canonical form) unless the decorator names a form of its own.
 */
function invalidatedByOf(
  handler: object,
  where: string,
  ttl: number | undefined,
  queryNames: ReadonlySet<string>,
  queryForms: ReadonlyMap<string, CanonicalForm>,
): readonly InvalidatedBy[] {
  const declared = (Reflect.getMetadata(CACHE_INVALIDATED_BY, handler) as DeclaredInvalidatedBy[] | undefined) ?? [];
  if (declared.length && ttl === undefined) throw new Error(`${where}: @CacheInvalidatedBy without @CacheTTL; only cached answers are invalidated`);
  for (const { param } of declared) {
    if (!queryNames.has(param)) throw new Error(`${where}: @CacheInvalidatedBy('${param}') names no query parameter the route declares`);
  }
  return declared.map((by) => ({ ...by, canonical: by.canonical ?? queryForms.get(by.param) ?? trimmed }));
}

const trimmed = (value: string): string => value.trim();

/**
 * The path a request is routed by: the URL after the legacy rewrite (`/getSongInfo/<mid>`, `//getSongInfo` →
 * `/getSongInfo`), which originalUrl is not. Inside a Nest middleware req.path is relative to its mount point (Express
 * leaves it `/` when the mount took the whole path), hence baseUrl + path without the trailing slash.
 */
export const routedPath = (req: { baseUrl: string; path: string }): string => (req.baseUrl + req.path).replace(/\/+$/, '') || '/';

/** The route table and the discovery it reads the controllers with (the response cache and the 405/415 answers use it). */
@Module({ imports: [DiscoveryModule], providers: [RouteTable], exports: [RouteTable] })
export class RouteTableModule {}

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [value === undefined ? '' : String(value)]);
/** A controller prefix and a handler path as one route path: `/user/getUserPlaylists` (case kept). */
const join = (prefix: string, route: string): string => `/${`${prefix}/${route}`.split('/').filter(Boolean).join('/')}`;
const key = (path: string): string => join('', path).toLowerCase();
const isAdminOnly = (guards: unknown): boolean => Array.isArray(guards) && guards.includes(AdminTokenGuard);
