import type { Request } from 'express';

/** What every legacy adapter shares: the adapter type and the trivial adapters. */
export type Raw = any;
export type LegacyAdapter = (shaped: { body: Raw; raw: Raw }, req: Request) => unknown;

export const isObj = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const passthrough: LegacyAdapter = (s) => ({ response: s.raw });
/** Routes the Koa services answered at the top level (no `response` wrapper): the body goes out unchanged. */
export const asIs: LegacyAdapter = (s) => s.body;
/** The normalised envelope under `response` (where the Koa services' raw answer is something else entirely). */
export const wrappedBody: LegacyAdapter = (s) => ({ response: s.body });
