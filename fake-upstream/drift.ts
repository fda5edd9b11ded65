import type { FakeRoutes, HttpHandler, MusicuHandler } from './fake-upstream';
import type { FakeState } from './state';

/**
 * Upstream drift, as the canary suites switch it on: a field renamed in the answers of one target (musicu
 * `module.method`, or `<host> <path>` of a JSON CGI), wherever it occurs in them. `driftable(ROUTES)` wraps every
 * handler so it applies the drifts in the fake's state; clear the list to undo them.
 */
export interface Drift {
  target: string;
  from: string;
  to: string;
}

export const drifts = (state: FakeState): Drift[] => state.of('drift', () => [] as Drift[]);

/** `value` with every key `from` renamed `to`, at any depth (a copy; the handlers' fixtures stay as they are). */
function renamed(value: unknown, from: string, to: string): unknown {
  if (Array.isArray(value)) return value.map((v) => renamed(v, from, to));
  if (typeof value !== 'object' || value === null || Buffer.isBuffer(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k === from ? to : k, renamed(v, from, to)]));
}

const applied = (state: FakeState, target: string, value: unknown): unknown =>
  drifts(state)
    .filter((d) => d.target === target)
    .reduce((v, d) => renamed(v, d.from, d.to), value);

/** The handlers of `routes`, each answering with the drifts switched on for its target. */
export function driftable(routes: FakeRoutes[]): FakeRoutes {
  const musicu: Record<string, MusicuHandler> = {};
  const http: Record<string, HttpHandler> = {};
  for (const r of routes) {
    for (const [target, handler] of Object.entries(r.musicu ?? {})) {
      musicu[target] = async (param, ctx) => {
        const answer = await handler(param, ctx);
        return answer && (applied(ctx.state, target, answer) as typeof answer);
      };
    }
    for (const [target, handler] of Object.entries(r.http ?? {})) {
      http[target] = async (ctx) => {
        const reply = await handler(ctx);
        return reply.json === undefined ? reply : { ...reply, json: applied(ctx.state, target, reply.json) };
      };
    }
  }
  return { musicu, http };
}
