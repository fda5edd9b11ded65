/** Metadata key of @CacheInvalidatedBy: read at start-up by RouteTable. */
export const CACHE_INVALIDATED_BY = 'qqgw:cache-invalidated-by';

/** A query parameter whose value names what a write changes, and how its value is written canonically. */
export interface InvalidatedBy {
  param: string;
  /**
   * The value as the route reads it (e.g. `o0123` → `123`): a write and a read spelling it differently share the tag.
   * Undefined in the decorator's metadata: RouteTable then takes the parameter's declared canonical form (ToNumericId…).
   */
  canonical: (value: string) => string;
  /** `'account-uin'`: a request without the parameter is filed as the account of the cookie in play (its uin). */
  whenAbsent?: 'account-uin';
}

/** What @CacheInvalidatedBy records: the canonical form only when the route gives one of its own. */
export type DeclaredInvalidatedBy = Omit<InvalidatedBy, 'canonical'> & { canonical?: InvalidatedBy['canonical'] };

/**
 * Marks a cached GET route whose answers a write may change: each answer is filed under `<path>#<param>=<value>`, and
 * CacheInvalidation.invalidate drops them all at once (docs/decisions/020-cache-invalidation.md). Next to @CacheTTL.
 */
export function CacheInvalidatedBy(param: string, canonical?: InvalidatedBy['canonical'], whenAbsent?: InvalidatedBy['whenAbsent']): MethodDecorator {
  return (_target, _name, descriptor) => {
    const handler = descriptor.value as object;
    const declared = (Reflect.getMetadata(CACHE_INVALIDATED_BY, handler) as DeclaredInvalidatedBy[] | undefined) ?? [];
    Reflect.defineMetadata(CACHE_INVALIDATED_BY, [...declared, { param, ...(canonical ? { canonical } : {}), ...(whenAbsent ? { whenAbsent } : {}) }], handler);
    return descriptor;
  };
}
