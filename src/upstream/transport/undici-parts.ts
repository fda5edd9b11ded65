/**
 * The parts of undici the transport uses, loaded without undici's index. The index also loads fetch, WebSocket and
 * cookies; those touch `globalThis.Headers`, which loads Node's own bundled copy of undici as well: ≈ 2.5 MB held for
 * nothing at rest (decision 014). Types are undici's public declarations.
 */
import Agent from 'undici/lib/dispatcher/agent';
import Dispatcher from 'undici/lib/dispatcher/dispatcher';
import Pool from 'undici/lib/dispatcher/pool';
import ProxyAgent from 'undici/lib/dispatcher/proxy-agent';
import createRedirectInterceptor from 'undici/lib/interceptor/redirect';
import api from 'undici/lib/api';

// What undici's index does on load: request(), stream() and the rest are mixed into every dispatcher.
Object.assign(Dispatcher.prototype, api);

export { Agent, createRedirectInterceptor, Pool, ProxyAgent };
