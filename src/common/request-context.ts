import { AsyncLocalStorage } from 'node:async_hooks';

/** Per-request facts the upstream client needs without every service passing them along. */
export interface RequestContext {
  /** The caller's own cookie (query `cookie` > header `X-Custom-Cookie` > header `Cookie`), if any. */
  callerCookie?: string;
  /** Aborted when the client disconnects, so upstream calls stop with it. */
  signal?: AbortSignal;
  /** Aborted when the server starts shutting down: long polls end then, ordinary calls finish. */
  shuttingDown?: AbortSignal;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();
