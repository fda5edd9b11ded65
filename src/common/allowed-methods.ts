import { Inject, Injectable, OnApplicationBootstrap, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.constants';
import { AdminTokenGuard } from './admin-token.guard';

/**
 * The methods each route path answers, read from the controllers once at start-up, so a known path asked with
 * another method is a 405 with `Allow` (RFC 9110 §15.5.6) rather than a 404. Paths are compared as Express routes
 * them: case-insensitive, a trailing slash ignored. Routes behind AdminTokenGuard count only when ADMIN_TOKEN is
 * set: without it they do not exist, not even for another method.
 */
@Injectable()
export class AllowedMethods implements OnApplicationBootstrap {
  private readonly byPath = new Map<string, Set<string>>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const { metatype, instance } of this.discovery.getControllers()) {
      if (!metatype || !instance) continue;
      const prototype = Object.getPrototypeOf(instance);
      const prefixes = paths(Reflect.getMetadata(PATH_METADATA, metatype));
      const classGuarded = isAdminOnly(Reflect.getMetadata(GUARDS_METADATA, metatype));
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        const routes = Reflect.getMetadata(PATH_METADATA, handler);
        if (method === undefined || routes === undefined) continue;
        if ((classGuarded || isAdminOnly(Reflect.getMetadata(GUARDS_METADATA, handler))) && !this.config.adminToken) continue;
        for (const prefix of prefixes) for (const route of paths(routes)) this.add(`${prefix}/${route}`, RequestMethod[method]);
      }
    }
  }

  /** What `Allow` lists for a path (GET brings HEAD), or undefined when no route has that path. */
  allowed(path: string): string[] | undefined {
    const methods = this.byPath.get(key(path));
    return methods && [...methods];
  }

  private add(path: string, method: string): void {
    const methods = this.byPath.get(key(path)) ?? new Set<string>();
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
    this.byPath.set(key(path), methods);
  }
}

const paths = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : [value === undefined ? '' : String(value)]);
const key = (path: string): string => `/${path.split('/').filter(Boolean).join('/')}`.toLowerCase();
const isAdminOnly = (guards: unknown): boolean => Array.isArray(guards) && guards.includes(AdminTokenGuard);
