import { Enum, Int, Obj, Optional, type Static, Str } from '../common/answer-schema';

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

export const ReadyAnswer = AllUp({
  config: Up({ upstream: Str({ description: 'The main upstream origin configured.' }) }),
  redis: Up({ mode: Optional(Str({ description: 'Without REDIS_URL: `not configured (in-memory)`; absent when Redis answered PING.' })) }),
});
export type ReadyAnswer = Static<typeof ReadyAnswer>;
