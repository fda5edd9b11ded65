import helmet from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * helmet's headers, minus the CSP's `upgrade-insecure-requests`: over plain HTTP (a LAN address) it makes the browser
 * fetch the Swagger UI's scripts from https, and /docs stays blank. TLS is the reverse proxy's job (it can add the
 * directive); the API answers are JSON, which the directive does nothing for.
 */
function helmetMiddleware(): ReturnType<typeof helmet> {
  return helmet({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } });
}

/**
 * The headers helmet sets, captured once: they do not depend on the request, so every answer (the pipeline's and
 * the cache fast lane's) gets them from one list instead of running helmet's eleven middlewares per request.
 */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
    getHeader: (name: string) => headers[name],
  };
  helmetMiddleware()({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
}
