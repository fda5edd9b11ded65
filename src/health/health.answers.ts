import { Arr, Bool, BoolConst, Enum, Int, Nullable, Obj, Optional, type Static, Str } from '../common/answer-schema';
import { CANARY_STATES } from '../upstream/canary/canary-outcome';
import { CANARY_AREAS } from '../upstream/shape/area-reads';
import { UPSTREAM_STATE_BASES, UPSTREAM_STATES } from './upstream-state';

/** What the health probes answer with 200: Terminus's result, every check up (a check down is a 503 error body). */

type Props = Parameters<typeof Obj>[0];

/** One check that is up, with what it reports. */
const Up = <P extends Props>(properties: P) => Obj({ status: Enum(['up'] as const), ...properties });

/** The result of a set of checks, all up: `info` and `details` list each, `error` is empty. */
const AllUp = <P extends Props>(checks: P) => {
  const up = Obj(checks);
  return Obj({ status: Enum(['ok'] as const), info: up, error: Obj({}, { description: 'Failed checks: none on a 200.' }), details: up });
};

export const LiveAnswer = AllUp({ process: Up({ uptimeSeconds: Int({ description: 'Seconds since the process started.' }) }) });
export type LiveAnswer = Static<typeof LiveAnswer>;

const ReadyChecks = {
  config: Up({}),
  redis: Optional(Up({})),
};

/** GET /health/ready: the checks made (config; Redis only when REDIS_URL is set), and the upstream as lately seen. */
export const ReadyAnswer = Obj({
  ...AllUp(ReadyChecks).properties,
  checked: Arr(Enum(['config', 'redis'] as const), { description: 'The checks this probe made: `config`, and `redis` only when REDIS_URL is set.' }),
  upstream: Obj(
    {
      state: Enum(UPSTREAM_STATES, {
        description:
          '`ok`; `degraded` (some recent calls failed, or the canary finds an area changed, refused or on its fallback); `unreachable` (every recent call, ' +
          'or every area the canary checked, failed to reach it); `unknown` (no call in the last minute and no canary check yet).',
      }),
      basis: Enum(UPSTREAM_STATE_BASES, { description: 'The evidence: the calls of the last minute, else the canary\'s last checks, else none.' }),
      affectsReadiness: BoolConst(false, { description: 'Always false: upstream trouble never fails readiness (docs/operations.md "Health probes").' }),
      recentCalls: Obj(
        {
          windowSeconds: Int({ description: 'How far back the counts go.' }),
          answered: Int({ description: 'Calls that got an HTTP answer below 500.' }),
          failed: Int({ description: 'Calls that timed out, could not connect, met an open circuit, or got a 5xx after their retries.' }),
          lastAnsweredAt: Nullable(Str({ description: 'The last answer (ISO 8601); null before one.' })),
          lastFailedAt: Nullable(Str({ description: 'The last failure (ISO 8601); null before one.' })),
          lastFailure: Nullable(Str({ description: 'Its kind: `timeout`, `network`, `bad_status`, `circuit_open`; null before one.' })),
        },
        { description: 'The upstream calls of this instance in the last minute (canary probes included).' },
      ),
      canary: Obj(
        {
          intervalSeconds: Int({ description: 'CANARY_INTERVAL_S; 0 = the canary is off.' }),
          checkedAreas: Int({ description: 'How many areas the canary has checked so far.' }),
          lastCheckedAt: Nullable(Str({ description: 'The canary\'s last check (ISO 8601); null before one.' })),
        },
        { description: 'The canary\'s part of the evidence (details per area: GET /health/upstream).' },
      ),
    },
    { description: 'The QQ Music upstream as this instance has lately seen it; never a call made for the probe.' },
  ),
});
export type ReadyAnswer = Static<typeof ReadyAnswer>;

export const READY_EXAMPLE: ReadyAnswer = {
  status: 'ok',
  info: { config: { status: 'up' } },
  error: {},
  details: { config: { status: 'up' } },
  checked: ['config'],
  upstream: {
    state: 'ok',
    basis: 'recent calls',
    affectsReadiness: false,
    recentCalls: { windowSeconds: 60, answered: 42, failed: 0, lastAnsweredAt: '2026-11-27T10:15:01.000Z', lastFailedAt: null, lastFailure: null },
    canary: { intervalSeconds: 900, checkedAreas: 12, lastCheckedAt: '2026-11-27T10:14:31.000Z' },
  },
};

/** One part of the client identity: issued, or the fallback, and why. */
const IdentityPart = (description: string) =>
  Obj(
    {
      state: Enum(['issued', 'fallback', 'not_needed_yet'] as const, {
        description: '`issued` (from its service, renewed daily); `fallback` (the last one issued, or "0", while its service fails); `not_needed_yet` (no Android-comm call yet).',
      }),
      obtainedAt: Nullable(Str({ description: 'When it was issued (ISO 8601); null when never.' })),
      problem: Nullable(Str({ description: "The service's failure behind a fallback (error kind, code or status); null otherwise." })),
    },
    { description },
  );

/** GET /health/upstream (admin): the upstream canary's last finding per area (docs/operations.md "Upstream canary"). */
export const UpstreamHealthAnswer = Obj({
  intervalSeconds: Int({ description: 'CANARY_INTERVAL_S: each area is checked once per interval, one area at a time; 0 = the canary is off.' }),
  areas: Arr(
    Obj({
      area: Enum(CANARY_AREAS, { description: 'The upstream area checked.' }),
      call: Str({ description: 'The client method the check calls, e.g. `ChartsClient.detail`.' }),
      state: Enum([...CANARY_STATES, 'unknown'] as const, {
        description:
          '`ok`; `fallback` (the primary call failed, its fallback answered); `changed` (an answer without a field the gateway reads, or of another type, or unreadable); ' +
          '`refused` (a business code); `unreachable` (timeout, connection, 5xx, breaker open); `unknown` (not checked yet).',
      }),
      since: Nullable(Str({ description: 'When the area entered this state (ISO 8601); null until checked.' })),
      checkedAt: Nullable(Str({ description: 'The last check (ISO 8601); null until checked.' })),
      detail: Nullable(Str({ description: 'What to look at: the field path, the business code, the failure or the fallback call; null when ok.' })),
      liveProblem: Nullable(
        Obj(
          {
            path: Str({ description: 'The field path in the answer, e.g. `detail.data.song[0].title`.' }),
            expected: Str({ description: 'The type the gateway reads it as.' }),
            got: Str({ description: 'What was there (`undefined` when missing).' }),
            at: Str({ description: 'When that answer came (ISO 8601).' }),
          },
          { description: 'The latest problem of a sampled live answer of this area (UPSTREAM_SHAPE_SAMPLE_RATE); null when none was seen.' },
        ),
      ),
    }),
    { description: 'Every area, in the order the canary checks them.' },
  ),
  identity: Obj(
    {
      store: Enum(['memory', 'file', 'redis'] as const, { description: 'Where the device identity is kept: the identity file, Redis (shared), or memory (neither could be used).' }),
      deviceCreatedAt: Nullable(Str({ description: 'When the device profile was made (ISO 8601); null until the first Android-comm call.' })),
      fallback: Bool({ description: 'True while Android-comm calls carry a fallback QIMEI or session (their service fails, or never answered).' }),
      qimei: IdentityPart('The QIMEI the QIMEI service issued.'),
      session: IdentityPart('The anonymous device session (GetSession).'),
    },
    { description: 'The client identity the Android comm carries (docs/upstream/identity.md); never its values.' },
  ),
});
export type UpstreamHealthAnswer = Static<typeof UpstreamHealthAnswer>;
