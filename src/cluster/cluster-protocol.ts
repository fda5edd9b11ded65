/**
 * What workers and the primary say to each other over node:cluster's IPC channel (docs/decisions/034-workers.md).
 * A worker asks (`call`), the primary answers each call once (`reply`). Only the primary holds shared state.
 */

/** Set by the primary in every worker's environment: the process serves requests and shares state through the primary. */
export const WORKER_ENV = 'GATEWAY_CLUSTER_WORKER';

/** Tags every message of this protocol, so other IPC traffic (Node's own cluster messages) is told apart. */
export const TAG = 'qqgw-cluster';

export interface CallMessage {
  tag: typeof TAG;
  kind: 'call';
  id: number;
  op: OpName;
  args: unknown[];
}

export interface ReplyMessage {
  tag: typeof TAG;
  kind: 'reply';
  id: number;
  result?: unknown;
  error?: string;
}

/** The primary's operations: finished QR logins (as the Redis adapter keeps them), named locks, rate-limit counters. */
export type OpName =
  | 'login.stored'
  | 'login.claim'
  | 'login.store'
  | 'login.recordIssue'
  | 'login.issuedTo'
  | 'login.markUsed'
  | 'login.release'
  | 'lock.acquire'
  | 'lock.release'
  | 'lock.wait'
  | 'throttle.increment'
  | 'broadcast'
  | 'metrics.collect';

/** The event each worker answers with its metrics registry as JSON (prom-client's getMetricsAsJSON). */
export const METRICS_SNAPSHOT = 'metrics.snapshot';

/** Sent by the primary to every other worker for a `broadcast` call; each answers with an ack once it has handled it. */
export interface EventMessage {
  tag: typeof TAG;
  kind: 'event';
  id: number;
  name: string;
  args: unknown[];
}

export interface AckMessage {
  tag: typeof TAG;
  kind: 'ack';
  id: number;
  /** What the handler returned (a worker's metrics for `metrics.collect`). */
  result?: unknown;
}

export function isEvent(message: unknown): message is EventMessage {
  return typeof message === 'object' && message !== null && (message as EventMessage).tag === TAG && (message as EventMessage).kind === 'event';
}

export function isAck(message: unknown): message is AckMessage {
  return typeof message === 'object' && message !== null && (message as AckMessage).tag === TAG && (message as AckMessage).kind === 'ack';
}

export function isCall(message: unknown): message is CallMessage {
  return typeof message === 'object' && message !== null && (message as CallMessage).tag === TAG && (message as CallMessage).kind === 'call';
}

export function isReply(message: unknown): message is ReplyMessage {
  return typeof message === 'object' && message !== null && (message as ReplyMessage).tag === TAG && (message as ReplyMessage).kind === 'reply';
}
