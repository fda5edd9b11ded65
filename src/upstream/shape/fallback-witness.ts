import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable } from '@nestjs/common';
import { requestContext } from '../../common/request-context';
import { MetricsService } from '../../metrics/metrics.service';

/** The fallbacks taken inside the innermost witnessFallbacksSettled() call; outer ones get them when it ends. */
const witness = new AsyncLocalStorage<string[]>();

/** Notes `call` (the primary call that was given up) for the current witness (UpstreamFallbacks.fellBack). */
export function noteFallback(call: string): void {
  witness.getStore()?.push(call);
}

/** Outcome of a witnessed call: its value or error, and the primary calls that fell back (in order) while it ran. */
export type Witnessed<T> = ({ ok: true; value: T } | { ok: false; error: unknown }) & { fallbacks: string[] };

/**
 * Runs `fn` and says which client calls fell back while it ran (the canary: "answered, but by the fallback").
 * Settled, so a call that fell back and then failed still names its fallbacks.
 */
export async function witnessFallbacksSettled<T>(fn: () => Promise<T>): Promise<Witnessed<T>> {
  const fallbacks: string[] = [];
  const outer = witness.getStore();
  try {
    return { ok: true, value: await witness.run(fallbacks, fn), fallbacks };
  } catch (error) {
    return { ok: false, error, fallbacks };
  } finally {
    outer?.push(...fallbacks);
  }
}

/**
 * Where every fallback or retry is told: a client's fallback call, its Android retry, musicu's signed retry, the CGI's
 * second Referer. Counted in gateway_upstream_fallbacks_total for live traffic (a canary probe reports its own) and
 * told to the canary's witness.
 */
@Injectable()
export class UpstreamFallbacks {
  constructor(private readonly metrics: MetricsService) {}

  /** `call` (the primary `module.method` or CGI name, as docs/operations.md lists them) was given up. */
  fellBack(call: string): void {
    if (!requestContext.getStore()?.canaryProbe) this.metrics.upstreamFallbacks.inc({ call });
    noteFallback(call);
  }
}
