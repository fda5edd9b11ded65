/**
 * The parts of undici the transport uses, loaded without undici's index. The index also loads fetch, WebSocket and
 * cookies; those touch `globalThis.Headers`, which loads Node's own bundled copy of undici as well: ≈ 2.5 MB held for
 * nothing at rest (decision 014). Nor are request(), stream() and the rest mixed in: the transport dispatches itself
 * (whole-answer.ts). Types are undici's public declarations.
 */
import Agent from 'undici/lib/dispatcher/agent';
import createRedirectInterceptor from 'undici/lib/interceptor/redirect';

export { Agent, createRedirectInterceptor };
